package dev.rawops.ops.indexing;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;
import java.util.Optional;

/**
 * The Indexing op family (see docs/ARCHITECTURE.md, "Adding an op to a family"): Gather, GatherV2,
 * GatherNd, StridedSlice and the scatter ops (ScatterNd, TensorScatterUpdate/Add/Sub/Min/Max).
 * Their run-time checks live with the kernels' shared geometry records ({@link GatherGeometry},
 * {@link TensorScatterUpdateGeometry}); the shape functions here use constant inputs (axis, k,
 * shapes, sizes) where build time knows them.
 */
public final class IndexingOps implements OpFamily {

  @Override
  public List<Op> ops() {
    return List.of(
        DefinedOp.of("Gather", IndexingOps::gatherShape),
        DefinedOp.of("GatherV2", IndexingOps::gatherV2Shape),
        DefinedOp.of("ScatterNd", node -> List.of(Shapes.shapeFromInput(node, 2))),
        DefinedOp.of("TensorScatterAdd", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("TensorScatterSub", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("TensorScatterMin", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("TensorScatterMax", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("ScatterNdNonAliasingAdd", ShapeFns.sameAsInput(0))
            .checking(BadIndicesPolicy::of),
        // TF's shape function is UnchangedShape; begin/end/strides are checked when it runs.
        DefinedOp.of("TensorStridedSliceUpdate", ShapeFns.sameAsInput(0)),
        new GatherNdOp(),
        new StridedSliceOp(),
        new TensorScatterUpdateOp());
  }

  private static List<PartialShape> gatherShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    PartialShape params = node.inputShape(0);
    PartialShape indices = node.inputShape(1);
    if (!params.hasRank() || !indices.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    return List.of(indices.concat(params.sub(1, params.rank())));
  }

  /**
   * TF 2.18's GatherV2 shape function, check by check (array_ops.cc): params of rank >= 1, a scalar
   * axis; with the axis known, params of rank >= axis + 1 (-axis when negative), indices of rank >=
   * |batch_dims|, params of rank >= batch_dims + 1 (batch_dims made non-negative): each an
   * INVALID_ARGUMENT at build time, as TF's graph construction reports it.
   */
  private static List<PartialShape> gatherV2Shape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    Shapes.requireRank(node, 2, 0);
    PartialShape params = node.inputShape(0);
    PartialShape indices = node.inputShape(1);
    Optional<Long> axis = Shapes.constantScalar(node, 2);
    long batchDims = node.attrs().has("batch_dims") ? node.attrs().getInt("batch_dims") : 0;
    if (axis.isEmpty()) {
      if (params.hasRank() && indices.hasRank() && batchDims >= 0) {
        long rank = params.rank() + indices.rank() - 1 - batchDims;
        if (rank >= 0) {
          return List.of(PartialShape.unknownDims((int) rank));
        }
      }
      return List.of(PartialShape.unknownRank());
    }
    long ax = axis.get();
    requireRankAtLeast(node, 0, ax < 0 ? -ax : ax + 1);
    requireRankAtLeast(node, 1, Math.abs(batchDims));
    if (!indices.hasRank()) {
      if (batchDims >= 0) {
        requireRankAtLeast(node, 0, batchDims + 1);
      }
      return List.of(PartialShape.unknownRank());
    }
    if (batchDims < 0) {
      batchDims += indices.rank();
    }
    requireRankAtLeast(node, 0, batchDims + 1);
    if (!params.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    if (ax < 0) {
      ax += params.rank();
    }
    if (batchDims > ax) {
      return List.of(PartialShape.unknownRank()); // the kernel's error, at run time
    }
    return List.of(
        params
            .sub(0, (int) ax)
            .concat(indices.sub((int) batchDims, indices.rank()))
            .concat(params.sub((int) ax + 1, params.rank())));
  }

  /** {@link Shapes#requireRankAtLeast} for a long rank (one past int's range is never met). */
  private static void requireRankAtLeast(NodeInfo node, int input, long rank) {
    Shapes.requireRankAtLeast(node, input, (int) Math.min(rank, Integer.MAX_VALUE));
  }
}
