package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Array op family. */
final class CpuArray {
  private CpuArray() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
