package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The session's memory pool: reuse across runs, lifetimes of fetched tensors, escape rules. */
class MemoryPoolTest {
  private static final int N = 1024;

  /** z = (x + x) * (x + x), with y = x + x an intermediate that dies inside the run. */
  private static Graph square() {
    return Graph.build(
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of(N))
            .op("y", "AddV2", "x", "x")
            .attr("T", DataType.DT_FLOAT)
            .op("z", "Mul", "y", "y")
            .attr("T", DataType.DT_FLOAT)
            .build(),
        Device.CPU);
  }

  private static Tensor ramp() {
    float[] v = new float[N];
    for (int i = 0; i < N; i++) {
      v[i] = i;
    }
    return Tensor.ofFloats(Shape.of(N), v);
  }

  @Test
  void intermediatesAndClosedResults_goBackToThePool_andAreReusedNextRun() {
    Session s = square().newSession();
    Tensor x = ramp();
    for (int run = 0; run < 5; run++) {
      try (Tensor z = s.run(Map.of("x", x), List.of("z")).get(0)) {
        for (int i = 0; i < N; i += 97) {
          assertEquals(4f * i * i, z.getFloat(i));
        }
        // Only the fetched tensor is in use: y went back when Mul was done with it.
        assertEquals(N * 4, s.bytesInUse());
      }
      assertEquals(0, s.bytesInUse(), "closing the result returns it");
    }
    // Each run needs two blocks at once (y, then z while y is read): after the first run, the
    // pool serves every request.
    assertEquals(2, s.allocator.misses());
    assertEquals(8, s.allocator.hits());
    assertEquals(2L * N * 4, s.peakBytesInUse());
    assertEquals(0f, x.getFloat(0));
    assertEquals(1023f, x.getFloat(1023), "the feed is unchanged");
  }

  @Test
  void closedTensor_throwsOnUse_andCloseIsIdempotent() {
    Session s = square().newSession();
    Tensor z = s.run(Map.of("x", ramp()), List.of("z")).get(0);
    z.close();
    z.close();
    assertTrue(z.isClosed());
    assertThrows(IllegalStateException.class, () -> z.getFloat(0));
    assertThrows(IllegalStateException.class, z::data);
  }

  @Test
  void memoryHandedOutIsNotReusedUntilClosed() {
    Session s = square().newSession();
    Tensor x = ramp();
    Tensor first = s.run(Map.of("x", x), List.of("z")).get(0);
    Tensor second =
        s.run(Map.of("x", Tensor.ofFloats(Shape.of(N), new float[N])), List.of("z")).get(0);
    assertEquals(4f * 5 * 5, first.getFloat(5), "a later run must not write into a result");
    assertEquals(0f, second.getFloat(5));
    assertFalse(first.data().address() == second.data().address());
  }

  @Test
  void closingAFetchedConstOrFeed_leavesTheGraphAndTheFeedIntact() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .constant("c", Tensor.ofFloats(Shape.of(2), 1, 2))
                .placeholder("x", DataType.DT_FLOAT, PartialShape.of(2))
                .op("id", "Identity", "x")
                .attr("T", DataType.DT_FLOAT)
                .build(),
            Device.CPU);
    Session s = g.newSession();
    Tensor x = Tensor.ofFloats(Shape.of(2), 5, 6);
    for (int run = 0; run < 2; run++) {
      List<Tensor> out = s.run(Map.of("x", x), List.of("c", "id", "c"));
      assertEquals(2f, out.get(0).getFloat(1));
      assertEquals(6f, out.get(1).getFloat(1));
      out.forEach(Tensor::close);
    }
    assertEquals(5f, x.getFloat(0));
  }

  @Test
  void sameTensorFetchedTwice_closingOneLeavesTheOther() {
    Session s = square().newSession();
    List<Tensor> out = s.run(Map.of("x", ramp()), List.of("z", "z"));
    out.get(0).close();
    assertEquals(4f * 3 * 3, out.get(1).getFloat(3));
  }

  @Test
  void viewOfAnIntermediate_keepsItsMemoryAlive() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .placeholder("x", DataType.DT_FLOAT, PartialShape.of(N))
                .constant("shape", Tensor.ofInts(Shape.of(2), 32, 32))
                .op("y", "AddV2", "x", "x")
                .attr("T", DataType.DT_FLOAT)
                .op("r", "Reshape", "y", "shape")
                .attr("T", DataType.DT_FLOAT)
                .attr("Tshape", DataType.DT_INT32)
                .build(),
            Device.CPU);
    Session s = g.newSession();
    Tensor r = s.run(Map.of("x", ramp()), List.of("r")).get(0);
    // y died after Reshape, but r shares its memory: nothing may reuse it yet.
    Tensor other =
        s.run(Map.of("x", Tensor.ofFloats(Shape.of(N), new float[N])), List.of("r")).get(0);
    assertEquals(Shape.of(32, 32), r.shape());
    assertEquals(2f * 1000, r.getFloat(1000));
    assertEquals(0f, other.getFloat(1000));
    r.close();
    other.close();
    assertEquals(0, s.bytesInUse());
  }

  @Test
  void valueAssignedToAVariable_isNeverReused() throws Exception {
    GraphDef.Builder b = GraphDef.newBuilder();
    TextFormat.merge(
        """
        node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
        node { name: "v" op: "VarHandleOp" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "shape" value { shape { dim { size: 1024 } } } }
          attr { key: "shared_name" value { s: "v" } } }
        node { name: "y" op: "AddV2" input: "x" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
        node { name: "assign" op: "AssignVariableOp" input: "v" input: "y"
          attr { key: "dtype" value { type: DT_FLOAT } } }
        node { name: "read" op: "ReadVariableOp" input: "v" attr { key: "dtype" value { type: DT_FLOAT } } }
        node { name: "z" op: "Mul" input: "x" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
        """,
        b);
    Session s = Graph.build(b.build(), Device.CPU).newSession();
    s.run(Map.of("x", ramp()), List.of(), List.of("assign"));
    for (int run = 0; run < 3; run++) {
      // Runs that allocate and free blocks of the same size must not land in the variable's.
      s.run(Map.of("x", Tensor.ofFloats(Shape.of(N), new float[N])), List.of("z")).get(0).close();
    }
    Tensor read = s.run(Map.of(), List.of("read")).get(0);
    assertEquals(2f * 7, read.getFloat(7));
    read.close();
    Tensor again = s.run(Map.of(), List.of("read")).get(0);
    assertEquals(2f * 7, again.getFloat(7), "closing a read value leaves the variable intact");
  }

  @Test
  void maxRunBytes_isResourceExhaustedNamingTheLimit() {
    Session s = square().newSession(); // default: plenty
    s.run(Map.of("x", ramp()), List.of("z")).get(0).close();
    Session small = square().newSession(new Session.Options().maxRunBytes(6000));
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> small.run(Map.of("x", ramp()), List.of("z")));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertEquals("z", e.node().orElseThrow(), "y (4 KiB) fits; z on top of it does not");
    assertTrue(e.getMessage().contains("maxRunBytes = 6000"), e.getMessage());
    assertTrue(e.getMessage().contains("-Drawops.limit.maxRunBytes"), e.getMessage());
  }

  @Test
  void withoutPooling_resultsAreTheSame() {
    Session s = square().newSession(new Session.Options().pooling(false));
    Tensor z = s.run(Map.of("x", ramp()), List.of("z")).get(0);
    assertEquals(4f * 9 * 9, z.getFloat(9));
    assertEquals(0, s.bytesInUse());
  }

  @Test
  void severalUnfedPlaceholders_allNamedInOneError() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .placeholder("a", DataType.DT_FLOAT, PartialShape.of(2))
                .placeholder("b", DataType.DT_INT32, PartialShape.unknownRank())
                .placeholder("c", DataType.DT_FLOAT, PartialShape.of(2))
                .op("sum", "AddV2", "a", "c")
                .attr("T", DataType.DT_FLOAT)
                .op("cast", "Cast", "b")
                .attr("SrcT", DataType.DT_INT32)
                .attr("DstT", DataType.DT_FLOAT)
                .build(),
            Device.CPU);
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> g.newSession().run(Map.of(), List.of("sum", "cast")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("a", e.node().orElseThrow());
    String m = e.getMessage();
    assertTrue(
        m.contains(
            "You must feed a value for placeholder tensor 'a' with dtype float and shape [2]"),
        m);
    assertTrue(m.contains("3 placeholders are not fed"), m);
    assertTrue(m.contains("'b' with dtype int32"), m);
    assertTrue(m.contains("'c' with dtype float and shape [2]"), m);
  }

  @Test
  void planCache_isBounded() {
    GraphDefBuilder b = new GraphDefBuilder().constant("n0", Tensor.ofFloats(Shape.scalar(), 1));
    int nodes = 2000;
    for (int i = 1; i < nodes; i++) {
      b.op("n" + i, "Identity", "n" + (i - 1)).attr("T", DataType.DT_FLOAT);
    }
    Graph g = Graph.build(b.build(), Device.CPU);
    Session s = g.newSession(new Session.Options().planCacheSize(16));
    for (int i = 0; i < 300; i++) {
      s.run(Map.of(), List.of("n" + (nodes - 1 - i))).get(0).close();
      assertTrue(s.cachedPlans() <= 16, "cache holds " + s.cachedPlans());
    }
    assertEquals(16, s.cachedPlans());
    assertEquals(64, g.newSession().options().planCacheSize(), "the default");
  }

  @Test
  void nullArguments_areInvalidArgument() {
    Session s = square().newSession();
    Map<String, Tensor> nullValue = new HashMap<>();
    nullValue.put("x", null);
    Map<String, Tensor> nullKey = new HashMap<>();
    nullKey.put(null, ramp());
    List<String> nullFetch = new ArrayList<>();
    nullFetch.add(null);
    for (Runnable r :
        List.<Runnable>of(
            () -> s.run(nullValue, List.of("z")),
            () -> s.run(nullKey, List.of("z")),
            () -> s.run(Map.of("x", ramp()), nullFetch),
            () -> s.run(null, List.of("z")),
            () -> s.run(Map.of("x", ramp()), null),
            () -> s.run(Map.of("x", ramp()), List.of("z"), null))) {
      RawOpsException e = assertThrows(RawOpsException.class, r::run);
      assertEquals(Code.INVALID_ARGUMENT, e.code());
    }
    Tensor closed = ramp();
    closed.close();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> s.run(Map.of("x", closed), List.of("z")));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void options_rejectBadValues() {
    assertThrows(IllegalArgumentException.class, () -> new Session.Options().intraOpThreads(-1));
    assertThrows(IllegalArgumentException.class, () -> new Session.Options().interOpThreads(0));
    assertThrows(IllegalArgumentException.class, () -> new Session.Options().planCacheSize(0));
    assertThrows(IllegalArgumentException.class, () -> new Session.Options().maxRunBytes(0));
  }

  @Test
  void kernelsSeeTheSessionsIntraOpPool() {
    try (Session s = square().newSession(new Session.Options().intraOpThreads(3))) {
      assertEquals(3, s.intraOp.threads());
      int[] seen = new int[1];
      Graph g = s.graph();
      BuiltNode y = g.byName.get("y");
      dev.rawops.kernels.Kernel real = y.kernel;
      y.kernel =
          ctx -> {
            seen[0] = ctx.parallel().threads();
            real.compute(ctx);
          };
      s.run(Map.of("x", ramp()), List.of("z")).get(0).close();
      assertEquals(3, seen[0]);
      y.kernel = real;
    }
  }

  /**
   * Two independent expensive nodes run at once: on the calling thread and on a thread of the
   * session's intra-op pool (one set of threads for nodes and split loops), or, when that pool has
   * no threads of its own, on an inter-op thread.
   */
  @Test
  void independentNodesRunOnTheIntraOpPoolsThreads() {
    assertEquals("rawops-intra-op-", otherThreadOfTwoIndependentNodes(2));
    assertEquals("rawops-inter-op-", otherThreadOfTwoIndependentNodes(1));
  }

  /** The name prefix of the thread, not the caller, that ran one of two concurrent nodes. */
  private static String otherThreadOfTwoIndependentNodes(int intraOpThreads) {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .placeholder("x", DataType.DT_FLOAT, PartialShape.of(N))
                .op("y1", "Mul", "x", "x")
                .attr("T", DataType.DT_FLOAT)
                .op("y2", "AddV2", "x", "x")
                .attr("T", DataType.DT_FLOAT)
                .build(),
            Device.CPU);
    java.util.concurrent.CountDownLatch both = new java.util.concurrent.CountDownLatch(2);
    java.util.Set<Thread> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
    for (String name : List.of("y1", "y2")) {
      BuiltNode node = g.byName.get(name);
      dev.rawops.kernels.Kernel real = node.kernel;
      node.kernel =
          ctx -> {
            threads.add(Thread.currentThread());
            both.countDown();
            try {
              assertTrue(both.await(10, java.util.concurrent.TimeUnit.SECONDS), "not at once");
            } catch (InterruptedException e) {
              throw new AssertionError(e);
            }
            real.compute(ctx);
          };
    }
    try (Session s =
        g.newSession(new Session.Options().intraOpThreads(intraOpThreads).interOpThreads(2))) {
      s.run(Map.of("x", ramp()), List.of("y1", "y2")).forEach(Tensor::close);
    }
    assertEquals(2, threads.size());
    assertTrue(threads.contains(Thread.currentThread()));
    threads.remove(Thread.currentThread());
    String other = threads.iterator().next().getName();
    return other.substring(0, "rawops-intra-op-".length());
  }

  @Test
  void parallelAndSequentialRuns_giveTheSameResults() {
    GraphDefBuilder b =
        new GraphDefBuilder().placeholder("x", DataType.DT_FLOAT, PartialShape.of(N));
    List<String> fetches = new ArrayList<>();
    for (int k = 0; k < 8; k++) {
      b.op("a" + k, "AddV2", "x", k == 0 ? "x" : "b" + (k - 1)).attr("T", DataType.DT_FLOAT);
      b.op("b" + k, "Mul", "a" + k, "x").attr("T", DataType.DT_FLOAT);
      b.op("c" + k, "Sub", "b" + k, "a" + k).attr("T", DataType.DT_FLOAT);
      fetches.add("c" + k);
    }
    Graph g = Graph.build(b.build(), Device.CPU);
    Tensor x = ramp();
    List<Tensor> seq =
        g.newSession(new Session.Options().interOpThreads(1)).run(Map.of("x", x), fetches);
    Session par = g.newSession(new Session.Options().interOpThreads(4));
    for (int run = 0; run < 20; run++) {
      List<Tensor> out = par.run(Map.of("x", x), fetches);
      for (int k = 0; k < fetches.size(); k++) {
        assertTrue(seq.get(k).contentEquals(out.get(k)), fetches.get(k));
      }
      out.forEach(Tensor::close);
    }
    assertEquals(0, par.bytesInUse());
    assertArrayEquals(new float[] {0, 1}, new float[] {x.getFloat(0), x.getFloat(1)});
  }
}
