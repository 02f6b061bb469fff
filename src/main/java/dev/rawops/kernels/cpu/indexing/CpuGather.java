package dev.rawops.kernels.cpu.indexing;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.indexing.GatherGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * Gather and GatherV2 on CPU: every index is bounds-checked first (the first bad one in row-major
 * order is INVALID_ARGUMENT, as TF's CPU kernel reports), then each gathered slice of {@code inner}
 * elements is one bulk copy.
 */
public final class CpuGather implements Kernel {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Gather", Device.CPU)
              .tfCpuTypes("Tparams")
              .tfCpuTypes("Tindices")
              .build(CpuGather::new),
          KernelDef.builder("GatherV2", Device.CPU)
              .tfCpuTypes("Tparams")
              .tfCpuTypes("Tindices")
              .build(CpuGather::new));

  private final NodeInfo node;
  private final boolean v2;
  private final long batchDims;

  private CpuGather(NodeInfo node) {
    this.node = node;
    this.v2 = node.op().equals("GatherV2");
    this.batchDims = v2 && node.attrs().has("batch_dims") ? node.attrs().getInt("batch_dims") : 0;
  }

  @Override
  public void compute(KernelContext ctx) {
    Tensor params = ctx.input(0);
    Tensor indices = ctx.input(1);
    Long axis = null;
    if (v2) {
      Tensor a = ctx.input(2);
      if (a.shape().rank() != 0) {
        throw node.invalidArgument("axis must be scalar");
      }
      axis = a.getIndex(0);
    }
    GatherGeometry g =
        GatherGeometry.of(node, params.shape(), indices.shape(), indices.dtype(), axis, batchDims);
    TensorBuffer out =
        params.dtype() == DType.STRING
            ? ctx.allocate(params.dtype(), g.outputShape())
            : ctx.allocateUninitialized(params.dtype(), g.outputShape());
    long n = indices.numElements();
    if (n == 0 || g.outer() == 0 || g.inner() == 0 || g.batch() == 0) {
      ctx.setOutput(0, out.freeze());
      return;
    }
    long[] ix = IndexChunks.readAll(indices);
    long limit = g.gatherDim();
    for (int i = 0; i < ix.length; i++) {
      if (ix[i] < 0 || ix[i] >= limit) {
        throw node.invalidArgument(g.badIndexMessage(indices.shape(), i, ix[i]));
      }
    }
    long inner = g.inner();
    long perBatch = g.perBatch();
    long outer = g.outer();
    SliceCopier copier = SliceCopier.of(params, out, inner);
    long sliceBytes = inner * Math.max(1, params.dtype().byteSize());
    // Output slice s is (batch b, outer o, index i) in row-major order; ranges of s are
    // independent. Each range walks (b, o, i) by increments, a chunk of source offsets at a time,
    // and copies the chunk in a loop of its own (SliceCopier.copyRuns).
    ctx.parallel()
        .forRange(
            g.batch() * outer * perBatch,
            20 + sliceBytes / 4,
            (from, to) -> {
              long[] offsets = new long[(int) Math.min(IndexChunks.CHUNK, to - from)];
              long bo = from / perBatch; // b * outer + o
              long i = from % perBatch;
              long b = bo / outer;
              for (long s = from; s < to; ) {
                int len = (int) Math.min(offsets.length, to - s);
                for (int k = 0; k < len; k++) {
                  offsets[k] = (bo * limit + ix[(int) (b * perBatch + i)]) * inner;
                  if (++i == perBatch) {
                    i = 0;
                    b = ++bo / outer;
                  }
                }
                copier.copyRuns(offsets, 0, len, s);
                s += len;
              }
            });
    ctx.setOutput(0, out.freeze());
  }
}
