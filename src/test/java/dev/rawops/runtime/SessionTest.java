package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
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
import org.junit.jupiter.api.Test;

class SessionTest {
  /** x (fed) → GatherNd rows; "bad" gathers out of bounds; "guarded" depends on bad by control. */
  private static Graph graph() {
    return Graph.build(
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of(3, 2))
            .constant("rows", Tensor.ofInts(Shape.of(2, 1), 2, 0))
            .constant("far", Tensor.ofInts(Shape.of(1, 1), 9))
            .op("good", "GatherNd", "x", "rows")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32)
            .op("bad", "GatherNd", "x", "far")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32)
            .op("guarded", "Identity", "good", "^bad")
            .attr("T", DataType.DT_FLOAT)
            .op("done", "NoOp", "^good")
            .op("pair", "IdentityN", "good", "rows")
            .attrTypes("T", DataType.DT_FLOAT, DataType.DT_INT32)
            .build(),
        Device.CPU);
  }

  private static final Tensor X = Tensor.ofFloats(Shape.of(3, 2), 1, 2, 3, 4, 5, 6);

  @Test
  void runsOnlyWhatFetchesNeed_failingUnneededNodeIsSkipped() {
    Tensor out = graph().newSession().run(Map.of("x", X), List.of("good")).get(0);
    assertEquals(Shape.of(2, 2), out.shape());
    assertArrayEquals(
        new float[] {5, 6, 1, 2},
        new float[] {out.getFloat(0), out.getFloat(1), out.getFloat(2), out.getFloat(3)});
  }

  @Test
  void controlInputsRun_andTheirErrorsSurface() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> graph().newSession().run(Map.of("x", X), List.of("guarded")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("bad", e.node().orElseThrow());
    assertTrue(
        e.getMessage().contains("indices[0] = [9] does not index into param shape [3,2]"),
        e.getMessage());
  }

  @Test
  void targetsRunWithoutFetching() {
    assertEquals(List.of(), graph().newSession().run(Map.of("x", X), List.of(), List.of("done")));
  }

  @Test
  void unfedPlaceholder_namesIt() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> graph().newSession().run(Map.of(), List.of("good")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("x", e.node().orElseThrow());
    assertTrue(
        e.getMessage()
            .contains(
                "You must feed a value for placeholder tensor 'x' with dtype float and shape [3,2]"),
        e.getMessage());
  }

  @Test
  void feedingAnIntermediate_skipsItsProducers() {
    Tensor fed = Tensor.ofFloats(Shape.of(2, 2), 9, 9, 9, 9);
    // "good" reads placeholder x; fed directly, neither runs, so x needs no feed.
    Tensor out = graph().newSession().run(Map.of("good:0", fed), List.of("pair:0")).get(0);
    assertTrue(fed.contentEquals(out), "IdentityN passes the fed tensor through");
    // The caller's result is an object of its own: closing it leaves the feed usable.
    out.close();
    assertEquals(9f, fed.getFloat(0));
  }

  @Test
  void feedOfWrongDtype_isInvalidArgument() {
    Session s = graph().newSession();
    RawOpsException e1 =
        assertThrows(
            RawOpsException.class,
            () -> s.run(Map.of("x", Tensor.ofInts(Shape.of(3, 2), new int[6])), List.of("good")));
    assertEquals(Code.INVALID_ARGUMENT, e1.code());
    assertTrue(
        e1.getMessage().contains("has dtype int32 but the graph expects float"), e1.getMessage());
  }

  @Test
  void feedOfAnotherShapeThanTheStaticOne_runsWithItsRealShape() {
    // TF's session does not check feeds against a Placeholder's static shape (graph/0017 fixture).
    Tensor x = Tensor.ofFloats(Shape.of(4, 2), 1, 2, 3, 4, 5, 6, 7, 8);
    Tensor out = graph().newSession().run(Map.of("x", x), List.of("good")).get(0);
    assertEquals(Shape.of(2, 2), out.shape());
    assertArrayEquals(
        new float[] {5, 6, 1, 2},
        new float[] {out.getFloat(0), out.getFloat(1), out.getFloat(2), out.getFloat(3)});
  }

  @Test
  void tensorBothFedAndFetched_isInvalidArgument() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> graph().newSession().run(Map.of("x", X), List.of("good", "x")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("x:0 is both fed and fetched.", e.detail()); // TF's words (graph/0010 fixture)
  }

  @Test
  void unknownFetch_isNotFound() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> graph().newSession().run(Map.of("x", X), List.of("nope")));
    assertEquals(Code.NOT_FOUND, e.code());
  }

  @Test
  void multipleOutputs_byIndex() {
    List<Tensor> out = graph().newSession().run(Map.of("x", X), List.of("pair:1", "pair:0"));
    assertEquals(dev.rawops.tensor.DType.INT32, out.get(0).dtype());
    assertEquals(dev.rawops.tensor.DType.FLOAT, out.get(1).dtype());
  }

  @Test
  void feedsAreNeverModified() {
    Tensor x = Tensor.ofFloats(Shape.of(3, 2), 1, 2, 3, 4, 5, 6);
    graph().newSession().run(Map.of("x", x), List.of("good", "pair:0"));
    assertTrue(x.contentEquals(X));
  }

  @Test
  void concurrentRunsOnOneSession() throws Exception {
    Session s = graph().newSession();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Float>> results = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        float v = i;
        results.add(
            pool.submit(
                () -> {
                  Tensor x = Tensor.ofFloats(Shape.of(3, 2), v, v, v, v, v + 1, v + 2);
                  return s.run(Map.of("x", x), List.of("good")).get(0).getFloat(1);
                }));
      }
      for (int i = 0; i < 200; i++) {
        assertEquals(i + 2f, results.get(i).get());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void feedingOneOutputOfANodeThatStillRuns_theFeedWins() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .constant("a", Tensor.ofInts(Shape.scalar(), 1))
                .constant("b", Tensor.ofInts(Shape.scalar(), 2))
                .op("n", "IdentityN", "a", "b")
                .attrTypes("T", DataType.DT_INT32, DataType.DT_INT32)
                .op("first", "Identity", "n:0")
                .attr("T", DataType.DT_INT32)
                .build(),
            Device.CPU);
    List<Tensor> out =
        g.newSession()
            .run(Map.of("n:0", Tensor.ofInts(Shape.scalar(), 42)), List.of("first", "n:1"));
    assertEquals(42, out.get(0).getInt(0));
    assertEquals(2, out.get(1).getInt(0));
  }
}
