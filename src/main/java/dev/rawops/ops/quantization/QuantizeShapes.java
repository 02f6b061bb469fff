package dev.rawops.ops.quantization;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.List;

/**
 * TF's shape functions of the quantize ops (common_shape_fns.cc QuantizeV2Shape, and those of
 * Dequantize, QuantizeAndDequantizeV2/V3/V4, Requantize and RequantizationRange in array_ops.cc and
 * math_ops.cc): the ranks of the range inputs, and their length against the axis.
 */
final class QuantizeShapes {
  private QuantizeShapes() {}

  /** QuantizeV2: the input's shape, then min and max as the range inputs are. */
  static List<PartialShape> quantizeV2(NodeInfo node) {
    int axis = axis(node);
    PartialShape minmax = minMax(node, axis, 1, 2);
    return List.of(node.inputShape(0), minmax, minmax);
  }

  static List<PartialShape> dequantize(NodeInfo node) {
    int axis = axis(node);
    PartialShape in = node.inputShape(0);
    int rank = in.hasRank() ? in.rank() : -1; // TF's Rank() of an unknown shape
    if (axis > rank) {
      throw node.invalidArgument(
          "Axis must be less than input dimension(" + rank + "), got " + axis);
    }
    minMax(node, axis, 1, 2);
    return List.of(in);
  }

  /** QuantizeAndDequantizeV2, V3 and V4: min and max of rank 0 (axis -1) or 1. */
  static List<PartialShape> quantizeAndDequantize(NodeInfo node) {
    int axis = node.int32Attr("axis");
    int rank = axis == -1 ? 0 : 1;
    Shapes.requireRank(node, 1, rank);
    Shapes.requireRank(node, 2, rank);
    PartialShape minmax = merge(node, node.inputShape(1), node.inputShape(2));
    if (axis < -1) {
      throw node.invalidArgument("axis should be at least -1, got " + axis);
    } else if (axis != -1) {
      Shapes.requireRankAtLeast(node, 0, axis + 1);
      mergeDim(node, minmax, node.inputShape(0), axis);
    }
    if (node.numInputs() > 3) {
      Shapes.requireRank(node, 3, 0);
    }
    return List.of(node.inputShape(0));
  }

  /** Requantize, RequantizationRange, QuantizeDownAndShrinkRange: scalar ranges in and out. */
  static List<PartialShape> scalarRanges(NodeInfo node) {
    for (int i = 1; i < node.numInputs(); i++) {
      Shapes.requireRank(node, i, 0);
    }
    List<PartialShape> out = new ArrayList<>();
    if (node.numOutputs() == 3) {
      out.add(node.inputShape(0));
    }
    while (out.size() < node.numOutputs()) {
      out.add(PartialShape.of());
    }
    return out;
  }

  private static int axis(NodeInfo node) {
    int axis = node.int32Attr("axis");
    if (axis < -1) {
      throw node.invalidArgument("axis should be at least -1, got " + axis);
    }
    return axis;
  }

  private static PartialShape minMax(NodeInfo node, int axis, int min, int max) {
    int rank = axis == -1 ? 0 : 1;
    Shapes.requireRank(node, min, rank);
    Shapes.requireRank(node, max, rank);
    PartialShape minmax = node.inputShape(max);
    if (!minmax.hasRank()) {
      minmax = PartialShape.unknownDims(rank);
    }
    if (axis != -1) {
      Shapes.requireRankAtLeast(node, 0, axis + 1);
      mergeDim(node, minmax, node.inputShape(0), axis);
    }
    return minmax;
  }

  private static void mergeDim(NodeInfo node, PartialShape minmax, PartialShape in, int axis) {
    long a = minmax.hasRank() ? minmax.dim(0) : -1;
    long b = in.hasRank() ? in.dim(axis) : -1;
    if (a >= 0 && b >= 0 && a != b) {
      throw node.invalidArgument(Shapes.dimsMismatch(node, a, b));
    }
  }

  private static PartialShape merge(NodeInfo node, PartialShape a, PartialShape b) {
    if (!a.hasRank()) {
      return b;
    }
    if (!b.hasRank()) {
      return a;
    }
    long[] d = new long[a.rank()];
    for (int i = 0; i < d.length; i++) {
      long x = a.dim(i);
      long y = b.dim(i);
      if (x >= 0 && y >= 0 && x != y) {
        throw node.invalidArgument(Shapes.dimsMismatch(node, x, y));
      }
      d[i] = x >= 0 ? x : y;
    }
    return PartialShape.of(d);
  }
}
