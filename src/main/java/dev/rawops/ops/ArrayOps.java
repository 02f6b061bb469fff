package dev.rawops.ops;

import java.util.List;

/** The Array op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class ArrayOps {
  private ArrayOps() {}

  static List<Op> all() {
    return List.of();
  }
}
