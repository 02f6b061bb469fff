package dev.rawops.kernels.cpu.reduction;

import static dev.rawops.tensor.Layouts.F32;

/**
 * {@link ReduceKernel}'s row sums in {@link #LANES} partial sums combined in a fixed order, so the
 * adds pipeline and the bits never depend on the thread split.
 */
final class LaneSums {
  private LaneSums() {}

  /** The partial sums of a row's sum: element k goes to lane k % 8 (independent add chains). */
  static final int LANES = 8;

  /**
   * x[off, off + n) summed in {@link #LANES} lanes, combined as ((0+1)+(2+3))+((4+5)+(6+7)), then
   * the n % 8 tail added in order: a fixed order that depends only on n, so every thread split
   * gives the same bits. {@link #sumFloats} is the same sum read straight from float memory.
   */
  static double sumDoubles(double[] x, int off, int n) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double s4 = 0;
    double s5 = 0;
    double s6 = 0;
    double s7 = 0;
    int k = off;
    int end = off + n;
    for (; k + LANES <= end; k += LANES) {
      s0 += x[k];
      s1 += x[k + 1];
      s2 += x[k + 2];
      s3 += x[k + 3];
      s4 += x[k + 4];
      s5 += x[k + 5];
      s6 += x[k + 6];
      s7 += x[k + 7];
    }
    double t = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    for (; k < end; k++) {
      t += x[k];
    }
    return t;
  }

  /** {@link #sumDoubles} of the floats at element indices [from, from + n) of {@code s}. */
  static double sumFloats(java.lang.foreign.MemorySegment s, long from, int n) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double s4 = 0;
    double s5 = 0;
    double s6 = 0;
    double s7 = 0;
    long k = from;
    long end = from + n;
    for (; k + LANES <= end; k += LANES) {
      s0 += s.getAtIndex(F32, k);
      s1 += s.getAtIndex(F32, k + 1);
      s2 += s.getAtIndex(F32, k + 2);
      s3 += s.getAtIndex(F32, k + 3);
      s4 += s.getAtIndex(F32, k + 4);
      s5 += s.getAtIndex(F32, k + 5);
      s6 += s.getAtIndex(F32, k + 6);
      s7 += s.getAtIndex(F32, k + 7);
    }
    double t = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    for (; k < end; k++) {
      t += s.getAtIndex(F32, k);
    }
    return t;
  }
}
