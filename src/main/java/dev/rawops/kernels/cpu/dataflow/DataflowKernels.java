package dev.rawops.kernels.cpu.dataflow;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Dataflow family's CPU kernels: DynamicPartition, DynamicStitch, the TensorArrayV3 family and
 * TF 2's TensorList ops.
 */
public final class DataflowKernels {
  private DataflowKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuPartition.DEFS)
        .addAll(CpuTensorArray.defs())
        .addAll(CpuTensorList.defs())
        .addAll(CpuTensorListBulk.defs())
        .build();
  }
}
