package dev.rawops.ops.array;

import static dev.rawops.ops.array.ArrayShapes.U;
import static dev.rawops.ops.array.ArrayShapes.dims;
import static dev.rawops.ops.array.ArrayShapes.scalar;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/** Shape functions of Range, LinSpace and OneHot. */
final class RangeShapes {
  private RangeShapes() {}

  static List<PartialShape> range(NodeInfo n) {
    for (int i = 0; i < 3; i++) {
      Shapes.requireRank(n, i, 0);
    }
    Optional<Tensor> s = n.constantInput(0);
    Optional<Tensor> l = n.constantInput(1);
    Optional<Tensor> d = n.constantInput(2);
    if (s.isPresent() && l.isPresent() && d.isPresent()) {
      DType t = n.outputDType(0);
      if (s.get().numElements() != 1 || l.get().numElements() != 1 || d.get().numElements() != 1) {
        return List.of(PartialShape.unknownDims(1));
      }
      long size =
          t.isInteger()
              ? ArrayShapes.rangeSize(
                  n, s.get().getIndex(0), l.get().getIndex(0), d.get().getIndex(0))
              : ArrayShapes.rangeSize(
                  n, t, Numbers.get(s.get(), 0), Numbers.get(l.get(), 0), Numbers.get(d.get(), 0));
      return List.of(PartialShape.of(size));
    }
    return List.of(PartialShape.unknownDims(1));
  }

  static List<PartialShape> linSpace(NodeInfo n) {
    Shapes.requireRank(n, 0, 0);
    Shapes.requireRank(n, 1, 0);
    Shapes.requireRank(n, 2, 0);
    Optional<Long> num = scalar(n, 2);
    if (num.isPresent() && num.get() <= 0) {
      throw n.invalidArgument("Requires num > 0: " + num.get());
    }
    return List.of(PartialShape.of(num.orElse(U)));
  }

  static List<PartialShape> oneHot(NodeInfo n) {
    long axis = n.attrs().getInt("axis");
    if (axis < -1) {
      throw n.invalidArgument("axis must be >= -1");
    }
    Optional<Long> depth = scalar(n, 1);
    if (depth.isPresent() && depth.get() < 0) {
      throw n.invalidArgument("depth must be non-negative, got: " + depth.get());
    }
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    int rank = in.rank();
    int at = axis == -1 ? rank : (int) axis;
    if (at > rank) {
      throw n.invalidArgument(
          "Expected axis to be -1 or between [0, " + (rank + 1) + ").  But received: " + axis);
    }
    long[] src = dims(in);
    long[] out = new long[rank + 1];
    for (int i = 0, j = 0; i <= rank; i++) {
      out[i] = i == at ? depth.orElse(U) : src[j++];
    }
    return List.of(PartialShape.of(out));
  }
}
