package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * 16 threads share one Session: mixed fetch lists over gathers and an in-place scatter chain.
 * Expected values are the examples of TF's tf.gather_nd and tf.tensor_scatter_nd_update pages (seed
 * pages 001 and 003): every result checked, the feeds unchanged, and the pool back to zero bytes in
 * use once every result is closed.
 */
class SessionLoadTest {
  private static final int THREADS = 16;
  private static final int RUNS_PER_THREAD = 150;

  private static Graph graph() {
    GraphDefBuilder b =
        new GraphDefBuilder()
            .placeholder("params", DataType.DT_INT32, PartialShape.of(2, 2))
            .placeholder("tensor", DataType.DT_INT32, PartialShape.of(8))
            .constant("elems", Tensor.ofInts(Shape.of(2, 2), 0, 0, 1, 1))
            .constant("rows", Tensor.ofInts(Shape.of(2, 1), 1, 0))
            .constant("at", Tensor.ofInts(Shape.of(4, 1), 4, 3, 1, 7))
            .constant("updates", Tensor.ofInts(Shape.of(4), 9, 10, 11, 12))
            .constant("at0", Tensor.ofInts(Shape.of(1, 1), 0))
            .constant("five", Tensor.ofInts(Shape.of(1), 5))
            .constant("at6", Tensor.ofInts(Shape.of(1, 1), 6))
            .constant("six", Tensor.ofInts(Shape.of(1), 6));
    b.op("gElems", "GatherNd", "params", "elems")
        .attr("Tparams", DataType.DT_INT32)
        .attr("Tindices", DataType.DT_INT32);
    b.op("gRows", "GatherNd", "params", "rows")
        .attr("Tparams", DataType.DT_INT32)
        .attr("Tindices", DataType.DT_INT32);
    // s1 copies the feed; s2 and s3 may write into s1's memory when nothing else reads it.
    for (String[] s :
        new String[][] {
          {"s1", "tensor", "at", "updates"}, {"s2", "s1", "at0", "five"}, {"s3", "s2", "at6", "six"}
        }) {
      b.op(s[0], "TensorScatterUpdate", s[1], s[2], s[3])
          .attr("T", DataType.DT_INT32)
          .attr("Tindices", DataType.DT_INT32);
    }
    return Graph.build(b.build(), Device.CPU);
  }

  private static final long[] S1 = {0, 11, 0, 10, 9, 0, 0, 12};
  private static final long[] S2 = {5, 11, 0, 10, 9, 0, 0, 12};
  private static final long[] S3 = {5, 11, 0, 10, 9, 0, 6, 12};

  private static final List<List<String>> FETCHES =
      List.of(
          List.of("gElems"),
          List.of("gRows", "s3"),
          List.of("s1", "s3"),
          List.of("s3"),
          List.of("s2", "gElems", "s3"),
          List.of("s3", "s3"));

  private static long[] expected(String fetch) {
    return switch (fetch) {
      case "gElems" -> new long[] {0, 3};
      case "gRows" -> new long[] {2, 3, 0, 1};
      case "s1" -> S1;
      case "s2" -> S2;
      case "s3" -> S3;
      default -> throw new AssertionError(fetch);
    };
  }

  @Test
  void sixteenThreadsOnOneSession_correctResults_feedsUnchanged_poolBackToBaseline()
      throws Exception {
    Session session = graph().newSession();
    Tensor params = Tensor.ofInts(Shape.of(2, 2), 0, 1, 2, 3);
    Tensor tensor = Tensor.ofInts(Shape.of(8), new int[8]);
    Map<String, Tensor> feeds = Map.of("params", params, "tensor", tensor);
    assertEquals(0, session.bytesInUse(), "the baseline");
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int seed = t;
        done.add(
            pool.submit(
                () -> {
                  int checked = 0;
                  for (int r = 0; r < RUNS_PER_THREAD; r++) {
                    List<String> fetch = FETCHES.get((seed + r) % FETCHES.size());
                    List<Tensor> out = session.run(feeds, fetch);
                    for (int k = 0; k < fetch.size(); k++) {
                      assertArrayEquals(expected(fetch.get(k)), out.get(k).toLongArray());
                      checked++;
                    }
                    out.forEach(Tensor::close);
                  }
                  return checked;
                }));
      }
      int checked = 0;
      for (Future<Integer> f : done) {
        checked += f.get(60, TimeUnit.SECONDS);
      }
      assertTrue(checked >= THREADS * RUNS_PER_THREAD, "results checked: " + checked);
    } finally {
      pool.shutdownNow();
    }
    assertArrayEquals(new long[] {0, 1, 2, 3}, params.toLongArray(), "feed unchanged");
    assertArrayEquals(new long[8], tensor.toLongArray(), "feed unchanged");
    assertEquals(0, session.bytesInUse(), "every block back in the pool");
    assertTrue(session.peakBytesInUse() > 0);
    assertTrue(
        session.allocator.cachedBytes() <= session.peakBytesInUse(),
        "the pool keeps no more than the most ever in use");
  }
}
