package dev.rawops.ops.sparse;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;

/**
 * TF's checks on a sparse tensor's parts that several kernels share (util/sparse/sparse_tensor.h
 * and TensorShape::BuildTensorShape): {@code SparseTensor::Create}'s rank and length rules, {@code
 * IndicesValid}'s bounds and row-major order, and a dense shape's dimensions, with TF's words.
 */
public final class SparseTensorChecks {
  private SparseTensorChecks() {}

  private static final String OUT_OF_ORDER =
      """
       is out of order. Many sparse ops require sorted indices.
          Use `tf.sparse.reorder` to create a correctly ordered copy.

      """;

  /** How much of the indices {@link #validate} checks (TF's sparse_utils::IndexValidation). */
  public enum Indices {
    NONE,
    UNORDERED,
    ORDERED
  }

  /**
   * The check SparseSoftmax and the SparseDenseCwise ops make first, in their words: indices a
   * matrix, values and shape vectors.
   */
  public static void matrixAndVectors(NodeInfo node, Tensor indices, Tensor values, Tensor shape) {
    if (indices.shape().rank() != 2) {
      throw node.invalidArgument(
          "Input sp_indices should be a matrix but received shape: " + indices.shape());
    }
    if (values.shape().rank() != 1 || shape.shape().rank() != 1) {
      throw node.invalidArgument(
          "Inputs sp_values and sp_shape should be vectors but received shapes: "
              + values.shape()
              + " and "
              + shape.shape());
    }
  }

  /**
   * TF's {@code sparse_utils::ValidateSparseTensor}: the parts' ranks and lengths, then each index
   * inside the shape ({@code UNORDERED}) and also strictly increasing in row-major order ({@code
   * ORDERED}).
   */
  public static void validate(
      NodeInfo node, Tensor indices, Tensor values, Tensor shape, Indices check) {
    if (indices.shape().rank() != 2) {
      throw node.invalidArgument(
          "Sparse indices must be rank 2 but is rank " + indices.shape().rank());
    }
    if (values.shape().rank() != 1) {
      throw node.invalidArgument(
          "Sparse values must be rank 1 but is rank " + values.shape().rank());
    }
    if (shape.shape().rank() != 1) {
      throw node.invalidArgument("Sparse shape must be rank 1 but is rank " + shape.shape().rank());
    }
    long nnz = indices.shape().dim(0);
    long rank = indices.shape().dim(1);
    if (values.shape().dim(0) != nnz) {
      throw node.invalidArgument(
          "Number of elements in indices ("
              + nnz
              + ") and values ("
              + values.shape().dim(0)
              + ") do not match");
    }
    if (shape.numElements() != rank) {
      throw node.invalidArgument(
          "Index rank (" + rank + ") and shape rank (" + shape.numElements() + ") do not match");
    }
    if (check == Indices.NONE) {
      return;
    }
    long[] ix = indices.toLongArray();
    long[] dims = shape.toLongArray();
    int r = (int) rank;
    for (int i = 0; i < nnz; i++) {
      boolean different = i == 0 || check == Indices.UNORDERED;
      for (int d = 0; d < r; d++) {
        long v = ix[i * r + d];
        boolean outside = v < 0 || v >= dims[d];
        if (different) {
          if (outside) {
            throw node.invalidArgument(
                "Sparse index tuple " + tuple(ix, i, r) + " is out of bounds");
          }
        } else if (v < ix[(i - 1) * r + d] || outside) {
          throw node.invalidArgument(
              "Sparse index tuple "
                  + tuple(ix, i, r)
                  + (outside ? " is out of bounds" : " is out of order"));
        } else if (v > ix[(i - 1) * r + d]) {
          different = true;
        }
      }
      if (!different) {
        throw node.invalidArgument("Sparse index tuple " + tuple(ix, i, r) + " is repeated");
      }
    }
  }

  private static String tuple(long[] ix, int row, int rank) {
    StringBuilder sb = new StringBuilder("indices[").append(row).append(", :] = [");
    for (int d = 0; d < rank; d++) {
      sb.append(ix[row * rank + d]).append(d < rank - 1 ? ", " : "]");
    }
    if (rank == 0) {
      sb.append(']');
    }
    return sb.toString();
  }

  /** A shape vector's dimensions, each {@code >= 0} (TF's BuildTensorShape). */
  public static long[] buildShape(NodeInfo node, Tensor shape) {
    long[] dims = shape.toLongArray();
    for (long d : dims) {
      if (d < 0) {
        throw node.invalidArgument("Expected shape dimensions to be non-negative, got " + d);
      }
    }
    return dims;
  }

  /**
   * {@code SparseTensor::Create}: values a vector, as many rows of indices as values, indices a
   * matrix, and as many index columns as the shape has dimensions.
   */
  public static void create(NodeInfo node, Shape indices, Shape values, int shapeRank) {
    if (values.rank() != 1) {
      throw node.invalidArgument("vals must be a vec, but got: " + values);
    }
    long rows = indices.rank() > 0 ? indices.dim(0) : 1;
    if (rows != values.dim(0)) {
      throw node.invalidArgument(
          "indices and values rows (indexing dimension) must match. (indices = "
              + rows
              + ", values = "
              + values.dim(0)
              + ")");
    }
    if (indices.rank() != 2) {
      throw node.invalidArgument("indices must be a matrix, but got: " + indices);
    }
    if (indices.dim(1) != shapeRank) {
      throw node.invalidArgument("Order length must be SparseTensor rank.");
    }
  }

  /**
   * {@code IndicesValid} for row-major order: every index inside {@code shape}, each after the one
   * before it and none repeated; the first entry that is not names itself.
   */
  public static void indicesValid(NodeInfo node, long[] ix, int n, int rank, long[] shape) {
    for (int i = 0; i < n; i++) {
      boolean valid = true;
      boolean different = i == 0;
      boolean increasing = true;
      for (int d = 0; d < rank; d++) {
        long v = ix[i * rank + d];
        if (v < 0 || v >= shape[d]) {
          valid = false;
        }
        if (i > 0) {
          long diff = v - ix[(i - 1) * rank + d];
          if (diff > 0) {
            different = true;
          }
          if (!different && diff < 0) {
            increasing = false;
          }
        }
      }
      if (valid && increasing && different) {
        continue;
      }
      StringBuilder index = new StringBuilder("indices[").append(i).append("] = [");
      for (int d = 0; d < rank; d++) {
        index.append(ix[i * rank + d]).append(d < rank - 1 ? "," : "]");
      }
      if (!valid) {
        StringBuilder dims = new StringBuilder();
        for (int d = 0; d < shape.length; d++) {
          dims.append(d > 0 ? "," : "").append(shape[d]);
        }
        throw node.invalidArgument(index + " is out of bounds: need 0 <= index < [" + dims + "]");
      }
      throw node.invalidArgument(index + (increasing ? " is repeated" : OUT_OF_ORDER));
    }
  }

  /** "[a,b,c]" as TF joins a shape. */
  public static String joined(long[] v) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      sb.append(i > 0 ? "," : "").append(v[i]);
    }
    return sb.append(']').toString();
  }
}
