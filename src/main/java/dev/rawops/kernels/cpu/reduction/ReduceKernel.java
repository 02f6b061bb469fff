package dev.rawops.kernels.cpu.reduction;

import static dev.rawops.tensor.Layouts.F32;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.support.Lanes;
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
 * ({@link #sumDoubles}), so the adds pipeline and the bits never depend on the thread split;
 * integers wrap as in C++.
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
  private static void prepareLongs(long[] x, int n, boolean flip, boolean square) {
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
   * {@link #foldDoubles} split over ranges of output elements: each range walks every row in order
   * and folds only the elements that land in it, read from the input (as {@link
   * NumericArrays#doubles} converts them) a row piece at a time.
   */
  private static void foldDoublesParallel(
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

  /**
   * Whether a row's sum runs in {@link #LANES} partial sums (float, half, bfloat16: their elements
   * are exact in double, and TF's Eigen sums them in vector lanes too) rather than in order
   * (double, whose in-order sums stay as they were).
   */
  private static boolean lanes(DType t) {
    return t != DType.DOUBLE;
  }

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

  /** {@code a} folded with x[0, n) in order: the row half of {@link #foldDoubles}. */
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

  /** {@code a} folded with x[0, n) in order: the row half of {@link #foldLongs}. */
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

  /** acc[at + k] folded with x[k], k in [0, n): the elementwise half of {@link #foldLongs}. */
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

  /** acc[at + k] folded with x[k], k in [0, n): the elementwise half of {@link #foldDoubles}. */
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

  /** {@link #foldLongs} split as {@link #foldDoublesParallel} splits {@link #foldDoubles}. */
  private static void foldLongsParallel(
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

  private static void foldDoubles(
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

  private static void foldLongs(Fold f, long[] x, ReductionGeometry.Rows rows, long[] acc) {
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
