package dev.rawops.ops.array;

import static dev.rawops.ops.array.ArrayShapes.ints;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import java.util.List;
import java.util.Optional;

/** Shape functions of BroadcastTo and BroadcastArgs. */
final class BroadcastShapes {
  private BroadcastShapes() {}

  static List<PartialShape> broadcastTo(NodeInfo n) {
    PartialShape target = ArrayShapes.shapeFromTensor(n, 1);
    PartialShape in = n.inputShape(0);
    if (target.hasRank() && in.hasRank()) {
      if (in.rank() > target.rank()) {
        throw n.invalidArgument(
            "Rank of input ("
                + in.rank()
                + ") must be no greater than rank of output shape ("
                + target.rank()
                + ").");
      }
      for (int i = 0; i < in.rank(); i++) {
        long x = in.dim(in.rank() - 1 - i);
        long y = target.dim(target.rank() - 1 - i);
        if (x >= 0 && y >= 0 && x != 1 && x != y) {
          throw n.invalidArgument("Dimensions must be equal, but are " + x + " and " + y + ".");
        }
      }
    }
    return List.of(target);
  }

  static List<PartialShape> broadcastArgs(NodeInfo n) {
    Optional<long[]> a = ints(n, 0);
    Optional<long[]> b = ints(n, 1);
    if (a.isPresent() && b.isPresent()) {
      return List.of(PartialShape.of(ArrayShapes.broadcast(n, a.get(), b.get()).length));
    }
    PartialShape x = n.inputShape(0);
    PartialShape y = n.inputShape(1);
    if (x.hasRank()
        && y.hasRank()
        && x.rank() == 1
        && y.rank() == 1
        && x.dim(0) >= 0
        && y.dim(0) >= 0) {
      return List.of(PartialShape.of(Math.max(x.dim(0), y.dim(0))));
    }
    return List.of(PartialShape.unknownDims(1));
  }
}
