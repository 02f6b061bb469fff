package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.ShapeMerge;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * TensorScatterUpdate: a copy of {@code tensor} with {@code output[indices[i…, :]] = updates[i…]},
 * where {@code updates.shape == indices.shape[:-1] + tensor.shape[indices.shape[-1]:]}.
 *
 * <p>Shape rules are checked at build time as far as the static shapes allow (TF's
 * ScatterNdTensorShape) and completely at run time by {@link TensorScatterUpdateGeometry} (TF's
 * TensorScatterOp and DoScatterNd checks, in their order and wording).
 */
public final class TensorScatterUpdateOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "TensorScatterUpdate"
      input_arg { name: "tensor" type_attr: "T" }
      input_arg { name: "indices" type_attr: "Tindices" }
      input_arg { name: "updates" type_attr: "T" }
      output_arg { name: "output" type_attr: "T" }
      attr { name: "T" type: "type" }
      attr {
        name: "Tindices" type: "type"
        allowed_values { list { type: DT_INT16 type: DT_INT32 type: DT_INT64 type: DT_UINT16 } }
      }
      attr { name: "bad_indices_policy" type: "string" default_value { s: "" } }
      """);

  static final int TENSOR = 0;
  static final int INDICES = 1;
  static final int UPDATES = 2;

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public void checkAttrs(NodeInfo node) {
    BadIndicesPolicy.of(node);
  }

  /**
   * TF's ScatterNdTensorShape: tensor and indices of rank ≥ 1 (updates may be a scalar here; the
   * kernel rejects it), then ScatterNdShapeHelper's empty-input and prefix/suffix rules.
   */
  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    Shapes.requireRankAtLeast(node, TENSOR, 1);
    Shapes.requireRankAtLeast(node, INDICES, 1);
    PartialShape tensor = node.inputShape(TENSOR);
    PartialShape indices = node.inputShape(INDICES);
    PartialShape updates = node.inputShape(UPDATES);
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
    return List.of(tensor);
  }

  /**
   * updates' leading dims must merge with indices.shape[:-1], the rest with tensor.shape[depth:].
   */
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
              + tensor.rank()
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
}
