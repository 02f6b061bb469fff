package dev.rawops.kernels;

import dev.rawops.RawOpsException;
import java.lang.ref.Cleaner;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A {@link Parallel} over a pool of threads, splitting a loop as TF's {@code Shard} does: by the
 * total cost, into at most {@link #CHUNKS_PER_THREAD} ranges per thread, each of at least {@link
 * #MIN_COST_PER_SHARD}; the calling thread takes ranges too, and every thread takes the next range
 * left when it is free. A loop started from inside a range a worker runs (nested parallelism) runs
 * inline.
 *
 * <p>The same threads run a session's independent nodes ({@link #execute}, TF's inter-op work), so
 * the cores are never shared by more busy threads than the pool has: a thread running a node splits
 * that node's loops only over threads that are free, and a thread that finishes its own work (a
 * worker between nodes, or a run's calling thread waiting for nodes elsewhere: {@link #helpUntil})
 * takes ranges of the loops still running.
 */
public final class IntraOpPool implements Parallel, AutoCloseable {
  /** The least work (about nanoseconds) worth handing to another thread. */
  public static final long MIN_COST_PER_SHARD = 20_000;

  /**
   * Ranges per thread at most: a few, so a thread slowed down by others does not hold up a loop.
   */
  static final int CHUNKS_PER_THREAD = 4;

  /**
   * How long an idle worker, and a caller waiting for the last ranges, keep looking before they
   * park (as Eigen's pool, under TF's, spins before it sleeps). Waking a parked thread costs 20–75
   * µs on a virtual machine, twice per loop (the worker, then the caller): more than a whole
   * 10-range loop of 10 µs ranges. Kernels run back to back, so a worker that just finished one
   * loop usually finds the next while it spins.
   */
  static final long SPIN_NANOS = 100_000;

  private static final AtomicInteger POOLS = new AtomicInteger();

  /** Stops the threads of a pool that was never closed once it is unreachable. */
  private static final Cleaner CLEANER = Cleaner.create();

  private static final IntraOpPool SHARED =
      new IntraOpPool(Runtime.getRuntime().availableProcessors());

  private final int threads;
  private final Workers workers; // threads - 1 of them
  private final Cleaner.Cleanable cleanable;
  private final String namePrefix;

  /** A pool of {@code threads} threads in all (the caller counts as one); at least 1. */
  public IntraOpPool(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("intra-op threads must be at least 1, got " + threads);
    }
    this.threads = threads;
    this.namePrefix = "rawops-intra-op-" + POOLS.incrementAndGet() + "-";
    this.workers = new Workers(threads - 1, namePrefix);
    this.cleanable = CLEANER.register(this, workers);
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

  /** What the names of this pool's threads start with ("rawops-intra-op-N-"). */
  String workerNamePrefix() {
    return namePrefix;
  }

  /** True on a thread of an intra-op pool, running one of a loop's ranges. */
  public static boolean onWorker() {
    return Thread.currentThread() instanceof Worker w && w.inRange;
  }

  /**
   * Hands {@code task} to one of the pool's threads, which runs it when it has no loop to help
   * with; false when the pool has no threads of its own (one thread, or closed). A task may never
   * run if the pool is closed first, so nothing may wait for a task to start: the executor's
   * helpers only take nodes nobody else has taken.
   */
  public boolean execute(Runnable task) {
    if (workers.threads.length == 0 || workers.closed) {
      return false;
    }
    workers.tasks.offer(task);
    workers.wake();
    return true;
  }

  /**
   * Takes ranges of the loops posted to this pool until {@code done} is true, parking when there
   * are none: a thread waiting for work that runs on the pool (the executor's calling thread,
   * waiting for nodes its helpers run) helps it finish instead of idling. Whoever makes {@code
   * done} true must {@link LockSupport#unpark} this thread. An interrupt is kept for the caller.
   */
  public void helpUntil(BooleanSupplier done) {
    Thread me = Thread.currentThread();
    boolean interrupted = false;
    BooleanSupplier go = () -> done.getAsBoolean() || !workers.posted.isEmpty();
    workers.guests.add(me);
    try {
      while (!done.getAsBoolean()) {
        Chunks c = workers.posted.poll();
        if (c != null) {
          c.help();
          continue;
        }
        workers.spin(go);
        if (Thread.interrupted()) {
          interrupted = true;
        }
        // Registered as a guest before looking: a post or done after the look unparks us.
        if (!go.getAsBoolean()) {
          LockSupport.park(this);
        }
      }
    } finally {
      workers.guests.remove(me);
      if (interrupted) {
        me.interrupt();
      }
    }
  }

  @Override
  public void forRange(long n, long costPerUnit, RangeBody body) {
    if (n <= 0) {
      return;
    }
    long total = saturatingMultiply(n, Math.max(1, costPerUnit));
    long byCost = Math.max(1, total / MIN_COST_PER_SHARD);
    long wanted = Math.min(Math.min((long) threads * CHUNKS_PER_THREAD, n), byCost);
    if (wanted <= 1 || threads == 1 || onWorker() || ForkJoinTask.inForkJoinPool()) {
      body.run(0, n);
      return;
    }
    Chunks chunks = new Chunks(n, (n + wanted - 1) / wanted, body);
    workers.callers.incrementAndGet();
    try {
      workers.post(chunks, Math.min(threads - 1, chunks.count - 1));
      chunks.help(); // the caller works too, and alone if every worker is busy elsewhere
      chunks.await(workers);
    } finally {
      workers.callers.decrementAndGet();
    }
    if (chunks.failure != null) {
      throw rethrown(chunks.failure);
    }
  }

