package dev.rawops.ops;

import java.util.List;

/** The Nn op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class NnOps {
  private NnOps() {}

  static List<Op> all() {
    return List.of();
  }
}
