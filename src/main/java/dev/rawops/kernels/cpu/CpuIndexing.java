package dev.rawops.kernels.cpu;

import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Indexing op family. */
final class CpuIndexing {
  private CpuIndexing() {}

  static List<KernelDef> defs() {
    return List.of();
  }
}
