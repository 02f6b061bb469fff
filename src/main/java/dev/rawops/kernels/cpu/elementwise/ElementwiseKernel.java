package dev.rawops.kernels.cpu.elementwise;

import dev.rawops.RawOpsException;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.support.FloatSegments;
import dev.rawops.kernels.cpu.support.Lanes;
import dev.rawops.kernels.cpu.support.SegmentOp;
import dev.rawops.ops.elementwise.Broadcast;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * The one kernel every numeric elementwise op runs on: inputs broadcast as TF's BCast, the output
 * walked a chunk at a time; each input's chunk is read into a lane array (bulk copies of contiguous
 * runs, a fill for repeated elements, once only for an input repeated everywhere), the op's array
 * function computes the chunk in one call (its loop has no virtual call or dtype switch), and the
 * chunk is written out in bulk. The output takes over an input's memory when the runtime allows.
 */
final class ElementwiseKernel implements Kernel {
  static final int CHUNK = FloatSegments.CHUNK;

  /** An op's computation over one chunk: {@code in[k]} and {@code out} are lane arrays. */
  @FunctionalInterface
  interface ArrayFn {
    void apply(Object[] in, Object out, int n);
  }

  /** Checks an op's own input rules before broadcasting, possibly reshaping inputs (Select). */
  @FunctionalInterface
  interface Prepare {
    Tensor[] apply(Tensor[] in);
  }

  private final DType outType;
  private final ArrayFn fn;
  private final Prepare prepare;
  private final SegmentOp segmentOp;

  ElementwiseKernel(DType outType, ArrayFn fn, Prepare prepare) {
    this(outType, fn, prepare, null);
  }

  /**
   * With {@code segmentOp} (float32 inputs, SIMD on) the op runs over tensor memory directly when
   * each input is whole, a scalar or a small trailing block repeated ({@link FloatSegments}).
   */
  ElementwiseKernel(DType outType, ArrayFn fn, Prepare prepare, SegmentOp segmentOp) {
    this.outType = outType;
    this.fn = fn;
    this.prepare = prepare;
    this.segmentOp = segmentOp;
  }

  /** At most this many elements, inputs of one shape run as one chunk on the calling thread. */
  static final int SMALL = 64;

  @Override
  public void compute(KernelContext ctx) {
    if (prepare == null && computeSmall(ctx)) {
      return;
    }
    int arity = ctx.node().numInputs();
    Tensor[] in = new Tensor[arity];
    for (int k = 0; k < arity; k++) {
      in[k] = ctx.input(k);
    }
    if (prepare != null) {
      in = prepare.apply(in);
    }
    Shape[] shapes = new Shape[arity];
    boolean same = true;
    for (int k = 0; k < arity; k++) {
      shapes[k] = in[k].shape();
      same &= shapes[k].equals(shapes[0]);
    }
    if (same) {
      // Nothing to broadcast: every input is read whole, so no broadcast geometry is needed.
      ctx.setOutput(0, run(ctx, in, shapes[0], null).freeze());
      return;
    }
    Broadcast bc = Broadcast.of(shapes);
    if (bc == null) {
      throw RawOpsException.invalidArgument(Broadcast.incompatible(shapes));
    }
    ctx.setOutput(0, run(ctx, in, bc.outputShape(), bc).freeze());
  }

  /**
   * The per-node fast path for tiny tensors (a chain of scalar ops): when every input has the same
   * shape and at most {@link #SMALL} elements there is nothing to broadcast and nothing worth
   * splitting, so the one chunk is computed here, exactly as the general path computes it, without
   * its broadcast geometry, range split or lambda. Returns false to take the general path.
   */
  private boolean computeSmall(KernelContext ctx) {
    Tensor first = ctx.input(0);
    Shape shape = first.shape();
    long total = shape.numElements();
    if (total > SMALL || total == 0) {
      return false;
    }
    int arity = ctx.node().numInputs();
    for (int k = 1; k < arity; k++) {
      if (!ctx.input(k).shape().equals(shape)) {
        return false;
      }
    }
    TensorBuffer out = null;
    for (int k = 0; k < arity && out == null; k++) {
      if (ctx.input(k).dtype() == outType) {
        out = ctx.forwardInput(k).orElse(null);
      }
    }
    if (out == null) {
      out =
          outType == DType.STRING
              ? ctx.allocate(outType, shape)
              : ctx.allocateUninitialized(outType, shape);
    }
    int n = (int) total;
    Object[] arrays = new Object[arity];
    for (int k = 0; k < arity; k++) {
      Tensor t = ctx.input(k);
      arrays[k] = Lanes.newArray(t.dtype(), n);
      Lanes.read(t.dtype(), t.data(), 0, arrays[k], 0, n);
    }
    Object result = Lanes.newArray(outType, n);
    fn.apply(arrays, result, n);
    Lanes.write(outType, result, 0, out.segment(), 0, n);
    ctx.setOutput(0, out.freeze());
    return true;
  }