  /**
   * The pool's threads and the loops posted to them. Kept apart from the pool so the threads do not
   * keep it reachable: a pool nobody closed stops its threads when it is collected.
   */
  private static final class Workers implements Runnable {
    final ConcurrentLinkedQueue<Chunks> posted = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    final Worker[] threads;

    /** Threads in {@link #helpUntil}: woken, as parked workers are, when a loop is posted. */
    final Set<Thread> guests = ConcurrentHashMap.newKeySet();

    /** Threads now in a split loop of the pool, as callers. */
    final AtomicInteger callers = new AtomicInteger();

    volatile boolean closed;

    /**
     * True while a thread waiting for work should spin: fewer callers are in loops than the pool
     * has threads. With as many (inter-op parallelism, concurrent runs) the cores are taken by
     * threads with work, and a spinning one would only slow them down.
     */
    boolean spinning() {
      return callers.get() <= threads.length;
    }

    Workers(int count, String name) {
      threads = new Worker[count];
      for (int w = 0; w < count; w++) {
        threads[w] = new Worker(this, name + (w + 1));
        threads[w].start();
      }
    }

    /** Offers {@code chunks} to up to {@code helpers} workers, waking parked ones. */
    void post(Chunks chunks, int helpers) {
      if (closed) {
        return; // the caller runs every range itself
      }
      for (int h = 0; h < helpers; h++) {
        posted.offer(chunks);
      }
      wake();
      if (!guests.isEmpty()) {
        for (Thread g : guests) {
          LockSupport.unpark(g);
        }
      }
    }

    /**
     * Spins for up to {@link #SPIN_NANOS} until {@code ready}, while the pool is open and {@link
     * #spinning} allows it; the caller parks afterwards if it is still not ready.
     */
    void spin(BooleanSupplier ready) {
      long until = System.nanoTime() + SPIN_NANOS;
      while (!ready.getAsBoolean() && !closed && spinning() && System.nanoTime() < until) {
        Thread.onSpinWait();
      }
    }

    /** Unparks the parked workers. */
    void wake() {
      for (Worker w : threads) {
        if (w.parked) {
          LockSupport.unpark(w);
        }
      }
    }

    /** Stops the threads (close, or the pool collected). */
    @Override
    public void run() {
      closed = true;
      posted.clear();
      tasks.clear(); // helpers nobody waits for (see execute)
      for (Worker w : threads) {
        LockSupport.unpark(w);
      }
    }
  }

  /**
   * A pool thread: takes posted loops and helps with their ranges, else runs a task ({@link
   * #execute}); when there is neither it spins for {@link #SPIN_NANOS}, then parks until a loop or
   * task is posted or the pool closes. A loop it arrives at late has no ranges left and costs it
   * nothing.
   */
  private static final class Worker extends Thread {
    private final Workers pool;
    volatile boolean parked;
    boolean inRange; // helping with a posted loop's ranges (not running a task's own loop)
    private final BooleanSupplier hasWork;

    Worker(Workers pool, String name) {
      super(name);
      this.pool = pool;
      this.hasWork = () -> !pool.posted.isEmpty() || !pool.tasks.isEmpty() || pool.closed;
      setDaemon(true);
    }

    @Override
    public void run() {
      ConcurrentLinkedQueue<Chunks> posted = pool.posted;
      ConcurrentLinkedQueue<Runnable> tasks = pool.tasks;
      while (!pool.closed) {
        Chunks c = posted.poll();
        if (c != null) {
          inRange = true;
          c.help();
          inRange = false;
          continue;
        }
        Runnable task = tasks.poll();
        if (task != null) {
          runTask(task);
          continue;
        }
        pool.spin(hasWork);
        parked = true;
        // Work posted before parked was visible to its poster is seen here instead.
        if (!hasWork.getAsBoolean()) {
          LockSupport.park(this);
        }
        parked = false;
      }
    }

    /** Runs a task; what it throws goes to the uncaught-exception handler, not the thread. */
    private void runTask(Runnable task) {
      try {
        task.run();
      } catch (RuntimeException | Error e) {
        getUncaughtExceptionHandler().uncaughtException(this, e);
      }
      Thread.interrupted(); // a task's interrupt is not the pool's
    }
  }

  /**
   * One loop's ranges, taken one at a time by whichever thread is free: the caller and up to {@code
   * threads - 1} workers. A worker that arrives after the caller took every range finds none and
   * returns at once, so a busy pool (another kernel's loop, inter-op parallelism) never makes this
   * loop wait for a queued task; the caller waits only for ranges in progress. The exception
   * reported is that of the lowest range that threw, whoever ran it.
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

    /**
     * Spins for the ranges still running for up to {@link #SPIN_NANOS} (while {@code pool} says
     * so), then parks.
     */
    void await(Workers pool) {
      if (done.get() == count) {
        return;
      }
      pool.spin(() -> done.get() == count);
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
    if (this != SHARED) {
      cleanable.clean();
    }
  }
}
