package dev.rawops.kernels.cpu.image;

import com.google.protobuf.ByteString;
import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.image.JpegEncoder;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * EncodeJpeg and EncodeJpegVariableQuality on CPU (TF's encode_jpeg_op.cc): the attrs checked when
 * the kernel is built, the image's rank, size and channels when it runs, the file written by {@link
 * JpegEncoder}; where libjpeg or TF's wrapper gives up (an empty image, a side past 65500, an XMP
 * packet past a marker's length) TF's INTERNAL "JPEG encoding failed".
 */
final class CpuEncodeJpeg {
  private CpuEncodeJpeg() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("EncodeJpeg", Device.CPU).build(CpuEncodeJpeg::fixed),
          KernelDef.builder("EncodeJpegVariableQuality", Device.CPU)
              .build(n -> ctx -> variable(n, ctx)));

  private static Kernel fixed(NodeInfo n) {
    String format = n.attrs().getString("format");
    int channels;
    switch (format) {
      case "" -> channels = 0;
      case "grayscale" -> channels = 1;
      case "rgb" -> channels = 3;
      default -> throw n.invalidArgument("format must be '', grayscale or rgb, got " + format);
    }
    long quality = n.attrs().getInt("quality");
    if (quality < 0 || quality > 100) {
      throw n.invalidArgument("quality must be in [0,100], got " + quality);
    }
    String unit = n.attrs().getString("density_unit");
    int densityUnit;
    switch (unit) {
      case "in" -> densityUnit = 1;
      case "cm" -> densityUnit = 2;
      default -> throw n.invalidArgument("density_unit must be 'in' or 'cm'" + unit);
    }
    JpegEncoder.Options o =
        new JpegEncoder.Options(
            (int) quality,
            n.attrs().getBool("progressive"),
            n.attrs().getBool("optimize_size"),
            n.attrs().getBool("chroma_downsampling"),
            densityUnit,
            (int) n.attrs().getInt("x_density"),
            (int) n.attrs().getInt("y_density"),
            n.attrs().get("xmp_metadata").getS());
    return ctx -> {
      Tensor image = checkedImage(n, ctx.input(0));
      int c = (int) image.shape().dim(2);
      if (channels == 0) {
        requireOneOrThree(n, image);
      } else if (c != channels) {
        throw n.invalidArgument(
            "format " + format + " expects " + channels + " channels, got " + image.shape());
      }
      ctx.setOutput(0, encode(n, image, o));
    };
  }

  private static void variable(NodeInfo n, KernelContext ctx) {
    Tensor image = checkedImage(n, ctx.input(0));
    Tensor q = ctx.input(1);
    if (q.shape().rank() != 0) {
      throw n.invalidArgument("quality must be scalar: " + q.shape());
    }
    long quality = q.getIndex(0);
    if (quality < 0 || quality > 100) {
      throw n.invalidArgument("quality must be in [0,100], got " + quality);
    }
    requireOneOrThree(n, image);
    JpegEncoder.Options o =
        new JpegEncoder.Options((int) quality, false, false, true, 1, 300, 300, ByteString.EMPTY);
    ctx.setOutput(0, encode(n, image, o));
  }

  private static Tensor checkedImage(NodeInfo n, Tensor image) {
    if (image.shape().rank() != 3) {
      throw n.invalidArgument("image must be 3-dimensional" + image.shape());
    }
    if (image.numElements() >= Integer.MAX_VALUE) {
      throw n.invalidArgument("Cannot encode images with >= max int32 elements");
    }
    return image;
  }

  private static void requireOneOrThree(NodeInfo n, Tensor image) {
    long c = image.shape().dim(2);
    if (c != 1 && c != 3) {
      throw n.invalidArgument("image must have 1 or 3 channels, got " + image.shape());
    }
  }

  private static Tensor encode(NodeInfo n, Tensor image, JpegEncoder.Options o) {
    Shape s = image.shape();
    try {
      byte[] file =
          JpegEncoder.encode(
              image.toByteArray(), (int) s.dim(0), (int) s.dim(1), (int) s.dim(2), o);
      return Tensor.ofByteStrings(Shape.scalar(), file);
    } catch (JpegEncoder.EncodeError e) {
      throw n.error(Code.INTERNAL, "JPEG encoding failed");
    }
  }
}
