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
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.Denormals;
import dev.rawops.kernels.cpu.support.NnData;
import dev.rawops.kernels.cpu.support.VectorPool;
import dev.rawops.kernels.cpu.support.VectorSupport;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.nn.ConvGeometry;
import dev.rawops.ops.nn.ConvGeometry.Window;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Pooling on CPU (channels-last only, as TF's CPU kernels): MaxPool, MaxPoolV2, MaxPool3D (the
 * first maximum of each window in row-major order, padding ignored; the output copies that input
 * element), MaxPoolWithArgmax (TF's flat index (y*W + x)*C + c, plus the batch term with
 * include_batch_in_index) and AvgPool, AvgPool3D (mean over the window's cells inside the input).
 */
final class CpuPool implements Kernel {
  private static final DType[] MAX_TYPES = {
    BFLOAT16, HALF, FLOAT, DOUBLE, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64
  };

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("MaxPool", Device.CPU)
              .typeConstraint("T", MAX_TYPES)
              .build(n -> new CpuPool(n, 2, true)),
          KernelDef.builder("MaxPoolV2", Device.CPU)
              .typeConstraint("T", MAX_TYPES)
              .build(n -> new CpuPool(n, 2, true)),
          KernelDef.builder("MaxPool3D", Device.CPU)
              .typeConstraint("T", BFLOAT16, FLOAT)
              .build(n -> new CpuPool(n, 3, true)),
          KernelDef.builder("MaxPoolWithArgmax", Device.CPU)
              .typeConstraint("T", MAX_TYPES)
              .typeConstraint("Targmax", INT32, INT64)
              .build(n -> new CpuPool(n, 2, true)),
          KernelDef.builder("AvgPool", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE)
              .build(n -> new CpuPool(n, 2, false)),
          KernelDef.builder("AvgPool3D", Device.CPU)
              .typeConstraint("T", BFLOAT16, FLOAT)
              .build(n -> new CpuPool(n, 3, false)));

  private final NodeInfo node;
  private final int s;
  private final boolean max;

  private CpuPool(NodeInfo node, int s, boolean max) {
    this.node = node;
    this.s = s;
    this.max = max;
  }

  @Override
  public void compute(KernelContext ctx) {
    if (ConvGeometry.channelsFirst(node)) {
      throw node.invalidArgument(
          s == 3
              ? "Default Pooling3dOp only supports NDHWC on device type CPU"
              : (max ? "Default MaxPoolingOp" : "Default AvgPoolingOp")
                  + " only supports NHWC on device type CPU");
    }
    Tensor x = ctx.input(0);
    long[] ksize;
    long[] strides;
    if (node.op().equals("MaxPoolV2")) {
      ksize = ctx.input(1).toLongArray();
      strides = ctx.input(2).toLongArray();
    } else {
      ksize = node.int32ListAttr("ksize");
      strides = node.int32ListAttr("strides");
    }
    ConvGeometry.checkPoolAttrs(node, s, ksize, strides);
    int rank = s + 2;
    if (x.shape().rank() != rank) {
      throw node.invalidArgument("input must be " + rank + "-dimensional");
    }
    long[] dims = x.shape().dims();
    String padding = node.attrs().getString("padding");
    long[] pads = ConvGeometry.ints(node, "explicit_paddings");
    Window[] w = new Window[s];
    long[] outDims = dims.clone();
    for (int i = 0; i < s; i++) {
      int idx = 1 + i;
      long pb = pads.length == 2 * rank ? pads[2 * idx] : 0;
      long pa = pads.length == 2 * rank ? pads[2 * idx + 1] : 0;
      w[i] = ConvGeometry.window(node, dims[idx], ksize[idx], strides[idx], 1, padding, pb, pa);
      outDims[idx] = w[i].out();
    }
    int depth = (int) dims[rank - 1];
    ConvPlan p = ConvPlan.of((int) dims[0], clampTaps(w), depth, depth, depth, 1, 1);
    Shape outShape = Shape.of(outDims);
    int outN = Math.toIntExact(outShape.numElements());
    if (max && x.dtype() == FLOAT && node.numOutputs() == 1 && p.taps() > 0 && outN > 0) {
      ctx.setOutput(
          0, NnData.ofFloats(ctx, outShape, maxFloat(ctx, p, depth, NnData.floats(x), outN)));
      return;
    }
    double[] v = NnData.doubles(x);
    int[] rowIn = new int[p.taps()];
    if (!max) {
      double[] y = new double[outN];
      for (int n = 0; n < p.batch(); n++) {
        for (int o = 0; o < p.outPositions(); o++) {
          int valid = gather(p, o, rowIn);
          int yo = (n * p.outPositions() + o) * depth;
          for (int t = 0; t < rowIn.length; t++) {
            if (rowIn[t] >= 0) {
              int xo = (n * p.inPositions() + rowIn[t]) * depth;
              for (int c = 0; c < depth; c++) {
                y[yo + c] += v[xo + c];
              }
            }
          }
          for (int c = 0; c < depth; c++) {
            y[yo + c] /= valid;
          }
        }
      }
      ctx.setOutput(0, NnData.of(ctx, x.dtype(), outShape, y));
      return;
    }
    long[] arg = new long[outN];
    int[] src = new int[outN];
    boolean withBatch =
        node.attrs().has("include_batch_in_index")
            && node.attrs().getBool("include_batch_in_index");
    for (int n = 0; n < p.batch(); n++) {
      for (int o = 0; o < p.outPositions(); o++) {
        gather(p, o, rowIn);
        int yo = (n * p.outPositions() + o) * depth;
        for (int c = 0; c < depth; c++) {
          int best = -1;
          double bv = 0;
          for (int t = 0; t < rowIn.length; t++) {
            if (rowIn[t] >= 0) {
              int xi = (n * p.inPositions() + rowIn[t]) * depth + c;
              if (best < 0 || v[xi] > bv) {
                best = xi;
                bv = v[xi];
              }
            }
          }
          src[yo + c] = best;
          arg[yo + c] = withBatch ? best : best - (long) n * p.inPositions() * depth;
        }
      }
    }
    int size = x.dtype().byteSize();
    TensorBuffer out = ctx.allocate(x.dtype(), outShape);
    MemorySegment in = x.data();
    MemorySegment dst = out.segment();
    for (int i = 0; i < outN; i++) {
      if (src[i] >= 0) {
        MemorySegment.copy(in, (long) src[i] * size, dst, (long) i * size, size);
      }
    }
    ctx.setOutput(0, out.freeze());
    if (node.numOutputs() > 1) {
      ctx.setOutput(1, NnData.ofLongs(ctx, node.outputDType(1), outShape, arg));
    }
  }

  /**
   * float32 MaxPool/MaxPool3D as TF's CPU kernel: per output position and channel the fold of
   * {@link VectorPool#maxPosition} (NaN never wins; -Float.MAX_VALUE where every tap is -infinity),
   * channels contiguous (a vector at a time where the Vector API is on), output positions split
   * over the intra-op threads.
   */
  private static float[] maxFloat(KernelContext ctx, ConvPlan p, int depth, float[] x, int outN) {
    float[] y = new float[outN];
    int positions = p.outPositions();
    long rows = (long) p.batch() * positions;
    ctx.parallel()
        .forRange(
            rows,
            (long) p.taps() * depth + 1,
            (from, to) -> {
              int[] rowIn = new int[p.taps()];
              for (long r = from; r < to; r++) {
                int n = (int) (r / positions);
                int o = (int) (r % positions);
                int yo = (int) r * depth;
                int xBase = n * p.inPositions() * depth;
                if (gather(p, o, rowIn) == 0) {
                  continue; // no tap in the input: 0, as the generic loop leaves it
                }
                if (VectorSupport.ENABLED) {
                  VectorPool.maxPosition(x, xBase, rowIn, rowIn.length, y, yo, depth);
                } else {
                  maxPosition(x, xBase, rowIn, y, yo, depth);
                }
              }
            });
    return y;
  }

  /** {@link VectorPool#maxPosition}'s fold, a channel at a time. */
  private static void maxPosition(float[] x, int xBase, int[] rowIn, float[] y, int yo, int depth) {
    java.util.Arrays.fill(y, yo, yo + depth, -Float.MAX_VALUE);
    for (int p : rowIn) {
      if (p < 0) {
        continue;
      }
      int xo = xBase + p * depth;
      for (int c = 0; c < depth; c++) {
        float v = x[xo + c];
        if (Denormals.flush(y[yo + c]) < Denormals.flush(v)) {
          y[yo + c] = v;
        }
      }
    }
  }

  private static int gather(ConvPlan p, int o, int[] rowIn) {
    int ow = o % p.outSize(2);
    int oh = (o / p.outSize(2)) % p.outSize(1);
    int od = o / (p.outSize(2) * p.outSize(1));
    return p.gather(od, oh, ow, rowIn);
  }

  /**
   * The windows cut to the taps that can ever land in the input: tap t of output o reads position
   * {@code o * stride - padBefore + t}, so taps below {@code padBefore - (out - 1) * stride} or
   * from {@code padBefore + in} on are padding for every output, which max and average pooling
   * skip. The result is TF's, and a window of 2^31 - 1 taps over a 4-row input is a few taps.
   */
  private static Window[] clampTaps(Window[] w) {
    Window[] c = new Window[w.length];
    for (int i = 0; i < w.length; i++) {
      Window x = w[i];
      long lo = Math.max(0, x.padBefore() - Math.max(0, x.out() - 1) * x.stride());
      long hi = Math.min(x.k(), x.padBefore() + x.in());
      c[i] = new Window(x.in(), Math.max(0, hi - lo), x.stride(), 1, x.padBefore() - lo, x.out());
    }
    return c;
  }
}
