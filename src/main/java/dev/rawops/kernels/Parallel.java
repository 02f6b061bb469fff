package dev.rawops.kernels;

/**
 * Intra-op parallelism: how a kernel splits a loop over threads (TF's {@code Shard} over its
 * intra-op pool). A kernel asks its {@link KernelContext#parallel()} and calls {@link #forRange};
 * small loops run inline on the calling thread. Each index must be handled independently of the
 * others, so the result does not depend on how the range was split.
 */
public interface Parallel {
  /** The work of indices [start, end). */
  @FunctionalInterface
  interface RangeBody {
    void run(long start, long end);
  }

  /**
   * Runs {@code body} over [0, n), split into ranges when the total cost ({@code n * costPerUnit},
   * roughly nanoseconds) is worth it, and returns when all ranges are done. The first exception a
   * range throws is rethrown here.
   */
  void forRange(long n, long costPerUnit, RangeBody body);

  /** How many threads may run ranges at once (1 = sequential). */
  int threads();

  /** Everything on the calling thread. */
  Parallel SEQUENTIAL =
      new Parallel() {
        @Override
        public void forRange(long n, long costPerUnit, RangeBody body) {
          if (n > 0) {
            body.run(0, n);
          }
        }

        @Override
        public int threads() {
          return 1;
        }
      };
}
