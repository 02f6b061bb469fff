package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Reduction op family. */
final class CpuReduction {
  private CpuReduction() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
