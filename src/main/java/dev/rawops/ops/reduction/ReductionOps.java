package dev.rawops.ops.reduction;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.ArrayList;
import java.util.List;

/**
 * The Reduction op family (see docs/ARCHITECTURE.md, "Adding an op to a family"): reductions over
 * axes, arg reductions, scans, softmax, segment reductions and bin counts, one entry each.
 */
public final class ReductionOps implements OpFamily {

  /** The axis reductions (input, reduction_indices; keep_dims), one shared shape function. */
  public static final List<String> REDUCTIONS =
      List.of("Sum", "Prod", "Max", "Min", "Mean", "All", "Any", "EuclideanNorm");

  /** Sorted segment reductions (data, segment_ids). */
  public static final List<String> SEGMENTS =
      List.of("SegmentSum", "SegmentProd", "SegmentMax", "SegmentMin", "SegmentMean");

  /** Unsorted segment reductions (data, segment_ids, num_segments). */
  public static final List<String> UNSORTED_SEGMENTS =
      List.of(
          "UnsortedSegmentSum", "UnsortedSegmentProd", "UnsortedSegmentMax", "UnsortedSegmentMin");

  /** Sparse segment reductions (data, indices, segment_ids [, num_segments]). */
  public static final List<String> SPARSE_SEGMENTS =
      List.of(
          "SparseSegmentSum",
          "SparseSegmentMean",
          "SparseSegmentSqrtN",
          "SparseSegmentSumWithNumSegments",
          "SparseSegmentMeanWithNumSegments",
          "SparseSegmentSqrtNWithNumSegments");

  /**
   * The bin counts beyond Bincount, over dense, sparse and ragged input (one kernel family, one set
   * of rules), with dense or sparse output.
   */
  public static final List<String> COUNTS =
      List.of(
          "DenseBincount",
          "SparseBincount",
          "RaggedBincount",
          "DenseCountSparseOutput",
          "SparseCountSparseOutput",
          "RaggedCountSparseOutput");

  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    for (String name : REDUCTIONS) {
      ops.add(DefinedOp.of(name, n -> List.of(ReductionGeometry.inferShape(n, 0, 1))));
    }
    ops.add(DefinedOp.of("ArgMax", ReductionOps::argShape));
    ops.add(DefinedOp.of("ArgMin", ReductionOps::argShape));
    ops.add(DefinedOp.of("Cumsum", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("Cumprod", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("Softmax", ReductionOps::softmaxShape));
    ops.add(DefinedOp.of("LogSoftmax", ReductionOps::softmaxShape));
    ops.add(DefinedOp.of("L2Loss", ShapeFns.scalar()));
    ops.add(DefinedOp.of("Bincount", node -> List.of(constantLength(node, 1))));
    for (String name : COUNTS) {
      ops.add(DefinedOp.of(name, ShapeFns.unknown()));
    }
    ops.add(DefinedOp.of("HistogramFixedWidth", node -> List.of(constantLength(node, 2))));
    for (String name : SEGMENTS) {
      ops.add(DefinedOp.of(name, n -> List.of(segmentShape(n, 1, -1))));
    }
    for (String name : UNSORTED_SEGMENTS) {
      ops.add(DefinedOp.of(name, ReductionOps::unsortedShape));
    }
    for (String name : SPARSE_SEGMENTS) {
      int num = name.endsWith("WithNumSegments") ? 3 : -1;
      ops.add(DefinedOp.of(name, n -> List.of(segmentShape(n, 1, num))));
    }
    return ops;
  }

  /** A vector whose length is constant scalar input {@code input}, when build time knows it. */
  private static PartialShape constantLength(NodeInfo node, int input) {
    return PartialShape.of(Shapes.constantScalar(node, input).orElse(-1L));
  }

  private static List<PartialShape> argShape(NodeInfo node) {
    PartialShape in = node.inputShape(0);
    var dim = node.constantInput(1);
    if (!in.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    int rank = in.rank();
    if (dim.isEmpty() || dim.get().numElements() != 1) {
      return List.of(rank == 0 ? PartialShape.unknownRank() : PartialShape.unknownDims(rank - 1));
    }
    long d = dim.get().getIndex(0);
    if (d < -rank || d >= rank) {
      throw node.invalidArgument(
          "Expected dimension in the range [" + -rank + ", " + rank + "), but got " + d);
    }
    int axis = (int) (d < 0 ? d + rank : d);
    return List.of(in.sub(0, axis).concat(in.sub(axis + 1, rank)));
  }

  private static List<PartialShape> softmaxShape(NodeInfo node) {
    PartialShape in = node.inputShape(0);
    if (in.hasRank() && in.rank() < 1) {
      throw node.invalidArgument("Shape must be at least rank 1 but is rank " + in.rank());
    }
    return List.of(in);
  }

  /** [rows] + data.shape[lead:]: rows from constant input {@code numIndex} when known. */
  private static PartialShape segmentShape(NodeInfo node, int lead, int numIndex) {
    PartialShape data = node.inputShape(0);
    if (!data.hasRank() || data.rank() < lead) {
      return PartialShape.unknownRank();
    }
    long rows = PartialShape.UNKNOWN;
    if (numIndex >= 0) {
      var num = node.constantInput(numIndex);
      if (num.isPresent() && num.get().numElements() == 1) {
        rows = num.get().getIndex(0);
      }
    }
    return PartialShape.of(rows).concat(data.sub(lead, data.rank()));
  }

  private static List<PartialShape> unsortedShape(NodeInfo node) {
    PartialShape ids = node.inputShape(1);
    if (!ids.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    return List.of(segmentShape(node, ids.rank(), 2));
  }
}
