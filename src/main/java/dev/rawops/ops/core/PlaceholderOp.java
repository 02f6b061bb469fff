package dev.rawops.ops.core;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/** Placeholder: a value the caller must feed; running it unfed is INVALID_ARGUMENT. */
public final class PlaceholderOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "Placeholder"
      output_arg { name: "output" type_attr: "dtype" }
      attr { name: "dtype" type: "type" }
      attr { name: "shape" type: "shape" default_value { shape { unknown_rank: true } } }
      """);

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    return List.of(PartialShape.fromProto(node.attrs().getShape("shape")));
  }
}
