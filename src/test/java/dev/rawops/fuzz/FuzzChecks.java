package dev.rawops.fuzz;

import dev.rawops.RawOpsException;

/**
 * What every fuzz target accepts: the call returns, or fails with a {@link RawOpsException} (a TF
 * status). Anything else (another exception, an {@code Error}) is a finding.
 */
final class FuzzChecks {
  private FuzzChecks() {}

  /** Runs {@code body}; a RawOpsException is an accepted outcome and is swallowed. */
  static void statusOrSuccess(Runnable body) {
    try {
      body.run();
    } catch (RawOpsException e) {
      if (e.getMessage() == null || e.getMessage().isEmpty()) {
        throw new AssertionError("a status without a message", e);
      }
    }
  }
}
