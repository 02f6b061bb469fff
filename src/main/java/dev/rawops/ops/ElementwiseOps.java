package dev.rawops.ops;

import java.util.List;

/** The Elementwise op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class ElementwiseOps {
  private ElementwiseOps() {}

  static List<Op> all() {
    return List.of();
  }
}
