package dev.rawops.runtime;

import dev.rawops.RawOpsException;
import java.util.Objects;

/**
 * A reference to a node output as written in GraphDefs, feeds and fetches: "node" (= "node:0") or
 * "node:i"; "^node" is a control input. As in TF's ParseTensorName, only ASCII digits make an
 * output index: "c:٠" (an Arabic-Indic zero) names a node "c:٠", not output 0 of "c".
 */
public record TensorName(String node, int index, boolean control) {

  /**
   * Checks the parts.
   *
   * @throws NullPointerException if {@code node} is null
   * @throws IllegalArgumentException if {@code index} is below -1, or -1 without {@code control}
   */
  public TensorName {
    Objects.requireNonNull(node, "node");
    if (index < -1 || (index == -1) != control) {
      throw new IllegalArgumentException(
          "a tensor name's index must be >= 0 (or -1 for a control input), got "
              + index
              + (control ? " for a control input" : ""));
    }
  }

  /**
   * Parses "node", "node:i" or "^node".
   *
   * @throws NullPointerException if {@code s} is null
   * @throws RawOpsException INVALID_ARGUMENT for an output index beyond int range
   */
  public static TensorName parse(String s) {
    Objects.requireNonNull(s, "tensor name");
    if (s.startsWith("^")) {
      return new TensorName(s.substring(1), -1, true);
    }
    int colon = s.lastIndexOf(':');
    if (colon > 0 && colon < s.length() - 1 && asciiDigits(s, colon + 1)) {
      try {
        return new TensorName(
            s.substring(0, colon), Integer.parseInt(s.substring(colon + 1)), false);
      } catch (NumberFormatException e) {
        throw RawOpsException.invalidArgument("output index in '" + s + "' is too large");
      }
    }
    return new TensorName(s, 0, false);
  }

  private static boolean asciiDigits(String s, int from) {
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return control ? "^" + node : node + ":" + index;
  }
}
