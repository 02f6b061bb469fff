package dev.rawops.kernels;

import dev.rawops.RawOpsException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link Parallel} over a pool of threads, splitting a loop as TF's {@code Shard} does: by the
 * total cost, into at most {@link #CHUNKS_PER_THREAD} ranges per thread, each of at least {@link
 * #MIN_COST_PER_SHARD}; the calling thread takes ranges too, and every thread takes the next range
 * left when it is free. A loop started from inside one of the pool's ranges (nested parallelism)
 * runs inline.
 */
public final class IntraOpPool implements Parallel, AutoCloseable {
  /** The least work (about nanoseconds) worth handing to another thread. */
  public static final long MIN_COST_PER_SHARD = 20_000;

  /**
   * Ranges per thread at most: a few, so a thread slowed down by others does not hold up a loop.
   */
  static final int CHUNKS_PER_THREAD = 4;

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
    long byCost = Math.max(1, total / MIN_COST_PER_SHARD);
    long wanted = Math.min(Math.min((long) threads * CHUNKS_PER_THREAD, n), byCost);
    if (wanted <= 1 || pool == null || ForkJoinTask.inForkJoinPool()) {
      body.run(0, n);
      return;
    }
    Chunks chunks = new Chunks(n, (n + wanted - 1) / wanted, body);
    int helpers = Math.min(threads - 1, chunks.count - 1);
    for (int h = 0; h < helpers; h++) {
      pool.execute(chunks::help);
    }
    chunks.help(); // the caller works too, and alone if every pool thread is busy elsewhere
    chunks.await();
    if (chunks.failure != null) {
      throw rethrown(chunks.failure);
    }
  }

  /**
   * One loop's ranges, taken one at a time by whichever thread is free: the caller and up to {@code
   * threads - 1} pool threads. A pool thread that arrives after the caller took every range finds
   * none and returns at once, so a busy pool (another kernel's loop, inter-op parallelism) never
   * makes this loop wait for a queued task; the caller waits only for ranges in progress. The
   * exception reported is that of the lowest range that threw, whoever ran it.
   */
  private static final class Chunks {
    final long n;
    final long step;
    final int count;
    final RangeBody body;
    final Thread caller = Thread.currentThread();
    final AtomicInteger next = new AtomicInteger();
    final AtomicInteger done = new AtomicInteger();
    private int failedChunk = Integer.MAX_VALUE;
    volatile Throwable failure; // null unless a range threw

    Chunks(long n, long step, RangeBody body) {
      this.n = n;
      this.step = step;
      this.count = (int) ((n + step - 1) / step);
      this.body = body;
    }

    void help() {
      for (int c = next.getAndIncrement(); c < count; c = next.getAndIncrement()) {
        long start = c * step;
        try {
          body.run(start, Math.min(n, start + step));
        } catch (RuntimeException | Error e) {
          failed(c, e);
        }
        if (done.incrementAndGet() == count) {
          LockSupport.unpark(caller);
        }
      }
    }

    private synchronized void failed(int chunk, Throwable e) {
      if (chunk < failedChunk) {
        failedChunk = chunk;
        failure = e;
      }
    }

    void await() {
      while (done.get() < count) {
        LockSupport.park(this);
      }
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
