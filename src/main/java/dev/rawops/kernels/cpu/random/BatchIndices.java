package dev.rawops.kernels.cpu.random;

import dev.rawops.tensor.Shape;

/** Where the samplers read their broadcast parameters (counts, probabilities, means) per batch. */
final class BatchIndices {
  private BatchIndices() {}

  /**
   * For each element of {@code batch}, the element of a tensor of shape {@code s} broadcast onto it
   * (its dimensions align with the batch's last ones; a dimension of 1 repeats).
   */
  static int[] of(Shape s, Shape batch) {
    int n = Math.toIntExact(batch.numElements());
    int[] at = new int[n];
    int rank = batch.rank();
    long[] idx = new long[rank];
    for (int i = 0; i < n; i++) {
      long flat = 0;
      for (int d = 0; d < rank; d++) {
        int sd = d - (rank - s.rank());
        if (sd >= 0) {
          flat = flat * s.dim(sd) + (s.dim(sd) == 1 ? 0 : idx[d]);
        }
      }
      at[i] = (int) flat;
      for (int d = rank - 1; d >= 0; d--) {
        if (++idx[d] < batch.dim(d)) {
          break;
        }
        idx[d] = 0;
      }
    }
    return at;
  }
}
