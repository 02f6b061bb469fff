package dev.rawops.kernels.cpu.nn;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Nn op family. */
public final class CpuNn {
  private CpuNn() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuNnConv.DEFS)
        .addAll(CpuNnPool.DEFS)
        .addAll(CpuNnLayers.DEFS)
        .addAll(CpuNnRnn.DEFS)
        .build();
  }
}
