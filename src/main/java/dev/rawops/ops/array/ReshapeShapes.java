package dev.rawops.ops.array;

import static dev.rawops.ops.array.ArrayShapes.U;
import static dev.rawops.ops.array.ArrayShapes.dims;
import static dev.rawops.ops.array.ArrayShapes.ints;
import static dev.rawops.ops.array.ArrayShapes.merge;
import static dev.rawops.ops.array.ArrayShapes.str;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Shape functions of the Array ops that read or restate a shape: Shape, ShapeN, Size and Rank (with
 * their constant values), Reshape, ExpandDims, Squeeze and EnsureShape.
 */
final class ReshapeShapes {
  private ReshapeShapes() {}

  // ---- Shape, ShapeN, Size, Rank

  static List<PartialShape> shapeShape(NodeInfo n) {
    List<PartialShape> out = new ArrayList<>();
    for (int i = 0; i < n.numOutputs(); i++) {
      PartialShape s = n.inputShape(i);
      out.add(s.hasRank() ? PartialShape.of(s.rank()) : PartialShape.unknownDims(1));
    }
    return out;
  }

  private static Tensor integers(DType t, Shape shape, long... v) {
    TensorBuffer b = TensorBuffer.allocate(t, shape);
    for (int i = 0; i < v.length; i++) {
      b.setIndex(i, v[i]);
    }
    return b.freeze();
  }

  static Optional<Tensor> shapeValue(NodeInfo n, int output) {
    PartialShape s = n.inputShape(output);
    if (!s.isFullyDefined()) {
      return Optional.empty();
    }
    long[] d = dims(s);
    return Optional.of(integers(n.outputDType(output), Shape.of(d.length), d));
  }

  static Optional<Tensor> sizeValue(NodeInfo n, int output) {
    return n.inputShape(0)
        .toShape()
        .map(s -> integers(n.outputDType(0), Shape.scalar(), s.numElements()));
  }

  static Optional<Tensor> rankValue(NodeInfo n, int output) {
    PartialShape s = n.inputShape(0);
    return s.hasRank()
        ? Optional.of(integers(DType.INT32, Shape.scalar(), s.rank()))
        : Optional.empty();
  }

  // ---- Reshape, ExpandDims, Squeeze

  static List<PartialShape> reshape(NodeInfo n) {
    Shapes.requireRankAtMost(n, 1, 1);
    PartialShape target = ArrayShapes.shapeFromTensor(n, 1);
    Optional<long[]> sizes = ints(n, 1).filter(v -> n.constantInput(1).get().shape().rank() == 1);
    PartialShape in = n.inputShape(0);
    if (sizes.isEmpty()) {
      return List.of(target);
    }
    long[] s = sizes.get();
    long known = 1;
    int unknown = -1;
    for (int i = 0; i < s.length; i++) {
      if (s[i] == -1) {
        if (unknown >= 0) {
          throw n.invalidArgument("Cannot infer multiple unknown dimensions in shape " + str(s));
        }
        unknown = i;
      } else if (s[i] < 0) {
        throw n.invalidArgument("Dimension " + i + " must be >= -1, but was " + s[i]);
      } else {
        known *= s[i];
      }
    }
    Optional<Shape> full = in.toShape();
    if (full.isPresent()) {
      long elems = full.get().numElements();
      if (unknown < 0 && elems != known) {
        throw n.invalidArgument(
            "Cannot reshape a tensor with "
                + elems
                + " elements to shape "
                + str(s)
                + " ("
                + known
                + " elements)");
      }
      if (unknown >= 0 && known > 0) {
        if (elems % known != 0) {
          throw n.invalidArgument(
              "Cannot reshape a tensor with "
                  + elems
                  + " elements to shape "
                  + str(s)
                  + " ("
                  + known
                  + " elements)");
        }
        long[] out = s.clone();
        out[unknown] = elems / known;
        return List.of(PartialShape.of(out));
      }
    }
    return List.of(PartialShape.of(s));
  }

  static List<PartialShape> expandDims(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    Optional<long[]> dim = ints(n, 1);
    if (dim.isPresent() && dim.get().length != 1) {
      throw n.invalidArgument("'dim' input must be a tensor with a single value");
    }
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    if (dim.isEmpty()) {
      return List.of(PartialShape.unknownDims(in.rank() + 1));
    }
    long d = dim.get()[0];
    int rank = in.rank();
    if (d < -1 - rank || d > rank) {
      throw n.invalidArgument(
          "Tried to expand dim index " + d + " for tensor with " + rank + " dimensions.");
    }
    int at = (int) (d < 0 ? d + rank + 1 : d);
    long[] out = new long[rank + 1];
    long[] src = dims(in);
    for (int i = 0, j = 0; i <= rank; i++) {
      out[i] = i == at ? 1 : src[j++];
    }
    return List.of(PartialShape.of(out));
  }

  static List<PartialShape> squeeze(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    List<Long> sq = n.attrs().get("squeeze_dims").getList().getIList();
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    int rank = in.rank();
    boolean[] drop = new boolean[rank];
    for (long d : sq) {
      if (d < -rank || d >= rank) {
        throw n.invalidArgument(
            "Tried to squeeze dim index " + d + " for tensor with " + rank + " dimensions.");
      }
      drop[(int) (d < 0 ? d + rank : d)] = true;
    }
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      long d = in.dim(i);
      if (sq.isEmpty()) {
        if (d == U) {
          return List.of(PartialShape.unknownRank());
        }
        if (d != 1) {
          out.add(d);
        }
      } else if (drop[i]) {
        if (d != U && d != 1) {
          throw n.invalidArgument(
              "Can not squeeze dim[" + i + "], expected a dimension of 1, got " + d);
        }
      } else {
        out.add(d);
      }
    }
    return List.of(PartialShape.of(out.stream().mapToLong(Long::longValue).toArray()));
  }

  static List<PartialShape> ensureShape(NodeInfo n) {
    PartialShape want = PartialShape.fromProto(n.attrs().getShape("shape"));
    PartialShape in = n.inputShape(0);
    Optional<PartialShape> m = merge(in, want);
    if (m.isEmpty()) {
      throw n.invalidArgument(
          "Shape of tensor "
              + n.name()
              + " "
              + in
              + " is not compatible with expected shape "
              + want
              + ".");
    }
    return List.of(m.get());
  }
}
