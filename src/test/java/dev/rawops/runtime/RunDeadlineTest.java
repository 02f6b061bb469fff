package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.ops.controlflow.ControlFlowTest;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs that would never end on their own (a TF 1 loop whose condition is always true, a functional
 * While over a pass-through body) end with DEADLINE_EXCEEDED past their timeout, CANCELLED when
 * their handle is cancelled or their thread interrupted, and give back every pooled byte.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RunDeadlineTest {
  /** while (x == x) x = x + 1, from x = [0]: never ends. */
  private static Graph endlessTf1Loop() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x0", Tensor.ofInts(Shape.of(1), 0));
    b.constant("one", Tensor.ofInts(Shape.of(1), 1));
    b.constant("axis", Tensor.ofInts(Shape.of(1), 0));
    ControlFlowTest.enterConstant(b, "loop/one", "one", "loop");
    ControlFlowTest.enterConstant(b, "loop/axis", "axis", "loop");
    List<String> exits =
        ControlFlowTest.whileLoop(
            b,
            "loop",
            List.of("x0"),
            10,
            ControlFlowTest.ints(1),
            m -> {
              b.op("loop/eq", "Equal", m.get(0), m.get(0)).attr("T", DataType.DT_INT32);
              b.op("loop/all", "All", "loop/eq", "loop/axis").attr("Tidx", DataType.DT_INT32);
              return "loop/all";
            },
            ids -> {
              b.op("loop/next", "AddV2", ids.get(0), "loop/one").attr("T", DataType.DT_INT32);
              return List.of("loop/next");
            });
    b.op("out", "Identity", exits.get(0)).attr("T", DataType.DT_INT32);
    return Graph.build(b.build(), Device.CPU);
  }

  /** A functional While whose cond is a constant true and whose body returns its argument. */
  private static Graph endlessFunctionalWhile() {
    String text =
        """
        node { name: "x" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
          attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 7 } } } }
        node { name: "out" op: "While" input: "x"
          attr { key: "T" value { list { type: DT_INT32 } } }
          attr { key: "cond" value { func { name: "yes" } } }
          attr { key: "body" value { func { name: "same" } } } }
        library {
          function {
            signature { name: "yes" input_arg { name: "a" type: DT_INT32 }
              output_arg { name: "r" type: DT_BOOL } }
            node_def { name: "t" op: "Const" attr { key: "dtype" value { type: DT_BOOL } }
              attr { key: "value" value { tensor { dtype: DT_BOOL tensor_shape {} bool_val: true } } } }
            ret { key: "r" value: "t:output:0" }
          }
          function {
            signature { name: "same" input_arg { name: "a" type: DT_INT32 }
              output_arg { name: "r" type: DT_INT32 } }
            ret { key: "r" value: "a" }
          }
        }
        """;
    return Graph.build(GraphLoader.parseText(text, "endless While"), Device.CPU);
  }

  private static RawOpsException runStopped(Session s, RunOptions o) {
    return assertThrows(RawOpsException.class, () -> s.run(o, Map.of(), List.of("out"), List.of()));
  }

  @Test
  void endlessTf1LoopEndsPastItsTimeoutAndReturnsItsMemory() {
    try (Session s = endlessTf1Loop().newSession()) {
      long start = System.nanoTime();
      RawOpsException e = runStopped(s, RunOptions.none().timeout(Duration.ofMillis(200)));
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertEquals(Code.DEADLINE_EXCEEDED, e.code(), e.getMessage());
      assertTrue(e.getMessage().contains("timeout of 200 ms"), e.getMessage());
      assertTrue(ms >= 200 && ms < 10_000, "ended after " + ms + " ms");
      assertEquals(0, s.bytesInUse());
    }
  }

  @Test
  void endlessFunctionalWhileEndsPastItsTimeout() {
    try (Session s = endlessFunctionalWhile().newSession()) {
      RawOpsException e = runStopped(s, RunOptions.none().timeout(Duration.ofMillis(150)));
      assertEquals(Code.DEADLINE_EXCEEDED, e.code(), e.getMessage());
      assertEquals(0, s.bytesInUse());
    }
  }

  @Test
  void cancellationFromAnotherThreadEndsTheRun() throws Exception {
    RunOptions.Cancellation c = new RunOptions.Cancellation();
    try (Session s = endlessTf1Loop().newSession()) {
      CompletableFuture<RawOpsException> f =
          CompletableFuture.supplyAsync(() -> runStopped(s, RunOptions.none().cancellation(c)));
      Thread.sleep(100);
      assertTrue(!f.isDone(), "the loop is endless, so the run is still going");
      c.cancel();
      RawOpsException e = f.get(10, TimeUnit.SECONDS);
      assertEquals(Code.CANCELLED, e.code(), e.getMessage());
      assertEquals(0, s.bytesInUse());
    }
  }

  @Test
  void interruptingTheCallingThreadCancelsTheRun() throws Exception {
    try (Session s = endlessFunctionalWhile().newSession()) {
      RawOpsException[] got = new RawOpsException[1];
      boolean[] stillInterrupted = new boolean[1];
      Thread t =
          new Thread(
              () -> {
                got[0] = runStopped(s, RunOptions.none());
                stillInterrupted[0] = Thread.currentThread().isInterrupted();
              });
      t.start();
      Thread.sleep(100);
      t.interrupt();
      t.join(10_000);
      assertTrue(!t.isAlive(), "the run ended");
      assertEquals(Code.CANCELLED, got[0].code(), got[0].getMessage());
      assertTrue(got[0].getMessage().contains("interrupted"), got[0].getMessage());
      assertTrue(stillInterrupted[0], "the thread's interrupt status is kept");
    }
  }

  /**
   * One long kernel, the run's only computing node: a 3072^3 MatMul (58 GFLOP, about half a second
   * at best here). Checked only between nodes, the run would finish it and return; the kernel's
   * pieces check the deadline, so it stops inside the MatMul.
   */
  @Test
  void aLongKernelStopsInsideAtItsTimeout() {
    int n = 3072;
    float[] v = new float[n * n];
    java.util.Arrays.fill(v, 0.5f);
    GraphDefBuilder b = new GraphDefBuilder();
    b.placeholder("a", DataType.DT_FLOAT, dev.rawops.tensor.PartialShape.of(n, n));
    b.op("out", "MatMul", "a", "a").attr("T", DataType.DT_FLOAT);
    Tensor a = Tensor.ofFloats(Shape.of(n, n), v);
    try (Session s = Graph.build(b.build(), Device.CPU).newSession()) {
      long start = System.nanoTime();
      RawOpsException e =
          assertThrows(
              RawOpsException.class,
              () ->
                  s.run(
                      RunOptions.none().timeout(Duration.ofMillis(30)),
                      Map.of("a", a),
                      List.of("out"),
                      List.of()));
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertEquals(Code.DEADLINE_EXCEEDED, e.code(), e.getMessage());
      assertTrue(e.getMessage().contains("node 'out' (op MatMul)"), e.getMessage());
      assertTrue(ms < 10_000, "ended after " + ms + " ms");
      assertEquals(0, s.bytesInUse());
    }
  }

  @Test
  void aRunWithinItsTimeoutIsUnaffected() {
    GraphDefBuilder b = new GraphDefBuilder().constant("x", Tensor.ofInts(Shape.of(2), 3, 4));
    b.op("out", "Neg", "x").attr("T", DataType.DT_INT32);
    try (Session s = Graph.build(b.build(), Device.CPU).newSession()) {
      List<Tensor> r =
          s.run(
              RunOptions.none().timeout(Duration.ofSeconds(30)),
              Map.of(),
              List.of("out"),
              List.of());
      assertEquals(
          List.of(-3, -4), java.util.Arrays.stream(r.get(0).toIntArray()).boxed().toList());
    }
  }

  @Test
  void refusesANonPositiveTimeout() {
    assertThrows(IllegalArgumentException.class, () -> RunOptions.none().timeout(Duration.ZERO));
    assertThrows(
        IllegalArgumentException.class, () -> RunOptions.none().timeout(Duration.ofMillis(-1)));
  }
}
