package dev.rawops.ops.core;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** IdentityN: each input to the output of the same position, unchanged. */
public final class IdentityNOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "IdentityN"
      input_arg { name: "input" type_list_attr: "T" }
      output_arg { name: "output" type_list_attr: "T" }
      attr { name: "T" type: "list(type)" has_minimum: true minimum: 1 }
      """);

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    List<PartialShape> out = new ArrayList<>();
    for (int i = 0; i < node.numInputs(); i++) {
      out.add(node.inputShape(i));
    }
    return out;
  }

  @Override
  public Optional<Tensor> constantOutput(NodeInfo node, int output) {
    return node.constantInput(output);
  }
}
