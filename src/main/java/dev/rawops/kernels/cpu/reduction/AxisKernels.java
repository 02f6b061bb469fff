package dev.rawops.kernels.cpu.reduction;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.support.NumericArrays;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;

/**
 * The reduction family's kernels along one axis, each over an [outer, n, inner] view: ArgMax and
 * ArgMin (Eigen's arg reducers), Cumsum and Cumprod (sequential scans in the element type, so
 * bit-exact), and Softmax/LogSoftmax and L2Loss.
 */
final class AxisKernels {
  private AxisKernels() {}

  /** ArgMax ({@code max}) or ArgMin. */
  static Kernel arg(NodeInfo node, boolean max) {
    return ctx -> argCompute(ctx, max);
  }

  private static void argCompute(KernelContext ctx, boolean max) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor dim = ctx.input(1);
    if (dim.shape().rank() != 0) {
      throw node.invalidArgument(
          "dim must be a scalar, but received tensor of shape: " + dim.shape());
    }
    int rank = in.shape().rank();
    long d = dim.getIndex(0);
    if (d < -rank || d >= rank) {
      throw node.invalidArgument(
          "Expected dimension in the range [" + -rank + ", " + rank + "), but got " + d);
    }
    int axis = (int) (d < 0 ? d + rank : d);
    if (in.shape().dim(axis) == 0) {
      throw node.invalidArgument("Reduction axis " + d + " is empty in shape " + in.shape());
    }
    long[] dims = in.shape().dims();
    long[] outDims = new long[rank - 1];
    for (int i = 0, j = 0; i < rank; i++) {
      if (i != axis) {
        outDims[j++] = dims[i];
      }
    }
    Shape outShape = Shape.of(outDims);
    int n = (int) dims[axis];
    int inner = Math.toIntExact(in.shape().numElementsFrom(axis + 1));
    int outN = Math.toIntExact(outShape.numElements());
    long[] res = new long[outN];
    DType t = in.dtype();
    // Eigen's ArgMax/ArgMinPairReducer: the accumulator starts at (index 0, lowest/highest value);
    // a value replaces it when strictly better, or equal with a smaller index. NaN never does.
    if (NumericArrays.isFloating(t)) {
      double[] x = NumericArrays.doubles(in);
      double init = max ? NumericArrays.lowestFloating(t) : -NumericArrays.lowestFloating(t);
      // Output elements are independent: ranges of them split over the intra-op pool.
      ctx.parallel()
          .forRange(
              outN,
              n,
              (o0, o1) -> {
                for (int o = (int) o0; o < o1; o++) {
                  int outer = o / Math.max(inner, 1);
                  int i = o % Math.max(inner, 1);
                  double best = init;
                  int bi = 0;
                  for (int k = 0; k < n; k++) {
                    double v = x[(outer * n + k) * inner + i];
                    if (max ? v > best : v < best) {
                      best = v;
                      bi = k;
                    }
                  }
                  res[o] = bi;
                }
              });
    } else {
      long[] x = NumericArrays.longs(in);
      long flip = t == DType.UINT64 ? Long.MIN_VALUE : 0;
      long init =
          flip != 0
              ? (max ? Long.MIN_VALUE : Long.MAX_VALUE)
              : (max ? NumericArrays.lowest(t) : NumericArrays.highest(t));
      ctx.parallel()
          .forRange(
              outN,
              n,
              (o0, o1) -> {
                for (int o = (int) o0; o < o1; o++) {
                  int outer = o / Math.max(inner, 1);
                  int i = o % Math.max(inner, 1);
                  long best = init;
                  int bi = 0;
                  for (int k = 0; k < n; k++) {
                    long v = x[(outer * n + k) * inner + i] ^ flip;
                    if (max ? v > best : v < best) {
                      best = v;
                      bi = k;
                    }
                  }
                  res[o] = bi;
                }
              });
    }
    TensorBuffer out = ctx.allocate(node.outputDType(0), outShape);
    NumericArrays.store(out, res);
    ctx.setOutput(0, out.freeze());
  }

  /** Cumsum ({@code prod} false) or Cumprod. */
  static Kernel scan(NodeInfo node, boolean prod) {
    boolean exclusive = node.attrs().getBool("exclusive");
    boolean reverse = node.attrs().getBool("reverse");
    return ctx -> scanCompute(ctx, prod, exclusive, reverse);
  }

  private static void scanCompute(
      KernelContext ctx, boolean prod, boolean exclusive, boolean reverse) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor axisT = ctx.input(1);
    if (axisT.shape().rank() != 0) {
      throw node.invalidArgument("ScanOp: axis must be a scalar, not " + axisT.shape());
    }
    int rank = in.shape().rank();
    long a = axisT.getIndex(0);
    if (a < -rank || a >= rank) {
      throw node.invalidArgument(
          "ScanOp: Expected scan axis in the range [" + -rank + ", " + rank + "), but got " + a);
    }
    int axis = (int) (a < 0 ? a + rank : a);
    int n = (int) in.shape().dim(axis);
    int inner = Math.toIntExact(in.shape().numElementsFrom(axis + 1));
    int total = Math.toIntExact(in.numElements());
    int outer = n == 0 || inner == 0 ? 0 : total / (n * inner);
    TensorBuffer out = ctx.allocate(in.dtype(), in.shape());
    DType t = in.dtype();
    if (NumericArrays.isComplex(t)) {
      double[] x = NumericArrays.doubles(in);
      double[] y = new double[x.length];
      for (int o = 0; o < outer; o++) {
        for (int i = 0; i < inner; i++) {
          double ar = prod ? 1 : 0;
          double ai = 0;
          for (int s = 0; s < n; s++) {
            int k = reverse ? n - 1 - s : s;
            int p = 2 * ((o * n + k) * inner + i);
            if (exclusive) {
              y[p] = ar;
              y[p + 1] = ai;
            }
            if (prod) {
              double r = NumericArrays.round(t, ar * x[p] - ai * x[p + 1]);
              ai = NumericArrays.round(t, ar * x[p + 1] + ai * x[p]);
              ar = r;
            } else {
              ar = NumericArrays.round(t, ar + x[p]);
              ai = NumericArrays.round(t, ai + x[p + 1]);
            }
            if (!exclusive) {
              y[p] = ar;
              y[p + 1] = ai;
            }
          }
        }
      }
      NumericArrays.store(out, y);
    } else if (NumericArrays.isFloating(t)) {
      double[] x = NumericArrays.doubles(in);
      double[] y = new double[x.length];
      for (int o = 0; o < outer; o++) {
        for (int i = 0; i < inner; i++) {
          double acc = prod ? 1 : 0;
          for (int s = 0; s < n; s++) {
            int p = (o * n + (reverse ? n - 1 - s : s)) * inner + i;
            if (exclusive) {
              y[p] = acc;
            }
            // One operation in double then rounding to T is T's own arithmetic (float, half).
            acc = NumericArrays.round(t, prod ? acc * x[p] : acc + x[p]);
            if (!exclusive) {
              y[p] = acc;
            }
          }
        }
      }
      NumericArrays.store(out, y);
    } else {
      long[] x = NumericArrays.longs(in);
      long[] y = new long[x.length];
      for (int o = 0; o < outer; o++) {
        for (int i = 0; i < inner; i++) {
          long acc = prod ? 1 : 0;
          for (int s = 0; s < n; s++) {
            int p = (o * n + (reverse ? n - 1 - s : s)) * inner + i;
            if (exclusive) {
              y[p] = acc;
            }
            acc = prod ? acc * x[p] : acc + x[p];
            if (!exclusive) {
              y[p] = acc;
            }
          }
        }
      }
      NumericArrays.store(out, y);
    }
    ctx.setOutput(0, out.freeze());
  }

  /** Softmax or LogSoftmax ({@code log}) over the last axis, shifted by the row's max. */
  static Kernel softmax(NodeInfo node, boolean log) {
    return ctx -> softmaxCompute(ctx, log);
  }

  private static void softmaxCompute(KernelContext ctx, boolean log) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    if (in.shape().rank() < 1) {
      throw node.invalidArgument("logits must have >= 1 dimension, got " + in.shape());
    }
    DType t = in.dtype();
    double[] x = NumericArrays.doubles(in);
    int n = (int) in.shape().dim(in.shape().rank() - 1);
    int rows = n == 0 ? 0 : x.length / n;
    double[] y = new double[x.length];
    for (int r = 0; r < rows; r++) {
      int base = r * n;
      double m = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < n; k++) {
        m = Math.max(m, x[base + k]);
      }
      double sum = 0;
      for (int k = 0; k < n; k++) {
        double s = NumericArrays.round(t, x[base + k] - m);
        y[base + k] = s;
        sum += Math.exp(s);
      }
      if (log) {
        double ls = Math.log(sum);
        for (int k = 0; k < n; k++) {
          y[base + k] -= ls;
        }
      } else {
        for (int k = 0; k < n; k++) {
          y[base + k] = Math.exp(y[base + k]) / sum;
        }
      }
    }
    TensorBuffer out = ctx.allocate(t, in.shape());
    NumericArrays.store(out, y);
    ctx.setOutput(0, out.freeze());
  }

  /** L2Loss: sum(t²) / 2, a scalar. */
  static Kernel l2Loss(NodeInfo node) {
    return ctx -> {
      Tensor in = ctx.input(0);
      double sum = 0;
      for (double v : NumericArrays.doubles(in)) {
        sum += v * v;
      }
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.scalar());
      NumericArrays.store(out, new double[] {sum / 2});
      ctx.setOutput(0, out.freeze());
    };
  }
}
