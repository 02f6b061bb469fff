package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Elementwise op family. */
final class CpuElementwise {
  private CpuElementwise() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
