package dev.rawops.conform;

import java.nio.file.Path;

/**
 * One fixture's verdict.
 *
 * @param name the fixture's {@code name}, or its file when it has none or does not parse
 * @param file where it was read from (null for fixtures given in memory)
 * @param reason why it failed or was skipped; empty when it passed
 * @param nanos time taken
 */
public record Result(String name, Path file, Status status, String reason, long nanos) {
  public enum Status {
    PASSED,
    FAILED,
    SKIPPED
  }

  public boolean passed() {
    return status == Status.PASSED;
  }

  public boolean failed() {
    return status == Status.FAILED;
  }

  public boolean skipped() {
    return status == Status.SKIPPED;
  }
}
