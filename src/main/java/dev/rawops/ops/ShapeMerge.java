package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;

/**
 * TF's InferenceContext shape algebra that shape functions build their checks on: Subshape (with
 * its clamping), Merge (with its messages) and NumElements (0 wins over unknown dims).
 */
public final class ShapeMerge {
  private ShapeMerge() {}

  /**
   * Dimensions [start, end) of {@code s}, TF-style: bounds past the rank clamp to the rank, so a
   * start beyond it gives a scalar shape; an unknown rank stays unknown.
   */
  public static PartialShape subshape(PartialShape s, long start, long end) {
    if (!s.hasRank()) {
      return s;
    }
    int rank = s.rank();
    int from = (int) Math.min(start, rank);
    int to = (int) Math.max(from, Math.min(end, rank));
    return s.sub(from, to);
  }

  /**
   * Why {@code a} and {@code b} cannot describe the same shape, in TF's words; null when they can.
   */
  public static String mergeError(PartialShape a, PartialShape b) {
    if (!a.hasRank() || !b.hasRank()) {
      return null;
    }
    if (a.rank() != b.rank()) {
      return "Shapes must be equal rank, but are " + a.rank() + " and " + b.rank();
    }
    for (int i = 0; i < a.rank(); i++) {
      if (a.dim(i) >= 0 && b.dim(i) >= 0 && a.dim(i) != b.dim(i)) {
        return "Dimension "
            + i
            + " in both shapes must be equal, but are "
            + a.dim(i)
            + " and "
            + b.dim(i)
            + ". Shapes are "
            + a
            + " and "
            + b
            + ".";
      }
    }
    return null;
  }

  /** The element count when known: 0 if any dim is 0, -1 if otherwise something is unknown. */
  public static long numElements(PartialShape s) {
    if (!s.hasRank()) {
      return PartialShape.UNKNOWN;
    }
    boolean unknown = false;
    long n = 1;
    for (int i = 0; i < s.rank(); i++) {
      long d = s.dim(i);
      if (d == 0) {
        return 0;
      }
      if (d < 0) {
        unknown = true;
      } else {
        n = multiplySaturated(n, d);
      }
    }
    return unknown ? PartialShape.UNKNOWN : n;
  }

  private static long multiplySaturated(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
  }
}
