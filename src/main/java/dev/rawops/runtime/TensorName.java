package dev.rawops.runtime;

import dev.rawops.RawOpsException;

/**
 * A reference to a node output as written in GraphDefs, feeds and fetches: "node" (= "node:0") or
 * "node:i"; "^node" is a control input.
 */
public record TensorName(String node, int index, boolean control) {

  public static TensorName parse(String s) {
    if (s.startsWith("^")) {
      return new TensorName(s.substring(1), -1, true);
    }
    int colon = s.lastIndexOf(':');
    if (colon > 0
        && colon < s.length() - 1
        && s.substring(colon + 1).chars().allMatch(Character::isDigit)) {
      try {
        return new TensorName(
            s.substring(0, colon), Integer.parseInt(s.substring(colon + 1)), false);
      } catch (NumberFormatException e) {
        throw RawOpsException.invalidArgument("output index in '" + s + "' is too large");
      }
    }
    return new TensorName(s, 0, false);
  }

  @Override
  public String toString() {
    return control ? "^" + node : node + ":" + index;
  }
}
