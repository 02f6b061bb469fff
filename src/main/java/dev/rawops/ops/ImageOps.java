package dev.rawops.ops;

import java.util.List;

/** The Image op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
final class ImageOps {
  private ImageOps() {}

  static List<Op> all() {
    return List.of();
  }
}
