package dev.rawops.kernels.cpu.reduction;

import static dev.rawops.kernels.cpu.reduction.ReduceFolds.foldDoubles;
import static dev.rawops.kernels.cpu.reduction.ReduceFolds.foldLongs;
import static dev.rawops.kernels.cpu.reduction.ReduceParallelFolds.foldDoublesParallel;
import static dev.rawops.kernels.cpu.reduction.ReduceParallelFolds.foldLongsParallel;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.support.NumericArrays;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.reduction.ReductionGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.Arrays;

/**
 * The one kernel of TF's reductions (Sum, Prod, Max, Min, Mean, All, Any, EuclideanNorm): the input
 * seen as rows ({@link ReductionGeometry#rows}), each folded into the output with one of four folds
 * (sum, product, max, min) over typed arrays, then a finisher (Mean divides, EuclideanNorm takes
 * the square root). Floating types accumulate in double and round once at the end, so float sums
 * are at least as accurate as TF's (Eigen's blocked float sums differ in the last bits); a float,
 * half or bfloat16 row summed into one output runs in eight partial sums combined in a fixed order
 * ({@link LaneSums#sumDoubles}), so the adds pipeline and the bits never depend on the thread
 * split; integers wrap as in C++.
 */
final class ReduceKernel {
  private ReduceKernel() {}

  /** The fold of an op. */
  enum Fold {
    SUM,
    PROD,
    MAX,
    MIN
  }

  /** What the op does after folding. */
  enum Finish {
    NONE,
    MEAN,
    NORM
  }

  /** One reduction op as data: its fold, its finisher (EuclideanNorm folds squares). */
  record Spec(Fold fold, Finish finish) {}

  static Kernel create(NodeInfo node, Spec spec) {
    boolean keepDims = node.attrs().getBool("keep_dims");
    return ctx -> compute(ctx, spec, keepDims);
  }

