package dev.rawops.ops;

import java.util.List;

/** The Linalg op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class LinalgOps {
  private LinalgOps() {}

  static List<Op> all() {
    return List.of();
  }
}
