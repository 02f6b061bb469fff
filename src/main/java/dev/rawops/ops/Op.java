package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * One TensorFlow op: its TF 2.18 schema, the attribute rules the OpDef cannot express, and its
 * shape function. All of it runs at build time, before any kernel; kernels live per device in
 * {@code dev.rawops.kernels.*} and may rely on what these checks established.
 */
public interface Op {
  OpSchema schema();

  default String name() {
    return schema().name();
  }

  /**
   * Checks rules beyond the OpDef (e.g. an attr's allowed strings, mask bit combinations).
   *
   * @throws dev.rawops.RawOpsException naming the node, attr and value
   */
  default void checkAttrs(NodeInfo node) {}

  /**
   * The output shapes as far as build time can know them; throws when the known shapes already
   * contradict the op's rules.
   */
  List<PartialShape> inferShapes(NodeInfo node);

  /**
   * Output i's value when it is known at build time (Const), for constant-aware shape functions.
   */
  default Optional<Tensor> constantOutput(NodeInfo node, int output) {
    return Optional.empty();
  }
}
