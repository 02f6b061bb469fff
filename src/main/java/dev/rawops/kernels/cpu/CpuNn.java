package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Nn op family. */
final class CpuNn {
  private CpuNn() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
