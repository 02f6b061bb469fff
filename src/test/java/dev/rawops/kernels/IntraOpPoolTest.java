package dev.rawops.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The intra-op pool's contract: every index once, the lowest range's error, no wait on a busy pool.
 */
class IntraOpPoolTest {

  @Test
  void everyIndexRunsExactlyOnceWhateverTheSplit() {
    try (IntraOpPool pool = new IntraOpPool(3)) {
      for (int n : new int[] {1, 2, 5, 7, 12, 13, 100, 1_001, 65_537}) {
        for (long cost : new long[] {1, 1_000, 50_000, 10_000_000}) {
          AtomicIntegerArray seen = countIndices(pool, n, cost);
          for (int i = 0; i < n; i++) {
            assertEquals(1, seen.get(i), "n=" + n + " cost=" + cost + " index " + i);
          }
        }
      }
    }
  }

  @Test
  void largeLoopsRunOnMoreThanOneThread() {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      Set<Thread> threads = ConcurrentHashMap.newKeySet();
      CountDownLatch both = new CountDownLatch(2);
      pool.forRange(
          8,
          10_000_000,
          (from, to) -> {
            if (threads.add(Thread.currentThread())) {
              both.countDown();
            }
            try {
              both.await(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      assertEquals(2, threads.size());
    }
  }

  @Test
  void theLowestRangeThatThrowsIsReported() {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      for (int round = 0; round < 20; round++) {
        IllegalStateException e =
            assertThrows(
                IllegalStateException.class,
                () ->
                    pool.forRange(
                        64,
                        1_000_000,
                        (from, to) -> {
                          throw new IllegalStateException("range " + from);
                        }));
        assertEquals("range 0", e.getMessage());
      }
    }
  }

  /**
   * The pool's only thread is busy elsewhere (another kernel, inter-op parallelism): the caller
   * runs every range itself instead of waiting for a queued task.
   */
  @Test
  void aBusyPoolNeverHoldsUpTheCaller() throws InterruptedException {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      CountDownLatch blocking = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      // Occupies the pool's one worker with a range of a loop started on another thread.
      Thread other =
          new Thread(
              () ->
                  pool.forRange(
                      2,
                      10_000_000,
                      (from, to) -> {
                        if (IntraOpPool.onWorker()) { // the pool's worker took a range
                          blocking.countDown();
                          awaitQuietly(release);
                        } else { // the other caller: holds its range until the worker has one
                          awaitQuietly(blocking);
                        }
                      }));
      other.start();
      try {
        assertTrue(blocking.await(10, TimeUnit.SECONDS));
        long[] sum = new long[1];
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () ->
                pool.forRange(
                    1_000,
                    1_000_000,
                    (from, to) -> {
                      synchronized (sum) {
                        for (long i = from; i < to; i++) {
                          sum[0] += i;
                        }
                      }
                    }));
        assertEquals(999L * 1_000 / 2, sum[0]);
      } finally {
        release.countDown();
        other.join();
      }
    }
  }

