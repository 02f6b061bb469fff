package dev.rawops.kernels.gpu;

import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.HostMemoryKernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.RaggedGatherSplits;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.ragged.RaggedGatherGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * RaggedGather with its values moved on the GPU ({@code ragged_gather.cu}). TF has no GPU kernel
 * for RaggedGather; rawops has one so a ragged pipeline stays on the device: the splits (small,
 * data-dependent) are validated and written on the host by the op's shared {@link
 * RaggedGatherGeometry}, exactly as on CPU, and the values (the bulk of the bytes) are gathered by
 * one launch. Every fixed-width Tvalues (no strings); int32 or int64 splits and indices.
 */
final class GpuRaggedGather implements HostMemoryKernel {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedGather", Device.GPU)
              .typeConstraint(
                  "Tvalues",
                  java.util.Arrays.stream(DType.dataTypes())
                      .filter(t -> t != DType.STRING)
                      .toArray(DType[]::new))
              .typeConstraint("Tsplits", INT32, INT64)
              .typeConstraint("Tindices", INT32, INT64)
              .build(GpuRaggedGather::new));

  private final NodeInfo node;
  private final int paramsRaggedRank;
  private final DType splitsType;

  private GpuRaggedGather(NodeInfo node) {
    this.node = node;
    this.paramsRaggedRank = Math.toIntExact(node.attrs().getInt("PARAMS_RAGGED_RANK"));
    this.splitsType = DType.fromProto(node.attrs().getType("Tsplits"));
  }

  /** Splits and indices are read on the host (the geometry is computed there). */
  @Override
  public java.util.Set<Integer> hostMemoryInputs() {
    java.util.Set<Integer> in = new java.util.HashSet<>();
    for (int i = 0; i <= paramsRaggedRank + 1; i++) {
      if (i != paramsRaggedRank) {
        in.add(i);
      }
    }
    return in;
  }

  /** The output splits are written on the host; only the values are on the device. */
  @Override
  public java.util.Set<Integer> hostMemoryOutputs() {
    java.util.Set<Integer> out = new java.util.HashSet<>();
    for (int i = 0; i < node.numOutputs() - 1; i++) {
      out.add(i);
    }
    return out;
  }

  @Override
  public void compute(KernelContext ctx) {
    RaggedGatherGeometry g = RaggedGatherSplits.setSplits(ctx, node, paramsRaggedRank, splitsType);
    Tensor values = ctx.input(paramsRaggedRank);
    int outputRaggedRank = g.outputRaggedRank();
    int n = (int) g.numIndices();
    long rowSize = g.valueSize();
    long[] meta = new long[2 * n + 1];
    long at = 0;
    for (int i = 0; i < n; i++) {
      meta[i] = g.valueStart(i) * rowSize;
      meta[n + i] = at;
      at += (g.valueLimit(i) - g.valueStart(i)) * rowSize;
    }
    meta[2 * n] = at;
    try (GpuRun run = GpuRun.start(ctx)) {
      GpuRun.Out o = run.output(values.dtype(), g.outputValuesShape());
      if (at > 0) {
        long v = run.in(values);
        long m = run.upload(meta);
        run.launch("ragged_values", at, v, o.address(), m, n, at, values.dtype().byteSize());
      }
      ctx.setOutput(outputRaggedRank, run.finish(o));
    }
  }
}
