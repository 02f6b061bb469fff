package dev.rawops.tensor;

import dev.rawops.memory.Allocator;
import dev.rawops.memory.Block;
import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pooled memory under one or more tensors (a tensor and its views): a reference count of the tensor
 * objects that still use it, the run that allocated it, and whether it escaped (reached state that
 * outlives the run, or a caller who may still hold it), after which it is never reused. When the
 * count reaches zero and it has not escaped, the block goes back to its allocator at once; a {@link
 * Cleaner} gives it back (without reuse) if its tensors are collected unclosed.
 */
final class Storage {
  private static final Cleaner CLEANER = Cleaner.create();

  final Block block;
  final Object owner;
  private final AtomicInteger refs = new AtomicInteger(1);
  private volatile boolean escaped;
  private final Release release;

  Storage(Allocator allocator, Block block, Object owner) {
    this.block = block;
    this.owner = owner;
    this.release = new Release(allocator, block);
    CLEANER.register(this, release);
  }

  void retain() {
    refs.incrementAndGet();
  }

  /** Drops one tensor's reference; true when that freed the memory for reuse. */
  boolean release() {
    if (refs.decrementAndGet() == 0 && !escaped) {
      return release.free();
    }
    return false;
  }

  void escape() {
    escaped = true;
  }

  boolean escaped() {
    return escaped;
  }

  /** The Cleaner's action; it must not reach the Storage. */
  private static final class Release implements Runnable {
    private final Allocator allocator;
    private final Block block;
    private final AtomicBoolean done = new AtomicBoolean();

    Release(Allocator allocator, Block block) {
      this.allocator = allocator;
      this.block = block;
    }

    boolean free() {
      if (done.compareAndSet(false, true)) {
        allocator.free(block);
        return true;
      }
      return false;
    }

    @Override
    public void run() {
      if (done.compareAndSet(false, true)) {
        allocator.discard(block);
      }
    }
  }
}
