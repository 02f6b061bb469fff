package dev.rawops.kernels.cpu.random;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** The Random family's CPU kernels: the stateful seeded ops and the stateless ones. */
public final class RandomKernels {
  private RandomKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuRandom.DEFS)
        .addAll(CpuStatelessRandom.DEFS)
        .addAll(CpuShuffle.DEFS)
        .addAll(CpuMultinomial.DEFS)
        .addAll(CpuRandomGamma.DEFS)
        .addAll(CpuRandomPoisson.DEFS)
        .addAll(CpuStatelessGammaPoisson.DEFS)
        .addAll(CpuStatelessBinomial.DEFS)
        .addAll(CpuParameterizedTruncatedNormal.DEFS)
        .build();
  }
}
