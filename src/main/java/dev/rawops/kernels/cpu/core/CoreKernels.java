package dev.rawops.kernels.cpu.core;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Core family's CPU kernels: Const, Placeholder, PlaceholderWithDefault, Identity, IdentityN,
 * NoOp and Snapshot.
 */
public final class CoreKernels {
  private CoreKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuConst.DEFS)
        .addAll(CpuPlaceholder.DEFS)
        .addAll(CpuPassThrough.DEFS)
        .addAll(CpuSnapshot.DEFS)
        .build();
  }
}
