package dev.rawops.kernels.cpu.sparse;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.Lanes;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseMatMulGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * SparseTensorDenseMatMul on CPU (sparse_tensor_dense_matmul_op.cc): the product's rows start at
 * zero and each entry of A, in index order, adds {@code a · b[k, :]} to row m — float sums for half
 * (TF's SumType), rounded once at the end; bfloat16 rounded after each product and sum; int32
 * wraps. Real types only.
 */
final class CpuSparseMatMul {
  private CpuSparseMatMul() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseTensorDenseMatMul", Device.CPU)
              .tfCpuTypes("T", FLOAT, DOUBLE, INT32, HALF, BFLOAT16)
              .typeConstraint("Tindices", INT32, INT64)
              .build(n -> ctx -> matmul(n, ctx)));

  /** A float rounded to bfloat16 and back: TF sums bfloat16 products in bfloat16. */
  private static float bf16(float f) {
    return Numbers.bfloat16ToFloat(Numbers.floatToBfloat16(f));
  }

  private static void matmul(NodeInfo node, KernelContext ctx) {
    Tensor ix = ctx.input(0);
    Tensor values = ctx.input(1);
    Tensor aShape = ctx.input(2);
    Tensor b = ctx.input(3);
    boolean adjA = node.attrs().getBool("adjoint_a");
    boolean adjB = node.attrs().getBool("adjoint_b");
    SparseMatMulGeometry.checkInputs(node, ix.shape(), values.shape(), aShape.shape(), b.shape());
    long[] a = aShape.toLongArray();
    long outRows = adjA ? a[1] : a[0];
    long outCols = adjB ? b.shape().dim(0) : b.shape().dim(1);
    SparseMatMulGeometry.checkInner(node, a, b.shape(), adjA, adjB);
    DType t = values.dtype();
    TensorBuffer out = ctx.allocate(t, Shape.of(outRows, outCols));
    int nnz = (int) ix.shape().dim(0);
    if (out.shape().numElements() == 0 || nnz == 0 || b.numElements() == 0) {
      ctx.setOutput(0, out.freeze());
      return;
    }
    long[] idx = IndexChunks.readAll(ix);
    int bRows = (int) b.shape().dim(0);
    int bCols = (int) b.shape().dim(1);
    int cols = (int) outCols;
    long inner = adjB ? bCols : bRows;
    int mCol = adjA ? 1 : 0;
    int kCol = adjA ? 0 : 1;
    int total = Math.toIntExact(out.shape().numElements());
    Object av = Lanes.newArray(t, nnz);
    Lanes.read(t, values.data(), 0, av, 0, nnz);
    Object bv = Lanes.newArray(t, (int) b.numElements());
    Lanes.read(t, b.data(), 0, bv, 0, (int) b.numElements());
    Object acc = Lanes.newArray(t, total);
    for (int i = 0; i < nnz; i++) {
      long m = idx[2 * i + mCol];
      long k = idx[2 * i + kCol];
      if (k < 0 || k >= inner) {
        throw node.invalidArgument(
            "k (" + k + ") from index[" + i + "," + kCol + "] out of bounds (>=" + inner + ")");
      }
      if (m < 0 || m >= outRows) {
        throw node.invalidArgument(
            "m (" + m + ") from index[" + i + "," + mCol + "] out of bounds (>=" + outRows + ")");
      }
      int row = (int) m * cols;
      int kk = (int) k;
      switch (acc) {
        case float[] o when t == DType.BFLOAT16 -> {
          float x = ((float[]) av)[i];
          float[] bb = (float[]) bv;
          for (int n = 0; n < cols; n++) {
            float p = bf16(x * bb[adjB ? n * bCols + kk : kk * bCols + n]);
            o[row + n] = bf16(o[row + n] + p);
          }
        }
        case float[] o -> {
          float x = ((float[]) av)[i];
          float[] bb = (float[]) bv;
          for (int n = 0; n < cols; n++) {
            o[row + n] += x * bb[adjB ? n * bCols + kk : kk * bCols + n];
          }
        }
        case double[] o -> {
          double x = ((double[]) av)[i];
          double[] bb = (double[]) bv;
          for (int n = 0; n < cols; n++) {
            o[row + n] += x * bb[adjB ? n * bCols + kk : kk * bCols + n];
          }
        }
        case long[] o -> {
          long x = ((long[]) av)[i];
          long[] bb = (long[]) bv;
          for (int n = 0; n < cols; n++) {
            o[row + n] = (int) (o[row + n] + x * bb[adjB ? n * bCols + kk : kk * bCols + n]);
          }
        }
        default -> throw new IllegalStateException(t.tfName());
      }
    }
    Lanes.write(t, acc, 0, out.segment(), 0, total);
    ctx.setOutput(0, out.freeze());
  }
}
