package dev.rawops.kernels.cpu.state;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The State family's CPU kernels: reference variables and their scatters, resource variables and
 * RestoreV2.
 */
public final class StateKernels {
  private StateKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuState.defs())
        .addAll(CpuResourceVariables.defs())
        .addAll(CpuResourceScatter.defs())
        .build();
  }
}
