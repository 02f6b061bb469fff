package dev.rawops.kernels.cpu.reduction;

import static dev.rawops.kernels.cpu.reduction.LaneSums.sumDoubles;
import static dev.rawops.kernels.cpu.reduction.LaneSums.sumFloats;
import static dev.rawops.kernels.cpu.reduction.ReduceKernel.lanes;
import static dev.rawops.kernels.cpu.reduction.ReduceKernel.prepareLongs;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.reduction.ReduceKernel.Finish;
import dev.rawops.kernels.cpu.reduction.ReduceKernel.Fold;
import dev.rawops.kernels.cpu.reduction.ReduceKernel.Spec;
import dev.rawops.kernels.cpu.support.Lanes;
import dev.rawops.kernels.cpu.support.NumericArrays;
import dev.rawops.ops.reduction.ReductionGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;

/**
 * {@link ReduceKernel}'s folds split over the intra-op pool by ranges of output elements, giving
 * the same bits as {@link ReduceFolds}, and the row and elementwise halves they fold a piece with.
 */
final class ReduceParallelFolds {
  private ReduceParallelFolds() {}

  /**
   * {@link ReduceFolds#foldDoubles} split over ranges of output elements: each range walks every
   * row in order and folds only the elements that land in it, read from the input (as {@link
   * NumericArrays#doubles} converts them) a row piece at a time.
   */
  static void foldDoublesParallel(
      KernelContext ctx, Spec spec, Tensor in, ReductionGeometry.Rows rows, double[] acc) {
    long[] rowOut = rows.rowOut();
    int inner = rows.inner();
    boolean square = spec.finish() == Finish.NORM;
    DType t = in.dtype();
    java.lang.foreign.MemorySegment seg = in.data();
    long perOutput = Math.max(1, in.numElements() / acc.length);
    boolean lanes = lanes(t);
    boolean direct = lanes && t == DType.FLOAT && !square && spec.fold() == Fold.SUM;
    ctx.parallel()
        .forRange(
            acc.length,
            perOutput,
            (a, b) -> {
              double[] buf = direct ? null : new double[inner];
              for (int r = 0; r < rowOut.length; r++) {
                int o = (int) rowOut[r];
                long piece = rowPiece(rows, o, a, b);
                int lo = (int) (piece >>> 32);
                int n = (int) piece - lo;
                if (n <= 0) {
                  continue;
                }
                int outAt = o + lo;
                if (direct && rows.innerReduced()) {
                  acc[outAt] += sumFloats(seg, (long) r * inner, n);
                  continue;
                }
                if (buf == null) {
                  buf = new double[inner];
                }
                NumericArrays.readDoubles(t, seg, (long) r * inner + lo, buf, n);
                if (square) {
                  for (int k = 0; k < n; k++) {
                    buf[k] *= buf[k];
                  }
                }
                if (rows.innerReduced() && lanes && spec.fold() == Fold.SUM) {
                  acc[outAt] += sumDoubles(buf, 0, n);
                } else if (rows.innerReduced()) {
                  acc[outAt] = foldDoublesRow(spec.fold(), buf, n, acc[outAt]);
                } else {
                  foldDoublesInto(spec.fold(), buf, n, acc, outAt);
                }
              }
            });
  }

  /**
   * The part of input row {@code r} (whose first output is {@code o}) that the output range [a, b)
   * folds, as columns [lo, hi) packed {@code lo << 32 | hi} (hi <= lo: none). A row folded into one
   * output is taken whole or not at all; otherwise only the columns whose outputs lie in the range.
   */
  private static long rowPiece(ReductionGeometry.Rows rows, long o, long a, long b) {
    if (rows.innerReduced()) {
      return o >= a && o < b ? rows.inner() : 0;
    }
    long lo = Math.max(0, a - o);
    long hi = Math.min(rows.inner(), b - o);
    return lo < hi ? lo << 32 | hi : 0;
  }

  /** {@code a} folded with x[0, n) in order: the row half of {@link ReduceFolds#foldDoubles}. */
  private static double foldDoublesRow(Fold f, double[] x, int n, double a) {
    switch (f) {
      case SUM -> {
        for (int k = 0; k < n; k++) {
          a += x[k];
        }
      }
      case PROD -> {
        for (int k = 0; k < n; k++) {
          a *= x[k];
        }
      }
      case MAX -> {
        for (int k = 0; k < n; k++) {
          double v = x[k];
          a = v > a || Double.isNaN(v) ? v : a;
        }
      }
      case MIN -> {
        for (int k = 0; k < n; k++) {
          double v = x[k];
          a = v < a || Double.isNaN(v) ? v : a;
        }
      }
    }
    return a;
  }

