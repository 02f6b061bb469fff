package dev.rawops.ops.core;

import dev.rawops.RawOpsException;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.util.List;
import java.util.Optional;

/**
 * Const: a tensor held in the graph. Decoded once, at build time, unless large (then when it runs).
 */
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
      throw node.invalidArgument( // TF's ConstantOp
          "Type mismatch between value ("
              + DType.tfName(node.attrs().get("value").getTensor().getDtype())
              + ") and dtype ("
              + DType.tfName(node.attrs().getType("dtype"))
              + ")");
    }
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    Optional<Tensor> value = node.constantOutput(0);
    if (value.isPresent()) {
      return List.of(value.get().shape().toPartial());
    }
    try {
      TensorProto p = node.attrs().get("value").getTensor();
      TensorProtos.checkStructure(p);
      return List.of(TensorProtos.shapeOf(p.getTensorShape()).toPartial());
    } catch (RawOpsException e) {
      throw e.atNode(node.name(), node.op());
    }
  }

  /**
   * The decoded value, when decoding it costs little: at most {@link #EAGER_BYTES} or twice the
   * proto's own size. A larger value (a huge shape with one repeated value or none) is decoded only
   * when the node runs ({@link #value}), so a Const the fetches do not need never allocates, as in
   * TF, where unneeded nodes never run.
   */
  @Override
  public Optional<Tensor> constantOutput(NodeInfo node, int output) {
    TensorProto p = node.attrs().get("value").getTensor();
    long bytes;
    try {
      bytes = TensorProtos.decodedBytes(p);
    } catch (RawOpsException e) {
      throw e.atNode(node.name(), node.op());
    }
    if (bytes > Math.max(EAGER_BYTES, 2L * p.getSerializedSize())) {
      return Optional.empty();
    }
    return Optional.of(value(node));
  }

  /** Values up to this size are decoded at build time (when not already that size as a proto). */
  public static final long EAGER_BYTES = 64L << 20;

  /**
   * The decoded value; INVALID_ARGUMENT at the node when the TensorProto is malformed,
   * RESOURCE_EXHAUSTED past a limit.
   */
  public static Tensor value(NodeInfo node) {
    try {
      return TensorProtos.toTensor(node.attrs().get("value").getTensor());
    } catch (RawOpsException e) {
      throw e.atNode(node.name(), node.op());
    }
  }
}
