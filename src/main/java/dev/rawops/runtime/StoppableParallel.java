package dev.rawops.runtime;

import dev.rawops.RawOpsException;
import dev.rawops.kernels.Parallel;

/**
 * A run's intra-op parallelism with its stop conditions checked inside long kernels: a loop whose
 * total cost is more than {@link #PIECE_NANOS} per thread is run in pieces of about that cost, and
 * before each piece the run's deadline, cancellation and interrupt are checked (the executor checks
 * them before every node as well). So a single long kernel (a large MatMul, a convolution) ends
 * within about 50 ms of its run's timeout. Splitting changes no result: {@link Parallel}'s indices
 * are independent of how the range is cut.
 */
final class StoppableParallel implements Parallel {
  /** About how long one piece runs, in the cost units of {@link Parallel#forRange} (~ns). */
  static final long PIECE_NANOS = 50_000_000L;

  private final Parallel pool;
  private final RunControl control;

  StoppableParallel(Parallel pool, RunControl control) {
    this.pool = pool;
    this.control = control;
  }

  @Override
  public void forRange(long n, long costPerUnit, RangeBody body) {
    long cost = Math.max(1, costPerUnit);
    long piece = Math.max(1, PIECE_NANOS * pool.threads() / cost);
    if (n <= piece) {
      pool.forRange(n, costPerUnit, body);
      return;
    }
    for (long start = 0; start < n; start += piece) {
      RawOpsException stop = control.stopReason();
      if (stop != null) {
        throw stop;
      }
      long from = start;
      long count = Math.min(piece, n - start);
      pool.forRange(count, costPerUnit, (s, e) -> body.run(from + s, from + e));
    }
  }

  @Override
  public int threads() {
    return pool.threads();
  }
}
