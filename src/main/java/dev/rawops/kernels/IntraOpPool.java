package dev.rawops.kernels;

import dev.rawops.RawOpsException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * A {@link Parallel} over a pool of threads, splitting a loop as TF's {@code Shard} does: by the
 * total cost, into at most {@code threads} ranges of at least {@link #MIN_COST_PER_SHARD}; the
 * calling thread runs one range itself. A loop started from inside one of the pool's ranges (nested
 * parallelism) runs inline.
 */
public final class IntraOpPool implements Parallel, AutoCloseable {
  /** The least work (about nanoseconds) worth handing to another thread. */
  public static final long MIN_COST_PER_SHARD = 20_000;

  private static final IntraOpPool SHARED =
      new IntraOpPool(Runtime.getRuntime().availableProcessors());

  private final int threads;
  private final ForkJoinPool pool; // null when threads == 1

  /** A pool of {@code threads} threads in all (the caller counts as one); at least 1. */
  public IntraOpPool(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("intra-op threads must be at least 1, got " + threads);
    }
    this.threads = threads;
    this.pool = threads == 1 ? null : new ForkJoinPool(threads - 1);
  }

  /**
   * One pool sized to the machine's cores, shared by every session that does not ask for its own.
   */
  public static IntraOpPool shared() {
    return SHARED;
  }

  @Override
  public int threads() {
    return threads;
  }

  @Override
  public void forRange(long n, long costPerUnit, RangeBody body) {
    if (n <= 0) {
      return;
    }
    long total = saturatingMultiply(n, Math.max(1, costPerUnit));
    int shards = (int) Math.min(Math.min(threads, n), Math.max(1, total / MIN_COST_PER_SHARD));
    if (shards <= 1 || pool == null || ForkJoinTask.inForkJoinPool()) {
      body.run(0, n);
      return;
    }
    long step = (n + shards - 1) / shards;
    @SuppressWarnings("unchecked")
    ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[shards - 1];
    for (int s = 1; s < shards; s++) {
      long start = s * step;
      long end = Math.min(n, start + step);
      tasks[s - 1] = pool.submit(() -> body.run(start, end));
    }
    Throwable first = null;
    try {
      body.run(0, Math.min(n, step));
    } catch (RuntimeException | Error e) {
      first = e;
    }
    for (ForkJoinTask<?> t : tasks) {
      try {
        t.join();
      } catch (RuntimeException | Error e) {
        if (first == null) {
          first = e;
        }
      }
    }
    if (first != null) {
      throw rethrown(first);
    }
  }

  private static RuntimeException rethrown(Throwable t) {
    // ForkJoinTask.join may wrap what the range threw; hand back the original.
    Throwable cause = t;
    while (!(cause instanceof RawOpsException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof RawOpsException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return (RuntimeException) t;
  }

  private static long saturatingMultiply(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    return hi != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
  }

  /** Stops the pool's threads (not the shared pool's). */
  @Override
  public void close() {
    if (pool != null && this != SHARED) {
      pool.shutdown();
    }
  }
}
