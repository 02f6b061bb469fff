package dev.rawops.kernels.cpu.dataflow;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Dataflow family's CPU kernels: DynamicPartition, DynamicStitch and the TensorArrayV3 family.
 */
public final class DataflowKernels {
  private DataflowKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuPartition.DEFS)
        .addAll(CpuTensorArray.defs())
        .build();
  }
}
