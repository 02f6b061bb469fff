package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;

/**
 * The run-time shape checks of TF's CPU TensorScatterOp (then those of PrepareAndValidateInputs
 * that can still fail), in TF's order and words. Each message quotes the actual shapes. Two
 * families use them, so they live in the ops base package: indexing (the TensorScatter ops) and
 * state (ScatterNdUpdate/Add/Sub on reference variables).
 */
public final class ScatterNdGeometry {
  private ScatterNdGeometry() {}

  public static void check(NodeInfo node, Shape tensor, Shape indices, Shape updates) {
    if (indices.rank() < 1) {
      throw node.invalidArgument("Indices shape must have rank at least one. Found:" + indices);
    }
    if (updates.rank() < 1) {
      throw node.invalidArgument("Updates shape must have rank at least one. Found:" + updates);
    }
    if (!validEmptyOutputShape(
        tensor.numElements(), indices.numElements(), updates.numElements())) {
      throw node.invalidArgument("Indices and updates specified for empty output shape");
    }
    checkOuterAndInner(node, tensor, indices, updates);
    if (tensor.rank() < 1) {
      throw node.invalidArgument("Output must be at least 1-D, got shape: " + tensor);
    }
    if (updates.dim(0) != indices.dim(0)) {
      throw node.invalidArgument(
          "Dimensions [0,1) of indices[shape="
              + indices
              + "] = "
              + indices.dim(0)
              + " must match dimensions [0,1) of updates[shape="
              + updates
              + "] = "
              + updates.dim(0));
    }
    checkUpdateShape(node, tensor, indices, updates);
  }

  /**
   * The run-time checks of TF's ScatterNdUpdateOp on a resource variable
   * (PrepareAndValidateInputs), in its order: the variable at least 1-D, the empty-output rule,
   * updates' and indices' first dimensions, then the update shape. TF reads dimension 0 of a scalar
   * indices or updates there (a CHECK failure); the shape functions reject those at build, so only
   * a fed scalar reaches this, and rawops reports it.
   */
  public static void checkVariable(NodeInfo node, Shape params, Shape indices, Shape updates) {
    if (params.rank() < 1) {
      throw node.invalidArgument("Output must be at least 1-D, got shape: " + params);
    }
    if (indices.rank() < 1 || updates.rank() < 1) {
      throw node.invalidArgument(
          "indices and updates must be at least 1-D, got indices.shape "
              + indices
              + ", updates.shape "
              + updates);
    }
    if (!validEmptyOutputShape(
        params.numElements(), indices.numElements(), updates.numElements())) {
      throw node.invalidArgument(
          "Indices and updates specified for empty output.  indices shape: " + indices);
    }
    if (updates.dim(0) != indices.dim(0)) {
      throw node.invalidArgument(
          "Dimensions [0,1) of indices[shape="
              + indices
              + "] = "
              + indices.dim(0)
              + " must match dimensions [0,1) of updates[shape="
              + updates
              + "] = "
              + updates.dim(0));
    }
    checkUpdateShape(node, params, indices, updates);
  }

  /**
   * TF's ScatterNdShapeHelper at build: the empty-input rule, then updates' leading dims against
   * indices.shape[:-1] and the rest against tensor.shape[depth:], as far as the shapes are known.
   */
  public static void inferCheck(
      NodeInfo node, PartialShape tensor, PartialShape indices, PartialShape updates) {
    if (ShapeMerge.numElements(tensor) == 0
        && (ShapeMerge.numElements(indices) > 0 || ShapeMerge.numElements(updates) > 0)) {
      throw node.invalidArgument("Indices and updates specified for empty input");
    }
    if (indices.hasRank()
        && updates.hasRank()
        && updates.rank() != 0
        && indices.dim(indices.rank() - 1) >= 0) {
      checkPrefixAndSuffix(node, tensor, indices, updates);
    }
  }

