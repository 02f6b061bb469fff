package dev.rawops.ops;

import java.util.List;

/** The ControlFlow op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class ControlFlowOps {
  private ControlFlowOps() {}

  static List<Op> all() {
    return List.of();
  }
}
