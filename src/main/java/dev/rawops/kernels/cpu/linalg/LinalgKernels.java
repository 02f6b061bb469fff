package dev.rawops.kernels.cpu.linalg;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Linalg family's CPU kernels: MatMul, BatchMatMul, Einsum and the matrix decompositions and
 * solvers, and Cross.
 */
public final class LinalgKernels {
  private LinalgKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuMatMul.DEFS)
        .addAll(CpuEinsum.DEFS)
        .addAll(CpuCross.DEFS)
        .addAll(CpuLinalg.defs())
        .build();
  }
}
