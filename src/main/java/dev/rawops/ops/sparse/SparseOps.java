package dev.rawops.ops.sparse;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import java.util.List;

/**
 * The Sparse op family: ops on sparse tensors given as (indices, values, dense_shape) —
 * SparseToDense and SparseTensorDenseAdd.
 */
public final class SparseOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("SparseTensorDenseAdd", ShapeFns.sameAsInput(3)),
        DefinedOp.of("SparseToDense", node -> List.of(Shapes.shapeFromInput(node, 1))));
  }
}
