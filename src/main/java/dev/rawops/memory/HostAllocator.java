package dev.rawops.memory;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * Host memory with a cache of freed blocks by size class, in the spirit of TensorFlow's BFC
 * allocator bins and ONNX Runtime's arena: a request is rounded up to its class (64 bytes, then
 * four classes per power of two: 1, 1.25, 1.5 and 1.75 times it, so at most 25% is wasted) and
 * served from that class's free list when it has a block, else from the system (one {@link
 * HostMemory} segment per block: large ones huge-page mappings). Freed blocks go back on their list
 * while the cached free bytes stay under a cap; past it they are dropped, and the garbage collector
 * releases their memory once nothing reaches it, so no stray segment can ever see freed memory.
 * Unlike BFC it never splits or merges blocks: the tensors of a graph repeat the same sizes run
 * after run, so exact classes hit, and each block stays one allocation that can be released on its
 * own. Thread-safe.
 */
public final class HostAllocator implements Allocator {
  /** The default cap on cached free bytes: 1 GiB. */
  public static final long DEFAULT_MAX_CACHED_BYTES = 1L << 30;

  private static final long MIN_BLOCK = 64;
  private static final int CLASSES = 4 * 64;

  private final long maxCachedBytes;

  @SuppressWarnings("unchecked")
  private final ArrayDeque<Block>[] free = (ArrayDeque<Block>[]) new ArrayDeque<?>[CLASSES];

  private long inUse;
  private long peak;
  private long cached;
  private long hits;
  private long misses;

  /** An allocator caching at most {@code maxCachedBytes} of freed blocks (0: cache nothing). */
  public HostAllocator(long maxCachedBytes) {
    if (maxCachedBytes < 0) {
      throw new IllegalArgumentException("maxCachedBytes must be >= 0, got " + maxCachedBytes);
    }
    this.maxCachedBytes = maxCachedBytes;
  }

  public HostAllocator() {
    this(DEFAULT_MAX_CACHED_BYTES);
  }

  @Override
  public MemoryKind kind() {
    return MemoryKind.HOST;
  }

  /** The size class a request of {@code bytes} is served from, in bytes. */
  public static long classSize(long bytes) {
    if (bytes <= MIN_BLOCK) {
      return MIN_BLOCK;
    }
    int e = 64 - Long.numberOfLeadingZeros(bytes - 1); // 2^(e-1) < bytes <= 2^e
    long step = 1L << (e - 3);
    return (bytes + step - 1) / step * step;
  }

  private static int classIndex(long size) {
    if (size <= MIN_BLOCK) {
      return 0;
    }
    int e = 64 - Long.numberOfLeadingZeros(size - 1);
    long step = 1L << (e - 3);
    return e * 4 + (int) (size / step) - 5;
  }

  @Override
  public Block allocate(long bytes, boolean zeroed) {
    if (bytes < 0 || bytes > (1L << 62)) {
      throw RawOpsException.of(
          Code.RESOURCE_EXHAUSTED, "cannot allocate " + bytes + " bytes of host memory");
    }
    long size = classSize(bytes);
    int c = classIndex(size);
    Block b = null;
    synchronized (this) {
      ArrayDeque<Block> list = free[c];
      if (list != null && !list.isEmpty()) {
        b = list.pop();
        cached -= size;
        hits++;
      } else {
        misses++;
      }
      inUse += size;
      peak = Math.max(peak, inUse);
    }
    if (b != null) {
      if (zeroed) {
        b.segment().asSlice(0, bytes).fill((byte) 0);
      }
      return b;
    }
    MemorySegment seg;
    try {
      seg = HostMemory.allocate(size, zeroed);
    } catch (OutOfMemoryError e) {
      synchronized (this) {
        inUse -= size;
      }
      throw MemoryShortage.of("cannot allocate " + size + " bytes of host memory", e);
    } catch (IllegalArgumentException e) {
      synchronized (this) {
        inUse -= size;
      }
      throw RawOpsException.of(
          Code.RESOURCE_EXHAUSTED, "cannot allocate " + size + " bytes of host memory");
    }
    return new Block(MemoryKind.HOST, seg.address(), size, seg);
  }

  @Override
  public void free(Block block) {
    long size = block.size();
    synchronized (this) {
      inUse -= size;
      if (cached + size <= maxCachedBytes) {
        int c = classIndex(size);
        if (free[c] == null) {
          free[c] = new ArrayDeque<>();
        }
        free[c].push(block);
        cached += size;
      }
      // else: dropped; the memory goes when the garbage collector finds it unreachable
    }
  }

  @Override
  public synchronized void discard(Block block) {
    inUse -= block.size(); // never cached: a stray segment may still reach it, and keeps it alive
  }

  /** Drops every cached free block (released when the garbage collector finds it unreachable). */
  public synchronized void trim() {
    for (ArrayDeque<Block> list : free) {
      if (list != null) {
        list.clear();
      }
    }
    cached = 0;
  }

  @Override
  public synchronized long bytesInUse() {
    return inUse;
  }

  @Override
  public synchronized long peakBytesInUse() {
    return peak;
  }

  /** Freed bytes kept for reuse. */
  public synchronized long cachedBytes() {
    return cached;
  }

  /** Requests served from the cache. */
  public synchronized long hits() {
    return hits;
  }

  /** Requests that went to the operating system. */
  public synchronized long misses() {
    return misses;
  }

  /** Starts a new high-water mark from what is in use now. */
  public synchronized void resetPeak() {
    peak = inUse;
  }
}
