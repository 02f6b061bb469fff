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
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * DecodePng, DecodeGif, DecodeBmp, DecodeImage, DecodeJpeg and DecodeAndCropJpeg on CPU (TF's one
 * DecodeImageV2Op): the contents decoded by {@link ImageDecode}, then turned into the op's dtype as
 * TF does — 8-bit samples times 256 for uint16 (a PNG's 16-bit samples as they are) and times
 * {@code float(1/255)} for float (a PNG's 16-bit samples times {@code float(1/65535)}).
 */
final class CpuDecodeImage {
  private CpuDecodeImage() {}

  static final List<KernelDef> DEFS =
      List.of(
          def("DecodePng"),
          def("DecodeGif"),
          def("DecodeBmp"),
          def("DecodeImage"),
          def("DecodeJpeg"),
          def("DecodeAndCropJpeg"));

  private static KernelDef def(String op) {
    return KernelDef.builder(op, Device.CPU)
        .build(
            n -> {
              int channels = 3;
              if (!op.equals("DecodeGif")) {
                long c = n.attrs().getInt("channels");
                ImageDecode.checkChannels(n, c);
                channels = (int) c;
              }
              ImageDecode.Output output = ImageDecode.Output.UINT8;
              if (op.equals("DecodePng") || op.equals("DecodeImage")) {
                DType t = DType.fromProto(n.attrs().getType("dtype"));
                output =
                    t == DType.UINT16
                        ? ImageDecode.Output.UINT16
                        : t == DType.FLOAT ? ImageDecode.Output.FLOAT : ImageDecode.Output.UINT8;
              }
              boolean expand = !op.equals("DecodeImage") || n.attrs().getBool("expand_animations");
              ImageDecode.JpegFlags jpeg = ImageDecode.JpegFlags.DEFAULT;
              if (op.equals("DecodeJpeg") || op.equals("DecodeAndCropJpeg")) {
                jpeg = jpegFlags(n);
              }
              ImageDecode.Request req = new ImageDecode.Request(op, channels, output, expand, jpeg);
              return ctx -> decode(n, req, ctx);
            });
  }

  /** DecodeJpeg's attrs, checked as TF's kernel constructor checks them. */
  private static ImageDecode.JpegFlags jpegFlags(NodeInfo n) {
    long ratio = n.attrs().getInt("ratio");
    if (ratio != 1 && ratio != 2 && ratio != 4 && ratio != 8) {
      throw n.invalidArgument("ratio must be 1, 2, 4, or 8, got " + ratio);
    }
    String dct = n.attrs().getString("dct_method");
    if (!dct.isEmpty() && !dct.equals("INTEGER_FAST") && !dct.equals("INTEGER_ACCURATE")) {
      throw n.invalidArgument("dct_method must be one of {'', 'INTEGER_FAST', 'INTEGER_ACCURATE'}");
    }
    return new ImageDecode.JpegFlags(
        (int) ratio,
        !dct.equals("INTEGER_ACCURATE"),
        n.attrs().getBool("fancy_upscaling"),
        n.attrs().getBool("try_recover_truncated"));
  }

  private static void decode(NodeInfo node, ImageDecode.Request req, KernelContext ctx) {
    Tensor contents = ctx.input(0);
    if (contents.shape().rank() != 0) {
      throw node.invalidArgument("`contents` must be scalar but got shape" + contents.shape());
    }
    if (req.op().equals("DecodeAndCropJpeg")) {
      req =
          new ImageDecode.Request(
              req.op(),
              req.channels(),
              req.output(),
              req.expandAnimations(),
              req.jpeg(),
              ctx.input(1));
    }
    ImageDecode.Decoded img = ImageDecode.decode(node, req, contents.getString(0));
    Shape shape = Shape.of(img.shape());
    int[] s = img.samples();
    boolean sixteen = img.sixteen();
    switch (req.output()) {
      case UINT8 -> {
        TensorBuffer out = ctx.allocateUninitialized(DType.UINT8, shape);
        MemorySegment dst = out.segment();
        for (int i = 0; i < s.length; i++) {
          dst.set(Layouts.I8, i, (byte) s[i]);
        }
        ctx.setOutput(0, out.freeze());
      }
      case UINT16 -> {
        TensorBuffer out = ctx.allocateUninitialized(DType.UINT16, shape);
        MemorySegment dst = out.segment();
        int scale = sixteen ? 1 : 256;
        for (int i = 0; i < s.length; i++) {
          dst.setAtIndex(Layouts.I16, i, (short) (s[i] * scale));
        }
        ctx.setOutput(0, out.freeze());
      }
      case FLOAT -> {
        TensorBuffer out = ctx.allocateUninitialized(DType.FLOAT, shape);
        MemorySegment dst = out.segment();
        float scale = sixteen ? (float) (1.0 / 65535) : (float) (1.0 / 255);
        for (int i = 0; i < s.length; i++) {
          dst.setAtIndex(Layouts.F32, i, s[i] * scale);
        }
        ctx.setOutput(0, out.freeze());
      }
    }
  }
}
