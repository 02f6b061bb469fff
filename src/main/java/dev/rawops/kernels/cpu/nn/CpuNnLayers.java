package dev.rawops.kernels.cpu.nn;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;
import static dev.rawops.tensor.DType.INT8;
import static dev.rawops.tensor.DType.UINT16;
import static dev.rawops.tensor.DType.UINT32;
import static dev.rawops.tensor.DType.UINT64;
import static dev.rawops.tensor.DType.UINT8;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.BatchNormFormula;
import dev.rawops.kernels.cpu.support.Denormals;
import dev.rawops.kernels.cpu.support.FloatSegments;
import dev.rawops.kernels.cpu.support.NnData;
import dev.rawops.kernels.cpu.support.SegmentOp;
import dev.rawops.kernels.cpu.support.VectorBatchNorm;
import dev.rawops.kernels.cpu.support.VectorSupport;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.nn.ConvGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/**
 * Layer kernels on CPU: BiasAdd/BiasAddV1, FusedBatchNorm (V1-V3, inference and training), LRN,
 * SoftmaxCrossEntropyWithLogits and SparseSoftmaxCrossEntropyWithLogits. Computed in double
 * (integers in wrapping 64-bit arithmetic), each output rounded once to its dtype.
 */
final class CpuNnLayers {
  private CpuNnLayers() {}

