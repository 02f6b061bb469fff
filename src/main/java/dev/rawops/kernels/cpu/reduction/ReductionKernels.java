package dev.rawops.kernels.cpu.reduction;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Reduction family's CPU kernels: reductions, arg reductions, scans, softmax, segment
 * reductions, bin counts and counts with sparse output.
 */
public final class ReductionKernels {
  private ReductionKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuReduction.defs())
        .addAll(CpuCounting.DEFS)
        .addAll(CpuBincounts.DEFS)
        .addAll(CpuCountSparseOutput.DEFS)
        .build();
  }
}
