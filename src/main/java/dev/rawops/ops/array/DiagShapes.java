package dev.rawops.ops.array;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/** Shape functions of Diag and DiagPart. */
final class DiagShapes {
  private DiagShapes() {}

  static List<PartialShape> diag(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    return List.of(in.concat(in));
  }

  static List<PartialShape> diagPart(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    if (in.rank() % 2 != 0) {
      throw n.invalidArgument("Input must have even rank <= 6, input rank is " + in.rank());
    }
    int half = in.rank() / 2;
    long[] out = new long[half];
    for (int i = 0; i < half; i++) {
      long x = in.dim(i);
      long y = in.dim(i + half);
      if (x >= 0 && y >= 0 && x != y) {
        throw n.invalidArgument("Dimensions must be equal, but are " + x + " and " + y + ".");
      }
      out[i] = x >= 0 ? x : y;
    }
    return List.of(PartialShape.of(out));
  }
}
