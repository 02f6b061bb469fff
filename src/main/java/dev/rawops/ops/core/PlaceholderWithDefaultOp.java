package dev.rawops.ops.core;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/** PlaceholderWithDefault: its input unless the caller feeds a value of the declared shape. */
public final class PlaceholderWithDefaultOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "PlaceholderWithDefault"
      input_arg { name: "input" type_attr: "dtype" }
      output_arg { name: "output" type_attr: "dtype" }
      attr { name: "dtype" type: "type" }
      attr { name: "shape" type: "shape" }
      """);

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    PartialShape declared = PartialShape.fromProto(node.attrs().getShape("shape"));
    if (!declared.isCompatibleWith(node.inputShape(0))) {
      throw node.invalidArgument(
          "input shape "
              + node.inputShape(0)
              + " is not compatible with the shape attr "
              + declared);
    }
    // The declared shape, not the default's: a feed may be any value of that shape.
    return List.of(declared);
  }
}
