package dev.rawops.kernels.cpu.ragged;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Ragged family's CPU kernels: RaggedGather, RaggedRange, RaggedTensorToTensor,
 * RaggedTensorToSparse, RaggedTensorToVariant, RaggedTensorFromVariant, RaggedCross and
 * RaggedFillEmptyRows.
 */
public final class RaggedKernels {
  private RaggedKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuRaggedGather.DEFS)
        .addAll(CpuRaggedIndexing.DEFS)
        .addAll(CpuRaggedConversions.DEFS)
        .addAll(CpuRaggedVariants.DEFS)
        .addAll(CpuRaggedCross.DEFS)
        .addAll(CpuRaggedFillEmptyRows.DEFS)
        .build();
  }
}
