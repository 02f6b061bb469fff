package dev.rawops.conform;

import java.nio.file.Path;
import java.util.List;

/**
 * One fixture's verdict.
 *
 * @param name the fixture's {@code name}, or its file when it has none or does not parse
 * @param file where it was read from (null for fixtures given in memory)
 * @param reason why it failed or was skipped; empty when it passed
 * @param nanos time taken
 * @param outputs each float output that was computed and compared: its error against the tolerance
 *     it was compared with (empty for errors, skips and fixtures that did not run)
 */
public record Result(
    String name,
    Path file,
    Status status,
    String reason,
    long nanos,
    List<OutputError> outputs,
    List<String> ops) {
  public enum Status {
    PASSED,
    FAILED,
    SKIPPED
  }

  public Result {
    outputs = List.copyOf(outputs);
    ops = List.copyOf(ops);
  }

  public Result(String name, Path file, Status status, String reason, long nanos) {
    this(name, file, status, reason, nanos, List.of(), List.of());
  }

  /**
   * One float output's error.
   *
   * @param tolerance what it was compared with ("rtol 1e-5, atol 1e-4" or "exact"; half and
   *     bfloat16 floors included)
   * @param why where that tolerance comes from
   * @param worstRatio the largest error divided by what the tolerance allows there (above 1 is a
   *     failure; infinite for any difference from an exact value)
   */
  public record OutputError(
      String fetch,
      String dtype,
      String tolerance,
      String why,
      double maxAbs,
      double maxRel,
      double worstRatio) {}

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
