package dev.rawops.ops.ragged;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.List;

/**
 * RaggedGather: gathers rows of a ragged tensor ({@code params_nested_splits} and {@code
 * params_dense_values}) along axis 0, {@code output[i…j, d0…dn] = params[indices[i…j], d0…dn]}. The
 * result has {@code rank(indices) + PARAMS_RAGGED_RANK - 1} splits tensors; the run-time checks and
 * index math are in {@link RaggedGatherGeometry}.
 */
public final class RaggedGatherOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "RaggedGather"
      input_arg { name: "params_nested_splits" type_attr: "Tsplits" number_attr: "PARAMS_RAGGED_RANK" }
      input_arg { name: "params_dense_values" type_attr: "Tvalues" }
      input_arg { name: "indices" type_attr: "Tindices" }
      output_arg { name: "output_nested_splits" type_attr: "Tsplits" number_attr: "OUTPUT_RAGGED_RANK" }
      output_arg { name: "output_dense_values" type_attr: "Tvalues" }
      attr { name: "Tvalues" type: "type" }
      attr {
        name: "Tindices" type: "type"
        allowed_values { list { type: DT_INT32 type: DT_INT64 } }
      }
      attr {
        name: "Tsplits" type: "type" default_value { type: DT_INT64 }
        allowed_values { list { type: DT_INT32 type: DT_INT64 } }
      }
      attr { name: "PARAMS_RAGGED_RANK" type: "int" has_minimum: true minimum: 1 }
      attr { name: "OUTPUT_RAGGED_RANK" type: "int" has_minimum: true }
      """);

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  /**
   * TF's RaggedGatherShapeFn, in its order: indices must have rank {@code OUTPUT_RAGGED_RANK -
   * PARAMS_RAGGED_RANK + 1}, each splits tensor rank 1, the values rank at least 1. Every output
   * splits tensor is a vector of unknown length; the values keep their inner dimensions.
   */
  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    int paramsRaggedRank = Math.toIntExact(node.attrs().getInt("PARAMS_RAGGED_RANK"));
    int outputRaggedRank = Math.toIntExact(node.attrs().getInt("OUTPUT_RAGGED_RANK"));
    int valuesInput = paramsRaggedRank;
    int indicesInput = paramsRaggedRank + 1;
    PartialShape indices = node.inputShape(indicesInput);
    long requiredRank = (long) outputRaggedRank - paramsRaggedRank + 1;
    if (indices.hasRank() && indices.rank() != requiredRank) {
      throw node.invalidArgument(
          "Shape must be rank "
              + requiredRank
              + " but is rank "
              + indices.rank()
              + " for input "
              + indicesInput
              + " ('indices', shape "
              + indices
              + "): "
              + outputRaggedRankRule(outputRaggedRank, indices.rank(), paramsRaggedRank));
    }
    for (int i = 0; i < paramsRaggedRank; i++) {
      Shapes.requireRank(node, i, 1);
    }
    Shapes.requireRankAtLeast(node, valuesInput, 1);
    List<PartialShape> out = new ArrayList<>(outputRaggedRank + 1);
    for (int i = 0; i < outputRaggedRank; i++) {
      out.add(PartialShape.unknownDims(1));
    }
    PartialShape values = node.inputShape(valuesInput);
    out.add(
        values.hasRank()
            ? PartialShape.unknownDims(1).concat(values.sub(1, values.rank()))
            : PartialShape.unknownRank());
    return out;
  }

  /** The rule OUTPUT_RAGGED_RANK breaks, with the numbers filled in. */
  static String outputRaggedRankRule(
      long outputRaggedRank, int indicesRank, long paramsRaggedRank) {
    return "OUTPUT_RAGGED_RANK must equal rank(indices) + PARAMS_RAGGED_RANK - 1 = "
        + indicesRank
        + " + "
        + paramsRaggedRank
        + " - 1 = "
        + (indicesRank + paramsRaggedRank - 1)
        + ", but it is "
        + outputRaggedRank;
  }
}
