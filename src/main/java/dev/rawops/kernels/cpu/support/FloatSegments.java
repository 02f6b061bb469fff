package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.KernelContext;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The float32 elementwise path over tensor memory ({@link VectorElementwise}): each input is read
 * where it lies when it has the output's size, and from a heap tile when it is a scalar or a
 * trailing block of the output's shape repeated (a bias, a per-channel weight): the tile holds the
 * block repeated past a chunk's length, so a chunk starting at output element p reads it from p mod
 * the block's size. Other broadcasts are the caller's (false). Reached only behind {@link
 * VectorSupport#ENABLED}.
 */
public final class FloatSegments {
  private FloatSegments() {}

  /** Elements per chunk (a unit of the split over threads), as the lane-array path's. */
  public static final int CHUNK = 2048;

  /** Largest repeated block tiled (elements): larger ones take the lane-array path. */
  static final int MAX_BLOCK = 4096;

  /**
   * Computes {@code op} into {@code out} chunk by chunk over the intra-op threads; false (nothing
   * written) when an input's layout is not one of those above.
   */
  public static boolean run(
      KernelContext ctx, SegmentOp op, Tensor[] in, Shape outShape, TensorBuffer out, int chunk) {
    long total = outShape.numElements();
    int arity = in.length;
    MemorySegment[] segs = new MemorySegment[arity];
    long[] period = new long[arity]; // 0: whole; else the tile's period
    for (int k = 0; k < arity; k++) {
      long m = in[k].numElements();
      if (m == total) {
        segs[k] = in[k].data();
        continue;
      }
      if (m > MAX_BLOCK || !trailingBlock(in[k].shape(), outShape)) {
        return false;
      }
      segs[k] = tile(in[k], op.boolInput(k), (int) m, chunk);
      period[k] = m;
    }
    MemorySegment o = out.segment();
    long chunks = (total + chunk - 1) / chunk;
    ctx.parallel()
        .forRange(
            chunks,
            (long) chunk * arity,
            (c0, c1) -> {
              long[] off = new long[arity];
              for (long start = c0 * chunk; start < Math.min(total, c1 * chunk); start += chunk) {
                int n = (int) Math.min(chunk, total - start);
                for (int k = 0; k < arity; k++) {
                  off[k] = period[k] == 0 ? start : start % period[k];
                }
                VectorElementwise.apply(op, segs, off, o, start, n);
              }
            });
    return true;
  }

  /** Whether {@code in}, leading 1s aside, is the trailing dimensions of {@code out}. */
  static boolean trailingBlock(Shape in, Shape out) {
    int first = 0;
    while (first < in.rank() && in.dim(first) == 1) {
      first++;
    }
    int r = in.rank() - first;
    if (r > out.rank()) {
      return false;
    }
    for (int d = 0; d < r; d++) {
      if (in.dim(first + d) != out.dim(out.rank() - r + d)) {
        return false;
      }
    }
    return true;
  }

  /** The m elements of {@code t} repeated over chunk + m elements, as a heap segment. */
  private static MemorySegment tile(Tensor t, boolean bool, int m, int chunk) {
    int len = chunk + m;
    MemorySegment src = t.data();
    if (bool) {
      byte[] b = new byte[len];
      for (int i = 0; i < len; i++) {
        b[i] = src.get(ValueLayout.JAVA_BYTE, i % m);
      }
      return MemorySegment.ofArray(b);
    }
    float[] f = new float[len];
    for (int i = 0; i < len; i++) {
      f[i] = src.getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i % m);
    }
    return MemorySegment.ofArray(f);
  }
}
