package dev.rawops.kernels.cpu.indexing;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** The indexing family's CPU kernels: Gather, GatherNd, StridedSlice and the scatter ops. */
public final class IndexingKernels {
  private IndexingKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuGather.DEFS)
        .addAll(CpuGatherNd.DEFS)
        .addAll(CpuStridedSlice.DEFS)
        .addAll(CpuTensorScatterUpdate.DEFS)
        .addAll(CpuScatterNd.DEFS)
        .addAll(CpuTensorStridedSliceUpdate.DEFS)
        .build();
  }
}
