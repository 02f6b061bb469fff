package dev.rawops.ops.controlflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.runtime.Session;
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
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * TF 1 control flow in the executor, on graphs of core ops only. Loops count with lookup tables:
 * {@code i = succ[i]} (a GatherNd into [[1],[2],…]) while {@code more[i]} (a bool table), so every
 * expected value follows from the definition of Switch, Merge, Enter, Exit and NextIteration.
 */
public class ControlFlowTest {
  public static final int N = 32;
  static final DataType I32 = DataType.DT_INT32;

  /** succ: int32 [N,1], row i = [i + 1]; more_k: bool [N], more_k[i] = i < k. */
  public static GraphDefBuilder tables(GraphDefBuilder b, int... limits) {
    int[] succ = new int[N];
    for (int i = 0; i < N; i++) {
      succ[i] = i + 1;
    }
    b.constant("succ", Tensor.ofInts(Shape.of(N, 1), succ));
    for (int k : limits) {
      boolean[] more = new boolean[N];
      for (int i = 0; i < N; i++) {
        more[i] = i < k;
      }
      b.constant("more" + k, Tensor.ofBooleans(Shape.of(N), more));
    }
    return b;
  }

  public static GraphDefBuilder gather(
      GraphDefBuilder b, String name, String params, String index) {
    return b.op(name, "GatherNd", params, index)
        .attr("Tparams", DataType.DT_INT32)
        .attr("Tindices", I32);
  }

  public static GraphDefBuilder gatherBool(
      GraphDefBuilder b, String name, String params, String index) {
    return b.op(name, "GatherNd", params, index)
        .attr("Tparams", DataType.DT_BOOL)
        .attr("Tindices", I32);
  }

  public static GraphDefBuilder enterConstant(
      GraphDefBuilder b, String name, String in, String frame) {
    return b.op(name, "Enter", in)
        .attr("T", in.contains("more") || in.contains("small") ? DataType.DT_BOOL : I32)
        .attr("frame_name", frame)
        .attr("is_constant", true)
        .attr("parallel_iterations", 10);
  }

