package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;

/**
 * TF's {@code bad_indices_policy} attr of the gather/scatter ops. CPU kernels error on a bad index
 * under DEFAULT and ERROR; IGNORE skips it (a gather writes zeros, a scatter drops it).
 */
public enum BadIndicesPolicy {
  DEFAULT,
  ERROR,
  IGNORE;

  /**
   * Parses the node's attr; INVALID_ARGUMENT naming the value, in TF's words, when it is none of
   * TF's four. (TF finds this when the kernel is created, at the first run; rawops at build time.)
   */
  public static BadIndicesPolicy of(NodeInfo node) {
    String s = node.attrs().getString("bad_indices_policy");
    return switch (s) {
      case "", "DEFAULT" -> DEFAULT;
      case "ERROR" -> ERROR;
      case "IGNORE" -> IGNORE;
      default ->
          throw node.invalidArgument(
              "Unknown bad indices handling attribute: "
                  + s
                  + " (attr bad_indices_policy is \""
                  + s
                  + "\"; it must be one of \"\", \"DEFAULT\", \"ERROR\", \"IGNORE\")");
    };
  }
}
