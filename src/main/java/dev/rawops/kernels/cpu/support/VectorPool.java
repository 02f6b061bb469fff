package dev.rawops.kernels.cpu.support;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * float32 max pooling at one output position with the Vector API: the channels a vector at a time,
 * each lane keeping the first maximum over the window's taps in row-major order (a later tap
 * replaces it only when strictly greater, so a NaN in the first valid tap stays and later NaNs are
 * skipped, as in the plain loop and TF's CPU kernel). The result is a copy of the winning input
 * element, bits included. Reached only behind {@link VectorSupport#ENABLED}.
 */
public final class VectorPool {
  private VectorPool() {}

  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
  private static final int L = S.length();

  /**
   * y[yo + c] = the first maximum of x[xBase + rowIn[t]·depth + c] over the taps t with rowIn[t] >=
   * 0 (at least one is), for c in [0, depth).
   */
  public static void maxPosition(
      float[] x, int xBase, int[] rowIn, int taps, float[] y, int yo, int depth) {
    int first = 0;
    while (rowIn[first] < 0) {
      first++;
    }
    int c = 0;
    for (; c + L <= depth; c += L) {
      FloatVector best = FloatVector.fromArray(S, x, xBase + rowIn[first] * depth + c);
      for (int t = first + 1; t < taps; t++) {
        int p = rowIn[t];
        if (p >= 0) {
          FloatVector v = FloatVector.fromArray(S, x, xBase + p * depth + c);
          best = best.blend(v, v.compare(VectorOperators.GT, best));
        }
      }
      best.intoArray(y, yo + c);
    }
    if (c < depth) {
      // The last channels, fewer than a vector: the same, with the lanes past depth masked off.
      VectorMask<Float> m = S.indexInRange(c, depth);
      FloatVector best = FloatVector.fromArray(S, x, xBase + rowIn[first] * depth + c, m);
      for (int t = first + 1; t < taps; t++) {
        int p = rowIn[t];
        if (p >= 0) {
          FloatVector v = FloatVector.fromArray(S, x, xBase + p * depth + c, m);
          best = best.blend(v, v.compare(VectorOperators.GT, best));
        }
      }
      best.intoArray(y, yo + c, m);
    }
  }
}
