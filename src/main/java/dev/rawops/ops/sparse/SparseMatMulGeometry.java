package dev.rawops.ops.sparse;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;

/** SparseTensorDenseMatMul's checks (sparse_tensor_dense_matmul_op.cc), in TF's order and words. */
public final class SparseMatMulGeometry {
  private SparseMatMulGeometry() {}

  public static void checkInputs(
      NodeInfo node, Shape indices, Shape values, Shape aShape, Shape b) {
    if (b.rank() != 2) {
      throw node.invalidArgument("Tensor 'b' is not a matrix");
    }
    if (aShape.rank() != 1) {
      throw node.invalidArgument("Tensor 'a_shape' is not a vector");
    }
    if (aShape.numElements() != 2) {
      throw node.invalidArgument("Tensor 'a_shape' must have 2 elements");
    }
    if (values.rank() != 1) {
      throw node.invalidArgument("Tensor 'a_values' is not a vector");
    }
    if (indices.rank() != 2) {
      throw node.invalidArgument("Tensor 'a_indices' is not a matrix");
    }
    if (indices.dim(0) != values.numElements()) {
      throw node.invalidArgument(
          "Number of rows of a_indices does not match number of entries in a_values");
    }
    if (indices.dim(1) != aShape.numElements()) {
      throw node.invalidArgument(
          "Number of columns of a_indices does not match number of entries in a_shape");
    }
  }

  /** A's inner dimension against B's, with A's dense shape {@code a}. */
  public static void checkInner(NodeInfo node, long[] a, Shape b, boolean adjA, boolean adjB) {
    long innerLeft = adjA ? a[0] : a[1];
    long innerRight = adjB ? b.dim(1) : b.dim(0);
    if (innerLeft != innerRight) {
      throw node.invalidArgument(
          "Cannot multiply A and B because inner dimension does not match: "
              + innerLeft
              + " vs. "
              + innerRight
              + ".  Did you forget a transpose?  Dimensions of A: ["
              + a[0]
              + ", "
              + a[1]
              + ").  Dimensions of B: "
              + b);
    }
  }
}
