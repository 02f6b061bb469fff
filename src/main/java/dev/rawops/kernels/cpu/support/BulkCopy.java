package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.Parallel;
import java.lang.foreign.MemorySegment;

/** One large contiguous copy split into blocks over a kernel's intra-op threads. */
public final class BulkCopy {
  /** Bytes per unit of work handed to {@link Parallel#forRange}. */
  static final long BLOCK = 1 << 18;

  /** Rough cost of copying one block, in nanoseconds (a few GB/s per thread). */
  private static final long BLOCK_COST_NS = BLOCK / 4;

  private BulkCopy() {}

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
