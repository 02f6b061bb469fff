package dev.rawops.runtime;

import com.google.common.collect.ImmutableList;
import dev.rawops.RawOpsException;
import java.util.List;
import java.util.stream.Collectors;

/** A graph rejected at build time: every error found, each naming its node. */
public final class GraphBuildException extends RawOpsException {
  private static final long serialVersionUID = 1L;

  private final transient ImmutableList<RawOpsException> errors;

  GraphBuildException(List<RawOpsException> errors) {
    // Checked before super() (a Java 25 flexible constructor body): the first error supplies the
    // code and node, so there must be one.
    if (errors.isEmpty()) {
      throw new IllegalArgumentException("a GraphBuildException needs at least one error");
    }
    super(
        errors.get(0).code(),
        errors.get(0).node().orElse(null),
        errors.get(0).op().orElse(null),
        summary(errors));
    this.errors = ImmutableList.copyOf(errors);
  }

  private static String summary(List<RawOpsException> errors) {
    if (errors.size() == 1) {
      return errors.get(0).detail();
    }
    return errors.get(0).detail()
        + " (and "
        + (errors.size() - 1)
        + " more: "
        + errors.stream().skip(1).map(RawOpsException::getMessage).collect(Collectors.joining("; "))
        + ")";
  }

  /** Every build error, in node order. */
  public List<RawOpsException> errors() {
    return errors;
  }
}
