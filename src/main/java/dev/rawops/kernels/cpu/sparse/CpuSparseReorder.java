package dev.rawops.kernels.cpu.sparse;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseTensorChecks;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * SparseReorder on CPU (sparse_reorder_op.cc): TF's ValidateSparseTensor checks, then entries
 * sorted into row-major index order (a stable sort, so equal indices keep their order), an already
 * ordered input passed through.
 */
final class CpuSparseReorder {
  private CpuSparseReorder() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseReorder", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> reorder(n, ctx)));

  private static void reorder(NodeInfo node, KernelContext ctx) {
    Tensor ix = ctx.input(0);
    Tensor values = ctx.input(1);
    Tensor shape = ctx.input(2);
    SparseTensorChecks.validate(node, ix, values, shape, SparseTensorChecks.Indices.NONE);
    int n = (int) ix.shape().dim(0);
    int rank = (int) ix.shape().dim(1);
    long[] idx = IndexChunks.readAll(ix);
    Integer[] order = new Integer[n];
    boolean sorted = true;
    for (int i = 0; i < n; i++) {
      order[i] = i;
      if (i > 0
          && Arrays.compare(idx, (i - 1) * rank, i * rank, idx, i * rank, (i + 1) * rank) > 0) {
        sorted = false;
      }
    }
    if (sorted) {
      ctx.setOutput(0, ix);
      ctx.setOutput(1, values);
      return;
    }
    Arrays.sort(
        order,
        (x, y) -> Arrays.compare(idx, x * rank, (x + 1) * rank, idx, y * rank, (y + 1) * rank));
    long[] outIx = new long[n * rank];
    TensorBuffer outValues = ctx.allocate(values.dtype(), values.shape());
    SliceCopier copier = SliceCopier.of(values, outValues, 1);
    for (int i = 0; i < n; i++) {
      int from = order[i];
      System.arraycopy(idx, from * rank, outIx, i * rank, rank);
      copier.copy(from, i);
    }
    TensorBuffer outIdx = ctx.allocateUninitialized(DType.INT64, Shape.of(n, rank));
    MemorySegment.copy(outIx, 0, outIdx.segment(), Layouts.I64, 0, outIx.length);
    ctx.setOutput(0, outIdx.freeze());
    ctx.setOutput(1, outValues.freeze());
  }
}
