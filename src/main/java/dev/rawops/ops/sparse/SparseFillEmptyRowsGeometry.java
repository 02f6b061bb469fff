package dev.rawops.ops.sparse;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;

/**
 * SparseFillEmptyRows' checks (sparse_fill_empty_rows_op.cc), in TF's order and words: the shapes
 * of its four inputs, then each index's row against dense_shape[0].
 */
public final class SparseFillEmptyRowsGeometry {
  private SparseFillEmptyRowsGeometry() {}

  public static void checkInputs(
      NodeInfo node, Shape indices, Shape values, Shape denseShape, Shape defaultValue) {
    if (denseShape.rank() != 1) {
      throw node.invalidArgument("dense_shape must be a vector, saw: " + denseShape);
    }
    if (indices.rank() != 2) {
      throw node.invalidArgument("indices must be a matrix, saw: " + indices);
    }
    if (values.rank() != 1) {
      throw node.invalidArgument("values must be a vector, saw: " + values);
    }
    if (indices.dim(0) != values.dim(0)) {
      throw node.invalidArgument(
          "The length of `values` ("
              + values.dim(0)
              + ") must match the first dimension of `indices` ("
              + indices.dim(0)
              + ").");
    }
    if (defaultValue.rank() != 0) {
      throw node.invalidArgument("default_value must be a scalar, saw: " + defaultValue);
    }
    if (denseShape.numElements() == 0) {
      throw node.invalidArgument("Dense shape cannot be empty.");
    }
  }

  /** Per row, how many entries it has; an index's row outside [0, rows) fails as TF. */
  public static long[] rowCounts(NodeInfo node, long[] ix, int n, int rank, long rows) {
    if (rows == 0 && n != 0) {
      throw node.invalidArgument(
          "Received SparseTensor with dense_shape[0] = 0 but indices.shape[0] = " + n);
    }
    long[] counts = new long[(int) rows];
    for (int i = 0; i < n; i++) {
      long row = ix[i * rank];
      if (row < 0 || row >= rows) {
        throw node.invalidArgument("indices(" + i + ", 0) is invalid: " + row + " >= " + rows);
      }
      counts[(int) row]++;
    }
    return counts;
  }
}
