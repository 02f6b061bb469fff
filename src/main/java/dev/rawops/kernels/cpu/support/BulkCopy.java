package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.Parallel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;

/** One large contiguous copy split into blocks over a kernel's intra-op threads. */
public final class BulkCopy {
  /** Bytes per unit of work handed to {@link Parallel#forRange}. */
  static final long BLOCK = 1 << 18;

  /** Rough cost of copying one block, in nanoseconds (a few GB/s per thread). */
  private static final long BLOCK_COST_NS = BLOCK / 4;

  private BulkCopy() {}

  /** A new buffer holding {@code tensor}'s elements: one bulk copy (split over the threads). */
  public static TensorBuffer copyOf(KernelContext ctx, Tensor tensor) {
    return copyOf(ctx, tensor, ctx.parallel());
  }

  /** A new buffer holding {@code tensor}'s elements, copied in blocks over {@code parallel}. */
  public static TensorBuffer copyOf(KernelContext ctx, Tensor tensor, Parallel parallel) {
    if (tensor.dtype() == DType.STRING) {
      TensorBuffer out = ctx.allocate(tensor.dtype(), tensor.shape());
      byte[][] src = KernelAccess.strings(tensor);
      System.arraycopy(src, 0, out.strings(), 0, src.length); // immutable elements: sharing copies
      return out;
    }
    TensorBuffer out = ctx.allocateUninitialized(tensor.dtype(), tensor.shape());
    copy(parallel, tensor.data(), 0, out.segment(), 0, tensor.byteSize());
    return out;
  }

  /** Copies {@code bytes} bytes from {@code src} at {@code from} to {@code dst} at {@code to}. */
  public static void copy(
      Parallel parallel, MemorySegment src, long from, MemorySegment dst, long to, long bytes) {
    long blocks = (bytes + BLOCK - 1) / BLOCK;
    parallel.forRange(
        blocks,
        BLOCK_COST_NS,
        (b0, b1) -> {
          long start = b0 * BLOCK;
          long end = Math.min(bytes, b1 * BLOCK);
          MemorySegment.copy(src, from + start, dst, to + start, end - start);
        });
  }
}
