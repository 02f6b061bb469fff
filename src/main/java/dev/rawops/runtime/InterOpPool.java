package dev.rawops.runtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads that run a session's independent ready nodes (TF's inter-op pool) when its intra-op pool
 * has no threads of its own to run them ({@code intraOpThreads(1)}; otherwise the intra-op pool's
 * threads run them, see {@link Executor}): one process-wide pool per thread count, of daemon
 * threads that time out when idle. A run never waits on the pool for progress: its own thread runs
 * whatever nobody else has taken, so nested runs (function calls) cannot deadlock it.
 */
final class InterOpPool {
  private static final Map<Integer, InterOpPool> POOLS = new ConcurrentHashMap<>();

  final int threads;
  private final ThreadPoolExecutor executor;

  private InterOpPool(int threads) {
    this.threads = threads;
    AtomicInteger count = new AtomicInteger();
    ThreadFactory factory =
        r -> {
          Thread t = new Thread(r, "rawops-inter-op-" + threads + "-" + count.incrementAndGet());
          t.setDaemon(true);
          return t;
        };
    // The run's own thread is one of the threads: the pool adds threads - 1 helpers.
    this.executor =
        new ThreadPoolExecutor(
            threads - 1, threads - 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
    executor.allowCoreThreadTimeOut(true);
  }

  static InterOpPool of(int threads) {
    return POOLS.computeIfAbsent(threads, InterOpPool::new);
  }

  void submit(Runnable r) {
    executor.execute(r);
  }

  /** Shared pools stay for the next session; idle threads end by themselves. */
  void release() {}
}
