package dev.rawops.kernels.cpu.image;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.image.DecodePngGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** DecodePng on CPU: the PNG decoded by {@link DecodePngGeometry} into uint8 or uint16. */
final class CpuDecodePng {
  private CpuDecodePng() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DecodePng", Device.CPU)
              .build(
                  n -> {
                    DecodePngGeometry.checkChannels(n, n.attrs().getInt("channels"));
                    return ctx -> decode(n, ctx);
                  }));

  private static void decode(NodeInfo node, KernelContext ctx) {
    Tensor contents = ctx.input(0);
    if (contents.shape().rank() != 0) {
      throw node.invalidArgument("`contents` must be scalar but got shape" + contents.shape());
    }
    boolean sixteen = DType.fromProto(node.attrs().getType("dtype")) == DType.UINT16;
    int channels = (int) node.attrs().getInt("channels");
    DecodePngGeometry.Image img =
        DecodePngGeometry.decode(node, contents.getString(0), channels, sixteen);
    Shape shape = Shape.of(img.height(), img.width(), img.channels());
    TensorBuffer out = ctx.allocate(sixteen ? DType.UINT16 : DType.UINT8, shape);
    MemorySegment dst = out.segment();
    int[] s = img.samples();
    if (sixteen) {
      for (int i = 0; i < s.length; i++) {
        dst.setAtIndex(Layouts.I16, i, (short) s[i]);
      }
    } else {
      for (int i = 0; i < s.length; i++) {
        dst.set(Layouts.I8, i, (byte) s[i]);
      }
    }
    ctx.setOutput(0, out.freeze());
  }
}
