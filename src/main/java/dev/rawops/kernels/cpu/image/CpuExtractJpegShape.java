package dev.rawops.kernels.cpu.image;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.image.ImageDecode;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/** ExtractJpegShape on CPU: [height, width, components] of the JPEG's header. */
final class CpuExtractJpegShape {
  private CpuExtractJpegShape() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("ExtractJpegShape", Device.CPU)
              .tfCpuTypes("output_type")
              .build(n -> ctx -> extract(n, ctx)));

  private static void extract(NodeInfo node, KernelContext ctx) {
    Tensor contents = ctx.input(0);
    if (contents.shape().rank() != 0) {
      throw node.invalidArgument("contents must be scalar, got shape " + contents.shape());
    }
    long[] shape = ImageDecode.jpegShape(node, contents.getString(0));
    DType t = DType.fromProto(node.attrs().getType("output_type"));
    TensorBuffer out = ctx.allocateUninitialized(t, Shape.of(3));
    for (int i = 0; i < 3; i++) {
      if (t == DType.INT32) {
        out.segment().setAtIndex(Layouts.I32, i, (int) shape[i]);
      } else {
        out.segment().setAtIndex(Layouts.I64, i, shape[i]);
      }
    }
    ctx.setOutput(0, out.freeze());
  }
}
