package dev.rawops.ops;

import java.util.List;

/** The Function op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class FunctionOps {
  private FunctionOps() {}

  static List<Op> all() {
    return List.of();
  }
}
