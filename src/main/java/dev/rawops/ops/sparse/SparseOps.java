package dev.rawops.ops.sparse;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * The Sparse op family: ops on sparse tensors given as (indices, values, dense_shape) —
 * SparseToDense, SparseTensorDenseAdd, SparseFillEmptyRows, SparseReshape, SparseTensorDenseMatMul
 * SparseReorder, the feature crosses SparseCross, SparseCrossV2 and SparseCrossHashed,
 * SparseConcat, SparseSlice, SparseSplit, SparseAdd, SparseSoftmax, SparseReduceSum/Max (and their
 * Sparse forms), SparseDenseCwiseAdd/Mul/Div, SparseSparseMaximum/Minimum, and the set ops
 * DenseToDenseSetOperation, DenseToSparseSetOperation, SparseToSparseSetOperation and SetSize.
 */
public final class SparseOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("SparseTensorDenseAdd", ShapeFns.sameAsInput(3)),
        DefinedOp.of("SparseToDense", node -> List.of(Shapes.shapeFromInput(node, 1))),
        DefinedOp.of("SparseFillEmptyRows", SparseOps::fillEmptyRowsShapes),
        DefinedOp.of("SparseReshape", SparseOps::reshapeShapes),
        DefinedOp.of("SparseTensorDenseMatMul", SparseOps::matMulShape),
        DefinedOp.of("SparseCross", SparseOps::crossShapes),
        DefinedOp.of("SparseCrossV2", SparseOps::crossShapes),
        DefinedOp.of("SparseCrossHashed", SparseOps::crossShapes),
        DefinedOp.of(
            "SparseReorder",
            node -> {
              Shapes.requireRank(node, 0, 2);
              Shapes.requireRank(node, 1, 1);
              Shapes.requireRank(node, 2, 1);
              return List.of(node.inputShape(0), node.inputShape(1));
            }),
        DefinedOp.of("SparseConcat", SparseOps::concatShapes),
        DefinedOp.of("SparseSlice", node -> sparseOut(node, 0, 1, 2)),
        DefinedOp.of("SparseSplit", SparseOps::splitShapes),
        DefinedOp.of("SparseAdd", node -> sparseOut(node, 0, 1, 2)),
        DefinedOp.of("SparseSoftmax", SparseOps::perEntry),
        DefinedOp.of("SparseReduceSum", ShapeFns.unknown()),
        DefinedOp.of("SparseReduceMax", ShapeFns.unknown()),
        DefinedOp.of("SparseReduceSumSparse", SparseOps::reducedSparse),
        DefinedOp.of("SparseReduceMaxSparse", SparseOps::reducedSparse),
        DefinedOp.of("SparseDenseCwiseAdd", SparseOps::perEntry),
        DefinedOp.of("SparseDenseCwiseMul", SparseOps::perEntry),
        DefinedOp.of("SparseDenseCwiseDiv", SparseOps::perEntry),
        DefinedOp.of("SparseSparseMaximum", SparseOps::sparseSparseShapes),
        DefinedOp.of("SparseSparseMinimum", SparseOps::sparseSparseShapes),
        DefinedOp.of("DenseToDenseSetOperation", node -> setShapes(node, 0, 1)),
        DefinedOp.of("DenseToSparseSetOperation", node -> setShapes(node, 0, 2)),
        DefinedOp.of("SparseToSparseSetOperation", node -> setShapes(node, 2, 2)),
        DefinedOp.of("SetSize", ShapeFns.unknown()));
  }

  /** Indices [?, rank], values [?], shape [rank] of a sparse output like the input at 0..2. */
  private static List<PartialShape> sparseOut(NodeInfo node, int ix, int values, int shape) {
    Shapes.requireRank(node, ix, 2);
    Shapes.requireRank(node, values, 1);
    Shapes.requireRank(node, shape, 1);
    long rank = Shapes.dimOr(node.inputShape(shape), 0);
    return List.of(
        PartialShape.of(PartialShape.UNKNOWN, rank),
        PartialShape.of(PartialShape.UNKNOWN),
        PartialShape.of(rank));
  }

  private static List<PartialShape> concatShapes(NodeInfo node) {
    int n = (int) node.attrs().getInt("N");
    for (int i = 0; i < n; i++) {
      Shapes.requireRank(node, i, 2);
      Shapes.requireRank(node, n + i, 1);
      Shapes.requireRank(node, 2 * n + i, 1);
    }
    return sparseOut(node, 0, n, 2 * n);
  }

  private static List<PartialShape> splitShapes(NodeInfo node) {
    int n = (int) node.attrs().getInt("num_split");
    Shapes.requireRank(node, 0, 0);
    List<PartialShape> one = sparseOut(node, 1, 2, 3);
    List<PartialShape> out = new java.util.ArrayList<>();
    for (int part = 0; part < 3; part++) {
      for (int i = 0; i < n; i++) {
        out.add(one.get(part));
      }
    }
    return out;
  }

  /** One value per sparse entry: [nnz]. */
  private static List<PartialShape> perEntry(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    Shapes.requireRank(node, 2, 1);
    return List.of(PartialShape.of(Shapes.dimOr(node.inputShape(0), 0)));
  }

  private static List<PartialShape> reducedSparse(NodeInfo node) {
    return List.of(
        PartialShape.unknownDims(2), PartialShape.unknownDims(1), PartialShape.unknownDims(1));
  }

  private static List<PartialShape> sparseSparseShapes(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 3, 2);
    return List.of(
        PartialShape.of(PartialShape.UNKNOWN, Shapes.dimOr(node.inputShape(0), 1)),
        PartialShape.of(PartialShape.UNKNOWN));
  }

  /**
   * A set op's [?, rank], [?], [rank]; {@code sparseFirst} of its two sets come first as three
   * inputs (0, 1 or 2), each dense set of rank at least 2.
   */
  private static List<PartialShape> setShapes(NodeInfo node, int sparseSets, int firstSparse) {
    if (sparseSets < 2) {
      Shapes.requireRankAtLeast(node, 0, 2);
    }
    if (sparseSets == 0) {
      Shapes.requireRankAtLeast(node, 1, 2);
    }
    for (int s = 0; s < sparseSets; s++) {
      int base = sparseSets == 2 ? 3 * s : firstSparse - 1;
      Shapes.requireRank(node, base, 2);
      Shapes.requireRank(node, base + 1, 1);
      Shapes.requireRank(node, base + 2, 1);
    }
    return List.of(
        PartialShape.unknownDims(2), PartialShape.unknownDims(1), PartialShape.unknownDims(1));
  }

  /** A cross's indices [?, 2], values [?] and dense shape [2]. */
  private static List<PartialShape> crossShapes(NodeInfo node) {
    return List.of(
        PartialShape.of(PartialShape.UNKNOWN, 2),
        PartialShape.of(PartialShape.UNKNOWN),
        PartialShape.of(2));
  }

  /** [rows of op(A), columns of op(B)], op(A)'s columns merged with op(B)'s rows. */
  private static List<PartialShape> matMulShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    Shapes.requireRank(node, 3, 2);
    boolean adjA = node.attrs().getBool("adjoint_a");
    boolean adjB = node.attrs().getBool("adjoint_b");
    PartialShape a = Shapes.shapeFromInput(node, 2);
    if (a.hasRank() && a.rank() != 2) {
      throw node.invalidArgument("Shape must be rank 2 but is rank " + a.rank());
    }
    PartialShape b = node.inputShape(3);
    long innerA = Shapes.dimOr(a, adjA ? 0 : 1);
    long innerB = Shapes.dimOr(b, adjB ? 1 : 0);
    if (innerA >= 0 && innerB >= 0 && innerA != innerB) {
      throw node.invalidArgument(Shapes.dimsMismatch(node, innerA, innerB));
    }
    return List.of(PartialShape.of(Shapes.dimOr(a, adjA ? 1 : 0), Shapes.dimOr(b, adjB ? 0 : 1)));
  }

  /** Indices [?, rank], values [?], empty_row_indicator [?], reverse_index_map [N]. */
  private static List<PartialShape> fillEmptyRowsShapes(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    Shapes.requireRank(node, 2, 1);
    Shapes.requireRank(node, 3, 0);
    long n = Shapes.dimOr(node.inputShape(0), 0);
    long rank = Shapes.dimOr(node.inputShape(2), 0);
    return List.of(
        PartialShape.of(PartialShape.UNKNOWN, rank),
        PartialShape.of(PartialShape.UNKNOWN),
        PartialShape.of(PartialShape.UNKNOWN),
        PartialShape.of(n));
  }

  /** Indices [nnz, len(new_shape)], shape [len(new_shape)]. */
  private static List<PartialShape> reshapeShapes(NodeInfo node) {
    Shapes.requireRank(node, 0, 2);
    Shapes.requireRank(node, 1, 1);
    Shapes.requireRank(node, 2, 1);
    long rank = Shapes.dimOr(node.inputShape(2), 0);
    return List.of(
        PartialShape.of(Shapes.dimOr(node.inputShape(0), 0), rank), PartialShape.of(rank));
  }
}
