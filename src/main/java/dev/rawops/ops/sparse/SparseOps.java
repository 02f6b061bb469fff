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
 * SparseReorder and the feature crosses SparseCross, SparseCrossV2 and SparseCrossHashed.
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
            }));
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
