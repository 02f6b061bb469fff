package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.runtime.BuiltNode;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.DelegatingKernelContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A TF1 while loop whose loop variable is updated by TensorScatterUpdate each iteration ({@code x =
 * feed; for i < N: x = TensorScatterUpdate(x, (indices + i) mod rows, updates)}), the graph of
 * {@code ScatterLoopBench}: the first iteration's scatter reads the feed and must copy it; every
 * later one reads the previous iteration's scatter output, which nothing else reads, and updates it
 * in place. When the loop body also reads the loop variable elsewhere, the scatter must not write
 * it before that reader is done. Expected values follow TensorScatterUpdate's definition (a copy of
 * the tensor with the indexed rows replaced by the updates, TF's API docs).
 */
class ScatterLoopInPlaceTest {
  private static final int ROWS = 8;
  private static final int COLS = 2;
  private static final int[] INDICES = {1, 4};
  private static final int[] UPDATES = {100, 101, 200, 201};

  /** Input and output addresses of each call of one node, in call order. */
  private static final class Calls {
    final List<Long> inputs = new ArrayList<>();
    final List<Long> outputs = new ArrayList<>();
  }

  private static Calls instrument(Graph g, String name) {
    BuiltNode n = g.byName.get(name);
    Kernel real = n.kernel;
    Calls calls = new Calls();
    n.kernel =
        ctx -> {
          synchronized (calls) {
            calls.inputs.add(ctx.input(0).data().address());
          }
          real.compute(new Recording(ctx, calls));
        };
    return calls;
  }

  private record Recording(KernelContext ctx, Calls calls) implements DelegatingKernelContext {
    @Override
    public void setOutput(int i, Tensor t) {
      synchronized (calls) {
        calls.outputs.add(t.data().address());
      }
      ctx.setOutput(i, t);
    }
  }

  /** An Enter into the loop's frame: a loop variable, or (constant) a loop invariant. */
  private static GraphDefBuilder enter(
      GraphDefBuilder b, String name, String in, DType t, boolean constant) {
    return b.op(name, "Enter", in)
        .attr("T", t)
        .attr("frame_name", "loop")
        .attr("is_constant", constant)
        .attr("parallel_iterations", 10);
  }

  /**
   * The loop; with {@code sum}, a second loop variable {@code s += Sum(x)} reads x in the body too
   * (fetched as "sum_out").
   */
  private static Graph loop(int iterations, boolean sum) {
    DType i32 = DType.INT32;
    GraphDefBuilder b =
        new GraphDefBuilder()
            .placeholder("tensor", i32, PartialShape.of(ROWS, COLS))
            .constant("indices", Tensor.ofInts(Shape.of(INDICES.length, 1), INDICES))
            .constant("updates", Tensor.ofInts(Shape.of(INDICES.length, COLS), UPDATES))
            .constant("zero", Tensor.ofInts(Shape.scalar(), 0))
            .constant("one", Tensor.ofInts(Shape.scalar(), 1))
            .constant("n", Tensor.ofInts(Shape.scalar(), iterations))
            .constant("rows", Tensor.ofInts(Shape.scalar(), ROWS))
            .constant("axes", Tensor.ofInts(Shape.of(2), 0, 1));
    enter(b, "x_enter", "tensor", i32, false);
    enter(b, "i_enter", "zero", i32, false);
    enter(b, "indices_enter", "indices", i32, true);
    enter(b, "updates_enter", "updates", i32, true);
    enter(b, "n_enter", "n", i32, true);
    enter(b, "rows_enter", "rows", i32, true);
    enter(b, "one_enter", "one", i32, true);
    b.op("x_merge", "Merge", "x_enter", "x_next")
        .attr("T", i32)
        .attr("N", 2)
        .op("i_merge", "Merge", "i_enter", "i_next")
        .attr("T", i32)
        .attr("N", 2)
        .op("less", "Less", "i_merge", "n_enter")
        .attr("T", i32)
        .op("cond", "LoopCond", "less")
        .op("x_switch", "Switch", "x_merge", "cond")
        .attr("T", i32)
        .op("i_switch", "Switch", "i_merge", "cond")
        .attr("T", i32)
        .op("x_body", "Identity", "x_switch:1")
        .attr("T", i32)
        .op("i_body", "Identity", "i_switch:1")
        .attr("T", i32)
        .op("shifted", "AddV2", "indices_enter", "i_body")
        .attr("T", i32)
        .op("step_indices", "FloorMod", "shifted", "rows_enter")
        .attr("T", i32)
        .op("x_scattered", "TensorScatterUpdate", "x_body", "step_indices", "updates_enter")
        .attr("T", i32)
        .attr("Tindices", i32)
        .op("i_plus", "AddV2", "i_body", "one_enter")
        .attr("T", i32)
        .op("x_next", "NextIteration", "x_scattered")
        .attr("T", i32)
        .op("i_next", "NextIteration", "i_plus")
        .attr("T", i32)
        .op("out", "Exit", "x_switch")
        .attr("T", i32);
    if (sum) {
      enter(b, "axes_enter", "axes", i32, true);
      enter(b, "s_enter", "zero", i32, false);
      b.op("s_merge", "Merge", "s_enter", "s_next")
          .attr("T", i32)
          .attr("N", 2)
          .op("s_switch", "Switch", "s_merge", "cond")
          .attr("T", i32)
          .op("s_body", "Identity", "s_switch:1")
          .attr("T", i32)
          .op("x_sum", "Sum", "x_body", "axes_enter")
          .attr("T", i32)
          .attr("Tidx", i32)
          .attr("keep_dims", false)
          .op("s_plus", "AddV2", "s_body", "x_sum")
          .attr("T", i32)
          .op("s_next", "NextIteration", "s_plus")
          .attr("T", i32)
          .op("sum_out", "Exit", "s_switch")
          .attr("T", i32);
    }
    return Graph.build(b.build(), Device.CPU);
  }

