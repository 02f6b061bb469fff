package dev.rawops.kernels.cpu;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Nn op family. */
final class CpuNn {
  private CpuNn() {}

  static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuNnMatMul.DEFS)
        .addAll(CpuNnConv.DEFS)
        .addAll(CpuNnPool.DEFS)
        .addAll(CpuNnLayers.DEFS)
        .addAll(CpuNnRnn.DEFS)
        .addAll(CpuNnEinsum.DEFS)
        .build();
  }
}