  private static final DType[] BIAS_TYPES = {
    BFLOAT16, HALF, FLOAT, DOUBLE, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64
  };

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("BiasAdd", Device.CPU)
              .typeConstraint("T", BIAS_TYPES)
              .build(n -> ctx -> biasAdd(n, ctx, true)),
          KernelDef.builder("BiasAddV1", Device.CPU)
              .typeConstraint("T", BIAS_TYPES)
              .build(n -> ctx -> biasAdd(n, ctx, false)),
          KernelDef.builder("FusedBatchNorm", Device.CPU)
              .typeConstraint("T", FLOAT)
              .build(n -> ctx -> fusedBatchNorm(n, ctx)),
          KernelDef.builder("FusedBatchNormV2", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT)
              .typeConstraint("U", FLOAT)
              .build(n -> ctx -> fusedBatchNorm(n, ctx)),
          KernelDef.builder("FusedBatchNormV3", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT)
              .typeConstraint("U", FLOAT)
              .build(n -> ctx -> fusedBatchNorm(n, ctx)),
          KernelDef.builder("LRN", Device.CPU)
              .typeConstraint("T", HALF, FLOAT)
              .build(n -> ctx -> lrn(n, ctx)),
          KernelDef.builder("SoftmaxCrossEntropyWithLogits", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE)
              .build(n -> ctx -> softmaxXent(n, ctx, false)),
          KernelDef.builder("SparseSoftmaxCrossEntropyWithLogits", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE)
              .typeConstraint("Tlabels", INT32, INT64)
              .build(n -> ctx -> softmaxXent(n, ctx, true)));

  private static void biasAdd(NodeInfo node, KernelContext ctx, boolean hasFormat) {
    Tensor x = ctx.input(0);
    Tensor b = ctx.input(1);
    Shape xs = x.shape();
    if (xs.rank() < 2) {
      throw node.invalidArgument("Input tensor must be at least 2D: " + xs);
    }
    if (b.shape().rank() != 1) {
      throw node.invalidArgument("Biases must be 1D: " + b.shape());
    }
    int c = hasFormat && ConvGeometry.channelsFirst(node) ? 1 : xs.rank() - 1;
    long depth = xs.dim(c);
    if (b.shape().dim(0) != depth) {
      throw node.invalidArgument(
          "Must provide as many biases as the last dimension of the input tensor: "
              + b.shape()
              + " vs. "
              + xs);
    }
    int inner = (int) xs.numElementsFrom(c + 1);
    int n = (int) xs.numElements();
    int d = (int) depth;
    DType dt = x.dtype();
    if (dt == FLOAT && inner == 1 && VectorSupport.ENABLED && n > 0) {
      // x + b with b repeated along the last dimension: an Add over tensor memory, in place when
      // the runtime lets the output take over x.
      TensorBuffer out = ctx.forwardInput(0).orElseGet(() -> ctx.allocateUninitialized(FLOAT, xs));
      if (FloatSegments.run(
          ctx, SegmentOp.ADD, new Tensor[] {x, b}, xs, out, Math.min(FloatSegments.CHUNK, n))) {
        ctx.setOutput(0, out.freeze());
        return;
      }
    }
    if (dt == FLOAT) {
      // As TF's kernel under FTZ/DAZ: subnormal inputs and sums are zeros (Denormals).
      float[] v = NnData.floats(x);
      float[] bb = NnData.floats(b);
      for (int i = 0; i < n; i++) {
        v[i] = Denormals.flush(Denormals.flush(v[i]) + Denormals.flush(bb[(i / inner) % d]));
      }
      ctx.setOutput(0, NnData.ofFloats(ctx, xs, v));
    } else if (dt.isInteger()) {
      long[] v = NnData.longs(x);
      long[] bb = NnData.longs(b);
      for (int i = 0; i < n; i++) {
        v[i] += bb[(i / inner) % d];
      }
      ctx.setOutput(0, NnData.ofLongs(ctx, dt, xs, v));
    } else {
      double[] v = NnData.doubles(x);
      double[] bb = NnData.doubles(b);
      for (int i = 0; i < n; i++) {
        v[i] += bb[(i / inner) % d];
      }
      ctx.setOutput(0, NnData.of(ctx, dt, xs, v));
    }
  }

  private static void fusedBatchNorm(NodeInfo node, KernelContext ctx) {
    Tensor x = ctx.input(0);
    Shape xs = x.shape();
    if (xs.rank() != 4 && xs.rank() != 5) {
      throw node.invalidArgument("input must be 4 or 5-dimensional" + xs);
    }
    for (int i = 1; i < 5; i++) {
      if (ctx.input(i).shape().rank() != 1) {
        throw node.invalidArgument(
            node.signature().inputArgs().get(i) + " must be 1-dimensional" + ctx.input(i).shape());
      }
    }
    boolean training = node.attrs().getBool("is_training");
    double eps = node.attrs().get("epsilon").getF();
    double factor = node.attrs().get("exponential_avg_factor").getF();
    int c = ConvGeometry.channelIndex(node, xs.rank());
    int depth = (int) xs.dim(c);
    int inner = (int) xs.numElementsFrom(c + 1);
    int n = (int) xs.numElements();
    long scales = ctx.input(1).shape().numElements();
    long offsets = ctx.input(2).shape().numElements();
    if (scales != depth || offsets != depth) {
      throw node.invalidArgument(
          "scale and offset must have the same number of elements as the channels of x, got "
              + scales
              + " and "
              + offsets
              + " for "
              + depth
              + " channels");
    }
    long means = ctx.input(3).shape().numElements();
    long vars = ctx.input(4).shape().numElements();
    boolean useInputs = !training || factor != 1.0;
    if (useInputs && (means != depth || vars != depth)) {
      throw node.invalidArgument(
          "When is_training=false or exponential_avg_factor != 1, mean and variance must have "
              + "the same number of elements as the channels of x, got "
              + means
              + " and "
              + vars
              + " for "
              + depth
              + " channels");
    }
    if (!training && x.dtype() == FLOAT && ctx.input(1).dtype() == FLOAT) {
      floatInference(node, ctx, x, c, depth, inner);
      return;
    }
    double[] v = NnData.doubles(x);
    double[] scale = NnData.doubles(ctx.input(1));
    double[] offset = NnData.doubles(ctx.input(2));
    double[] mean = NnData.doubles(ctx.input(3));
    double[] var = NnData.doubles(ctx.input(4));
    double[] bm = new double[depth];
    double[] bv = new double[depth];
    if (training) {
      int count = n / Math.max(1, depth);
      for (int i = 0; i < n; i++) {
        bm[(i / inner) % depth] += v[i];
      }
      for (int j = 0; j < depth; j++) {
        bm[j] /= count;
      }
      for (int i = 0; i < n; i++) {
        double dlt = v[i] - bm[(i / inner) % depth];
        bv[(i / inner) % depth] += dlt * dlt;
      }
      for (int j = 0; j < depth; j++) {
        bv[j] /= count;
      }
      double adjust = count > 1 ? (double) count / (count - 1) : 1;
      double[] newMean = new double[depth];
      double[] newVar = new double[depth];
      for (int j = 0; j < depth; j++) {
        if (factor == 1.0) {
          newMean[j] = bm[j];
          newVar[j] = bv[j] * adjust;
        } else {
          newMean[j] = (1 - factor) * mean[j] + factor * bm[j];
          newVar[j] = (1 - factor) * var[j] + factor * bv[j] * adjust;
        }
      }
      normalize(v, bm, bv, scale, offset, eps, inner, depth);
      setOutputs(node, ctx, x, v, newMean, newVar, bm, bv);
    } else {
      normalize(v, mean, var, scale, offset, eps, inner, depth);
      setOutputs(node, ctx, x, v, mean, var, mean, var);
    }
  }

  /**
   * float32 inference in TF's float formula ({@link BatchNormFormula}), over tensor memory with the
   * Vector API when it is enabled; the other outputs pass the mean and variance through.
   */
  private static void floatInference(
      NodeInfo node, KernelContext ctx, Tensor x, int c, int depth, int inner) {
    Shape xs = x.shape();
    float eps = node.attrs().get("epsilon").getF();
    float[] scale = NnData.floats(ctx.input(1));
    float[] offset = NnData.floats(ctx.input(2));
    float[] mean = NnData.floats(ctx.input(3));
    float[] var = NnData.floats(ctx.input(4));
    boolean last = c == xs.rank() - 1;
    BatchNormFormula formula = BatchNormFormula.of(xs.rank(), last, depth);
    float[] f = new float[depth];
    for (int j = 0; j < depth; j++) {
      f[j] = formula.factor(scale[j], var[j], eps);
    }
    TensorBuffer out = ctx.allocateUninitialized(FLOAT, xs);
    MemorySegment in = x.data();
    MemorySegment o = out.segment();
    long units = last ? xs.numElements() / Math.max(1, depth) : xs.numElements() / inner;
    int width = last ? depth : inner;
    if (units > 0 && width > 0) {
      ctx.parallel()
          .forRange(
              units,
              width * 4L,
              (u0, u1) -> {
                if (VectorSupport.ENABLED && last) {
                  VectorBatchNorm.channelsLast(
                      formula, in, o, u0, u1, depth, mean, f, scale, offset);
                } else if (VectorSupport.ENABLED) {
                  VectorBatchNorm.channelsFirst(
                      formula, in, o, u0, u1, inner, depth, mean, f, scale, offset);
                } else {
                  for (long u = u0; u < u1; u++) {
                    for (int i = 0; i < width; i++) {
                      int j = last ? i : (int) (u % depth);
                      long at = u * width + i;
                      float y =
                          formula.apply(
                              in.getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, at),
                              mean[j],
                              f[j],
                              scale[j],
                              offset[j]);
                      o.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, at, y);
                    }
                  }
                }
              });
    }
    ctx.setOutput(0, out.freeze());
    ctx.setOutput(1, ctx.input(3));
    ctx.setOutput(2, ctx.input(4));
    ctx.setOutput(3, ctx.input(3));
    ctx.setOutput(4, ctx.input(4));
    if (node.numOutputs() > 5) {
      ctx.setOutput(5, NnData.of(ctx, FLOAT, Shape.scalar(), new double[1]));
    }
  }

  private static void normalize(
      double[] v,
      double[] mean,
      double[] var,
      double[] scale,
      double[] offset,
      double eps,
      int inner,
      int depth) {
    double[] f = new double[depth];
    for (int j = 0; j < depth; j++) {
      f[j] = scale[j] / Math.sqrt(var[j] + eps);
    }
    for (int i = 0; i < v.length; i++) {
      int j = (i / inner) % depth;
      v[i] = (v[i] - mean[j]) * f[j] + offset[j];
    }
  }

  private static void setOutputs(
      NodeInfo node,
      KernelContext ctx,
      Tensor x,
      double[] y,
      double[] m,
      double[] vv,
      double[] r1,
      double[] r2) {
    Shape cs = Shape.of(m.length);
    ctx.setOutput(0, NnData.of(ctx, x.dtype(), x.shape(), y));
    ctx.setOutput(1, NnData.of(ctx, FLOAT, cs, m));
    ctx.setOutput(2, NnData.of(ctx, FLOAT, cs, vv));
    ctx.setOutput(3, NnData.of(ctx, FLOAT, cs, r1));
    ctx.setOutput(4, NnData.of(ctx, FLOAT, cs, r2));
    if (node.numOutputs() > 5) {
      ctx.setOutput(5, NnData.of(ctx, FLOAT, Shape.scalar(), new double[1]));
    }
  }

  private static void lrn(NodeInfo node, KernelContext ctx) {
    long r = node.attrs().getInt("depth_radius");
    if (r < 0 || r >= Integer.MAX_VALUE) {
      // TF's FastBoundsCheck(depth_radius, INT_MAX), which refuses negatives too.
      throw node.invalidArgument("depth_radius = " + r + " larger than int max");
    }
    Tensor x = ctx.input(0);
    Shape xs = x.shape();
    if (xs.rank() != 4) {
      throw node.invalidArgument("in must be 4-dimensional");
    }
    if (xs.numElements() >= Integer.MAX_VALUE) {
      throw node.invalidArgument("argument to LRN too large");
    }
    double bias = node.attrs().get("bias").getF();
    double alpha = node.attrs().get("alpha").getF();
    double beta = node.attrs().get("beta").getF();
    int depth = (int) xs.dim(3);
    if (depth + r > Integer.MAX_VALUE) {
      // TF's check, which TF itself evaluates in int and so lets through (then its band matrix
      // overflows too); rawops refuses as the check means to.
      throw node.invalidArgument("depth " + depth + " + depth_radius " + r + " exceeds int max.");
    }
    double[] v = NnData.doubles(x);
    double[] y = new double[v.length];
    for (int o = 0; o < v.length; o += depth) {
      for (int c = 0; c < depth; c++) {
        double s = 0;
        int hi = (int) Math.min(depth - 1, c + r);
        for (int j = (int) Math.max(0, c - r); j <= hi; j++) {
          s += v[o + j] * v[o + j];
        }
        y[o + c] = v[o + c] / Math.pow(bias + alpha * s, beta);
      }
    }
    ctx.setOutput(0, NnData.of(ctx, x.dtype(), xs, y));
  }

  private static void softmaxXent(NodeInfo node, KernelContext ctx, boolean sparse) {
    Tensor logits = ctx.input(0);
    Tensor labels = ctx.input(1);
    Shape ls = logits.shape();
    if (sparse) {
      if (ls.rank() != 2) {
        throw node.invalidArgument("logits must be 2-D, but got shape " + ls);
      }
      if (labels.shape().rank() != 1) {
        throw node.invalidArgument("labels must be 1-D, but got shape " + labels.shape());
      }
      if (labels.shape().dim(0) != ls.dim(0)) {
        throw node.invalidArgument(
            "logits and labels must have the same first dimension, got logits shape "
                + ls
                + " and labels shape "
                + labels.shape());
      }
    }
    long[] shape = sparse ? ls.dims() : broadcast2(node, ls, labels.shape());
    int batch = (int) shape[0];
    int classes = (int) shape[1];
    double[] z = NnData.doubles(logits);
    double[] lab;
    if (sparse) {
      long[] idx = NnData.longs(labels);
      lab = new double[batch * classes];
      for (int b = 0; b < batch; b++) {
        if (idx[b] < 0 || idx[b] >= classes) {
          throw node.invalidArgument(
              "Received a label value of "
                  + idx[b]
                  + " which is outside the valid range of [0, "
                  + classes
                  + ").  Label values: "
                  + String.join(" ", Arrays.stream(idx).mapToObj(Long::toString).toList()));
        }
        lab[b * classes + (int) idx[b]] = 1;
      }
    } else {
      lab = expand(NnData.doubles(labels), labels.shape(), batch, classes);
      z = expand(z, ls, batch, classes);
    }
    double[] loss = new double[batch];
    double[] back = new double[batch * classes];
    for (int b = 0; b < batch; b++) {
      int o = b * classes;
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < classes; c++) {
        max = Math.max(max, z[o + c]);
      }
      double sum = 0;
      for (int c = 0; c < classes; c++) {
        sum += Math.exp(z[o + c] - max);
      }
      double logSum = Math.log(sum);
      double l = 0;
      for (int c = 0; c < classes; c++) {
        double shifted = z[o + c] - max;
        l += lab[o + c] * (logSum - shifted);
        back[o + c] = Math.exp(shifted) / sum - lab[o + c];
      }
      loss[b] = l;
    }
    DType dt = logits.dtype();
    ctx.setOutput(0, NnData.of(ctx, dt, Shape.of(batch), loss));
    ctx.setOutput(1, NnData.of(ctx, dt, Shape.of(batch, classes), back));
  }

  private static long[] broadcast2(NodeInfo node, Shape a, Shape b) {
    if (a.rank() != 2 || b.rank() != 2) {
      throw node.invalidArgument(
          "logits and labels must be either 2-dimensional, or broadcasted to be"
              + " 2-dimensional");
    }
    long[] r = new long[2];
    for (int i = 0; i < 2; i++) {
      long x = a.dim(i);
      long y = b.dim(i);
      if (x != y && x != 1 && y != 1) {
        throw node.invalidArgument(
            "logits and labels must be broadcastable: logits_size=" + a + " labels_size=" + b);
      }
      r[i] = x == 1 ? y : x;
    }
    return r;
  }

  private static double[] expand(double[] v, Shape s, int rows, int cols) {
    if (s.dim(0) == rows && s.dim(1) == cols) {
      return v;
    }
    double[] r = new double[rows * cols];
    int sr = (int) s.dim(0);
    int sc = (int) s.dim(1);
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        r[i * cols + j] = v[(sr == 1 ? 0 : i) * sc + (sc == 1 ? 0 : j)];
      }
    }
    return r;
  }
}
