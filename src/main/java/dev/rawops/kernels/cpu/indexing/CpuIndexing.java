package dev.rawops.kernels.cpu.indexing;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.dataflow.CpuPartition;
import dev.rawops.kernels.cpu.ragged.CpuRaggedIndexing;
import dev.rawops.kernels.cpu.reduction.CpuCounting;
import dev.rawops.kernels.cpu.selection.CpuSelection;
import dev.rawops.kernels.cpu.sparse.CpuSparseDense;
import java.util.List;

/** CPU kernels of the Indexing op family. */
public final class CpuIndexing {
  private CpuIndexing() {}

  public static List<KernelDef> defs() {
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
