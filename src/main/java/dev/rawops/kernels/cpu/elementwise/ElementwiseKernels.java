package dev.rawops.kernels.cpu.elementwise;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Elementwise family's CPU kernels: every entry of {@link ElementwiseTable} on the one {@link
 * ElementwiseKernel}, and the conversions (Cast, Bitcast, Fill, ZerosLike, …).
 */
public final class ElementwiseKernels {
  private ElementwiseKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuElementwise.defs())
        .addAll(CpuConversions.defs())
        .build();
  }
}
