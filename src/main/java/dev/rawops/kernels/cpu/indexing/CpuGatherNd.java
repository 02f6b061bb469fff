package dev.rawops.kernels.cpu.indexing;

import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.GatherNdCopy;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.indexing.BadIndicesPolicy;
import java.util.List;

/** GatherNd on CPU: {@link GatherNdCopy}, with the node's {@code bad_indices_policy}. */
public final class CpuGatherNd implements Kernel {
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("GatherNd", Device.CPU)
              .anyType("Tparams")
              .typeConstraint("Tindices", INT16, INT32, INT64)
              .build(CpuGatherNd::new));

  private final NodeInfo node;
  private final boolean ignoreBadIndices;

  private CpuGatherNd(NodeInfo node) {
    this.node = node;
    this.ignoreBadIndices = BadIndicesPolicy.of(node) == BadIndicesPolicy.IGNORE;
  }

  @Override
  public void compute(KernelContext ctx) {
    ctx.setOutput(0, GatherNdCopy.gather(ctx, node, ctx.input(0), ctx.input(1), ignoreBadIndices));
  }
}
