package dev.rawops.ops;

import java.util.List;

/** The State op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class StateOps {
  private StateOps() {}

  static List<Op> all() {
    return List.of();
  }
}
