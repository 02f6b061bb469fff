package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Linalg op family. */
final class CpuLinalg {
  private CpuLinalg() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
