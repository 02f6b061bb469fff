package dev.rawops.kernels.cpu.image;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The image family's CPU kernels: resizing, CropAndResize, color adjustments, bounding boxes and
 * non-max suppression (per box list and combined), image decoding (PNG, GIF, BMP, JPEG), JPEG
 * shapes, PNG and JPEG encoding.
 */
public final class ImageKernels {
  private ImageKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuResize.defs())
        .addAll(CpuCropAndResize.DEFS)
        .addAll(CpuColor.defs())
        .addAll(CpuDrawBoxes.DEFS)
        .addAll(CpuNms.defs())
        .addAll(CpuDecodeImage.DEFS)
        .addAll(CpuExtractJpegShape.DEFS)
        .addAll(CpuCombinedNms.DEFS)
        .addAll(CpuEncodePng.DEFS)
        .addAll(CpuEncodeJpeg.DEFS)
        .build();
  }
}
