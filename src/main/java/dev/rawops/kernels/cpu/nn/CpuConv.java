package dev.rawops.kernels.cpu.nn;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.NnData;
import dev.rawops.kernels.cpu.support.VectorSupport;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.nn.ConvGeometry;
import dev.rawops.ops.nn.ConvGeometry.Window;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * Convolutions on CPU (channels-last only, as TF's CPU kernels): Conv2D, Conv3D,
 * DepthwiseConv2dNative and the transposed convolutions Conv2DBackpropInput, Conv3DBackpropInputV2,
 * DepthwiseConv2dNativeBackpropInput. float32 Conv2D/Conv3D without groups run as im2col + GEMM in
 * float; everything else directly in double, rounded once to T.
 */
final class CpuConv implements Kernel {
  private enum Kind {
    CONV,
    DEPTHWISE,
    BACKPROP,
    DEPTHWISE_BACKPROP
  }

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Conv2D", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE, INT32)
              .build(n -> new CpuConv(n, Kind.CONV, 2)),
          KernelDef.builder("Conv3D", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE)
              .build(n -> new CpuConv(n, Kind.CONV, 3)),
          KernelDef.builder("DepthwiseConv2dNative", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE)
              .build(n -> new CpuConv(n, Kind.DEPTHWISE, 2)),
          KernelDef.builder("Conv2DBackpropInput", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE, INT32)
              .build(n -> new CpuConv(n, Kind.BACKPROP, 2)),
          KernelDef.builder("Conv3DBackpropInputV2", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE)
              .typeConstraint("Tshape", INT32, INT64)
              .build(n -> new CpuConv(n, Kind.BACKPROP, 3)),
          KernelDef.builder("DepthwiseConv2dNativeBackpropInput", Device.CPU)
              .typeConstraint("T", BFLOAT16, HALF, FLOAT, DOUBLE)
              .build(n -> new CpuConv(n, Kind.DEPTHWISE_BACKPROP, 2)));

  private final NodeInfo node;
  private final Kind kind;
  private final int s;

  private CpuConv(NodeInfo node, Kind kind, int s) {
    this.node = node;
    this.kind = kind;
    this.s = s;
  }

  private void checkFormat() {
    if (!ConvGeometry.channelsFirst(node)) {
      return;
    }
    String fmt = node.attrs().getString("data_format");
    throw switch (node.op()) {
      case "Conv2D" ->
          node.error(
              Code.UNIMPLEMENTED,
              "The Conv2D op currently only supports the NHWC tensor format on the CPU. The op"
                  + " was given the format: "
                  + fmt);
      case "Conv3D" ->
          node.invalidArgument(
              "CPU implementation of Conv3D currently only supports the NHWC tensor format.");
      case "Conv2DBackpropInput" ->
          node.invalidArgument("Conv2DCustomBackpropInputOp only supports NHWC.");
      case "Conv3DBackpropInputV2" ->
          node.invalidArgument("Conv3DBackpropInputOpV2 only supports NDHWC on the CPU.");
      default ->
          node.error(
              Code.UNIMPLEMENTED, "Depthwise convolution on CPU is only supported for NHWC format");
    };
  }

  @Override
  public void compute(KernelContext ctx) {
    checkFormat();
    ConvGeometry.checkConvAttrs(node, s, node.op());
    if (node.op().equals("Conv3D")) {
      for (long d : node.int32ListAttr("dilations")) {
        if (d != 1) {
          throw node.invalidArgument(
              "CPU implementation of Conv3D currently only supports dilated rates of 1.");
        }
      }
    }
    boolean backprop = kind == Kind.BACKPROP || kind == Kind.DEPTHWISE_BACKPROP;
    Tensor filter = ctx.input(1);
    Tensor x = ctx.input(backprop ? 2 : 0);
    int rank = s + 2;
    if (filter.shape().rank() != rank) {
      throw node.invalidArgument("filter must be " + rank + "-dimensional: " + filter.shape());
    }
    long[] inDims;
    if (backprop) {
      Tensor sizes = ctx.input(0);
      if (sizes.shape().rank() != 1 || sizes.numElements() != rank) {
        throw node.invalidArgument(
            node.op() + ": input_sizes must be " + rank + "-dimensional, got: " + sizes.shape());
      }
      inDims = sizes.toLongArray();
      if (x.shape().rank() != rank) {
        throw node.invalidArgument("out_backprop must be " + rank + "-dimensional: " + x.shape());
      }
    } else {
      if (x.shape().rank() != rank) {
        throw node.invalidArgument("input must be " + rank + "-dimensional" + x.shape());
      }
      inDims = x.shape().dims();
    }
    long[] fd = filter.shape().dims();
    int inDepth = (int) inDims[rank - 1];
    int fin = (int) fd[s];
    boolean depthwise = kind == Kind.DEPTHWISE || kind == Kind.DEPTHWISE_BACKPROP;
    int groups;
    int cog;
    int outDepth;
    if (depthwise) {
      if (inDepth != fin) {
        throw node.invalidArgument(
            "input and filter must have the same depth: " + inDepth + " vs " + fin);
      }
      groups = inDepth;
      cog = (int) fd[s + 1];
      outDepth = inDepth * cog;
      fin = 1;
    } else {
      if (fin <= 0 || inDepth % fin != 0) {
        throw node.invalidArgument(
            "input depth must be evenly divisible by filter depth: " + inDepth + " vs " + fin);
      }
      groups = inDepth / fin;
      outDepth = (int) fd[s + 1];
      if (outDepth % groups != 0) {
        throw node.invalidArgument(
            "output depth must be evenly divisible by number of groups: "
                + outDepth
                + " vs "
                + groups);
      }
      cog = outDepth / groups;
    }
    long[] kSp = new long[s];
    System.arraycopy(fd, 0, kSp, 0, s);
    Window[] w = ConvPlan.windows(node, inDims, kSp);
    ConvPlan plan = ConvPlan.of((int) inDims[0], w, inDepth, outDepth, groups, fin, cog);
    long[] outDims = new long[rank];
    outDims[0] = inDims[0];
    for (int i = 0; i < s; i++) {
      outDims[1 + i] = w[i].out();
    }
    outDims[rank - 1] = outDepth;
    DType dt = x.dtype();
    if (backprop) {
      Shape expected = Shape.of(outDims);
      if (!expected.equals(x.shape())) {
        throw node.invalidArgument(
            node.op()
                + ": Size of out_backprop doesn't match computed: actual = "
                + x.shape()
                + ", computed = "
                + expected);
      }
      double[] dx = new double[Math.toIntExact(Shape.of(inDims).numElements())];
      plan.backwardInput(NnData.doubles(x), NnData.doubles(filter), dx);
      ctx.setOutput(0, NnData.of(ctx, dt, Shape.of(inDims), dx));
      return;
    }
    Shape outShape = Shape.of(outDims);
    if (dt == FLOAT
        && plan.depthwise()
        && kind == Kind.DEPTHWISE
        && plan.multiplierOne()
        && VectorSupport.ENABLED) {
      TensorBuffer out = ctx.allocateUninitialized(FLOAT, outShape);
      plan.forwardDepthwise(x.data(), NnData.floats(filter), out.segment(), ctx.parallel());
      ctx.setOutput(0, out.freeze());
      return;
    }
    if (dt == FLOAT && plan.depthwise() && kind == Kind.DEPTHWISE) {
      float[] y = new float[Math.toIntExact(outShape.numElements())];
      plan.forwardDepthwise(NnData.floats(x), NnData.floats(filter), y, ctx.parallel());
      ctx.setOutput(0, NnData.ofFloats(ctx, outShape, y));
      return;
    }
    if (dt == FLOAT && groups == 1) {
      float[] y = new float[Math.toIntExact(outShape.numElements())];
      plan.forwardGemm(NnData.floats(x), NnData.floats(filter), y, ctx.parallel());
      ctx.setOutput(0, NnData.ofFloats(ctx, outShape, y));
      return;
    }
    double[] y = new double[Math.toIntExact(outShape.numElements())];
    plan.forward(NnData.doubles(x), NnData.doubles(filter), y);
    ctx.setOutput(0, NnData.of(ctx, dt, outShape, y));
  }
}
