package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Lanes.F32_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F64_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.I64_LANE;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Spec;
import java.util.List;

/**
 * Bucketize as an elementwise entry: each value's bucket is the position {@code std::upper_bound}
 * finds in the {@code boundaries} attr (a list of floats), i.e. how many boundaries are {@code <=}
 * the value, so a NaN lands past the last boundary. TF compares in the usual C++ way: a double
 * value against the float boundary widened, an int32 or int64 value converted to float. TF's kernel
 * constructor rejects boundaries that {@code std::is_sorted} finds out of order (NaNs never are).
 */
final class CpuBucketize {
  private CpuBucketize() {}

  static Entry entry() {
    return new Entry("Bucketize")
        .on(
            F32_LANE,
            s -> {
              double[] b = boundaries(s);
              return (in, out, n) -> {
                float[] x = (float[]) in[0];
                long[] o = (long[]) out;
                for (int i = 0; i < n; i++) {
                  o[i] = upperBound(b, x[i]);
                }
              };
            })
        .on(
            F64_LANE,
            s -> {
              double[] b = boundaries(s);
              return (in, out, n) -> {
                double[] x = (double[]) in[0];
                long[] o = (long[]) out;
                for (int i = 0; i < n; i++) {
                  o[i] = upperBound(b, x[i]);
                }
              };
            })
        .on(
            I64_LANE,
            s -> {
              double[] b = boundaries(s);
              return (in, out, n) -> {
                long[] x = (long[]) in[0];
                long[] o = (long[]) out;
                for (int i = 0; i < n; i++) {
                  o[i] = upperBound(b, (float) x[i]);
                }
              };
            });
  }

  /**
   * The boundaries attr (floats, held widened to double), checked to be sorted as TF's kernel
   * constructor does.
   */
  private static double[] boundaries(Spec s) {
    List<Float> list = s.node().attrs().get("boundaries").getList().getFList();
    double[] b = new double[list.size()];
    for (int i = 0; i < b.length; i++) {
      b[i] = list.get(i);
      if (i > 0 && b[i] < b[i - 1]) {
        throw s.node().invalidArgument("Expected sorted boundaries");
      }
    }
    return b;
  }

  /**
   * std::upper_bound's binary search, step for step (the steps matter once a NaN is among b). Float
   * values and boundaries compare here widened to double, which keeps every float comparison's
   * answer (widening is exact and keeps order and NaNs).
   */
  private static int upperBound(double[] b, double v) {
    int first = 0;
    int len = b.length;
    while (len > 0) {
      int half = len >>> 1;
      int mid = first + half;
      if (!(v < b[mid])) {
        first = mid + 1;
        len -= half + 1;
      } else {
        len = half;
      }
    }
    return first;
  }
}
