package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the State op family. */
final class CpuState {
  private CpuState() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
