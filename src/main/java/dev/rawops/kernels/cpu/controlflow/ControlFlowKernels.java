package dev.rawops.kernels.cpu.controlflow;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The ControlFlow family's CPU kernels: TF 1 control flow, Assert and Print (function calls get
 * their kernels from the runtime).
 */
public final class ControlFlowKernels {
  private ControlFlowKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder().addAll(CpuControlFlow.defs()).build();
  }
}
