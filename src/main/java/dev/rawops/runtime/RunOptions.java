package dev.rawops.runtime;

import java.time.Duration;

/**
 * How one {@link Session#run(RunOptions, java.util.Map, java.util.List, java.util.List)} may be
 * stopped: a timeout (TF's {@code RunOptions.timeout_in_ms}) and a {@link Cancellation} another
 * thread can trigger. A stopped run ends with DEADLINE_EXCEEDED or CANCELLED once the kernels
 * running at that moment return; it starts nothing more, in loops and in called functions too, and
 * the memory it held goes back to the session's pool. Interrupting the calling thread cancels the
 * run as well. Immutable.
 */
public final class RunOptions {
  private static final RunOptions NONE = new RunOptions(0, null);

  private final long timeoutNanos; // 0: none
  private final Cancellation cancellation; // null: none

  private RunOptions(long timeoutNanos, Cancellation cancellation) {
    this.timeoutNanos = timeoutNanos;
    this.cancellation = cancellation;
  }

  /** No timeout, no cancellation handle (an interrupt still cancels). */
  public static RunOptions none() {
    return NONE;
  }

  /**
   * These options with the run stopped after {@code timeout}.
   *
   * @throws IllegalArgumentException if the timeout is not positive
   */
  public RunOptions timeout(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, got " + timeout);
    }
    long nanos;
    try {
      nanos = timeout.toNanos();
    } catch (ArithmeticException e) {
      nanos = Long.MAX_VALUE; // ~292 years: never
    }
    return new RunOptions(nanos, cancellation);
  }

  /** These options with the run stopped when {@code c} is cancelled. */
  public RunOptions cancellation(Cancellation c) {
    return new RunOptions(timeoutNanos, c);
  }

  /** The timeout, or null for none. */
  public Duration timeout() {
    return timeoutNanos == 0 ? null : Duration.ofNanos(timeoutNanos);
  }

  long timeoutNanos() {
    return timeoutNanos;
  }

  Cancellation cancellationOrNull() {
    return cancellation;
  }

  /** A handle that stops the runs given it; thread-safe, one-way. */
  public static final class Cancellation {
    private volatile boolean cancelled;

    /** Stops every run using this handle, now and later. */
    public void cancel() {
      cancelled = true;
    }

    public boolean isCancelled() {
      return cancelled;
    }
  }
}
