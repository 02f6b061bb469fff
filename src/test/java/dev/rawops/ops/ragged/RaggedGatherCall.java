package dev.rawops.ops.ragged;

import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.List;

/**
 * One RaggedGather node named "out" over inputs x0, x1, … (the splits, then values and indices):
 * either all Const (shapes known at build time) or all Placeholders of unknown shape, fed at run
 * time (so only the kernel sees the shapes). Fetches every output, splits first.
 */
record RaggedGatherCall(List<Tensor> splits, Tensor values, Tensor indices, long outputRaggedRank) {

  /** The call with {@code OUTPUT_RAGGED_RANK = rank(indices) + PARAMS_RAGGED_RANK - 1}. */
  static RaggedGatherCall of(List<Tensor> splits, Tensor values, Tensor indices) {
    return new RaggedGatherCall(
        splits, values, indices, indices.shape().rank() + splits.size() - 1L);
  }

  RaggedGatherCall withOutputRaggedRank(long outputRaggedRank) {
    return new RaggedGatherCall(splits, values, indices, outputRaggedRank);
  }

  GraphDef constGraph() {
    return node().constInputs().graph();
  }

  /** The node on the splits, values and indices (Placeholders fed with them unless made Const). */
  private OneOp node() {
    OneOp node = OneOp.of("RaggedGather");
    splits.forEach(node::input);
    DataType splitsType = splits.isEmpty() ? DataType.DT_INT64 : splits.get(0).dtype().proto();
    return node.input(values)
        .input(indices)
        .attr("OUTPUT_RAGGED_RANK", outputRaggedRank)
        .attr("PARAMS_RAGGED_RANK", splits.size())
        .attr("Tsplits", splitsType)
        .attr("Tindices", indices.dtype())
        .attr("Tvalues", values.dtype());
  }

  /** Runs the Const graph, fetching every output. */
  List<Tensor> run() {
    return node().constInputs().runAll(Math.toIntExact(outputRaggedRank + 1));
  }

  /** Runs the Placeholder graph, feeding the inputs; fetches every output. */
  List<Tensor> runFed() {
    return node().runAll(Math.toIntExact(outputRaggedRank + 1));
  }
}
