package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Image op family. */
final class CpuImage {
  private CpuImage() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
