package dev.rawops.ops.core;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/** NoOp: does nothing; useful as a target that gathers control dependencies. */
public final class NoOpOp implements Op {
  private static final OpSchema SCHEMA = OpSchema.parse("name: \"NoOp\"");

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    return List.of();
  }
}
