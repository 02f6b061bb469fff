package dev.rawops.ops;

import dev.rawops.RawOpsException;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import java.util.List;
import java.util.Optional;

/** Const: a tensor held in the graph. Decoded once, at build time. */
public final class ConstOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "Const"
      output_arg { name: "output" type_attr: "dtype" }
      attr { name: "value" type: "tensor" }
      attr { name: "dtype" type: "type" }
      """);

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public void checkAttrs(NodeInfo node) {
    if (node.attrs().get("value").getTensor().getDtype() != node.attrs().getType("dtype")) {
      throw node.invalidArgument(
          "value's dtype "
              + node.attrs().get("value").getTensor().getDtype()
              + " does not match attr dtype "
              + node.attrs().getType("dtype"));
    }
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    return List.of(node.constantOutput(0).orElseThrow().shape().toPartial());
  }

  @Override
  public Optional<Tensor> constantOutput(NodeInfo node, int output) {
    return Optional.of(value(node));
  }

  /** The decoded value; INVALID_ARGUMENT at the node when the TensorProto is malformed. */
  private static Tensor value(NodeInfo node) {
    try {
      return TensorProtos.toTensor(node.attrs().get("value").getTensor());
    } catch (RawOpsException e) {
      throw e.atNode(node.name(), node.op());
    }
  }
}
