package dev.rawops.kernels.gpu;

import static dev.rawops.tensor.DType.COMPLEX128;
import static dev.rawops.tensor.DType.COMPLEX64;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.indexing.TensorScatterUpdateGeometry;
import dev.rawops.tensor.Tensor;
import java.util.Arrays;
import java.util.List;

/**
 * TensorScatterUpdate on the GPU ({@code tensor_scatter_update.cu}), TF's GPU semantics: an index
 * vector out of bounds is skipped, no error. Duplicate index vectors: the last in row-major order
 * of indices wins, deterministically (TF's GPU kernel leaves it to a race; rawops promises the
 * CPU's order). Registered as TF 2.18's GPU kernel: int32, int64, float, double, complex64,
 * complex128 with int32 or int64 indices; {@code bad_indices_policy} "", "DEFAULT" or "IGNORE"
 * (ERROR nodes run on the CPU). Shape checks and messages are the op's shared {@link
 * TensorScatterUpdateGeometry}.
 */
final class GpuTensorScatterUpdate implements Kernel {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("TensorScatterUpdate", Device.GPU)
              .typeConstraint("T", INT32, INT64, FLOAT, DOUBLE, COMPLEX64, COMPLEX128)
              .typeConstraint("Tindices", INT32, INT64)
              .attrConstraint("bad_indices_policy", "", "DEFAULT", "IGNORE")
              .build(GpuTensorScatterUpdate::new));

  private final NodeInfo node;

  private GpuTensorScatterUpdate(NodeInfo node) {
    this.node = node;
  }

  @Override
  public void compute(KernelContext ctx) {
    Tensor tensor = ctx.input(0);
    Tensor indices = ctx.input(1);
    Tensor updates = ctx.input(2);
    TensorScatterUpdateGeometry g =
        TensorScatterUpdateGeometry.of(
            node, tensor.shape(), indices.shape(), updates.shape(), indices.dtype());
    int depth = g.depth();
    long[] dims = Arrays.copyOf(tensor.shape().dims(), depth);
    try (GpuRun run = GpuRun.start(ctx)) {
      GpuRun.Out out = run.outputCopyOf(tensor); // the output starts as the input
      if (!g.nothingToWrite() && tensor.numElements() > 0) {
        long slots = tensor.numElements() / g.sliceSize();
        long o = out.address();
        long ix = run.in(indices);
        long up = run.in(updates);
        long meta = run.upload(GpuRun.concat(dims, g.sliceStrides()));
        long winner = run.alloc(8 * slots);
        run.backend().memset(winner, 0xFF, 8 * slots); // every slot -1: no update yet
        long wide = GpuRun.wide(indices.dtype());
        run.launch(
            "scatter_winner",
            g.numUpdates(),
            ix,
            meta,
            winner,
            g.numUpdates(),
            depth,
            wide,
            g.sliceSize());
        run.launch(
            "scatter_apply",
            g.numUpdates() * g.sliceSize(),
            ix,
            meta,
            winner,
            up,
            o,
            g.numUpdates(),
            depth,
            wide,
            g.sliceSize(),
            tensor.dtype().byteSize());
      }
      ctx.setOutput(0, run.finish(out));
    }
  }
}
