package dev.rawops.ops.parsing;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Parsing op family: tf.Example parsing (ParseExampleV2, ParseExample, ParseSingleExample),
 * ParseTensor and SerializeTensor, DecodeRaw, DecodePaddedRaw, DecodeCompressed and DecodeCSV, with
 * the shape functions of TF's parsing_ops.cc and the BUILD-time attr errors of its
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
            node -> List.of(node.inputShape(0).concat(PartialShape.of(PartialShape.UNKNOWN)))),
        DefinedOp.of("ParseTensor", ShapeFns.unknown()),
        DefinedOp.of("SerializeTensor", ShapeFns.scalar()),
        DefinedOp.of("DecodeCompressed", ShapeFns.sameAsInput(0)),
        DefinedOp.of("DecodePaddedRaw", ParsingOps::decodePaddedRawShape),
        DefinedOp.of("DecodeCSV", ParsingOps::decodeCsvShape));
  }

  /** The records' shape for every column; each default at most a one-element vector. */
  private static List<PartialShape> decodeCsvShape(NodeInfo node) {
    for (int i = 1; i < node.numInputs(); i++) {
      Shapes.requireRankAtMost(node, i, 1);
      PartialShape d = node.inputShape(i);
      if (d.hasRank() && d.rank() == 1 && d.dim(0) > 1) {
        throw node.invalidArgument(
            "Shape of a default must be a length-0 or length-1 vector, or a scalar.");
      }
    }
    List<PartialShape> out = new ArrayList<>();
    for (int i = 0; i < node.numOutputs(); i++) {
      out.add(node.inputShape(0));
    }
    return out;
  }

  /** The input's shape and fixed_length / the dtype's size (MakeDimForScalarInput, Divide). */
  private static List<PartialShape> decodePaddedRawShape(NodeInfo node) {
    long width = PartialShape.UNKNOWN;
    Optional<Tensor> c = node.constantInput(1);
    if (c.isPresent()) {
      if (c.get().shape().rank() != 0) {
        throw node.invalidArgument("Input must be scalar but has rank " + c.get().shape().rank());
      }
      long fixed = c.get().getIndex(0);
      if (fixed < 0) {
        throw node.invalidArgument(
            "Dimension size, given by scalar input 1, must be non-negative but is " + fixed);
      }
      long size = node.outputDType(0).byteSize();
      if (fixed % size != 0) {
        throw node.invalidArgument(
            "Dimension size must be evenly divisible by " + size + " but is " + fixed);
      }
      width = fixed / size;
    }
    return List.of(node.inputShape(0).concat(PartialShape.of(width)));
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
