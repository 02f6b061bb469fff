package dev.rawops.runtime;

import dev.rawops.Code;
import dev.rawops.RawOpsException;

/**
 * One top-level run's stop conditions, shared by the runs of the functions it calls (If, While,
 * PartitionedCall bodies run as nested sessions): the deadline, the cancellation handle and the
 * calling thread's interrupt. The executor checks it before each node, so a loop or a fan-out of
 * calls ends within one node's time; {@link #enter} carries it to nested runs on whatever thread
 * runs the calling node.
 */
final class RunControl {
  private static final ThreadLocal<RunControl> CURRENT = new ThreadLocal<>();

  private final long deadline; // System.nanoTime(); valid when hasDeadline
  private final boolean hasDeadline;
  private final long timeoutNanos;
  private final RunOptions.Cancellation cancellation;
  private final Thread caller;

  private RunControl(RunOptions o, Thread caller) {
    this.timeoutNanos = o.timeoutNanos();
    this.hasDeadline = timeoutNanos > 0;
    long now = System.nanoTime();
    // At most 2^62 ns (~146 years) ahead, so that deadline - now never overflows.
    this.deadline = hasDeadline ? now + Math.min(timeoutNanos, 1L << 62) : 0;
    this.cancellation = o.cancellationOrNull();
    this.caller = caller;
  }

  /**
   * The control of a run started on this thread: the enclosing run's when this run is a function
   * body called by one of its nodes, else a new one from {@code options}.
   */
  static RunControl forRun(RunOptions options) {
    RunControl outer = CURRENT.get();
    if (outer != null && options == RunOptions.none()) {
      return outer;
    }
    return new RunControl(options, Thread.currentThread());
  }

  /** Makes {@code c} the current control of this thread; returns the one to restore. */
  static RunControl enter(RunControl c) {
    RunControl prev = CURRENT.get();
    CURRENT.set(c);
    return prev;
  }

  static void restore(RunControl prev) {
    if (prev == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(prev);
    }
  }

  /**
   * Throws the current run's stop reason, if any: for code that loops outside the executor's node
   * scheduling (a While kernel calling its cond and body functions).
   */
  static void checkCurrent() {
    RunControl c = CURRENT.get();
    if (c != null) {
      RawOpsException stop = c.stopReason();
      if (stop != null) {
        throw stop;
      }
    }
  }

  /** The reason the run must stop now, or null to go on. */
  RawOpsException stopReason() {
    if (cancellation != null && cancellation.isCancelled()) {
      return new RawOpsException(
          Code.CANCELLED,
          null,
          null,
          "Run call was cancelled (its RunOptions.Cancellation was triggered)");
    }
    if (caller.isInterrupted()) {
      return new RawOpsException(
          Code.CANCELLED,
          null,
          null,
          "Run call was cancelled (the calling thread was interrupted)");
    }
    if (hasDeadline && System.nanoTime() - deadline >= 0) {
      return new RawOpsException(
          Code.DEADLINE_EXCEEDED,
          null,
          null,
          "Timed out waiting for notification: the run took longer than its timeout of "
              + describe(timeoutNanos));
    }
    return null;
  }

  private static String describe(long nanos) {
    long ms = nanos / 1_000_000;
    return ms >= 1000 && ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
  }
}
