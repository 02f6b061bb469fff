package dev.rawops.ops.indexing;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.runtime.BuiltNode;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Timing harness, not a test (surefire does not pick it up): TensorScatterUpdate of 128K row
 * updates into a fed [1M, 64] float tensor. Graph: {@code s1 = scatter(x, idx, upd)} must copy the
 * feed; {@code s2 = scatter(s1, idx2, upd)} gets s1's buffer forwarded and writes in place. Each
 * kernel is timed on its own, plus whole Session.run calls of a graph with s1 only.
 *
 * <p>Run: {@code ./mvnw -q test-compile} then {@code java -Xmx3g -cp
 * target/classes:target/test-classes:<deps> dev.rawops.ops.indexing.TensorScatterUpdateTiming [rows
 * cols updates reps [gc]]}.
 */
public final class TensorScatterUpdateTiming {
  private TensorScatterUpdateTiming() {}

  public static void main(String[] args) {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
    int cols = args.length > 1 ? Integer.parseInt(args[1]) : 64;
    int n = args.length > 2 ? Integer.parseInt(args[2]) : 128 * 1024;
    int reps = args.length > 3 ? Integer.parseInt(args[3]) : 20;
    // "gc": collect between runs (outside the timed part), so freed off-heap memory is returned
    // before the next run instead of inside an allocation that hits the direct-memory limit.
    boolean gcBetweenRuns = args.length > 4 && args[4].equals("gc");
    Random rnd = new Random(42);
    Tensor x = Tensor.ofFloats(Shape.of(rows, cols), new float[rows * cols]);
    Tensor idx = Tensor.ofInts(Shape.of(n, 1), rnd.ints(n, 0, rows).toArray());
    Tensor idx2 = Tensor.ofInts(Shape.of(n, 1), rnd.ints(n, 0, rows).toArray());
    float[] u = new float[n * cols];
    for (int i = 0; i < u.length; i++) {
      u[i] = i;
    }
    Tensor upd = Tensor.ofFloats(Shape.of(n, cols), u);
    Map<String, Tensor> feeds = Map.of("x", x, "idx", idx, "idx2", idx2, "upd", upd);

    Graph chain = Graph.build(graph(true), Device.CPU);
    long[] copyNs = new long[reps];
    long[] inPlaceNs = new long[reps];
    int[] rep = {0};
    time(chain, "s1", copyNs, rep);
    time(chain, "s2", inPlaceNs, rep);
    Session chainSession = chain.newSession();
    for (int r = -5; r < reps; r++) {
      rep[0] = Math.max(r, 0);
      chainSession.run(feeds, List.of("s2"));
      collect(gcBetweenRuns);
    }
    Session single = Graph.build(graph(false), Device.CPU).newSession();
    Map<String, Tensor> singleFeeds = Map.of("x", x, "idx", idx, "upd", upd);
    long[] runNs = new long[reps];
    for (int r = -5; r < reps; r++) {
      long t0 = System.nanoTime();
      single.run(singleFeeds, List.of("s1"));
      runNs[Math.max(r, 0)] = System.nanoTime() - t0;
      collect(gcBetweenRuns);
    }
    System.out.printf(
        "tensor [%d,%d] float, %d row updates, %d reps%s (median / min ms)%n",
        rows, cols, n, reps, gcBetweenRuns ? ", GC between runs" : "");
    report("copy path (fed input), kernel", copyNs);
    report("in-place path (forwarded), kernel", inPlaceNs);
    report("Session.run, fed input -> scatter", runNs);
  }

  private static void collect(boolean gc) {
    if (gc) {
      System.gc();
    }
  }

  private static dev.rawops.tfproto.GraphDef graph(boolean chain) {
    GraphDefBuilder b =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.unknownDims(2))
            .placeholder("idx", DataType.DT_INT32, PartialShape.unknownDims(2))
            .placeholder("upd", DataType.DT_FLOAT, PartialShape.unknownDims(2))
            .op("s1", "TensorScatterUpdate", "x", "idx", "upd")
            .attr("T", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32);
    if (chain) {
      b.placeholder("idx2", DataType.DT_INT32, PartialShape.unknownDims(2))
          .op("s2", "TensorScatterUpdate", "s1", "idx2", "upd")
          .attr("T", DataType.DT_FLOAT)
          .attr("Tindices", DataType.DT_INT32);
    }
    return b.build();
  }

  /** Wraps the node's kernel to store its compute time in {@code ns[rep[0]]}. */
  private static void time(Graph g, String node, long[] ns, int[] rep) {
    BuiltNode n = g.byName.get(node);
    Kernel real = n.kernel;
    n.kernel =
        ctx -> {
          long t0 = System.nanoTime();
          real.compute(ctx);
          ns[rep[0]] = System.nanoTime() - t0;
        };
  }

  private static void report(String what, long[] ns) {
    long[] s = ns.clone();
    Arrays.sort(s);
    System.out.printf("  %-40s %8.2f / %8.2f%n", what, s[s.length / 2] / 1e6, s[0] / 1e6);
  }
}
