package dev.rawops.kernels.cpu.lookup;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** The Lookup family's CPU kernels: the table makers and the ops on a table. */
public final class LookupKernels {
  private LookupKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuTableCreators.defs())
        .addAll(CpuTableOps.defs())
        .build();
  }
}
