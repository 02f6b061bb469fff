package dev.rawops.ops.parsing;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.List;

/**
 * The Parsing op family: tf.Example parsing (ParseExampleV2, ParseExample, ParseSingleExample) and
 * DecodeRaw, with the shape functions of TF's parsing_ops.cc and the BUILD-time attr errors of its
 * ParseExampleAttrs.
 */
public final class ParsingOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("ParseExampleV2", ParsingOps::parseExampleShapes),
        DefinedOp.of("ParseExample", ParsingOps::parseExampleShapes),
        DefinedOp.of("ParseSingleExample", ParsingOps::parseExampleShapes),
        DefinedOp.of(
            "DecodeRaw",
            node -> List.of(node.inputShape(0).concat(PartialShape.of(PartialShape.UNKNOWN)))));
  }

  /**
   * Sparse indices [?, rank + 1], values [?], dense shapes [rank + 1]; dense values the batch shape
   * then the dense shape; ragged values [?] and row splits [batch + 1] ([0] for a scalar).
   */
  private static List<PartialShape> parseExampleShapes(NodeInfo node) {
    ExampleSpec spec = ExampleSpec.of(node);
    PartialShape batch;
    switch (spec.version()) {
      case 2 -> {
        Shapes.requireRankAtMost(node, 0, 1);
        Shapes.requireRankAtMost(node, 1, 1);
        batch = node.inputShape(0);
      }
      case 1 -> {
        Shapes.requireRank(node, 0, 1);
        Shapes.requireRank(node, 1, 1);
        batch = node.inputShape(0);
      }
      default -> {
        Shapes.requireRank(node, 0, 0);
        batch = PartialShape.of();
      }
    }
    long sparseRank = batch.hasRank() ? batch.rank() + 1 : PartialShape.UNKNOWN;
    List<PartialShape> out = new ArrayList<>();
    for (int i = 0; i < spec.numSparse(); i++) {
      out.add(PartialShape.of(PartialShape.UNKNOWN, sparseRank));
    }
    for (int i = 0; i < spec.numSparse(); i++) {
      out.add(PartialShape.of(PartialShape.UNKNOWN));
    }
    for (int i = 0; i < spec.numSparse(); i++) {
      out.add(PartialShape.of(sparseRank));
    }
    for (PartialShape s : spec.denseShapes()) {
      out.add(batch.concat(s));
    }
    for (int i = 0; i < spec.numRagged(); i++) {
      out.add(PartialShape.of(PartialShape.UNKNOWN));
    }
    long splits = PartialShape.UNKNOWN;
    if (batch.hasRank() && batch.rank() == 0) {
      splits = 0;
    } else if (batch.hasRank() && batch.dim(0) != PartialShape.UNKNOWN) {
      splits = batch.dim(0) + 1;
    }
    for (int i = 0; i < spec.numRagged(); i++) {
      out.add(PartialShape.of(splits));
    }
    return out;
  }
}
