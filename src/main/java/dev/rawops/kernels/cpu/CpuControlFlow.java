package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the ControlFlow op family. */
final class CpuControlFlow {
  private CpuControlFlow() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
