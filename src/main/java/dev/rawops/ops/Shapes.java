package dev.rawops.ops;

import dev.rawops.RawOpsException;
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
      throw rankError(node, input, "at least rank " + rank, s);
    }
  }

  /** INVALID_ARGUMENT "Shape must be at most rank r but is rank k" when known and higher. */
  public static void requireRankAtMost(NodeInfo node, int input, int rank) {
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() > rank) {
      throw rankError(node, input, "at most rank " + rank, s);
    }
  }

  /** INVALID_ARGUMENT "Shape must be rank r but is rank k" when the rank is known and differs. */
  public static void requireRank(NodeInfo node, int input, int rank) {
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() != rank) {
      throw rankError(node, input, "rank " + rank, s);
    }
  }

  private static RawOpsException rankError(NodeInfo node, int input, String want, PartialShape s) {
    String arg = node.signature().inputArgs().get(input);
    return node.invalidArgument(
        "Shape must be "
            + want
            + " but is rank "
            + s.rank()
            + " for input "
            + input
            + " ('"
            + arg
            + "', shape "
            + s
            + ")");
  }
}
