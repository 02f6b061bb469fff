package dev.rawops.kernels.cpu.support;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * float32 max pooling at one output position with the Vector API, as TF's CPU kernel computes it
 * (SpatialMaxPool: the output starts at the lowest float and takes each tap, in row-major order,
 * through Eigen's cwiseMax, {@code acc < v ? v : acc}, subnormals compared as zeros as under TF's
 * DAZ mode, see {@link Denormals}, but stored as they are): a NaN never wins, and a window of
 * -infinity gives -Float.MAX_VALUE. The channels a vector at a time, the last ones under a lane
 * mask. Reached only behind {@link VectorSupport#ENABLED}.
 */
public final class VectorPool {
  private VectorPool() {}

  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
  private static final int L = S.length();

  /**
   * y[yo + c] = the cwiseMax fold from -Float.MAX_VALUE of x[xBase + rowIn[t]·depth + c] over the
   * taps t with rowIn[t] >= 0, for c in [0, depth).
   */
  public static void maxPosition(
      float[] x, int xBase, int[] rowIn, int taps, float[] y, int yo, int depth) {
    for (int c = 0; c < depth; c += L) {
      VectorMask<Float> m = S.indexInRange(c, depth);
      FloatVector best = FloatVector.broadcast(S, -Float.MAX_VALUE);
      for (int t = 0; t < taps; t++) {
        int p = rowIn[t];
        if (p >= 0) {
          FloatVector v = FloatVector.fromArray(S, x, xBase + p * depth + c, m);
          best = best.blend(v, flush(best).compare(VectorOperators.LT, flush(v)));
        }
      }
      best.intoArray(y, yo + c, m);
    }
  }

  /** Subnormal lanes as zeros of their sign: what the comparison sees (the stored value is v). */
  private static FloatVector flush(FloatVector v) {
    return v.blend(v.mul(0f), v.abs().compare(VectorOperators.LT, Float.MIN_NORMAL));
  }
}
