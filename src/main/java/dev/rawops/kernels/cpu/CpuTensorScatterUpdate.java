package dev.rawops.kernels.cpu;

import static dev.rawops.tensor.DType.INT32;
import static dev.rawops.tensor.DType.INT64;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.BadIndicesPolicy;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.TensorScatterUpdateOp.Geometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * TensorScatterUpdate on CPU. The output is the input tensor's own buffer when the runtime can
 * forward it (this node is its last reader and nothing else can see it: TF's forward_input);
 * otherwise one bulk copy of the input. Then each update slice is copied in with one bulk copy.
 *
 * <p>Duplicate index vectors: updates are applied one after another in row-major order of {@code
 * indices}, so the last update for a position wins. TensorFlow's CPU kernel loops the same way; its
 * docs call the order undefined, this kernel guarantees it.
 *
 * <p>Out-of-bounds index vectors (negative or too large) are skipped while the others are applied;
 * afterwards INVALID_ARGUMENT names the last bad one (as TF's CPU kernel does), unless
 * bad_indices_policy is IGNORE.
 */
final class CpuTensorScatterUpdate implements Kernel {
  // TF 2.18 registers CPU kernels for every dtype but only int32 and int64 indices, although the
  // OpDef also allows int16 and uint16.
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("TensorScatterUpdate", Device.CPU)
              .anyType("T")
              .typeConstraint("Tindices", INT32, INT64)
              .build(CpuTensorScatterUpdate::new));

  private final NodeInfo node;
  private final boolean ignoreBadIndices;

  private CpuTensorScatterUpdate(NodeInfo node) {
    this.node = node;
    this.ignoreBadIndices = BadIndicesPolicy.of(node) == BadIndicesPolicy.IGNORE;
  }

  @Override
  public void compute(KernelContext ctx) {
    Tensor tensor = ctx.input(0);
    Tensor indices = ctx.input(1);
    Tensor updates = ctx.input(2);
    Geometry g =
        Geometry.of(node, tensor.shape(), indices.shape(), updates.shape(), indices.dtype());
    if (g.nothingToWrite()) {
      ctx.setOutput(0, tensor); // immutable, so sharing it is a copy
      return;
    }
    TensorBuffer out = ctx.forwardInput(0).orElseGet(() -> copyOf(ctx, tensor));
    long bad = scatter(g, tensor.shape(), indices, SliceCopier.of(updates, out, g.sliceSize()));
    if (bad >= 0 && !ignoreBadIndices) {
      throw node.invalidArgument(
          g.badIndexMessage(bad, indexVector(indices, bad, g.depth()), tensor.shape()));
    }
    ctx.setOutput(0, out.freeze());
  }

  /** A new buffer holding the input's elements: one bulk copy. */
  private static TensorBuffer copyOf(KernelContext ctx, Tensor tensor) {
    TensorBuffer out = ctx.allocate(tensor.dtype(), tensor.shape());
    if (tensor.dtype() == DType.STRING) {
      byte[][] src = KernelAccess.strings(tensor);
      System.arraycopy(
          src, 0, out.strings(), 0, src.length); // elements are immutable: sharing is copying
    } else {
      MemorySegment.copy(tensor.data(), 0, out.segment(), 0, tensor.byteSize());
    }
    return out;
  }

  /**
   * Copies update slice i to the position its index vector names, for i in row-major order (so a
   * later duplicate overwrites an earlier one). Returns the last out-of-bounds update, or -1.
   */
  private static long scatter(Geometry g, Shape shape, Tensor indices, SliceCopier copier) {
    MemorySegment ix = indices.data();
    boolean wide = indices.dtype() == INT64;
    int depth = g.depth();
    long[] strides = g.sliceStrides();
    long[] dims = shape.dims();
    long sliceSize = g.sliceSize();
    long lastBad = -1;
    for (long i = 0; i < g.numUpdates(); i++) {
      long at = i * depth;
      long offset = 0;
      boolean bad = false;
      for (int d = 0; d < depth; d++) {
        long v = wide ? ix.getAtIndex(Layouts.I64, at + d) : ix.getAtIndex(Layouts.I32, at + d);
        bad |= v < 0 || v >= dims[d];
        offset += v * strides[d];
      }
      if (bad) {
        lastBad = i;
      } else {
        copier.copy(i * sliceSize, offset);
      }
    }
    return lastBad;
  }

  private static long[] indexVector(Tensor indices, long update, int depth) {
    long[] v = new long[depth];
    for (int d = 0; d < depth; d++) {
      v[d] = indices.getIndex(update * depth + d);
    }
    return v;
  }
}