  private static void checkPrefixAndSuffix(
      NodeInfo node, PartialShape tensor, PartialShape indices, PartialShape updates) {
    int outer = indices.rank() - 1;
    long depth = indices.dim(outer);
    PartialShape prefixIndices = ShapeMerge.subshape(indices, 0, outer);
    PartialShape prefixUpdates = ShapeMerge.subshape(updates, 0, outer);
    String why = ShapeMerge.mergeError(prefixIndices, prefixUpdates);
    if (why != null) {
      throw node.invalidArgument(
          "Dimensions [0,"
              + outer
              + ") of indices[shape="
              + indices
              + "] = "
              + prefixIndices
              + " must match dimensions [0,"
              + outer
              + ") of updates[shape="
              + updates
              + "] = "
              + prefixUpdates
              + ": "
              + why);
    }
    PartialShape suffixTensor = ShapeMerge.subshape(tensor, depth, Long.MAX_VALUE);
    PartialShape suffixUpdates = ShapeMerge.subshape(updates, outer, Long.MAX_VALUE);
    why = ShapeMerge.mergeError(suffixTensor, suffixUpdates);
    if (why != null) {
      throw node.invalidArgument(
          "Dimensions ["
              + depth
              + ","
              + (tensor.hasRank() ? String.valueOf(tensor.rank()) : "?")
              + ") of input[shape="
              + tensor
              + "] = "
              + suffixTensor
              + " must match dimensions ["
              + outer
              + ","
              + updates.rank()
              + ") of updates[shape="
              + updates
              + "] = "
              + suffixUpdates
              + ": "
              + why);
    }
  }

  /** Either no index vectors and no updates, or all three tensors non-empty. */
  private static boolean validEmptyOutputShape(
      long tensorElements, long indexElements, long updateElements) {
    if (indexElements == 0 && updateElements == 0) {
      return true;
    }
    return tensorElements != 0 && indexElements != 0 && updateElements != 0;
  }

  /**
   * updates.shape[:outer] must be indices.shape[:outer] and updates.shape[outer:] must be
   * tensor.shape[depth:]. TF 2.18 reads past updates' rank here and aborts the process (a CHECK
   * failure) when updates has fewer than {@code outer} dims; rawops reports the mismatch instead.
   */
  private static void checkOuterAndInner(
      NodeInfo node, Shape tensor, Shape indices, Shape updates) {
    int outer = indices.rank() - 1;
    for (int i = 0; i < outer; i++) {
      if (i >= updates.rank() || indices.dim(i) != updates.dim(i)) {
        throw node.invalidArgument(
            "Outer dimensions of indices and update must match. Indices shape: "
                + indices
                + ", updates shape:"
                + updates);
      }
    }
    long depth = indices.dim(outer);
    if (updates.rank() - outer != tensor.rank() - depth) {
      throw node.invalidArgument(
          "Inner dimensions of output shape must match inner dimensions of updates "
              + "shape. Output: "
              + tensor
              + " updates: "
              + updates);
    }
    for (int i = 0; i + outer < updates.rank(); i++) {
      if (updates.dim(i + outer) != tensor.dim((int) depth + i)) {
        throw node.invalidArgument(
            "The inner "
                + (tensor.rank() - depth)
                + " dimensions of output.shape="
                + tensor
                + " must match the inner "
                + (updates.rank() - outer)
                + " dimensions of updates.shape="
                + updates);
      }
    }
  }

  /** TF's ValidateScatterNdUpdateShape, where a rank-1 indices counts as one index of depth 1. */
  private static void checkUpdateShape(NodeInfo node, Shape tensor, Shape indices, Shape updates) {
    long sliceDim = indices.rank() > 1 ? indices.dim(indices.rank() - 1) : 1;
    int batchDim = indices.rank() > 1 ? indices.rank() - 1 : 1;
    String prefixError =
        "Dimensions [0,"
            + batchDim
            + ") of indices[shape="
            + indices
            + "] must match dimensions [0,"
            + batchDim
            + ") of updates[shape="
            + updates
            + "]";
    String suffixError =
        "Dimensions ["
            + sliceDim
            + ","
            + tensor.rank()
            + ") of input[shape="
            + tensor
            + "] must match dimensions ["
            + sliceDim
            + ","
            + updates.rank()
            + ") of updates[shape="
            + updates
            + "]";
    if (updates.rank() < batchDim) {
      throw node.invalidArgument(prefixError);
    }
    if (tensor.rank() < sliceDim + (updates.rank() - batchDim)
        || updates.rank() != batchDim + tensor.rank() - sliceDim) {
      throw node.invalidArgument(suffixError);
    }
    for (int d = 0; d < batchDim; d++) {
      if (updates.dim(d) != indices.dim(d)) {
        throw node.invalidArgument(prefixError);
      }
    }
    for (int d = 0; d < updates.rank() - batchDim; d++) {
      if (updates.dim(d + batchDim) != tensor.dim((int) sliceDim + d)) {
        throw node.invalidArgument(suffixError);
      }
    }
  }
}
