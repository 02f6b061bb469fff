package dev.rawops.kernels.cpu.nn;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.linalg.CpuNnEinsum;
import dev.rawops.kernels.cpu.linalg.CpuNnMatMul;
import java.util.List;

/** CPU kernels of the Nn op family. */
public final class CpuNn {
  private CpuNn() {}

  public static List<KernelDef> defs() {
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
