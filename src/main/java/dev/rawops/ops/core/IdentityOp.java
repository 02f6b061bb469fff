package dev.rawops.ops.core;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/** Identity: its input, unchanged (the same tensor, no copy). */
public final class IdentityOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "Identity"
      input_arg { name: "input" type_attr: "T" }
      output_arg { name: "output" type_attr: "T" }
      attr { name: "T" type: "type" }
      """);

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    return List.of(node.inputShape(0));
  }

  @Override
  public Optional<Tensor> constantOutput(NodeInfo node, int output) {
    return node.constantInput(0);
  }
}
