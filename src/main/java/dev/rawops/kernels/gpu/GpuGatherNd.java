package dev.rawops.kernels.gpu;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.COMPLEX128;
import static dev.rawops.tensor.DType.COMPLEX64;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.HALF;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.GatherNdGeometry;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Tensor;
import java.util.Arrays;
import java.util.List;

/**
 * GatherNd on the GPU ({@code gather_nd.cu}), TF's GPU semantics: an index vector out of bounds
 * gathers zeros instead of failing. Registered as TF 2.18 registers its GPU kernel: int32, int64,
 * half, bfloat16, float, double, complex64, complex128 with int32 or int64 indices, and {@code
 * bad_indices_policy} "", "DEFAULT" or "IGNORE" only, so an ERROR node has no GPU kernel and is
 * placed on the CPU (where a bad index is an error). Shape checks and messages are the op's shared
 * {@link GatherNdGeometry}.
 */
final class GpuGatherNd implements Kernel {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("GatherNd", Device.GPU)
              .typeConstraint(
                  "Tparams", INT32, INT64, HALF, BFLOAT16, FLOAT, DOUBLE, COMPLEX64, COMPLEX128)
              .typeConstraint("Tindices", INT32, INT64)
              .attrConstraint("bad_indices_policy", "", "DEFAULT", "IGNORE")
              .build(GpuGatherNd::new));

  private final NodeInfo node;

  private GpuGatherNd(NodeInfo node) {
    this.node = node;
  }

  @Override
  public void compute(KernelContext ctx) {
    Tensor params = ctx.input(0);
    Tensor indices = ctx.input(1);
    GatherNdGeometry g =
        GatherNdGeometry.of(node, params.shape(), indices.shape(), indices.dtype());
    long total = g.numSlices() * g.sliceSize();
    try (GpuRun run = GpuRun.start(ctx)) {
      GpuRun.Out out = run.output(params.dtype(), g.outputShape());
      if (total > 0) {
        int depth = g.depth();
        long[] dims = Arrays.copyOf(params.shape().dims(), depth);
        long[] strides = new long[depth];
        long s = g.sliceSize();
        for (int d = depth - 1; d >= 0; d--) {
          strides[d] = s;
          s *= dims[d];
        }
        long p = run.in(params);
        long ix = run.in(indices);
        long meta = run.upload(GpuRun.concat(dims, strides));
        run.launch(
            "gather_nd",
            total,
            p,
            ix,
            out.address(),
            meta,
            g.numSlices(),
            g.sliceSize(),
            depth,
            GpuRun.wide(indices.dtype()),
            params.dtype().byteSize());
      }
      ctx.setOutput(0, run.finish(out));
    }
  }
}
