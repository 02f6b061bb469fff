package dev.rawops.kernels;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.ragged.RaggedGatherGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The half of a RaggedGather kernel that is the same on every device: its inputs checked into a
 * {@link RaggedGatherGeometry}, and the output splits (small, always computed on the host) written
 * and set as outputs 0 … OUTPUT_RAGGED_RANK − 1. A device kernel then gathers the values.
 */
public final class RaggedGatherSplits {
  private RaggedGatherSplits() {}

  /** Checks the inputs, sets the output splits, and returns the geometry for the values. */
  public static RaggedGatherGeometry setSplits(
      KernelContext ctx, NodeInfo node, int paramsRaggedRank, DType splitsType) {
    Tensor[] splits = new Tensor[paramsRaggedRank];
    for (int d = 0; d < paramsRaggedRank; d++) {
      splits[d] = ctx.input(d);
    }
    RaggedGatherGeometry g =
        RaggedGatherGeometry.of(
            node,
            List.of(splits),
            ctx.input(paramsRaggedRank),
            ctx.input(paramsRaggedRank + 1),
            (n, cost, body) -> ctx.parallel().forRange(n, cost, body::run));
    int outputRaggedRank = g.outputRaggedRank();
    TensorBuffer[] outSplits = new TensorBuffer[outputRaggedRank];
    MemorySegment[] outSegments = new MemorySegment[outputRaggedRank];
    for (int k = 0; k < outputRaggedRank; k++) {
      // Every entry is written by the geometry's writeSplits, entry 0 included.
      outSplits[k] = ctx.allocateUninitialized(splitsType, Shape.of(g.outputSplitsLength(k)));
      outSegments[k] = outSplits[k].segment();
    }
    g.writeSplits(outSegments);
    for (int k = 0; k < outputRaggedRank; k++) {
      ctx.setOutput(k, outSplits[k].freeze());
    }
    return g;
  }
}
