package dev.rawops.kernels.cpu.sparse;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Sparse family's CPU kernels: SparseToDense, SparseTensorDenseAdd, SparseFillEmptyRows,
 * SparseReshape, SparseTensorDenseMatMul, SparseReorder, SparseCross, SparseCrossV2,
 * SparseCrossHashed, SparseConcat, SparseSlice, SparseSplit, SparseAdd, SparseSoftmax, the sparse
 * reductions, SparseDenseCwise*, SparseSparseMaximum/Minimum and the set ops.
 */
public final class SparseKernels {
  private SparseKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuSparseDense.DEFS)
        .addAll(CpuSparseRows.DEFS)
        .addAll(CpuSparseMatMul.DEFS)
        .addAll(CpuSparseReorder.DEFS)
        .addAll(CpuSparseCross.DEFS)
        .addAll(CpuSparseSlicing.DEFS)
        .addAll(CpuSparseMerge.DEFS)
        .addAll(CpuSparseReduce.DEFS)
        .addAll(CpuSparseDenseCwise.DEFS)
        .addAll(CpuSetOperations.DEFS)
        .build();
  }
}
