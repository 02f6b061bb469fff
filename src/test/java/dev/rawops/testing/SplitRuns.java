package dev.rawops.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.IntraOpPool;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.Parallel;
import dev.rawops.runtime.BuiltNode;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Test support for the parallel kernels: a graph run with every kernel seeing a given {@link
 * Parallel}, and a run split over a pool compared byte for byte with a sequential one.
 */
public final class SplitRuns {
  private SplitRuns() {}

  /** A pool's {@link Parallel}, noting whether any range started past 0 (the loop was split). */
  public static final class Splitting implements Parallel {
    private final IntraOpPool pool;
    public final AtomicBoolean split = new AtomicBoolean();

    public Splitting(IntraOpPool pool) {
      this.pool = pool;
    }

    @Override
    public void forRange(long n, long costPerUnit, RangeBody body) {
      pool.forRange(
          n,
          costPerUnit,
          (s, e) -> {
            if (s > 0) {
              split.set(true);
            }
            body.run(s, e);
          });
    }

    @Override
    public int threads() {
      return pool.threads();
    }
  }

  private record WithParallel(KernelContext ctx, Parallel parallel)
      implements DelegatingKernelContext {}

  /** Runs {@code def} with every kernel seeing {@code parallel}; returns the fetch. */
  public static Tensor run(
      GraphDef def, Map<String, Tensor> feeds, String fetch, Parallel parallel) {
    Graph g = Graph.build(def, Device.CPU);
    for (BuiltNode n : g.byName.values()) {
      Kernel real = n.kernel;
      if (real != null) {
        n.kernel = ctx -> real.compute(new WithParallel(ctx, parallel));
      }
    }
    return g.newSession().run(feeds, List.of(fetch)).get(0);
  }

  /**
   * Runs split over {@code pool} (asserting a split, else failing with {@code notSplit}) and on one
   * thread; asserts equal dtype, shape and bytes (else {@code differ}); returns the split result.
   */
  public static Tensor splitAndSequential(
      IntraOpPool pool,
      GraphDef def,
      Map<String, Tensor> feeds,
      String fetch,
      String notSplit,
      String differ) {
    Splitting p = new Splitting(pool);
    Tensor parallel = run(def, feeds, fetch, p);
    assertTrue(p.split.get(), notSplit);
    Tensor sequential = run(def, feeds, fetch, Parallel.SEQUENTIAL);
    assertEquals(sequential.dtype(), parallel.dtype());
    assertEquals(sequential.shape(), parallel.shape());
    assertEquals(-1, sequential.data().mismatch(parallel.data()), differ);
    return parallel;
  }
}
