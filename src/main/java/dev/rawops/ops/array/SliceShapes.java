package dev.rawops.ops.array;

import static dev.rawops.ops.array.ArrayShapes.U;
import static dev.rawops.ops.array.ArrayShapes.ints;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import java.util.List;
import java.util.Optional;

/** Shape functions of Slice, Transpose, Tile, Pad (PadV2, MirrorPad) and ReverseV2. */
final class SliceShapes {
  private SliceShapes() {}

  static List<PartialShape> slice(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> begin = ints(n, 1);
    Optional<long[]> size = ints(n, 2);
    if (!in.hasRank()) {
      PartialShape s = n.inputShape(2);
      if (s.hasRank() && s.rank() == 1 && s.dim(0) >= 0) {
        return List.of(PartialShape.unknownDims((int) s.dim(0)));
      }
      return List.of(PartialShape.unknownRank());
    }
    int rank = in.rank();
    long[] out = new long[rank];
    java.util.Arrays.fill(out, U);
    if (size.isPresent()) {
      long[] s = size.get();
      if (s.length != rank) {
        throw n.invalidArgument(
            "Expected begin and size arguments to be 1-D tensors of size "
                + rank
                + ", but got shapes "
                + n.inputShape(1)
                + " and "
                + n.inputShape(2)
                + " instead.");
      }
      for (int i = 0; i < rank; i++) {
        if (s[i] >= 0) {
          out[i] = s[i];
        } else if (s[i] == -1 && begin.isPresent() && in.dim(i) >= 0) {
          out[i] = in.dim(i) - begin.get()[i];
        }
      }
    }
    return List.of(PartialShape.of(out));
  }

  static List<PartialShape> transpose(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> perm = ints(n, 1);
    PartialShape permShape = n.inputShape(1);
    int rank =
        in.hasRank()
            ? in.rank()
            : permShape.hasRank() && permShape.rank() == 1 && permShape.dim(0) >= 0
                ? (int) permShape.dim(0)
                : -1;
    if (rank < 0) {
      return List.of(PartialShape.unknownRank());
    }
    if (perm.isEmpty() || !in.hasRank()) {
      return List.of(PartialShape.unknownDims(rank));
    }
    long[] p = perm.get();
    if (p.length != rank) {
      throw n.invalidArgument(
          "transpose expects a vector of size "
              + rank
              + ". But input(1) is a vector of size "
              + p.length);
    }
    long[] out = new long[rank];
    for (int i = 0; i < rank; i++) {
      if (p[i] < 0 || p[i] >= rank) {
        throw n.invalidArgument(p[i] + " is out of range [0 .. " + rank + ")");
      }
      out[i] = in.dim((int) p[i]);
    }
    return List.of(PartialShape.of(out));
  }

  static List<PartialShape> tile(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> mult = ints(n, 1);
    if (!in.hasRank()) {
      return List.of(
          mult.map(m -> PartialShape.unknownDims(m.length)).orElse(PartialShape.unknownRank()));
    }
    if (mult.isEmpty()) {
      return List.of(PartialShape.unknownDims(in.rank()));
    }
    long[] m = mult.get();
    if (m.length != in.rank()) {
      throw n.invalidArgument(
          "Expected multiples argument to be a vector of length "
              + in.rank()
              + " but got length "
              + m.length);
    }
    long[] out = new long[m.length];
    for (int i = 0; i < m.length; i++) {
      out[i] = in.dim(i) < 0 ? U : in.dim(i) * m[i];
    }
    return List.of(PartialShape.of(out));
  }

  static List<PartialShape> pad(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> pads = ints(n, 1);
    if (pads.isPresent()) {
      long[] p = pads.get();
      for (int i = 0; i + 1 < p.length; i += 2) {
        if (p[i] < 0 || p[i + 1] < 0) {
          throw n.invalidArgument("Paddings must be non-negative");
        }
      }
    }
    if (!in.hasRank()) {
      PartialShape p = n.inputShape(1);
      return List.of(
          p.hasRank() && p.rank() == 2 && p.dim(0) >= 0
              ? PartialShape.unknownDims((int) p.dim(0))
              : PartialShape.unknownRank());
    }
    int rank = in.rank();
    if (pads.isEmpty() || pads.get().length != 2L * rank) {
      return List.of(PartialShape.unknownDims(rank));
    }
    long[] p = pads.get();
    long[] out = new long[rank];
    for (int i = 0; i < rank; i++) {
      if (p[2 * i] < 0 || p[2 * i + 1] < 0) {
        throw n.invalidArgument("Paddings must be non-negative: " + p[2 * i] + " " + p[2 * i + 1]);
      }
      out[i] = in.dim(i) < 0 ? U : in.dim(i) + p[2 * i] + p[2 * i + 1];
    }
    return List.of(PartialShape.of(out));
  }

  static List<PartialShape> reverse(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> axes = ints(n, 1);
    if (in.hasRank() && axes.isPresent()) {
      int rank = in.rank();
      boolean[] seen = new boolean[rank];
      long[] a = axes.get();
      for (int i = 0; i < a.length; i++) {
        long ax = a[i] < 0 ? a[i] + rank : a[i];
        if (ax < 0 || ax >= rank) {
          throw n.invalidArgument(
              "'axis'[" + i + "] = " + a[i] + " is out of valid range [0, " + (rank - 1));
        }
        if (seen[(int) ax]) {
          throw n.invalidArgument("axis " + ax + " specified more than once.");
        }
        seen[(int) ax] = true;
      }
    }
    return List.of(in);
  }
}