  /**
   * A TF 1 while loop over int32 [1] loop variables, as tf.while_loop builds it: Enter → Merge →
   * cond → LoopCond → Switch → (Exit | Identity → body → NextIteration → Merge). Returns the Exit
   * names.
   */
  public static List<String> whileLoop(
      GraphDefBuilder b,
      String name,
      List<String> inits,
      int parallel,
      DataType[] types,
      Function<List<String>, String> cond,
      Function<List<String>, List<String>> body) {
    int n = inits.size();
    List<String> merges = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      b.op(name + "/Enter_" + k, "Enter", inits.get(k))
          .attr("T", types[k])
          .attr("frame_name", name)
          .attr("is_constant", false)
          .attr("parallel_iterations", parallel);
      b.op(name + "/Merge_" + k, "Merge", name + "/Enter_" + k, name + "/NextIteration_" + k)
          .attr("T", types[k])
          .attr("N", 2);
      merges.add(name + "/Merge_" + k);
    }
    String c = cond.apply(merges);
    b.op(name + "/LoopCond", "LoopCond", c);
    List<String> ids = new ArrayList<>();
    List<String> exits = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      b.op(name + "/Switch_" + k, "Switch", merges.get(k), name + "/LoopCond").attr("T", types[k]);
      b.op(name + "/Exit_" + k, "Exit", name + "/Switch_" + k).attr("T", types[k]);
      b.op(name + "/Identity_" + k, "Identity", name + "/Switch_" + k + ":1").attr("T", types[k]);
      ids.add(name + "/Identity_" + k);
      exits.add(name + "/Exit_" + k);
    }
    List<String> next = body.apply(ids);
    for (int k = 0; k < n; k++) {
      b.op(name + "/NextIteration_" + k, "NextIteration", next.get(k)).attr("T", types[k]);
    }
    return exits;
  }

  public static DataType[] ints(int n) {
    DataType[] t = new DataType[n];
    java.util.Arrays.fill(t, I32);
    return t;
  }

  /** while more_k[i]: i = succ[i], from i = [0], with the tables entered as loop invariants. */
  public static List<String> countingLoop(
      GraphDefBuilder b, String name, String init, int k, int par) {
    enterConstant(b, name + "/succ", "succ", name);
    enterConstant(b, name + "/more", "more" + k, name);
    return whileLoop(
        b,
        name,
        List.of(init),
        par,
        ints(1),
        m -> {
          gatherBool(b, name + "/cond", name + "/more", m.get(0));
          return name + "/cond";
        },
        ids -> {
          gather(b, name + "/next", name + "/succ", ids.get(0));
          return List.of(name + "/next");
        });
  }

  static Tensor run(Graph g, String fetch) {
    return g.newSession().run(Map.of(), List.of(fetch)).get(0);
  }

  static Tensor run(Graph g, Map<String, Tensor> feeds, String fetch) {
    return g.newSession().run(feeds, List.of(fetch)).get(0);
  }

  public static Tensor vec(int v) {
    return Tensor.ofInts(Shape.of(1), v);
  }

  // ---- cond: Switch and Merge ----

  public static Graph cond() {
    GraphDefBuilder b = tables(new GraphDefBuilder());
    b.placeholder("pred", DataType.DT_BOOL, PartialShape.of());
    b.constant("x", vec(5));
    b.constant("far", vec(99)); // out of range of succ: running "bad" would fail
    b.op("sw", "Switch", "x", "pred").attr("T", I32);
    gather(b, "t", "succ", "sw:1"); // true branch: x + 1
    b.op("f", "Identity", "sw:0").attr("T", I32); // false branch: x
    b.op("onTrue", "Identity", "sw:1").attr("T", I32);
    b.op("badOnBranch", "GatherNd", "succ", "far", "^onTrue")
        .attr("Tparams", DataType.DT_INT32)
        .attr("Tindices", I32);
    b.op("m2", "Merge", "badOnBranch", "f").attr("T", I32).attr("N", 2);
    b.op("m", "Merge", "t", "f").attr("T", I32).attr("N", 2);
    b.op("trigger", "ControlTrigger", "^t");
    b.op("afterTrigger", "Identity", "x", "^trigger").attr("T", I32);
    return Graph.build(b.build(), Device.CPU);
  }

  @Test
  void condTakesTheLiveBranch_andMergeReportsItsIndex() {
    Graph g = cond();
    Session s = g.newSession();
    Tensor pTrue = Tensor.ofBooleans(Shape.scalar(), true);
    Tensor pFalse = Tensor.ofBooleans(Shape.scalar(), false);
    List<Tensor> t = s.run(Map.of("pred", pTrue), List.of("m", "m:1"));
    assertEquals(6, t.get(0).getInt(0));
    assertEquals(0, t.get(1).getInt(0));
    List<Tensor> f = s.run(Map.of("pred", pFalse), List.of("m", "m:1"));
    assertEquals(5, f.get(0).getInt(0));
    assertEquals(1, f.get(1).getInt(0));
  }

  @Test
  void fetchingADeadTensorIsInvalidArgument() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> run(cond(), Map.of("pred", Tensor.ofBooleans(Shape.scalar(), false)), "t"));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("Retval[0] does not have value"), e.getMessage());
  }

  @Test
  void aDeadControlInputMakesTheNodeDead() {
    RawOpsException dead =
        assertThrows(
            RawOpsException.class,
            () ->
                run(
                    deadControl(),
                    Map.of("pred", Tensor.ofBooleans(Shape.scalar(), false)),
                    "follower"));
    assertTrue(dead.getMessage().contains("Retval[0] does not have value"), dead.getMessage());
    assertEquals(
        5,
        run(deadControl(), Map.of("pred", Tensor.ofBooleans(Shape.scalar(), true)), "follower")
            .getInt(0));
  }

  /** follower = Identity(x) with a control input on the true branch. */
  public static Graph deadControl() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.placeholder("pred", DataType.DT_BOOL, PartialShape.of());
    b.constant("x", vec(5));
    b.op("sw", "Switch", "x", "pred").attr("T", I32);
    b.op("branch", "Identity", "sw:1").attr("T", I32);
    b.op("follower", "Identity", "x", "^branch").attr("T", I32);
    return Graph.build(b.build(), Device.CPU);
  }

  @Test
  void aDeadNodeDoesNotRunItsKernel() {
    // badOnBranch gathers out of range and waits on the true branch: dead when pred is false, so
    // its kernel never runs and the Merge takes the false branch; run when pred is true.
    Graph g = cond();
    Tensor pFalse = Tensor.ofBooleans(Shape.scalar(), false);
    assertEquals(5, run(g, Map.of("pred", pFalse), "m2").getInt(0));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> run(g, Map.of("pred", Tensor.ofBooleans(Shape.scalar(), true)), "m2"));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("badOnBranch", e.node().orElseThrow());
  }

  @Test
  void controlTriggerRunsEvenWhenItsInputIsDead() {
    Tensor pFalse = Tensor.ofBooleans(Shape.scalar(), false);
    assertEquals(5, run(cond(), Map.of("pred", pFalse), "afterTrigger").getInt(0));
  }

  @Test
  void switchPredicateMustBeAScalar() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.placeholder("pred", DataType.DT_BOOL, PartialShape.unknownRank());
    b.constant("x", vec(5));
    b.op("sw", "Switch", "x", "pred").attr("T", I32);
    Graph g = Graph.build(b.build(), Device.CPU);
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> run(g, Map.of("pred", Tensor.ofBooleans(Shape.of(1), true)), "sw:1"));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("sw", e.node().orElseThrow());
    assertTrue(e.getMessage().contains("The second input must be a scalar"), e.getMessage());
  }

  // ---- while loops ----

  @Test
  void whileLoopRunsItsBodyUntilLoopCondIsFalse() {
    for (int k : new int[] {0, 1, 3, 7}) {
      GraphDefBuilder b = tables(new GraphDefBuilder(), k);
      b.constant("zero", vec(0));
      List<String> exits = countingLoop(b, "loop", "zero", k, 10);
      b.op("out", "Identity", exits.get(0)).attr("T", I32);
      assertEquals(k, run(Graph.build(b.build(), Device.CPU), "out").getInt(0), "k=" + k);
    }
  }

  @Test
  void parallelIterationsDoesNotChangeTheResult() {
    for (int par : new int[] {1, 2, 32}) {
      GraphDefBuilder b = tables(new GraphDefBuilder(), 9);
      b.constant("zero", vec(0));
      List<String> exits = countingLoop(b, "loop", "zero", 9, par);
      b.op("out", "Identity", exits.get(0)).attr("T", I32);
      assertEquals(9, run(Graph.build(b.build(), Device.CPU), "out").getInt(0));
    }
  }

  /** Outer loop i < 2, inner loop j < 3 adding one to c each time: c = 6. */
  public static Graph nested(int outer, int inner, int par) {
    GraphDefBuilder b = tables(new GraphDefBuilder(), outer, inner);
    b.constant("zero", vec(0));
    enterConstant(b, "outer/succ", "succ", "outer");
    enterConstant(b, "outer/more", "more" + outer, "outer");
    enterConstant(b, "outer/moreInner", "more" + inner, "outer");
    List<String> exits =
        whileLoop(
            b,
            "outer",
            List.of("zero", "zero"),
            par,
            ints(2),
            m -> {
              gatherBool(b, "outer/cond", "outer/more", m.get(0));
              return "outer/cond";
            },
            ids -> {
              // j starts at 0 in every outer iteration: a Const in the outer frame.
              b.op("outer/j0in", "Const", "^" + ids.get(0))
                  .attr("dtype", I32)
                  .attr(
                      "value",
                      dev.rawops.tfproto.AttrValue.newBuilder()
                          .setTensor(dev.rawops.tensor.TensorProtos.toProto(vec(0)))
                          .build());
              enterConstant(b, "inner/succ", "outer/succ", "inner");
              enterConstant(b, "inner/more", "outer/moreInner", "inner");
              List<String> in =
                  whileLoop(
                      b,
                      "inner",
                      List.of("outer/j0in", ids.get(1)),
                      par,
                      ints(2),
                      m -> {
                        gatherBool(b, "inner/cond", "inner/more", m.get(0));
                        return "inner/cond";
                      },
                      inIds -> {
                        gather(b, "inner/nextJ", "inner/succ", inIds.get(0));
                        gather(b, "inner/nextC", "inner/succ", inIds.get(1));
                        return List.of("inner/nextJ", "inner/nextC");
                      });
              gather(b, "outer/nextI", "outer/succ", ids.get(0));
              return List.of("outer/nextI", in.get(1));
            });
    b.op("i", "Identity", exits.get(0)).attr("T", I32);
    b.op("c", "Identity", exits.get(1)).attr("T", I32);
    return Graph.build(b.build(), Device.CPU);
  }

  @Test
  void nestedLoops() {
    Session s = nested(2, 3, 10).newSession();
    List<Tensor> out = s.run(Map.of(), List.of("i", "c"));
    assertEquals(2, out.get(0).getInt(0));
    assertEquals(6, out.get(1).getInt(0));
    assertEquals(20, run(nested(4, 5, 1), "c").getInt(0));
    assertEquals(0, run(nested(3, 0, 2), "c").getInt(0));
  }

  /** pred ? (loop counting x up to 4) : x + 1, the loop fed from the Switch's true output. */
  public static Graph loopInCond() {
    GraphDefBuilder b = tables(new GraphDefBuilder(), 4);
    b.placeholder("pred", DataType.DT_BOOL, PartialShape.of());
    b.constant("x", vec(1));
    b.op("sw", "Switch", "x", "pred").attr("T", I32);
    b.op("onTrue", "Identity", "sw:1").attr("T", I32);
    b.op("succT", "Identity", "succ", "^onTrue").attr("T", I32);
    List<String> exits = countingLoop(b, "loop", "onTrue", 4, 10);
    gather(b, "onFalse", "succ", "sw:0");
    b.op("m", "Merge", exits.get(0), "onFalse").attr("T", I32).attr("N", 2);
    return Graph.build(b.build(), Device.CPU);
  }

  @Test
  void loopInsideACond_runsOnlyOnTheTakenBranch() {
    Graph g = loopInCond();
    Session s = g.newSession();
    assertEquals(
        4,
        s.run(Map.of("pred", Tensor.ofBooleans(Shape.scalar(), true)), List.of("m"))
            .get(0)
            .getInt(0));
    List<Tensor> f =
        s.run(Map.of("pred", Tensor.ofBooleans(Shape.scalar(), false)), List.of("m", "m:1"));
    assertEquals(2, f.get(0).getInt(0));
    assertEquals(1, f.get(1).getInt(0));
  }

  /** while more4[i]: i = more2[i] ? succ[i] : succ[succ[i]], fetched as "out". */
  public static GraphDefBuilder condInLoop() {
    // while more4[i]: i = more2[i] ? succ[i] : succ[succ[i]]  → 0, 1, 2, 4
    GraphDefBuilder b = tables(new GraphDefBuilder(), 4, 2);
    b.constant("zero", vec(0));
    enterConstant(b, "w/succ", "succ", "w");
    enterConstant(b, "w/more", "more4", "w");
    enterConstant(b, "w/small", "more2", "w");
    List<String> exits =
        whileLoop(
            b,
            "w",
            List.of("zero"),
            10,
            ints(1),
            m -> {
              gatherBool(b, "w/cond", "w/more", m.get(0));
              return "w/cond";
            },
            ids -> {
              gatherBool(b, "w/p", "w/small", ids.get(0));
              b.op("w/sw", "Switch", ids.get(0), "w/p").attr("T", I32);
              gather(b, "w/one", "w/succ", "w/sw:1");
              gather(b, "w/twoA", "w/succ", "w/sw:0");
              gather(b, "w/two", "w/succ", "w/twoA");
              b.op("w/m", "Merge", "w/one", "w/two").attr("T", I32).attr("N", 2);
              return List.of("w/m");
            });
    b.op("out", "Identity", exits.get(0)).attr("T", I32);
    return b;
  }

  @Test
  void condInsideALoop() {
    GraphDefBuilder b = condInLoop();
    assertEquals(4, run(Graph.build(b.build(), Device.CPU), "out").getInt(0));
  }

  @Test
  void fetchingATensorInsideALoopTwiceIsAnError_asTfRetval() {
    GraphDefBuilder b = tables(new GraphDefBuilder(), 3);
    b.constant("zero", vec(0));
    countingLoop(b, "loop", "zero", 3, 10);
    Graph g = Graph.build(b.build(), Device.CPU);
    RawOpsException e = assertThrows(RawOpsException.class, () -> run(g, "loop/next"));
    assertEquals(Code.INTERNAL, e.code());
    assertTrue(e.getMessage().contains("Retval[0] has already been set."), e.getMessage());
  }

  @Test
  void aCycleWithoutNextIterationIsStillRejected() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.op("a", "Identity", "b").attr("T", I32);
    b.op("b", "Identity", "a").attr("T", I32);
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(b.build(), Device.CPU));
    assertTrue(e.getMessage().contains("graph has a cycle"), e.getMessage());
  }

  @Test
  void exitWithoutEnterIsInvalidArgument() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", vec(1));
    b.op("e", "Exit", "x").attr("T", I32);
    b.op("y", "Identity", "e").attr("T", I32);
    Graph g = Graph.build(b.build(), Device.CPU);
    RawOpsException ex = assertThrows(RawOpsException.class, () -> run(g, "y"));
    assertEquals(Code.INVALID_ARGUMENT, ex.code());
    assertEquals("e", ex.node().orElseThrow());
  }

  @Test
  void twoHundredConcurrentRunsOfNestedLoops() throws Exception {
    Session s = nested(3, 4, 2).newSession();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int r = 0; r < 200; r++) {
        results.add(pool.submit(() -> s.run(Map.of(), List.of("c")).get(0).getInt(0)));
      }
      for (Future<Integer> f : results) {
        assertEquals(12, f.get());
      }
    } finally {
      pool.shutdown();
    }
  }
}
