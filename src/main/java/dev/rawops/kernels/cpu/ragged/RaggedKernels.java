package dev.rawops.kernels.cpu.ragged;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** The Ragged family's CPU kernels: RaggedGather, RaggedRange and RaggedTensorToTensor. */
public final class RaggedKernels {
  private RaggedKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuRaggedGather.DEFS)
        .addAll(CpuRaggedIndexing.DEFS)
        .build();
  }
}
