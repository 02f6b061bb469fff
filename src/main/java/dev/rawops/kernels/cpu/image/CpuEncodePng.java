package dev.rawops.kernels.cpu.image;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.image.PngWriter;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.Arrays;
import java.util.List;

/**
 * EncodePng on CPU (TF's EncodePngOp): each [height, width, channels] image of the input, batch
 * dims first, written by {@link PngWriter}; TF's checks of the compression level, rank and
 * channels.
 */
final class CpuEncodePng {
  private CpuEncodePng() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("EncodePng", Device.CPU)
              .build(
                  n -> {
                    long level = n.attrs().getInt("compression");
                    if (level < -1 || level > 9) {
                      throw n.invalidArgument("compression should be in [-1,9], got " + level);
                    }
                    return ctx -> encode(n, ctx, (int) level);
                  }));

  private static void encode(NodeInfo node, KernelContext ctx, int level) {
    Tensor image = ctx.input(0);
    int rank = image.shape().rank();
    if (rank < 3) {
      throw node.invalidArgument("images must be at least rank 3" + image.shape());
    }
    if (image.numElements() >= Integer.MAX_VALUE) {
      throw node.invalidArgument("image cannot have >= int32 max elements");
    }
    long[] dims = image.shape().dims();
    int height = (int) dims[rank - 3];
    int width = (int) dims[rank - 2];
    int channels = (int) dims[rank - 1];
    if ((long) width * channels >= Integer.MAX_VALUE / 2) {
      throw node.invalidArgument("image too wide to encode");
    }
    if (channels < 1 || channels > 4) {
      throw node.invalidArgument("image must have 1, 2, 3, or 4 channels, got " + channels);
    }
    long[] batch = Arrays.copyOf(dims, rank - 3);
    long images = 1;
    for (long b : batch) {
      images *= b;
    }
    boolean sixteen = image.dtype() == DType.UINT16;
    int[] samples = new int[(int) image.numElements()];
    for (int i = 0; i < samples.length; i++) {
      samples[i] = (int) image.getIndex(i);
    }
    if ((height == 0 || width == 0) && images > 0) {
      StringBuilder bad = new StringBuilder();
      for (long i = 0; i < images; i++) {
        bad.append(i == 0 ? "" : ", ").append(i);
      }
      throw node.error(
          dev.rawops.Code.INTERNAL,
          "PNG encoding failed at the following flattened batch indices: " + bad);
    }
    byte[][] out = new byte[(int) images][];
    int per = height * width * channels;
    for (int i = 0; i < images; i++) {
      out[i] = PngWriter.encode(samples, i * per, height, width, channels, sixteen, level);
    }
    ctx.setOutput(0, Tensor.ofByteStrings(Shape.of(batch), out));
  }
}
