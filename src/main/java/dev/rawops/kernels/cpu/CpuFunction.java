package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Function op family. */
final class CpuFunction {
  private CpuFunction() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