  private static void compute(KernelContext ctx, Spec spec, boolean keepDims) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    ReductionGeometry axes = ReductionGeometry.of(node, in.shape(), ctx.input(1));
    Shape outShape = axes.output(keepDims);
    TensorBuffer out = ctx.allocate(in.dtype(), outShape);
    int outN = Math.toIntExact(outShape.numElements());
    if (outN == 0) {
      ctx.setOutput(0, out.freeze());
      return;
    }
    ReductionGeometry.Rows rows = axes.rows();
    long count = axes.reducedCount();
    DType t = in.dtype();
    if (NumericArrays.isComplex(t)) {
      NumericArrays.store(out, complex(NumericArrays.doubles(in), rows, outN, spec, count));
    } else if (NumericArrays.isFloating(t) && parallel(ctx, in, outN)) {
      double[] acc = new double[outN];
      Arrays.fill(acc, initDouble(spec.fold()));
      foldDoublesParallel(ctx, spec, in, rows, acc);
      finishDoubles(spec, acc, count);
      NumericArrays.store(out, acc);
    } else if (NumericArrays.isFloating(t)) {
      double[] x = NumericArrays.doubles(in);
      if (spec.finish() == Finish.NORM) {
        for (int i = 0; i < x.length; i++) {
          x[i] *= x[i];
        }
      }
      double[] acc = new double[outN];
      Arrays.fill(acc, initDouble(spec.fold()));
      foldDoubles(spec.fold(), lanes(t), x, rows, acc);
      finishDoubles(spec, acc, count);
      NumericArrays.store(out, acc);
    } else {
      boolean flip = t == DType.UINT64 && (spec.fold() == Fold.MAX || spec.fold() == Fold.MIN);
      boolean split = parallel(ctx, in, outN);
      long[] x = split ? null : NumericArrays.longs(in);
      if (!split) {
        prepareLongs(x, x.length, flip, spec.finish() == Finish.NORM);
      }
      long[] acc = new long[outN];
      long init =
          switch (spec.fold()) {
            case SUM -> 0;
            case PROD -> 1;
            case MAX -> flip ? Long.MIN_VALUE : NumericArrays.lowest(t);
            case MIN -> flip ? Long.MAX_VALUE : NumericArrays.highest(t);
          };
      Arrays.fill(acc, init);
      if (split) {
        foldLongsParallel(ctx, spec, in, flip, rows, acc);
      } else {
        foldLongs(spec.fold(), x, rows, acc);
      }
      for (int i = 0; i < outN; i++) {
        long v = flip ? acc[i] ^ Long.MIN_VALUE : acc[i];
        acc[i] =
            switch (spec.finish()) {
              case NONE -> v;
              case MEAN -> mean(t, v, count);
              case NORM -> norm(t, v);
            };
      }
      NumericArrays.store(out, acc);
    }
    ctx.setOutput(0, out.freeze());
  }

  /** Below this many input elements a reduction runs on the calling thread. */
  static final long PARALLEL_MIN_ELEMENTS = 1 << 15;

  /**
   * Whether to split the fold over the intra-op pool: by output elements, so each output's
   * accumulation runs in the same order as the sequential fold (bit-identical results); a reduction
   * to one element stays sequential.
   */
  private static boolean parallel(KernelContext ctx, Tensor in, int outN) {
    return outN > 1
        && in.numElements() >= PARALLEL_MIN_ELEMENTS
        && ctx.parallel().threads() > 1
        && !NumericArrays.isComplex(in.dtype());
  }

  private static void finishDoubles(Spec spec, double[] acc, long count) {
    for (int i = 0; i < acc.length; i++) {
      acc[i] =
          switch (spec.finish()) {
            case NONE -> acc[i];
            case MEAN -> acc[i] / count;
            case NORM -> Math.sqrt(acc[i]);
          };
    }
  }

  /** The sequential path's input preparation: UINT64 order flip, then squares for NORM. */
  static void prepareLongs(long[] x, int n, boolean flip, boolean square) {
    if (flip) {
      for (int i = 0; i < n; i++) {
        x[i] ^= Long.MIN_VALUE;
      }
    }
    if (square) {
      for (int i = 0; i < n; i++) {
        x[i] *= x[i];
      }
    }
  }

  /**
   * Whether a row's sum runs in {@link LaneSums#LANES} partial sums (float, half, bfloat16: their
   * elements are exact in double, and TF's Eigen sums them in vector lanes too) rather than in
   * order (double, whose in-order sums stay as they were).
   */
  static boolean lanes(DType t) {
    return t != DType.DOUBLE;
  }

  private static long mean(DType t, long sum, long count) {
    // TF sums 8/16/32-bit integers in 64 bits before dividing (no overflow); 64-bit ones wrap.
    if (count == 0) {
      return 0;
    }
    return t == DType.UINT64 ? Long.divideUnsigned(sum, count) : sum / count;
  }

  private static long norm(DType t, long sumOfSquares) {
    long v = NumericArrays.wrap(t, sumOfSquares);
    double d = t == DType.UINT64 && v < 0 ? (v >>> 1) * 2.0 : v;
    return (long) Math.sqrt(d);
  }

  static double initDouble(Fold f) {
    return switch (f) {
      case SUM -> 0;
      case PROD -> 1;
      case MAX -> Double.NEGATIVE_INFINITY;
      case MIN -> Double.POSITIVE_INFINITY;
    };
  }

  /** Complex Sum, Prod, Mean and EuclideanNorm over interleaved (re, im) pairs. */
  private static double[] complex(
      double[] x, ReductionGeometry.Rows rows, int outN, Spec spec, long count) {
    double[] acc = new double[2 * outN];
    boolean prod = spec.fold() == Fold.PROD;
    if (prod) {
      for (int i = 0; i < outN; i++) {
        acc[2 * i] = 1;
      }
    }
    boolean norm = spec.finish() == Finish.NORM;
    long[] rowOut = rows.rowOut();
    int inner = rows.inner();
    for (int r = 0; r < rowOut.length; r++) {
      for (int k = 0; k < inner; k++) {
        int o = 2 * (int) (rows.innerReduced() ? rowOut[r] : rowOut[r] + k);
        int i = 2 * (r * inner + k);
        double re = x[i];
        double im = x[i + 1];
        if (norm) {
          acc[o] += re * re + im * im;
        } else if (prod) {
          double ar = acc[o];
          double ai = acc[o + 1];
          acc[o] = ar * re - ai * im;
          acc[o + 1] = ar * im + ai * re;
        } else {
          acc[o] += re;
          acc[o + 1] += im;
        }
      }
    }
    for (int i = 0; i < outN; i++) {
      switch (spec.finish()) {
        case NONE -> {}
        case MEAN -> {
          // TF 2.18 answers 0 for the complex mean of nothing (not NaN as for floats).
          if (count != 0) {
            acc[2 * i] /= count;
            acc[2 * i + 1] /= count;
          }
        }
        case NORM -> acc[2 * i] = Math.sqrt(acc[2 * i]);
      }
    }
    return acc;
  }
}
