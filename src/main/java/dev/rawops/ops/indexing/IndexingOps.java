package dev.rawops.ops.indexing;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The Indexing op family (see docs/ARCHITECTURE.md, "Adding an op to a family"): gather, scatter,
 * selection, sorting, partitioning and counting ops. Their run-time checks live with the kernels'
 * shared geometry records ({@link GatherGeometry}, {@link TensorScatterUpdateOp.Geometry}); the
 * shape functions here use constant inputs (axis, k, shapes, sizes) where build time knows them.
 */
public final class IndexingOps {
  private IndexingOps() {}

  public static List<Op> all() {
    return List.of(
        DefinedOp.of("Gather", IndexingOps::gatherShape),
        DefinedOp.of("GatherV2", IndexingOps::gatherV2Shape),
        DefinedOp.of("ScatterNd", node -> List.of(shapeFromInput(node, 2))),
        DefinedOp.of("TensorScatterAdd", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("TensorScatterSub", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("TensorScatterMin", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("TensorScatterMax", ShapeFns.sameAsInput(0)).checking(BadIndicesPolicy::of),
        DefinedOp.of("ScatterNdNonAliasingAdd", ShapeFns.sameAsInput(0))
            .checking(BadIndicesPolicy::of),
        DefinedOp.of("SparseTensorDenseAdd", ShapeFns.sameAsInput(3)),
        DefinedOp.of("SparseToDense", node -> List.of(shapeFromInput(node, 1))),
        DefinedOp.of("Where", IndexingOps::whereShape),
        DefinedOp.of("Unique", node -> List.of(PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of(
            "UniqueWithCounts",
            node -> List.of(PartialShape.of(-1), PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of("ListDiff", node -> List.of(PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of("TopKV2", IndexingOps::topKShape),
        DefinedOp.of("NthElement", IndexingOps::nthElementShape),
        DefinedOp.of("InTopKV2", node -> List.of(dims(node.inputShape(0), 0, 1))),
        DefinedOp.of("Bincount", node -> List.of(vectorOfConstant(node, 1))),
        DefinedOp.of("HistogramFixedWidth", node -> List.of(vectorOfConstant(node, 2))),
        DefinedOp.of("DynamicPartition", IndexingOps::dynamicPartitionShape),
        DefinedOp.of("DynamicStitch", IndexingOps::dynamicStitchShape),
        DefinedOp.of("ParallelDynamicStitch", IndexingOps::dynamicStitchShape),
        DefinedOp.of("RaggedRange", node -> List.of(PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of("RaggedTensorToTensor", ShapeFns.unknown()));
  }

  private static Optional<Long> scalar(NodeInfo node, int input) {
    return node.constantInput(input)
        .filter(t -> t.numElements() == 1 && t.dtype().isInteger())
        .map(t -> t.getIndex(0));
  }

  /** Dims [from, to) of a shape; unknown dims when the rank is unknown. */
  private static PartialShape dims(PartialShape s, int from, int to) {
    return s.hasRank() ? s.sub(from, Math.min(to, s.rank())) : PartialShape.unknownDims(to - from);
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
    Optional<Long> axis = scalar(node, 2);
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

  /** A shape given by a constant 1-D input's values; else unknown dims of its length. */
  private static PartialShape shapeFromInput(NodeInfo node, int input) {
    Optional<Tensor> c = node.constantInput(input);
    if (c.isPresent() && c.get().dtype().isInteger() && c.get().shape().rank() <= 1) {
      long[] v = c.get().toLongArray();
      for (long d : v) {
        if (d < 0) {
          return PartialShape.unknownDims(v.length);
        }
      }
      return PartialShape.of(v);
    }
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() == 1 && s.dim(0) >= 0) {
      return PartialShape.unknownDims((int) s.dim(0));
    }
    return PartialShape.unknownRank();
  }

  private static PartialShape vectorOfConstant(NodeInfo node, int input) {
    return PartialShape.of(scalar(node, input).orElse(-1L));
  }

  private static List<PartialShape> whereShape(NodeInfo node) {
    PartialShape in = node.inputShape(0);
    return List.of(PartialShape.of(-1, in.hasRank() ? in.rank() : -1));
  }

  private static List<PartialShape> topKShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    PartialShape in = node.inputShape(0);
    Optional<Long> k = scalar(node, 1);
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

  private static List<PartialShape> nthElementShape(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    PartialShape in = node.inputShape(0);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    Optional<Long> n = scalar(node, 1);
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

  private static List<PartialShape> dynamicPartitionShape(NodeInfo node) {
    PartialShape data = node.inputShape(0);
    PartialShape partitions = node.inputShape(1);
    PartialShape each =
        data.hasRank() && partitions.hasRank() && partitions.rank() <= data.rank()
            ? PartialShape.of(-1).concat(data.sub(partitions.rank(), data.rank()))
            : PartialShape.unknownRank();
    return Collections.nCopies(node.numOutputs(), each);
  }

  private static List<PartialShape> dynamicStitchShape(NodeInfo node) {
    int n = (int) node.attrs().getInt("N");
    long max = -1;
    boolean allKnown = true;
    for (int i = 0; i < n; i++) {
      Optional<Tensor> c = node.constantInput(i);
      if (c.isEmpty()) {
        allKnown = false;
        break;
      }
      for (long v : c.get().toLongArray()) {
        max = Math.max(max, v);
      }
    }
    PartialShape indices0 = node.inputShape(0);
    PartialShape data0 = node.inputShape(n);
    List<PartialShape> out = new ArrayList<>();
    if (!indices0.hasRank() || !data0.hasRank() || indices0.rank() > data0.rank()) {
      out.add(PartialShape.unknownRank());
      return out;
    }
    out.add(
        PartialShape.of(allKnown ? max + 1 : -1).concat(data0.sub(indices0.rank(), data0.rank())));
    return out;
  }
}
