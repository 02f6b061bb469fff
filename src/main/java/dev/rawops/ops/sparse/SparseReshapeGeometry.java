package dev.rawops.ops.sparse;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;

/**
 * SparseReshape's output shape (sparse_reshape_op.cc, reshape_util.cc): the target with its one -1
 * resolved, checked against the input's dense size, in TF's order and words.
 */
public final class SparseReshapeGeometry {
  private SparseReshapeGeometry() {}

  /** Input checks on shapes alone, before any value is read. */
  public static void checkInputs(NodeInfo node, Shape indices, Shape inputShape, Shape target) {
    if (indices.rank() != 2) {
      throw node.invalidArgument("Input must be a matrix.");
    }
    if (inputShape.rank() != 1) {
      throw node.invalidArgument("Input shape must be a vector.");
    }
    if (indices.dim(1) != inputShape.dim(0)) {
      throw node.invalidArgument("Input tensor rank must match input shape length.");
    }
    if (target.rank() != 1) {
      throw node.invalidArgument("Target shape should be a vector but received shape " + target);
    }
  }

  /** The output's dense shape for input dense shape {@code in} and target {@code target}. */
  public static long[] outputShape(NodeInfo node, long[] in, long[] target) {
    long dense = 1;
    for (long d : in) {
      if (d < 0) {
        throw node.invalidArgument("Dimension " + d + " must be >= 0");
      }
      dense = Math.multiplyExact(dense, d);
    }
    long[] out = new long[target.length];
    long product = 1;
    int unknown = -1;
    for (int d = 0; d < target.length; d++) {
      long size = target[d];
      if (size == -1) {
        if (unknown != -1) {
          throw node.invalidArgument(
              "only one output dimension may be -1, not both " + unknown + " and " + d);
        }
        unknown = d;
        out[d] = 1;
      } else {
        if (size < 0) {
          throw node.invalidArgument("size " + d + " must be non-negative, not " + size);
        }
        product *= size;
        out[d] = size;
      }
    }
    if (unknown != -1) {
      if (product <= 0) {
        throw node.invalidArgument(
            "reshape cannot infer the missing input size for an empty tensor unless all"
                + " specified input sizes are non-zero");
      }
      long missing = dense / product;
      if (product * missing != dense) {
        throw node.invalidArgument(
            "Input to reshape is a SparseTensor with "
                + dense
                + " dense values, but the requested shape requires a multiple of "
                + product
                + ". input_shape="
                + Shape.of(in)
                + " output_shape="
                + Shape.of(out));
      }
      out[unknown] = missing;
    }
    long outSize = 1;
    for (long d : out) {
      outSize *= d;
    }
    if (outSize != dense) {
      throw node.invalidArgument(
          "Input to reshape is a tensor with "
              + dense
              + " dense values, but the requested shape has "
              + outSize
              + ". input_shape="
              + Shape.of(in)
              + " output_shape="
              + Shape.of(out));
    }
    return out;
  }
}
