package dev.rawops.kernels.cpu.indexing;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Indexing op family. */
public final class CpuIndexing {
  private CpuIndexing() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuGather.DEFS)
        .addAll(CpuScatterNd.DEFS)
        .build();
  }
}