  private static int[] feed() {
    int[] v = new int[ROWS * COLS];
    for (int k = 0; k < v.length; k++) {
      v[k] = k;
    }
    return v;
  }

  /** The loop variable after each iteration, by TensorScatterUpdate's definition. */
  private static List<int[]> expected(int iterations) {
    List<int[]> states = new ArrayList<>();
    int[] x = feed();
    states.add(x.clone());
    for (int i = 0; i < iterations; i++) {
      for (int u = 0; u < INDICES.length; u++) {
        int row = Math.floorMod(INDICES[u] + i, ROWS);
        for (int c = 0; c < COLS; c++) {
          x[row * COLS + c] = UPDATES[u * COLS + c];
        }
      }
      states.add(x.clone());
    }
    return states;
  }

  private static long[] widen(int[] v) {
    long[] w = new long[v.length];
    for (int k = 0; k < v.length; k++) {
      w[k] = v[k];
    }
    return w;
  }

  @Test
  void firstIterationCopiesTheFeed_laterIterationsUpdateInPlace() {
    int iterations = 5;
    Graph g = loop(iterations, false);
    Calls calls = instrument(g, "x_scattered");
    Session session = g.newSession();
    List<int[]> states = expected(iterations);
    for (int run = 0; run < 2; run++) {
      calls.inputs.clear();
      calls.outputs.clear();
      Tensor x = Tensor.ofInts(Shape.of(ROWS, COLS), feed());
      Tensor out = session.run(Map.of("tensor", x), List.of("out")).get(0);
      assertArrayEquals(widen(states.get(iterations)), out.toLongArray());
      assertArrayEquals(widen(feed()), x.toLongArray(), "the feed is unchanged");
      assertEquals(iterations, calls.outputs.size());
      assertEquals(x.data().address(), calls.inputs.get(0), "iteration 0 reads the feed");
      assertNotEquals(calls.inputs.get(0), calls.outputs.get(0), "so it copies");
      for (int i = 1; i < iterations; i++) {
        assertEquals(calls.inputs.get(i), calls.outputs.get(i), "iteration " + i + " in place");
      }
      out.close();
    }
  }

  @Test
  void loopVariableReadByAnotherBodyNode_isNotWrittenBeforeThatReadSeesIt() {
    int iterations = 4;
    Graph g = loop(iterations, true);
    List<int[]> states = expected(iterations);
    long sum = 0;
    for (int i = 0; i < iterations; i++) {
      for (int v : states.get(i)) {
        sum += v;
      }
    }
    Session session = g.newSession();
    for (int run = 0; run < 3; run++) {
      Tensor x = Tensor.ofInts(Shape.of(ROWS, COLS), feed());
      List<Tensor> out = session.run(Map.of("tensor", x), List.of("out", "sum_out"));
      assertArrayEquals(widen(states.get(iterations)), out.get(0).toLongArray());
      assertEquals(sum, out.get(1).getIndex(0), "Sum saw each iteration's value before its update");
      assertArrayEquals(widen(feed()), x.toLongArray(), "the feed is unchanged");
    }
  }
}
