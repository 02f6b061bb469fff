package dev.rawops.ops.ragged;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.List;

/**
 * The Ragged op family: ops on ragged tensors given as nested row splits and flat values —
 * RaggedGather ({@link RaggedGatherOp}, checked by {@link RaggedGatherGeometry}), RaggedRange,
 * RaggedTensorToTensor, RaggedTensorToSparse, RaggedTensorToVariant and RaggedTensorFromVariant
 * (the encoded DT_VARIANT form), RaggedCross and RaggedFillEmptyRows.
 */
public final class RaggedOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        new RaggedGatherOp(),
        DefinedOp.of("RaggedRange", node -> List.of(PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of("RaggedTensorToTensor", ShapeFns.unknown()),
        DefinedOp.of("RaggedTensorToSparse", ShapeFns.unknown()),
        DefinedOp.of("RaggedTensorToVariant", RaggedOps::toVariantShape),
        DefinedOp.of("RaggedTensorFromVariant", RaggedOps::fromVariantShape),
        DefinedOp.of("RaggedCross", ShapeFns.unknown()),
        DefinedOp.of("RaggedFillEmptyRows", ShapeFns.unknown()));
  }

  /** TF's RaggedTensorToVariantShapeFn: a scalar, or with batched_input one per row. */
  private static List<PartialShape> toVariantShape(NodeInfo node) {
    int splits = Math.toIntExact(node.attrs().getInt("RAGGED_RANK"));
    Shapes.requireRankAtLeast(node, splits, 1);
    for (int i = 0; i < splits; i++) {
      Shapes.requireRank(node, i, 1);
    }
    if (!node.attrs().getBool("batched_input")) {
      return List.of(PartialShape.of());
    }
    PartialShape first = node.inputShape(0);
    long n = first.hasRank() && first.dim(0) >= 0 ? first.dim(0) - 1 : PartialShape.UNKNOWN;
    return List.of(PartialShape.of(n));
  }

  /**
   * TF's RaggedTensorFromVariantShapeFn: the encoded tensor has rank output_ragged_rank -
   * input_ragged_rank when input_ragged_rank is given; splits are vectors.
   */
  private static List<PartialShape> fromVariantShape(NodeInfo node) {
    long in = node.attrs().getInt("input_ragged_rank");
    int out = Math.toIntExact(node.attrs().getInt("output_ragged_rank"));
    if (in >= 0 && node.inputShape(0).hasRank()) {
      Shapes.requireRank(node, 0, Math.toIntExact(out - in));
    }
    List<PartialShape> shapes = new ArrayList<>();
    for (int i = 0; i < out; i++) {
      shapes.add(PartialShape.unknownDims(1));
    }
    shapes.add(PartialShape.unknownRank());
    return shapes;
  }
}
