package dev.rawops.kernels.cpu.reduction;

import static dev.rawops.kernels.cpu.reduction.LaneSums.sumDoubles;

import dev.rawops.kernels.cpu.reduction.ReduceKernel.Fold;
import dev.rawops.ops.reduction.ReductionGeometry;

/** {@link ReduceKernel}'s sequential folds: every row of the input, in order, into the output. */
final class ReduceFolds {
  private ReduceFolds() {}

  static void foldDoubles(
      Fold f, boolean lanes, double[] x, ReductionGeometry.Rows rows, double[] acc) {
    long[] rowOut = rows.rowOut();
    int inner = rows.inner();
    for (int r = 0; r < rowOut.length; r++) {
      int o = (int) rowOut[r];
      int base = r * inner;
      if (rows.innerReduced() && lanes && f == Fold.SUM) {
        acc[o] += sumDoubles(x, base, inner);
      } else if (rows.innerReduced()) {
        double a = acc[o];
        switch (f) {
          case SUM -> {
            for (int k = 0; k < inner; k++) {
              a += x[base + k];
            }
          }
          case PROD -> {
            for (int k = 0; k < inner; k++) {
              a *= x[base + k];
            }
          }
          case MAX -> {
            for (int k = 0; k < inner; k++) {
              double v = x[base + k];
              a = v > a || Double.isNaN(v) ? v : a;
            }
          }
          case MIN -> {
            for (int k = 0; k < inner; k++) {
              double v = x[base + k];
              a = v < a || Double.isNaN(v) ? v : a;
            }
          }
        }
        acc[o] = a;
      } else {
        switch (f) {
          case SUM -> {
            for (int k = 0; k < inner; k++) {
              acc[o + k] += x[base + k];
            }
          }
          case PROD -> {
            for (int k = 0; k < inner; k++) {
              acc[o + k] *= x[base + k];
            }
          }
          case MAX -> {
            for (int k = 0; k < inner; k++) {
              double v = x[base + k];
              acc[o + k] = v > acc[o + k] || Double.isNaN(v) ? v : acc[o + k];
            }
          }
          case MIN -> {
            for (int k = 0; k < inner; k++) {
              double v = x[base + k];
              acc[o + k] = v < acc[o + k] || Double.isNaN(v) ? v : acc[o + k];
            }
          }
        }
      }
    }
  }

  static void foldLongs(Fold f, long[] x, ReductionGeometry.Rows rows, long[] acc) {
    long[] rowOut = rows.rowOut();
    int inner = rows.inner();
    for (int r = 0; r < rowOut.length; r++) {
      int o = (int) rowOut[r];
      int base = r * inner;
      if (rows.innerReduced()) {
        long a = acc[o];
        switch (f) {
          case SUM -> {
            for (int k = 0; k < inner; k++) {
              a += x[base + k];
            }
          }
          case PROD -> {
            for (int k = 0; k < inner; k++) {
              a *= x[base + k];
            }
          }
          case MAX -> {
            for (int k = 0; k < inner; k++) {
              a = Math.max(a, x[base + k]);
            }
          }
          case MIN -> {
            for (int k = 0; k < inner; k++) {
              a = Math.min(a, x[base + k]);
            }
          }
        }
        acc[o] = a;
      } else {
        switch (f) {
          case SUM -> {
            for (int k = 0; k < inner; k++) {
              acc[o + k] += x[base + k];
            }
          }
          case PROD -> {
            for (int k = 0; k < inner; k++) {
              acc[o + k] *= x[base + k];
            }
          }
          case MAX -> {
            for (int k = 0; k < inner; k++) {
              acc[o + k] = Math.max(acc[o + k], x[base + k]);
            }
          }
          case MIN -> {
            for (int k = 0; k < inner; k++) {
              acc[o + k] = Math.min(acc[o + k], x[base + k]);
            }
          }
        }
      }
    }
  }
}
