package dev.rawops.kernels.cpu.sparse;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseFillEmptyRowsGeometry;
import dev.rawops.ops.sparse.SparseReshapeGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Sparse ops that move indices between rows and shapes on CPU: SparseFillEmptyRows (TF's CSR
 * offsets, entries keep their order within a row) and SparseReshape (row-major linear ids).
 */
final class CpuSparseRows {
  private CpuSparseRows() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseFillEmptyRows", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> fillEmptyRows(n, ctx)),
          KernelDef.builder("SparseReshape", Device.CPU).build(n -> ctx -> reshape(n, ctx)));

  private static TensorBuffer longs(KernelContext ctx, Shape shape, long[] v) {
    TensorBuffer b = ctx.allocateUninitialized(DType.INT64, shape);
    MemorySegment.copy(v, 0, b.segment(), Layouts.I64, 0, v.length);
    return b;
  }

  private static void fillEmptyRows(NodeInfo node, KernelContext ctx) {
    Tensor indices = ctx.input(0);
    Tensor values = ctx.input(1);
    Tensor denseShape = ctx.input(2);
    Tensor dflt = ctx.input(3);
    SparseFillEmptyRowsGeometry.checkInputs(
        node, indices.shape(), values.shape(), denseShape.shape(), dflt.shape());
    int n = Math.toIntExact(indices.shape().dim(0));
    int rank = Math.toIntExact(indices.shape().dim(1));
    long rows = denseShape.getLong(0);
    long[] ix = IndexChunks.readAll(indices);
    long[] counts = SparseFillEmptyRowsGeometry.rowCounts(node, ix, n, rank, rows);
    int r = (int) rows;
    TensorBuffer empty = ctx.allocateUninitialized(DType.BOOL, Shape.of(r));
    if (rows == 0) {
      ctx.setOutput(0, ctx.allocate(DType.INT64, Shape.of(0, rank)).freeze());
      ctx.setOutput(1, ctx.allocate(values.dtype(), Shape.of(0)).freeze());
      ctx.setOutput(2, empty.freeze());
      ctx.setOutput(3, ctx.allocate(DType.INT64, Shape.of(n)).freeze());
      return;
    }
    boolean ordered = true;
    for (int i = 1; i < n; i++) {
      ordered &= ix[i * rank] >= ix[(i - 1) * rank];
    }
    boolean allFull = true;
    long[] csr = new long[r];
    MemorySegment emptySeg = empty.segment();
    for (int row = 0; row < r; row++) {
      boolean isEmpty = counts[row] == 0;
      emptySeg.set(java.lang.foreign.ValueLayout.JAVA_BYTE, row, (byte) (isEmpty ? 1 : 0));
      allFull &= !isEmpty;
      csr[row] = Math.max(counts[row], 1) + (row > 0 ? csr[row - 1] : 0);
    }
    long[] reverse = new long[n];
    if (allFull && ordered) {
      for (int i = 0; i < n; i++) {
        reverse[i] = i;
      }
      ctx.setOutput(0, indices);
      ctx.setOutput(1, values);
    } else {
      int full = Math.toIntExact(csr[r - 1]);
      long[] outIx = new long[full * rank];
      TensorBuffer outValues = ctx.allocate(values.dtype(), Shape.of(full));
      SliceCopier fromValues = SliceCopier.of(values, outValues, 1);
      long[] filled = new long[r];
      for (int i = 0; i < n; i++) {
        int row = (int) ix[i * rank];
        long at = (row == 0 ? 0 : csr[row - 1]) + filled[row]++;
        System.arraycopy(ix, i * rank, outIx, (int) at * rank, rank);
        fromValues.copy(i, at);
        reverse[i] = at;
      }
      SliceCopier fromDefault = SliceCopier.of(dflt, outValues, 1);
      for (int row = 0; row < r; row++) {
        if (filled[row] == 0) {
          long at = row == 0 ? 0 : csr[row - 1];
          Arrays.fill(outIx, (int) at * rank, (int) at * rank + rank, 0L);
          outIx[(int) at * rank] = row;
          fromDefault.copy(0, at);
        }
      }
      ctx.setOutput(0, longs(ctx, Shape.of(full, rank), outIx).freeze());
      ctx.setOutput(1, outValues.freeze());
    }
    ctx.setOutput(2, empty.freeze());
    ctx.setOutput(3, longs(ctx, Shape.of(n), reverse).freeze());
  }

  private static void reshape(NodeInfo node, KernelContext ctx) {
    Tensor indices = ctx.input(0);
    Tensor inputShape = ctx.input(1);
    Tensor target = ctx.input(2);
    SparseReshapeGeometry.checkInputs(node, indices.shape(), inputShape.shape(), target.shape());
    long[] in = inputShape.toLongArray();
    long[] out = SparseReshapeGeometry.outputShape(node, in, target.toLongArray());
    if (Arrays.equals(in, out)) {
      ctx.setOutput(0, indices);
      ctx.setOutput(1, inputShape);
      return;
    }
    int nnz = Math.toIntExact(indices.shape().dim(0));
    int inRank = in.length;
    int outRank = out.length;
    ctx.setOutput(1, longs(ctx, Shape.of(outRank), out).freeze());
    long dense = 1;
    long product = 1;
    for (long d : in) {
      dense *= d;
    }
    for (long d : out) {
      product *= d;
    }
    if (nnz > 0 && (dense <= 0 || product <= 0)) {
      throw node.invalidArgument(
          "Input tensor has "
              + nnz
              + " non zero elements but input shape ("
              + Shape.of(in)
              + ") or output shape ("
              + Shape.of(out)
              + ") is empty");
    }
    long[] inStrides = strides(in);
    long[] outStrides = strides(out);
    long[] ix = IndexChunks.readAll(indices);
    long[] result = new long[nnz * outRank];
    for (int i = 0; i < nnz; i++) {
      long id = 0;
      for (int j = 0; j < inRank; j++) {
        id += ix[i * inRank + j] * inStrides[j];
      }
      for (int j = 0; j < outRank; j++) {
        result[i * outRank + j] = id / outStrides[j];
        id %= outStrides[j];
      }
    }
    ctx.setOutput(0, longs(ctx, Shape.of(nnz, outRank), result).freeze());
  }

  private static long[] strides(long[] dims) {
    long[] s = new long[dims.length];
    for (int d = dims.length - 1; d >= 0; d--) {
      s[d] = d == dims.length - 1 ? 1 : s[d + 1] * dims[d + 1];
    }
    return s;
  }
}
