package dev.rawops.kernels.cpu.array;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Array family's CPU kernels: shapes, reshaping, concat/split, slice/tile/pad, transpose and
 * reversal, broadcast, range and one-hot, space/batch/depth rearrangements and image patches,
 * matrix diagonals, InvertPermutation and ConcatOffset.
 */
public final class ArrayKernels {
  private ArrayKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuReshape.defs())
        .addAll(CpuConcat.defs())
        .addAll(CpuSlice.defs())
        .addAll(CpuTranspose.defs())
        .addAll(CpuBroadcast.defs())
        .addAll(CpuRange.defs())
        .addAll(CpuSpaceBatch.defs())
        .addAll(CpuMatrixDiag.defs())
        .addAll(CpuInvertPermutation.DEFS)
        .addAll(CpuConcatOffset.DEFS)
        .build();
  }
}
