package dev.rawops.ops.core;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * Snapshot: a copy of its input, same dtype and shape. TF's shape function is UnchangedShape, and
 * there is nothing to check at run time, so no device needs a shared validation record.
 */
public final class SnapshotOp implements Op {
  // TF 2.18.0's OpDef, as its op registry prints it (TF_GraphGetOpDef).
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "Snapshot"
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

  /** A copy of a constant is that constant: TF's shape inference evaluates through it too. */
  @Override
  public Optional<Tensor> constantOutput(NodeInfo node, int output) {
    return node.constantInput(0);
  }
}