  /** {@code a} folded with x[0, n) in order: the row half of {@link ReduceFolds#foldLongs}. */
  private static long foldLongsRow(Fold f, long[] x, int n, long a) {
    switch (f) {
      case SUM -> {
        for (int k = 0; k < n; k++) {
          a += x[k];
        }
      }
      case PROD -> {
        for (int k = 0; k < n; k++) {
          a *= x[k];
        }
      }
      case MAX -> {
        for (int k = 0; k < n; k++) {
          a = Math.max(a, x[k]);
        }
      }
      case MIN -> {
        for (int k = 0; k < n; k++) {
          a = Math.min(a, x[k]);
        }
      }
    }
    return a;
  }

  /**
   * acc[at + k] folded with x[k], k in [0, n): the elementwise half of {@link
   * ReduceFolds#foldLongs}.
   */
  private static void foldLongsInto(Fold f, long[] x, int n, long[] acc, int at) {
    switch (f) {
      case SUM -> {
        for (int k = 0; k < n; k++) {
          acc[at + k] += x[k];
        }
      }
      case PROD -> {
        for (int k = 0; k < n; k++) {
          acc[at + k] *= x[k];
        }
      }
      case MAX -> {
        for (int k = 0; k < n; k++) {
          acc[at + k] = Math.max(acc[at + k], x[k]);
        }
      }
      case MIN -> {
        for (int k = 0; k < n; k++) {
          acc[at + k] = Math.min(acc[at + k], x[k]);
        }
      }
    }
  }

  /**
   * acc[at + k] folded with x[k], k in [0, n): the elementwise half of {@link
   * ReduceFolds#foldDoubles}.
   */
  private static void foldDoublesInto(Fold f, double[] x, int n, double[] acc, int at) {
    switch (f) {
      case SUM -> {
        for (int k = 0; k < n; k++) {
          acc[at + k] += x[k];
        }
      }
      case PROD -> {
        for (int k = 0; k < n; k++) {
          acc[at + k] *= x[k];
        }
      }
      case MAX -> {
        for (int k = 0; k < n; k++) {
          double v = x[k];
          acc[at + k] = v > acc[at + k] || Double.isNaN(v) ? v : acc[at + k];
        }
      }
      case MIN -> {
        for (int k = 0; k < n; k++) {
          double v = x[k];
          acc[at + k] = v < acc[at + k] || Double.isNaN(v) ? v : acc[at + k];
        }
      }
    }
  }

  /**
   * {@link ReduceFolds#foldLongs} split as {@link #foldDoublesParallel} splits {@link
   * ReduceFolds#foldDoubles}.
   */
  static void foldLongsParallel(
      KernelContext ctx,
      Spec spec,
      Tensor in,
      boolean flip,
      ReductionGeometry.Rows rows,
      long[] acc) {
    long[] rowOut = rows.rowOut();
    int inner = rows.inner();
    boolean square = spec.finish() == Finish.NORM;
    DType t = in.dtype();
    java.lang.foreign.MemorySegment seg = in.data();
    long perOutput = Math.max(1, in.numElements() / acc.length);
    ctx.parallel()
        .forRange(
            acc.length,
            perOutput,
            (a, b) -> {
              long[] buf = new long[inner];
              for (int r = 0; r < rowOut.length; r++) {
                int o = (int) rowOut[r];
                long piece = rowPiece(rows, o, a, b);
                int lo = (int) (piece >>> 32);
                int n = (int) piece - lo;
                if (n <= 0) {
                  continue;
                }
                Lanes.read(t, seg, (long) r * inner + lo, buf, 0, n);
                prepareLongs(buf, n, flip, square);
                if (rows.innerReduced()) {
                  acc[o] = foldLongsRow(spec.fold(), buf, n, acc[o]); // lo is 0 here
                } else {
                  foldLongsInto(spec.fold(), buf, n, acc, o + lo);
                }
              }
            });
  }
}
