package dev.rawops.ops;

import java.util.List;

/** The Reduction op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class ReductionOps {
  private ReductionOps() {}

  static List<Op> all() {
    return List.of();
  }
}
