package dev.rawops.kernels.cpu.ragged;

import dev.rawops.ops.NodeInfo;

/** Row-splits checks the ragged kernels share. */
final class RaggedSplits {
  private RaggedSplits() {}

  /** TF's RaggedTensorVerifySplits (ragged_utils.h), with the last split checked. */
  static void verify(NodeInfo node, long[] s, long rows) {
    if (s.length < 1) {
      throw node.invalidArgument(
          "Invalid ragged splits: ragged splits must have at least one splits, but is empty");
    }
    if (s[0] != 0) {
      throw node.invalidArgument(
          "Invalid ragged splits: first element of ragged splits  must be 0 but is " + s[0]);
    }
    for (int j = 1; j < s.length; j++) {
      if (s[j] < s[j - 1]) {
        throw node.invalidArgument(
            "Invalid ragged splits: ragged splits must be monotonically increasing, but"
                + " ragged_splits["
                + j
                + "]="
                + s[j]
                + " is smaller than row_splits["
                + (j - 1)
                + "]="
                + s[j - 1]);
      }
    }
    if (s[s.length - 1] != rows) {
      throw node.invalidArgument(
          "Invalid ragged splits: last element of ragged splits must be the number of ragged"
              + " values("
              + rows
              + ") but is "
              + s[s.length - 1]);
    }
  }
}
