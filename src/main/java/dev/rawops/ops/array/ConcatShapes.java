package dev.rawops.ops.array;

import static dev.rawops.ops.array.ArrayShapes.U;
import static dev.rawops.ops.array.ArrayShapes.dims;
import static dev.rawops.ops.array.ArrayShapes.ints;
import static dev.rawops.ops.array.ArrayShapes.merge;
import static dev.rawops.ops.array.ArrayShapes.scalar;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Shape functions of Pack, Unpack, Concat, ConcatV2, ParallelConcat, Split and SplitV. */
final class ConcatShapes {
  private ConcatShapes() {}

  /** Merges the shapes of inputs [from, to), or throws TF's Pack message. */
  private static PartialShape mergeAll(NodeInfo n, int from, int to, String what) {
    PartialShape merged = PartialShape.unknownRank();
    for (int i = from; i < to; i++) {
      PartialShape s = n.inputShape(i);
      Optional<PartialShape> m = merge(merged, s);
      if (m.isEmpty()) {
        throw n.invalidArgument(
            what
                + ": values[0].shape = "
                + n.inputShape(from)
                + " != values["
                + (i - from)
                + "].shape = "
                + s);
      }
      merged = m.get();
    }
    return merged;
  }

  static List<PartialShape> pack(NodeInfo n) {
    int count = n.numInputs();
    PartialShape merged = mergeAll(n, 0, count, "Shapes of all inputs must match");
    long axis = n.attrs().getInt("axis");
    if (!merged.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    int rank = merged.rank() + 1;
    int at = ArrayShapes.axis(n, axis, rank);
    long[] src = dims(merged);
    long[] out = new long[rank];
    for (int i = 0, j = 0; i < rank; i++) {
      out[i] = i == at ? count : src[j++];
    }
    return List.of(PartialShape.of(out));
  }

  static List<PartialShape> unpack(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    long num = n.attrs().getInt("num");
    if (!in.hasRank()) {
      return Collections.nCopies(n.numOutputs(), PartialShape.unknownRank());
    }
    int at = ArrayShapes.axis(n, n.attrs().getInt("axis"), in.rank());
    long d = in.dim(at);
    if (d >= 0 && d != num) {
      throw n.invalidArgument("Dimension must be " + num + " but is " + d);
    }
    long[] src = dims(in);
    long[] out = new long[src.length - 1];
    for (int i = 0, j = 0; i < src.length; i++) {
      if (i != at) {
        out[j++] = src[i];
      }
    }
    return Collections.nCopies(n.numOutputs(), PartialShape.of(out));
  }

  static List<PartialShape> concat(NodeInfo n, int axisInput, int from, int to) {
    Shapes.requireRank(n, axisInput, 0);
    Optional<Long> axisValue = scalar(n, axisInput);
    int rank = -1;
    for (int i = from; i < to; i++) {
      PartialShape s = n.inputShape(i);
      if (s.hasRank()) {
        if (rank >= 0 && s.rank() != rank) {
          throw n.invalidArgument(
              "Shape must be rank " + rank + " but is rank " + s.rank() + " for input " + i);
        }
        rank = s.rank();
      }
    }
    if (rank < 0) {
      return List.of(PartialShape.unknownRank());
    }
    if (rank == 0) {
      throw n.invalidArgument("Can't concatenate scalars (use tf.stack instead)");
    }
    if (axisValue.isEmpty()) {
      return List.of(PartialShape.unknownDims(rank));
    }
    long a = axisValue.get();
    if (a < -rank || a >= rank) {
      throw n.invalidArgument(
          "Expected concatenating dimensions in the range ["
              + -rank
              + ", "
              + rank
              + "), but got "
              + a);
    }
    int at = (int) (a < 0 ? a + rank : a);
    long[] out = new long[rank];
    java.util.Arrays.fill(out, U);
    long sum = 0;
    for (int i = from; i < to; i++) {
      PartialShape s = n.inputShape(i);
      if (!s.hasRank()) {
        sum = U;
        continue;
      }
      for (int d = 0; d < rank; d++) {
        if (d == at) {
          sum = sum < 0 || s.dim(d) < 0 ? U : sum + s.dim(d);
        } else if (s.dim(d) >= 0) {
          if (out[d] >= 0 && out[d] != s.dim(d)) {
            throw n.invalidArgument(
                "Dimension "
                    + d
                    + " in both shapes must be equal, but are "
                    + out[d]
                    + " and "
                    + s.dim(d)
                    + ".");
          }
          out[d] = s.dim(d);
        }
      }
    }
    out[at] = sum;
    return List.of(PartialShape.of(out));
  }

  static List<PartialShape> parallelConcat(NodeInfo n) {
    for (int i = 0; i < n.numInputs(); i++) {
      if (!n.inputShape(i).isFullyDefined()) {
        throw n.invalidArgument("All input shapes must be fully defined.");
      }
    }
    PartialShape s = PartialShape.fromProto(n.attrs().getShape("shape"));
    return List.of(s);
  }

  static List<PartialShape> split(NodeInfo n, int valueInput, int axisInput) {
    int outs = n.numOutputs();
    PartialShape in = n.inputShape(valueInput);
    Optional<Long> axis = scalar(n, axisInput);
    if (!in.hasRank()) {
      return Collections.nCopies(outs, PartialShape.unknownRank());
    }
    int rank = in.rank();
    if (axis.isEmpty()) {
      return Collections.nCopies(outs, PartialShape.unknownDims(rank));
    }
    long a = axis.get();
    if (a < -rank || a >= rank) {
      throw n.invalidArgument(
          "-input rank(-" + rank + ") <= split_dim < input rank (" + rank + "), but got " + a);
    }
    int at = (int) (a < 0 ? a + rank : a);
    long[] base = dims(in);
    List<PartialShape> out = new ArrayList<>();
    if (n.op().equals("Split")) {
      long d = base[at];
      if (d >= 0 && d % outs != 0) {
        throw n.invalidArgument(
            "Number of ways to split should evenly divide the split dimension, but got split_dim "
                + a
                + " (size = "
                + d
                + ") and num_split "
                + outs);
      }
      base[at] = d < 0 ? U : d / outs;
      return Collections.nCopies(outs, PartialShape.of(base));
    }
    Optional<long[]> sizes = ints(n, 1);
    if (sizes.isPresent() && base[at] >= 0) {
      long[] sz = sizes.get();
      long total = 0;
      int unknown = 0;
      for (long v : sz) {
        if (v == -1) {
          unknown++;
        } else {
          total += v;
        }
      }
      if ((unknown == 0 && total != base[at]) || (unknown == 1 && total > base[at])) {
        StringBuilder sb = new StringBuilder();
        for (long v : sz) {
          sb.append(sb.isEmpty() ? "" : ",").append(v);
        }
        throw n.invalidArgument(
            "can't split axis of size " + base[at] + " into pieces of size [" + sb + "]");
      }
    }
    for (int i = 0; i < outs; i++) {
      long[] d = base.clone();
      d[at] = U;
      if (sizes.isPresent() && sizes.get().length == outs) {
        long[] s = sizes.get();
        long v = s[i];
        if (v == -1 && base[at] >= 0) {
          long rest = base[at];
          for (int j = 0; j < outs; j++) {
            rest -= j == i ? 0 : s[j];
          }
          v = rest;
        }
        d[at] = v;
      }
      out.add(PartialShape.of(d));
    }
    return out;
  }
}
