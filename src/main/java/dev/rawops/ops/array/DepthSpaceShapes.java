package dev.rawops.ops.array;

import static dev.rawops.ops.array.ArrayShapes.U;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/** The shape function of SpaceToDepth and DepthToSpace. */
final class DepthSpaceShapes {
  private DepthSpaceShapes() {}

  static List<PartialShape> depthSpace(NodeInfo n, boolean toDepth) {
    long b = n.attrs().getInt("block_size");
    if (b < 2) {
      throw n.invalidArgument("Block size should be > 1, but was: " + b);
    }
    Shapes.requireRank(n, 0, 4);
    PartialShape in = n.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownDims(4));
    }
    if (!n.attrs().getString("data_format").equals("NHWC")) {
      return List.of(PartialShape.unknownDims(4));
    }
    long h = in.dim(1);
    long w = in.dim(2);
    long c = in.dim(3);
    if (toDepth) {
      for (long d : new long[] {h, w}) {
        if (d >= 0 && d % b != 0) {
          throw n.invalidArgument(
              "Dimension size must be evenly divisible by " + b + " but is " + d);
        }
      }
      return List.of(
          PartialShape.of(in.dim(0), h < 0 ? U : h / b, w < 0 ? U : w / b, c < 0 ? U : c * b * b));
    }
    if (c >= 0 && c % (b * b) != 0) {
      throw n.invalidArgument(
          "Dimension size must be evenly divisible by " + (b * b) + " but is " + c);
    }
    return List.of(
        PartialShape.of(in.dim(0), h < 0 ? U : h * b, w < 0 ? U : w * b, c < 0 ? U : c / b / b));
  }
}
