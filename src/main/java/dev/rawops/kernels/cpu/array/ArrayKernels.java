package dev.rawops.kernels.cpu.array;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Array family's CPU kernels: shapes, reshaping, concat/split, pad, transpose, tile, broadcast,
 * range, matrix diagonals and InvertPermutation.
 */
public final class ArrayKernels {
  private ArrayKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuArray.defs())
        .addAll(CpuArrayMore.defs())
        .addAll(CpuMatrixDiag.defs())
        .addAll(CpuInvertPermutation.DEFS)
        .build();
  }
}
