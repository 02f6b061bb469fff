package dev.rawops.ops.selection;

import dev.rawops.Code;
import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The Selection op family: ops that pick elements by value or position — Where, Unique,
 * UniqueWithCounts, UniqueV2, ListDiff, TopK, TopKV2, NthElement, InTopK, InTopKV2, UpperBound,
 * LowerBound. Shape functions use the constant k or n where build time knows it, with TF's
 * build-time errors.
 */
public final class SelectionOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("Where", SelectionOps::whereShape),
        DefinedOp.of("Unique", node -> List.of(PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of(
            "UniqueWithCounts",
            node -> List.of(PartialShape.of(-1), PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of("ListDiff", node -> List.of(PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of("TopKV2", SelectionOps::topKShape),
        DefinedOp.of("TopK", SelectionOps::topKV1Shape),
        DefinedOp.of("NthElement", SelectionOps::nthElementShape),
        DefinedOp.of("InTopKV2", SelectionOps::inTopKShape),
        DefinedOp.of("InTopK", SelectionOps::inTopKShape),
        DefinedOp.of("UniqueV2", SelectionOps::uniqueV2Shape),
        DefinedOp.of("UpperBound", SelectionOps::searchSortedShape),
        DefinedOp.of("LowerBound", SelectionOps::searchSortedShape));
  }

  private static List<PartialShape> whereShape(NodeInfo node) {
    PartialShape in = node.inputShape(0);
    return List.of(PartialShape.of(-1, in.hasRank() ? in.rank() : -1));
  }

  private static List<PartialShape> topKShape(NodeInfo node) {
    return topKShape(node, Shapes.constantScalar(node, 1));
  }

  /**
   * TopK (V1): k is an attr, so build time always knows it. Its OpDef is deprecated at GraphDef
   * version 7, which TF's graph import refuses with UNIMPLEMENTED.
   */
  private static List<PartialShape> topKV1Shape(NodeInfo node) {
    int producer = node.graphProducer();
    if (producer >= TOPK_V1_REMOVED) {
      throw node.error(
          Code.UNIMPLEMENTED,
          "Op TopK is not available in GraphDef version "
              + producer
              + ". It has been removed in version "
              + TOPK_V1_REMOVED
              + ". Use TopKV2 instead.");
    }
    return topKShape(node, Optional.of(node.attrs().getInt("k")));
  }

  private static final int TOPK_V1_REMOVED = 7;

  private static List<PartialShape> topKShape(NodeInfo node, Optional<Long> k) {
    Shapes.requireRankAtLeast(node, 0, 1);
    PartialShape in = node.inputShape(0);
    if (!in.hasRank()) {
      return Collections.nCopies(2, PartialShape.unknownRank());
    }
    long last = in.dim(in.rank() - 1);
    if (k.isPresent() && k.get() < 0) {
      throw node.invalidArgument("Need k >= 0, got " + k.get());
    }
    if (k.isPresent() && last >= 0 && last < k.get()) {
      throw node.invalidArgument(
          "input must have last dimension >= k = " + k.get() + " but is " + last);
    }
    PartialShape out = in.sub(0, in.rank() - 1).concat(PartialShape.of(k.orElse(-1L)));
    return List.of(out, out);
  }

  /** TF's InTopK shape function (both versions): predictions [batch, classes], targets [batch]. */
  private static List<PartialShape> inTopKShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    long batch = Shapes.dimOr(node.inputShape(0), 0);
    long targets = Shapes.dimOr(node.inputShape(1), 0);
    if (batch >= 0 && targets >= 0 && batch != targets) {
      throw node.invalidArgument(Shapes.dimsMismatch(node, batch, targets));
    }
    return List.of(PartialShape.of(batch >= 0 ? batch : targets));
  }

  private static List<PartialShape> nthElementShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    PartialShape in = node.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    Optional<Long> n = Shapes.constantScalar(node, 1);
    long last = in.dim(in.rank() - 1);
    if (n.isPresent() && n.get() < 0) {
      throw node.invalidArgument("Need n >= 0, got " + n.get());
    }
    if (n.isPresent() && last >= 0 && last <= n.get()) {
      throw node.invalidArgument(
          "Input must have last dimension > n = " + n.get() + " but is " + last);
    }
    return List.of(in.sub(0, in.rank() - 1));
  }

  /** UniqueV2: y has x's rank (one dimension shrunk), idx one entry per slice along the axis. */
  private static List<PartialShape> uniqueV2Shape(NodeInfo node) {
    PartialShape in = node.inputShape(0);
    PartialShape y = in.hasRank() ? PartialShape.unknownDims(in.rank()) : in;
    return List.of(y, PartialShape.of(-1));
  }

  /** TF's UpperBound/LowerBound shape function: both at least vectors; values' shape out. */
  private static List<PartialShape> searchSortedShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    Shapes.requireRankAtLeast(node, 1, 1);
    return List.of(node.inputShape(1));
  }
}
