package dev.rawops.kernels.cpu;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Indexing op family. */
final class CpuIndexing {
  private CpuIndexing() {}

  static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuGather.DEFS)
        .addAll(CpuScatterNd.DEFS)
        .addAll(CpuSparseDense.DEFS)
        .addAll(CpuSelection.DEFS)
        .addAll(CpuCounting.DEFS)
        .addAll(CpuPartition.DEFS)
        .addAll(CpuRaggedIndexing.DEFS)
        .build();
  }
}
