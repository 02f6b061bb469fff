package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.ops.controlflow.ControlFlowTest;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The default fetches: never a tensor inside a loop frame, and many of them cost linear time. */
class DefaultFetchesTest {
  @Test
  void aNodeInsideALoopBodyIsNoDefaultFetch() {
    GraphDefBuilder b = ControlFlowTest.tables(new GraphDefBuilder(), 3);
    b.constant("i0", Tensor.ofInts(Shape.of(1), 0));
    List<String> exits = ControlFlowTest.countingLoop(b, "loop", "i0", 3, 10);
    // An unused node in the body, as tf.while_loop bodies often have.
    b.op("loop/unused", "Neg", "loop/Identity_0").attr("T", DataType.DT_INT32);
    Graph g = Graph.build(b.build(), Device.CPU);
    List<String> outputs = g.outputs();
    assertEquals(
        List.of(exits.get(0) + ":0"), outputs.stream().filter(o -> o.startsWith("loop")).toList());
    try (Session s = g.newSession()) {
      assertEquals(outputs.size(), s.run(Map.of(), outputs).size());
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void fiftyThousandDefaultFetchesRun() {
    int n = 50_000;
    GraphDefBuilder b = new GraphDefBuilder().constant("x", Tensor.ofInts(Shape.of(1), 5));
    for (int i = 0; i < n; i++) {
      b.op("n" + i, "Identity", "x").attr("T", DataType.DT_INT32);
    }
    Graph g = Graph.build(b.build(), Device.CPU);
    List<String> outputs = g.outputs();
    assertEquals(n, outputs.size());
    try (Session s = g.newSession()) {
      List<Tensor> r = s.run(Map.of(), outputs);
      assertEquals(n, r.size());
      assertEquals(5, r.get(n - 1).toIntArray()[0]);
    }
  }
}
