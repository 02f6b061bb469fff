package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.ScatterNdGeometry;
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
    ScatterNdGeometry.inferCheck(node, tensor, node.inputShape(INDICES), node.inputShape(UPDATES));
    return List.of(tensor);
  }
}