  /**
   * Computes the op into a buffer of {@code outShape}; {@code bc} is null when no input broadcasts.
   */
  private TensorBuffer run(KernelContext ctx, Tensor[] in, Shape outShape, Broadcast bc) {
    TensorBuffer out = null;
    for (int k = 0; k < in.length && out == null; k++) {
      if (in[k].dtype() == outType && in[k].shape().equals(outShape) && in[k] == ctx.input(k)) {
        Optional<TensorBuffer> f = ctx.forwardInput(k);
        out = f.orElse(null);
      }
    }
    if (out == null) {
      // Every element is written below (strings are no elementwise output here).
      out =
          outType == DType.STRING
              ? ctx.allocate(outType, outShape)
              : ctx.allocateUninitialized(outType, outShape);
    }
    long total = outShape.numElements();
    if (total == 0) {
      return out;
    }
    int chunk = (int) Math.min(CHUNK, total);
    if (segmentOp != null && FloatSegments.run(ctx, segmentOp, in, outShape, out, chunk)) {
      return out;
    }
    long chunks = (total + chunk - 1) / chunk;
    MemorySegment o = out.segment();
    // Ranges of chunks are independent: each has its own lane arrays, and every output element is
    // computed from the same inputs whatever the split.
    ctx.parallel()
        .forRange(
            chunks,
            (long) chunk * in.length,
            (c0, c1) -> {
              Object[] arrays = new Object[in.length];
              MemorySegment[] segs = new MemorySegment[in.length];
              boolean[] once = new boolean[in.length];
              for (int k = 0; k < in.length; k++) {
                arrays[k] = Lanes.newArray(in[k].dtype(), chunk);
                segs[k] = in[k].data();
                once[k] = in[k].numElements() == 1;
                if (once[k]) {
                  Lanes.fill(in[k].dtype(), segs[k], 0, arrays[k], 0, chunk);
                }
              }
              Object result = Lanes.newArray(outType, chunk);
              for (long start = c0 * chunk; start < Math.min(total, c1 * chunk); start += chunk) {
                int n = (int) Math.min(chunk, total - start);
                for (int k = 0; k < in.length; k++) {
                  if (once[k]) {
                    continue;
                  }
                  if (in[k].numElements() == total) {
                    Lanes.read(in[k].dtype(), segs[k], start, arrays[k], 0, n);
                  } else {
                    gather(in[k].dtype(), segs[k], bc.dims(), bc.strides(k), start, n, arrays[k]);
                  }
                }
                fn.apply(arrays, result, n);
                Lanes.write(outType, result, 0, o, start, n);
              }
            });
    return out;
  }

  /** Output positions [start, start + n) of a broadcast input, run by run. */
  static void gather(
      DType t, MemorySegment s, long[] dims, long[] strides, long start, int n, Object arr) {
    int m = dims.length;
    long inner = dims[m - 1];
    boolean repeated = strides[m - 1] == 0;
    long row = start / inner;
    long j = start % inner;
    int pos = 0;
    while (pos < n) {
      long base = 0;
      long r = row;
      for (int d = m - 2; d >= 0; d--) {
        base += (r % dims[d]) * strides[d];
        r /= dims[d];
      }
      int len = (int) Math.min(inner - j, n - pos);
      if (repeated) {
        Lanes.fill(t, s, base, arr, pos, len);
      } else {
        Lanes.read(t, s, base + j, arr, pos, len);
      }
      pos += len;
      j = 0;
      row++;
    }
  }

  /** Source element index of each output position [start, start + n) (slow paths). */
  static void sourceIndices(long[] dims, long[] strides, long start, int n, long[] dst) {
    int m = dims.length;
    long inner = dims[m - 1];
    long innerStride = strides[m - 1];
    long row = start / inner;
    long j = start % inner;
    int pos = 0;
    while (pos < n) {
      long base = 0;
      long r = row;
      for (int d = m - 2; d >= 0; d--) {
        base += (r % dims[d]) * strides[d];
        r /= dims[d];
      }
      int len = (int) Math.min(inner - j, n - pos);
      for (int i = 0; i < len; i++) {
        dst[pos + i] = base + (j + i) * innerStride;
      }
      pos += len;
      j = 0;
      row++;
    }
  }
}
