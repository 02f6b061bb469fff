package dev.rawops.memory;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Host memory with a cache of freed blocks by size class, in the spirit of TensorFlow's BFC
 * allocator bins and ONNX Runtime's arena: a request is rounded up to its class (64 bytes, then
 * four classes per power of two: 1, 1.25, 1.5 and 1.75 times it, so at most 25% is wasted) and
 * served from that class's free list when it has a block, else from the operating system (one
 * shared {@link Arena} per block, so a block can be given back on its own). Freed blocks go back on
 * their list while the cached free bytes stay under a cap; past it they are returned to the
 * operating system at once. Unlike BFC it never splits or merges blocks: tensors of a graph run
 * repeat the same sizes run after run, so exact classes hit, and a block's memory stays one
 * allocation that can be released independently. Thread-safe.
 */
public final class HostAllocator implements Allocator {
  /** The default cap on cached free bytes: 1 GiB. */
  public static final long DEFAULT_MAX_CACHED_BYTES = 1L << 30;

  private static final long MIN_BLOCK = 64;
  private static final int CLASSES = 4 * 64;

  private static final Cleaner CLEANER = Cleaner.create();

  private final long maxCachedBytes;
  // Everything the Cleaner needs to release the cached blocks of an allocator nobody can reach
  // any more (its in-use blocks' storages keep it reachable); it must not reach the allocator.
  private final Cache cache = new Cache();
  private final ArrayDeque<Block>[] free = cache.free;
  private final Map<Long, Arena> arenas = cache.arenas;

  private static final class Cache implements Runnable {
    @SuppressWarnings("unchecked")
    final ArrayDeque<Block>[] free = (ArrayDeque<Block>[]) new ArrayDeque<?>[CLASSES];

    final Map<Long, Arena> arenas = new HashMap<>();

    @Override
    public synchronized void run() {
      for (Arena a : arenas.values()) {
        a.close();
      }
      arenas.clear();
    }
  }

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
    CLEANER.register(this, cache);
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
    Arena arena = Arena.ofShared();
    MemorySegment seg;
    try {
      seg = arena.allocate(size, MIN_BLOCK); // the JDK zeroes new memory
    } catch (OutOfMemoryError | IllegalArgumentException e) {
      arena.close();
      synchronized (this) {
        inUse -= size;
      }
      throw RawOpsException.of(
          Code.RESOURCE_EXHAUSTED, "cannot allocate " + size + " bytes of host memory: " + e);
    }
    b = new Block(MemoryKind.HOST, seg.address(), size, seg);
    synchronized (this) {
      arenas.put(b.address(), arena);
    }
    return b;
  }

  @Override
  public void free(Block block) {
    long size = block.size();
    Arena release = null;
    synchronized (this) {
      inUse -= size;
      if (cached + size <= maxCachedBytes) {
        int c = classIndex(size);
        if (free[c] == null) {
          free[c] = new ArrayDeque<>();
        }
        free[c].push(block);
        cached += size;
      } else {
        release = arenas.remove(block.address());
      }
    }
    if (release != null) {
      release.close();
    }
  }

  @Override
  public void discard(Block block) {
    Arena release;
    synchronized (this) {
      inUse -= block.size();
      release = arenas.remove(block.address());
    }
    if (release != null) {
      release.close();
    }
  }

  /** Returns every cached free block to the operating system. */
  public void trim() {
    List<Arena> release = new ArrayList<>();
    synchronized (this) {
      for (ArrayDeque<Block> list : free) {
        if (list != null) {
          for (Block b : list) {
            release.add(arenas.remove(b.address()));
          }
          list.clear();
        }
      }
      cached = 0;
    }
    for (Arena a : release) {
      a.close();
    }
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
