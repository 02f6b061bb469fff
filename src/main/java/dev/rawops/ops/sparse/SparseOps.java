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
 * SparseToDense, SparseTensorDenseAdd, SparseFillEmptyRows and SparseReshape.
 */
public final class SparseOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("SparseTensorDenseAdd", ShapeFns.sameAsInput(3)),
        DefinedOp.of("SparseToDense", node -> List.of(Shapes.shapeFromInput(node, 1))),
        DefinedOp.of("SparseFillEmptyRows", SparseOps::fillEmptyRowsShapes),
        DefinedOp.of("SparseReshape", SparseOps::reshapeShapes));
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
