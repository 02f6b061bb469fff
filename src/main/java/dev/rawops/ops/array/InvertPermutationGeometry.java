package dev.rawops.ops.array;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;

/**
 * InvertPermutation's run-time checks and index math (TF's InvertPermutationOp): x must be a vector
 * of at most int32-max elements holding each of 0 … n−1 exactly once; y[x[i]] = i. Shared by every
 * device's kernel, so each raises TF's errors in TF's order: the first value out of range or
 * repeated, scanning x from the front.
 */
public final class InvertPermutationGeometry {
  private InvertPermutationGeometry() {}

  /** The inverse of permutation {@code x} (shape {@code shape}), or TF's INVALID_ARGUMENT. */
  public static long[] inverse(NodeInfo node, Shape shape, long[] x) {
    if (shape.rank() != 1) {
      throw node.invalidArgument("invert_permutation expects a 1D vector.");
    }
    int n = x.length;
    long[] y = new long[n];
    java.util.Arrays.fill(y, -1);
    for (int i = 0; i < n; i++) {
      long d = x[i];
      if (d < 0 || d >= n) {
        throw node.invalidArgument(d + " is not between 0 and " + n);
      }
      if (y[(int) d] != -1) {
        throw node.invalidArgument(d + " is duplicated in the input.");
      }
      y[(int) d] = i;
    }
    return y;
  }
}
