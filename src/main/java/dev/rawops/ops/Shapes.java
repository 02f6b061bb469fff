package dev.rawops.ops;

import dev.rawops.RawOpsException;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

  /** The value of a constant scalar (or one-element) integer input, when build time knows it. */
  public static Optional<Long> constantScalar(NodeInfo node, int input) {
    return node.constantInput(input)
        .filter(t -> t.numElements() == 1 && t.dtype().isInteger())
        .map(t -> t.getIndex(0));
  }

  /** A shape given by a constant 1-D input's values; else unknown dims of its length. */
  public static PartialShape shapeFromInput(NodeInfo node, int input) {
    Optional<Tensor> c = node.constantInput(input);
    if (c.isPresent() && c.get().dtype().isInteger() && c.get().shape().rank() <= 1) {
      long[] v = c.get().toLongArray();
      for (long d : v) {
        if (d < 0) {
          return PartialShape.unknownDims(v.length);
        }
      }
      return PartialShape.of(v);
    }
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() == 1 && s.dim(0) >= 0) {
      return PartialShape.unknownDims((int) s.dim(0));
    }
    return PartialShape.unknownRank();
  }

  /**
   * TF's "Dimensions must be equal" message of a shape function, naming the node and its input
   * shapes.
   */
  public static String dimsMismatch(NodeInfo node, long a, long b) {
    List<String> shapes = new ArrayList<>();
    for (int i = 0; i < node.numInputs(); i++) {
      shapes.add(node.inputShape(i).toString());
    }
    return "Dimensions must be equal, but are "
        + a
        + " and "
        + b
        + " for '{{node "
        + node.name()
        + "}} = "
        + node.op()
        + node.attrs()
        + "' with input shapes: "
        + String.join(", ", shapes)
        + ".";
  }

  /** The first {@code rank} dims of {@code s}, -1 where unknown (all when the rank is unknown). */
  public static long[] dimsOrUnknown(PartialShape s, int rank) {
    long[] d = new long[rank];
    for (int i = 0; i < rank; i++) {
      d[i] = s.hasRank() ? s.dim(i) : -1;
    }
    return d;
  }

  /** Dim {@code i} of {@code s}, or -1 when it or the rank is unknown. */
  public static long dimOr(PartialShape s, int i) {
    return s.hasRank() ? s.dim(i) : -1;
  }

  /** TF's SliceDebugString: "" for rank 0, "[i]" for rank 1, "[i,j,…]" otherwise. */
  public static String position(Shape shape, long flat) {
    if (shape.rank() == 0) {
      return "";
    }
    long[] idx = new long[shape.rank()];
    for (int d = shape.rank() - 1; d >= 0; d--) {
      long dim = shape.dim(d);
      idx[d] = dim == 0 ? 0 : flat % dim;
      flat = dim == 0 ? 0 : flat / dim;
    }
    StringBuilder sb = new StringBuilder("[");
    for (int d = 0; d < idx.length; d++) {
      sb.append(d > 0 ? "," : "").append(idx[d]);
    }
    return sb.append(']').toString();
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