  /**
   * More callers than threads at once (inter-op parallelism, concurrent runs): waiting threads stop
   * spinning, and every loop still runs each index once.
   */
  @Test
  void concurrentCallersEachGetEveryIndexOnce() throws InterruptedException {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      Thread[] callers = new Thread[4];
      AtomicIntegerArray wrong = new AtomicIntegerArray(callers.length);
      for (int t = 0; t < callers.length; t++) {
        int caller = t;
        callers[t] =
            new Thread(
                () -> {
                  for (int round = 0; round < 200; round++) {
                    AtomicIntegerArray seen = countIndices(pool, 32, 50_000);
                    for (int i = 0; i < 32; i++) {
                      if (seen.get(i) != 1) {
                        wrong.incrementAndGet(caller);
                      }
                    }
                  }
                });
        callers[t].start();
      }
      for (Thread t : callers) {
        t.join(30_000);
        assertTrue(!t.isAlive(), "a caller did not finish");
      }
      for (int t = 0; t < callers.length; t++) {
        assertEquals(0, wrong.get(t), "caller " + t);
      }
    }
  }

  /**
   * A loop started inside a range a worker runs stays on that worker (no nested hand-off); one
   * started in the caller's range may be split again. Either way every index once, no deadlock.
   */
  @Test
  void nestedLoopsRunInline() {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      AtomicIntegerArray seen = new AtomicIntegerArray(8 * 8);
      assertTimeoutPreemptively(
          Duration.ofSeconds(10),
          () ->
              pool.forRange(
                  8,
                  10_000_000,
                  (from, to) -> {
                    for (long i = from; i < to; i++) {
                      long outer = i;
                      Thread self = Thread.currentThread();
                      boolean outerOnWorker = IntraOpPool.onWorker();
                      pool.forRange(
                          8,
                          10_000_000,
                          (a, b) -> {
                            if (outerOnWorker) {
                              assertEquals(self, Thread.currentThread());
                            }
                            for (long j = a; j < b; j++) {
                              seen.incrementAndGet((int) (outer * 8 + j));
                            }
                          });
                    }
                  }));
      for (int i = 0; i < 64; i++) {
        assertEquals(1, seen.get(i), "index " + i);
      }
    }
  }

  /** Many loops back to back (workers spinning between them, or parked): each index once. */
  @Test
  void backToBackLoopsAndPausesBetweenThem() throws InterruptedException {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      for (int round = 0; round < 200; round++) {
        if (round % 50 == 49) {
          Thread.sleep(5); // longer than the workers spin: they park, and are woken again
        }
        AtomicIntegerArray seen = countIndices(pool, 16, 100_000);
        for (int i = 0; i < 16; i++) {
          assertEquals(1, seen.get(i), "round " + round + " index " + i);
        }
      }
    }
  }

  /** Closing stops the pool's threads; loops after that still run, on the caller alone. */
  @Test
  void closeStopsTheWorkersAndLaterLoopsRunOnTheCaller() throws InterruptedException {
    IntraOpPool pool = new IntraOpPool(3);
    pool.forRange(8, 10_000_000, (from, to) -> {});
    pool.close();
    assertTimeoutPreemptively(
        Duration.ofSeconds(10),
        () -> {
          while (workerThreads(pool.workerNamePrefix()) > 0) {
            Thread.sleep(10);
          }
        });
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    pool.forRange(8, 10_000_000, (from, to) -> threads.add(Thread.currentThread()));
    assertEquals(Set.of(Thread.currentThread()), threads);
  }

  /**
   * A task runs on a worker, and the loop it starts there is not inline: it spreads over the
   * threads that are free, here the caller, which helps while it waits for the task.
   */
  @Test
  void aTasksLoopSpreadsToAThreadThatHelpsWhileItWaits() {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      Set<Thread> rangeThreads = ConcurrentHashMap.newKeySet();
      AtomicIntegerArray seen = new AtomicIntegerArray(8);
      CountDownLatch both = new CountDownLatch(2);
      AtomicReference<Thread> taskThread = new AtomicReference<>();
      AtomicReference<Thread> helper = new AtomicReference<>();
      AtomicBoolean done = new AtomicBoolean();
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            Thread me = Thread.currentThread();
            helper.set(me);
            assertTrue(
                pool.execute(
                    () -> {
                      taskThread.set(Thread.currentThread());
                      pool.forRange(
                          8,
                          10_000_000,
                          (from, to) -> {
                            for (long i = from; i < to; i++) {
                              seen.incrementAndGet((int) i);
                            }
                            if (rangeThreads.add(Thread.currentThread())) {
                              both.countDown();
                            }
                            awaitQuietly(both, 2_000); // until both threads took a range
                          });
                      done.set(true);
                      LockSupport.unpark(me);
                    }));
            pool.helpUntil(done::get);
          });
      assertTrue(
          taskThread.get().getName().startsWith(pool.workerNamePrefix()),
          taskThread.get().getName());
      assertEquals(Set.of(taskThread.get(), helper.get()), rangeThreads);
      for (int i = 0; i < 8; i++) {
        assertEquals(1, seen.get(i), "index " + i);
      }
    }
  }

  @Test
  void aPoolWithoutThreadsOfItsOwnRefusesTasks() {
    try (IntraOpPool one = new IntraOpPool(1)) {
      assertFalse(one.execute(() -> {}));
    }
    IntraOpPool closed = new IntraOpPool(2);
    closed.close();
    assertFalse(closed.execute(() -> {}));
  }

  /** A task that throws does not cost the pool its thread: later tasks still run on it. */
  @Test
  void aTaskThatThrowsLeavesTheWorkerRunning() throws InterruptedException {
    try (IntraOpPool pool = new IntraOpPool(2)) {
      Thread worker = workerNamed(pool.workerNamePrefix());
      Thread.UncaughtExceptionHandler quiet = (t, e) -> {};
      worker.setUncaughtExceptionHandler(quiet);
      assertTrue(
          pool.execute(
              () -> {
                throw new IllegalStateException("boom");
              }));
      CountDownLatch ran = new CountDownLatch(1);
      assertTrue(pool.execute(ran::countDown));
      assertTrue(ran.await(10, TimeUnit.SECONDS));
      assertTrue(worker.isAlive());
    }
  }

  /** A pool nobody closed stops its threads once it is collected (its Cleaner). */
  @Test
  void anUnclosedPoolStopsItsWorkersWhenCollected() {
    String prefix = unclosedPoolThatRanALoop();
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          while (workerThreads(prefix) > 0) {
            System.gc();
            Thread.sleep(20);
          }
        });
  }

  @SuppressWarnings("resource") // the point: never closed
  private static String unclosedPoolThatRanALoop() {
    IntraOpPool pool = new IntraOpPool(3);
    pool.forRange(8, 10_000_000, (from, to) -> {});
    assertEquals(2, workerThreads(pool.workerNamePrefix()));
    return pool.workerNamePrefix();
  }

  /** Live threads named after this pool's workers. */
  private static long workerThreads(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith(prefix) && t.isAlive())
        .count();
  }

  /** Runs a loop over [0, n) on {@code pool}; how many times each index ran. */
  private static AtomicIntegerArray countIndices(IntraOpPool pool, int n, long costPerUnit) {
    AtomicIntegerArray seen = new AtomicIntegerArray(n);
    pool.forRange(
        n,
        costPerUnit,
        (from, to) -> {
          for (long i = from; i < to; i++) {
            seen.incrementAndGet((int) i);
          }
        });
    return seen;
  }

  private static Thread workerNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith(prefix))
        .findFirst()
        .orElseThrow();
  }

  private static void awaitQuietly(CountDownLatch latch, long millis) {
    try {
      latch.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
