package dev.rawops.ops.array;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.List;

/** The Array op family (see docs/ARCHITECTURE.md, "Adding an op to a family"). */
public final class ArrayOps implements OpFamily {

  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    ops.add(DefinedOp.of("Shape", ReshapeShapes::shapeShape).constant(ReshapeShapes::shapeValue));
    ops.add(DefinedOp.of("ShapeN", ReshapeShapes::shapeShape).constant(ReshapeShapes::shapeValue));
    ops.add(DefinedOp.of("Size", ShapeFns.scalar()).constant(ReshapeShapes::sizeValue));
    ops.add(DefinedOp.of("Rank", ShapeFns.scalar()).constant(ReshapeShapes::rankValue));
    ops.add(DefinedOp.of("Reshape", ReshapeShapes::reshape));
    ops.add(DefinedOp.of("ExpandDims", ReshapeShapes::expandDims));
    ops.add(DefinedOp.of("Squeeze", ReshapeShapes::squeeze));
    ops.add(DefinedOp.of("Pack", ConcatShapes::pack));
    ops.add(DefinedOp.of("Unpack", ConcatShapes::unpack));
    ops.add(
        DefinedOp.of(
            "ConcatV2", n -> ConcatShapes.concat(n, n.numInputs() - 1, 0, n.numInputs() - 1)));
    ops.add(DefinedOp.of("Concat", n -> ConcatShapes.concat(n, 0, 1, n.numInputs())));
    ops.add(DefinedOp.of("ParallelConcat", ConcatShapes::parallelConcat));
    ops.add(DefinedOp.of("Split", n -> ConcatShapes.split(n, 1, 0)));
    ops.add(DefinedOp.of("SplitV", n -> ConcatShapes.split(n, 0, 2)));
    ops.add(DefinedOp.of("Slice", SliceShapes::slice));
    ops.add(DefinedOp.of("Transpose", SliceShapes::transpose));
    ops.add(DefinedOp.of("ConjugateTranspose", SliceShapes::transpose));
    ops.add(DefinedOp.of("Tile", SliceShapes::tile));
    ops.add(DefinedOp.of("Pad", SliceShapes::pad));
    ops.add(DefinedOp.of("PadV2", SliceShapes::pad));
    ops.add(DefinedOp.of("MirrorPad", SliceShapes::pad));
    ops.add(DefinedOp.of("ReverseV2", SliceShapes::reverse));
    ops.add(DefinedOp.of("ReverseSequence", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("Roll", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("BroadcastTo", BroadcastShapes::broadcastTo));
    ops.add(DefinedOp.of("BroadcastArgs", BroadcastShapes::broadcastArgs));
    ops.add(
        DefinedOp.of(
            "BroadcastGradientArgs",
            n -> List.of(PartialShape.unknownDims(1), PartialShape.unknownDims(1))));
    ops.add(DefinedOp.of("Range", RangeShapes::range));
    ops.add(DefinedOp.of("LinSpace", RangeShapes::linSpace));
    ops.add(DefinedOp.of("OneHot", RangeShapes::oneHot));
    ops.add(DefinedOp.of("DeepCopy", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("EnsureShape", ReshapeShapes::ensureShape));
    ops.add(DefinedOp.of("Empty", n -> List.of(ArrayShapes.shapeFromTensor(n, 0))));
    ops.add(DefinedOp.of("SpaceToBatchND", n -> unknownOfInputRank(n)));
    ops.add(DefinedOp.of("BatchToSpaceND", n -> unknownOfInputRank(n)));
    ops.add(DefinedOp.of("SpaceToDepth", n -> DepthSpaceShapes.depthSpace(n, true)));
    ops.add(DefinedOp.of("DepthToSpace", n -> DepthSpaceShapes.depthSpace(n, false)));
    ops.add(DefinedOp.of("ExtractImagePatches", n -> List.of(PartialShape.unknownDims(4))));
    for (String op : List.of("MatrixDiag", "MatrixDiagV2", "MatrixDiagV3")) {
      ops.add(DefinedOp.of(op, ShapeFns.unknown()));
    }
    for (String op : List.of("MatrixDiagPart", "MatrixDiagPartV2", "MatrixDiagPartV3")) {
      ops.add(DefinedOp.of(op, ShapeFns.unknown()));
    }
    for (String op : List.of("MatrixSetDiag", "MatrixSetDiagV2", "MatrixSetDiagV3")) {
      ops.add(DefinedOp.of(op, ShapeFns.sameAsInput(0)));
    }
    ops.add(DefinedOp.of("MatrixBandPart", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("Diag", DiagShapes::diag));
    ops.add(DefinedOp.of("DiagPart", DiagShapes::diagPart));
    ops.add(DefinedOp.of("InvertPermutation", ArrayOps::invertPermutation));
    ops.add(DefinedOp.of("Reverse", ArrayOps::reverseMask));
    ops.add(DefinedOp.of("ConcatOffset", ArrayOps::concatOffset));
    return ops;
  }

  /** TF's shape function: a vector in, the same vector out ("?" gives "[?]"). */
  private static List<PartialShape> invertPermutation(NodeInfo n) {
    Shapes.requireRank(n, 0, 1);
    PartialShape x = n.inputShape(0);
    return List.of(x.hasRank() ? x : PartialShape.unknownDims(1));
  }

  /**
   * TF's Reverse shape function: dims a vector; its length, when known, the input's rank; at most 8
   * dims.
   */
  private static List<PartialShape> reverseMask(NodeInfo n) {
    Shapes.requireRank(n, 1, 1);
    PartialShape dims = n.inputShape(1);
    PartialShape in = n.inputShape(0);
    if (dims.hasRank() && dims.dim(0) >= 0) {
      Shapes.requireRank(n, 0, (int) dims.dim(0));
      if (!in.hasRank()) {
        in = PartialShape.unknownDims((int) dims.dim(0));
      }
    }
    if (in.hasRank() && in.rank() > 8) {
      throw n.invalidArgument("reverse does not work on tensors with more than 8 dimensions");
    }
    return List.of(in);
  }

  /** TF's ConcatOffset shape function: offset i has the shape of shape i. */
  private static List<PartialShape> concatOffset(NodeInfo n) {
    List<PartialShape> out = new ArrayList<>();
    for (int i = 1; i < n.numInputs(); i++) {
      out.add(n.inputShape(i));
    }
    return out;
  }

  private static List<PartialShape> unknownOfInputRank(NodeInfo n) {
    PartialShape in = n.inputShape(0);
    return List.of(in.hasRank() ? PartialShape.unknownDims(in.rank()) : in);
  }
}
