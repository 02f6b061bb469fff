package dev.rawops.ops.strings;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;

/**
 * Two-shape broadcasting for Substr (TF's BCast without its dimension merging, and
 * BroadcastBinaryOpShapeFn at build time).
 */
public final class StringBroadcast {
  private StringBroadcast() {}

  /** The broadcast of known shapes; INVALID_ARGUMENT "Incompatible shapes: a vs. b" otherwise. */
  public static Shape shape(NodeInfo node, Shape a, Shape b) {
    int rank = Math.max(a.rank(), b.rank());
    long[] out = new long[rank];
    for (int d = 0; d < rank; d++) {
      long x = dimFromEnd(a, rank - d);
      long y = dimFromEnd(b, rank - d);
      if (x != y && x != 1 && y != 1) {
        throw node.invalidArgument("Incompatible shapes: " + a + " vs. " + b);
      }
      out[d] = x == 1 ? y : x;
    }
    return Shape.of(out);
  }

  /** Dimension {@code k} counted from the end (1 = last), 1 beyond the rank. */
  public static long dimFromEnd(Shape s, int k) {
    int i = s.rank() - k;
    return i < 0 ? 1 : s.dim(i);
  }

  /** Build-time broadcasting: unknown where it cannot tell, TF's message where dims contradict. */
  public static PartialShape staticShape(NodeInfo node, PartialShape a, PartialShape b) {
    if (!a.hasRank() || !b.hasRank()) {
      return PartialShape.unknownRank();
    }
    int rank = Math.max(a.rank(), b.rank());
    long[] out = new long[rank];
    for (int d = 0; d < rank; d++) {
      int i = a.rank() - (rank - d);
      int j = b.rank() - (rank - d);
      long x = i < 0 ? 1 : a.dim(i);
      long y = j < 0 ? 1 : b.dim(j);
      if (x == 1) {
        out[d] = y;
      } else if (y == 1) {
        out[d] = x;
      } else if (x < 0 || y < 0) {
        out[d] = x < 0 ? y : x;
      } else if (x == y) {
        out[d] = x;
      } else {
        throw node.invalidArgument(
            "Dimensions must be equal, but are "
                + x
                + " and "
                + y
                + " for '{{node "
                + node.name()
                + "}} = "
                + node.op()
                + node.attrs()
                + "' with input shapes: "
                + a
                + ", "
                + b
                + ".");
      }
    }
    return PartialShape.of(out);
  }
}
