package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;

/** Shape-function helpers with TF's wording, shared by ops. */
public final class Shapes {
  private Shapes() {}

  /**
   * INVALID_ARGUMENT "Shape must be at least rank r but is rank k" when the rank is known and
   * lower.
   */
  public static void requireRankAtLeast(NodeInfo node, int input, int rank) {
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() < rank) {
      throw node.invalidArgument(
          "Shape must be at least rank "
              + rank
              + " but is rank "
              + s.rank()
              + " for input "
              + input
              + " ('"
              + node.signature().inputArgs().get(input)
              + "', shape "
              + s
              + ")");
    }
  }

  /** INVALID_ARGUMENT "Shape must be rank r but is rank k" when the rank is known and differs. */
  public static void requireRank(NodeInfo node, int input, int rank) {
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() != rank) {
      throw node.invalidArgument(
          "Shape must be rank "
              + rank
              + " but is rank "
              + s.rank()
              + " for input "
              + input
              + " ('"
              + node.signature().inputArgs().get(input)
              + "', shape "
              + s
              + ")");
    }
  }
}
