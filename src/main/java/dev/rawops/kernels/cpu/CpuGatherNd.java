package dev.rawops.kernels.cpu;

import static dev.rawops.tensor.DType.INT16;
import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.BadIndicesPolicy;
import dev.rawops.ops.GatherNdOp.Geometry;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * GatherNd on CPU: each index vector is bounds-checked, then its slice is copied in one bulk copy.
 * A bad index is INVALID_ARGUMENT (the first in row-major order), or zeros under IGNORE.
 */
final class CpuGatherNd implements Kernel {
  static final List<KernelDef> DEFS =
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
    Tensor params = ctx.input(0);
    Tensor indices = ctx.input(1);
    Geometry g = Geometry.of(node, params.shape(), indices.shape(), indices.dtype());
    TensorBuffer out = ctx.allocate(params.dtype(), g.outputShape());
    long[] strides = sliceStrides(params.shape(), g.depth(), g.sliceSize());
    SliceCopier copier = SliceCopier.of(params, out, g.sliceSize());
    int depth = g.depth();
    long[] dims = params.shape().dims();
    // Index vectors are read a chunk at a time into a long[]; a vector never straddles chunks.
    int perChunk = Math.max(1, IndexChunks.CHUNK / Math.max(1, depth));
    IndexChunks chunks = new IndexChunks(indices, perChunk * depth);
    for (long first = 0; first < g.numSlices(); first += perChunk) {
      int n = (int) Math.min(perChunk, g.numSlices() - first);
      long[] ix = chunks.read(first * depth, n * depth);
      for (int k = 0; k < n; k++) {
        long offset = 0;
        boolean bad = false;
        for (int d = 0; d < depth; d++) {
          long v = ix[k * depth + d];
          bad |= v < 0 || v >= dims[d];
          offset += v * strides[d];
        }
        if (!bad) {
          copier.copy(offset, (first + k) * g.sliceSize());
        } else if (!ignoreBadIndices) {
          long[] index = java.util.Arrays.copyOfRange(ix, k * depth, (k + 1) * depth);
          throw node.invalidArgument(g.badIndexMessage(node, first + k, index, params.shape()));
        } // under IGNORE the output slice stays zero
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /** Element stride of each indexed dimension: how far one step in params dim d moves. */
  private static long[] sliceStrides(Shape params, int depth, long sliceSize) {
    long[] strides = new long[depth];
    long s = sliceSize;
    for (int d = depth - 1; d >= 0; d--) {
      strides[d] = s;
      s *= params.dim(d);
    }
    return strides;
  }
}
