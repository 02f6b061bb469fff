package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * GatherNd: {@code output[i…] = params[indices[i…, :]]}, output shape {@code indices.shape[:-1] +
 * params.shape[indices.shape[-1]:]}.
 */
public final class GatherNdOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "GatherNd"
      input_arg { name: "params" type_attr: "Tparams" }
      input_arg { name: "indices" type_attr: "Tindices" }
      output_arg { name: "output" type_attr: "Tparams" }
      attr { name: "Tparams" type: "type" }
      attr {
        name: "Tindices" type: "type"
        allowed_values { list { type: DT_INT16 type: DT_INT32 type: DT_INT64 } }
      }
      attr { name: "bad_indices_policy" type: "string" default_value { s: "" } }
      """);

  static final int PARAMS = 0;
  static final int INDICES = 1;

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public void checkAttrs(NodeInfo node) {
    BadIndicesPolicy.of(node);
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    Shapes.requireRankAtLeast(node, INDICES, 1);
    PartialShape params = node.inputShape(PARAMS);
    PartialShape indices = node.inputShape(INDICES);
    if (!params.hasRank() || !indices.hasRank() || indices.dim(indices.rank() - 1) < 0) {
      return List.of(PartialShape.unknownRank());
    }
    long depth = indices.dim(indices.rank() - 1);
    if (depth > params.rank()) {
      throw node.invalidArgument(
          "indices.shape[-1] must be <= params.rank, but saw indices shape: "
              + indices
              + " and params shape: "
              + params);
    }
    return List.of(
        indices.sub(0, indices.rank() - 1).concat(params.sub((int) depth, params.rank())));
  }
}
