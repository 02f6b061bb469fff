package dev.rawops.kernels.cpu.sparse;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseTensorChecks;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * SparseDenseCwiseAdd, SparseDenseCwiseMul and SparseDenseCwiseDiv on CPU
 * (sparse_dense_binary_op_shared.cc): each sparse value combined with the dense value at its index,
 * the dense side broadcast to the sparse shape (never the other way), ranks 1 to 5.
 */
final class CpuSparseDenseCwise {
  private CpuSparseDenseCwise() {}

  private enum Fn {
    ADD,
    MUL,
    DIV
  }

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseDenseCwiseAdd", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> cwise(n, ctx, Fn.ADD)),
          KernelDef.builder("SparseDenseCwiseMul", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> cwise(n, ctx, Fn.MUL)),
          KernelDef.builder("SparseDenseCwiseDiv", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> cwise(n, ctx, Fn.DIV)));

  private static void cwise(NodeInfo node, KernelContext ctx, Fn fn) {
    Tensor indices = ctx.input(0);
    Tensor values = ctx.input(1);
    Tensor shapeT = ctx.input(2);
    Tensor dense = ctx.input(3);
    SparseTensorChecks.matrixAndVectors(node, indices, values, shapeT);
    long nnz = indices.shape().dim(0);
    if (values.shape().dim(0) != nnz) {
      throw node.invalidArgument(
          "The first dimension of values and indices should match. ("
              + values.shape().dim(0)
              + " vs. "
              + nnz
              + ")");
    }
    long[] lhs = shapeT.toLongArray();
    int ndims = lhs.length;
    if (indices.shape().dim(1) != ndims) {
      throw node.invalidArgument(
          "Number of dimensions must match second dimension of indices. Got "
              + ndims
              + " dimensions, indices shape: "
              + indices.shape());
    }
    long[] rhs = dense.shape().dims();
    if (!denseFits(lhs, rhs)) {
      throw node.invalidArgument(
          "SparseDenseBinaryOpShared broadcasts dense to sparse only; got incompatible shapes: "
              + joined(lhs)
              + " vs. "
              + joined(rhs));
    }
    if (ndims < 1 || ndims > 5) {
      throw node.invalidArgument(
          "Only tensors with ranks between 1 and 5 are currently supported.  Tensor rank: "
              + ndims);
    }
    // The dense side as the sparse rank: leading 1s, a stride of 0 along each broadcast dim.
    long[] strides = new long[ndims];
    long stride = 1;
    for (int d = ndims - 1; d >= 0; d--) {
      int r = d - (ndims - rhs.length);
      long dim = r >= 0 ? rhs[r] : 1;
      strides[d] = dim == 1 ? 0 : stride;
      stride *= dim;
    }
    int n = (int) nnz;
    long[] ix = IndexChunks.readAll(indices);
    SparseNumbers sv = SparseNumbers.of(values);
    SparseNumbers dv = SparseNumbers.of(dense);
    SparseNumbers out = SparseNumbers.zeros(sv.t, n);
    for (int i = 0; i < n; i++) {
      long at = 0;
      for (int d = 0; d < ndims; d++) {
        long v = ix[i * ndims + d];
        if (v < 0 || v >= lhs[d]) {
          throw node.invalidArgument(
              "Provided indices are out-of-bounds w.r.t. dense side with broadcasted shape");
        }
        at += v * strides[d];
      }
      int j = (int) at;
      if (fn == Fn.DIV && dv.isZero(j)) {
        throw node.invalidArgument(
            "SparseDenseCwiseDiv cannot divide by zero,but input dense tensor contains zero ");
      }
      switch (fn) {
        case ADD -> SparseNumbers.add(out, i, sv, i, dv, j);
        case MUL -> SparseNumbers.mul(out, i, sv, i, dv, j);
        case DIV -> SparseNumbers.div(out, i, sv, i, dv, j);
      }
    }
    ctx.setOutput(0, out.store(ctx, Shape.of(n)));
  }

  /** TF's rule: lhs at least as long, each dim (from the right) at least dense's and compatible. */
  private static boolean denseFits(long[] lhs, long[] rhs) {
    if (lhs.length < rhs.length) {
      return false;
    }
    for (int i = 0; i < rhs.length; i++) {
      long l = lhs[lhs.length - 1 - i];
      long r = rhs[rhs.length - 1 - i];
      if (l < r || (l != r && r != 1 && l != 1)) {
        return false;
      }
    }
    return true;
  }

  private static String joined(long[] v) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      sb.append(i > 0 ? "," : "").append(v[i]);
    }
    return sb.append(']').toString();
  }
}
