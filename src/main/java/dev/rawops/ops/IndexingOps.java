package dev.rawops.ops;

import java.util.List;

/** The Indexing op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class IndexingOps {
  private IndexingOps() {}

  static List<Op> all() {
    return List.of();
  }
}
