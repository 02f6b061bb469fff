package dev.rawops.kernels.cpu.selection;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Selection family's CPU kernels: Where, Unique, UniqueWithCounts, UniqueV2, ListDiff, TopK,
 * TopKV2, NthElement, InTopK, InTopKV2, UpperBound and LowerBound.
 */
public final class SelectionKernels {
  private SelectionKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuSelection.DEFS)
        .addAll(CpuUnique.DEFS)
        .addAll(CpuSearchSorted.DEFS)
        .build();
  }
}
