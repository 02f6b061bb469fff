package dev.rawops.bench;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A TF1 while loop (Enter/Merge/Switch/NextIteration/Exit) whose loop variable, a float [1M,64]
 * tensor, is updated by TensorScatterUpdate each iteration: {@code x = tensor (fed); for i <
 * iterations: x = TensorScatterUpdate(x, (indices + i) mod rows, updates)}, 128K distinct rows (32
 * MB) written per iteration. The fed tensor must be copied once (neither side may write a feed);
 * after that, whether each iteration's scatter copies the 256 MB loop variable or updates it in
 * place is what separates the runtimes. rawops updates it in place (the value the scatter reads is
 * the previous iteration's scatter output, read by nothing else); TF 2.18 copies it in every
 * iteration (its time grows by about one 256 MB copy per iteration, as much as the 1-iteration run
 * that must copy the feed). The {@code iterations} parameter shows the per-iteration cost.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class ScatterLoopBench {
  private static final int BATCH = 128 * 1024;

  /** The loop graph, fetching the loop variable's final value ("out"). */
  static GraphDef loop(int batch, long rows, long cols, int iterations) {
    DType f = DType.FLOAT;
    DType i32 = DType.INT32;
    return new GraphDefBuilder()
        .placeholder("tensor", f, PartialShape.of(rows, cols))
        .placeholder("indices", i32, PartialShape.of(batch, 1))
        .placeholder("updates", f, PartialShape.of(batch, cols))
        .constant("zero", Tensor.ofInts(Shape.scalar(), 0))
        .constant("one", Tensor.ofInts(Shape.scalar(), 1))
        .constant("n", Tensor.ofInts(Shape.scalar(), iterations))
        .constant("rows", Tensor.ofInts(Shape.scalar(), Math.toIntExact(rows)))
        .op("x_enter", "Enter", "tensor")
        .attr("T", f)
        .attr("frame_name", "loop")
        .attr("is_constant", false)
        .attr("parallel_iterations", 10)
        .op("i_enter", "Enter", "zero")
        .attr("T", i32)
        .attr("frame_name", "loop")
        .attr("is_constant", false)
        .attr("parallel_iterations", 10)
        .op("indices_enter", "Enter", "indices")
        .attr("T", i32)
        .attr("frame_name", "loop")
        .attr("is_constant", true)
        .attr("parallel_iterations", 10)
        .op("updates_enter", "Enter", "updates")
        .attr("T", f)
        .attr("frame_name", "loop")
        .attr("is_constant", true)
        .attr("parallel_iterations", 10)
        .op("n_enter", "Enter", "n")
        .attr("T", i32)
        .attr("frame_name", "loop")
        .attr("is_constant", true)
        .attr("parallel_iterations", 10)
        .op("rows_enter", "Enter", "rows")
        .attr("T", i32)
        .attr("frame_name", "loop")
        .attr("is_constant", true)
        .attr("parallel_iterations", 10)
        .op("one_enter", "Enter", "one")
        .attr("T", i32)
        .attr("frame_name", "loop")
        .attr("is_constant", true)
        .attr("parallel_iterations", 10)
        .op("x_merge", "Merge", "x_enter", "x_next")
        .attr("T", f)
        .attr("N", 2)
        .op("i_merge", "Merge", "i_enter", "i_next")
        .attr("T", i32)
        .attr("N", 2)
        .op("less", "Less", "i_merge", "n_enter")
        .attr("T", i32)
        .op("cond", "LoopCond", "less")
        .op("x_switch", "Switch", "x_merge", "cond")
        .attr("T", f)
        .op("i_switch", "Switch", "i_merge", "cond")
        .attr("T", i32)
        .op("x_body", "Identity", "x_switch:1")
        .attr("T", f)
        .op("i_body", "Identity", "i_switch:1")
        .attr("T", i32)
        .op("shifted", "AddV2", "indices_enter", "i_body")
        .attr("T", i32)
        .op("step_indices", "FloorMod", "shifted", "rows_enter")
        .attr("T", i32)
        .op("x_scattered", "TensorScatterUpdate", "x_body", "step_indices", "updates_enter")
        .attr("T", f)
        .attr("Tindices", i32)
        .op("i_plus", "AddV2", "i_body", "one_enter")
        .attr("T", i32)
        .op("x_next", "NextIteration", "x_scattered")
        .attr("T", f)
        .op("i_next", "NextIteration", "i_plus")
        .attr("T", i32)
        .op("out", "Exit", "x_switch")
        .attr("T", f)
        .build();
  }

  @State(Scope.Benchmark)
  public static class Loop {
    @Param({"1", "16"})
    int iterations;

    SideBySide pair;

    @Setup
    public void setUp() {
      SplittableRandom r = new SplittableRandom(5);
      Tensor tensor = Inputs.floats(r, Shape.of(Inputs.ROWS, Inputs.COLS));
      Tensor indices =
          Inputs.integers(
              DType.INT32, Shape.of(BATCH, 1), Inputs.distinct(r, BATCH, (int) Inputs.ROWS));
      Tensor updates = Inputs.floats(r, Shape.of(BATCH, Inputs.COLS));
      pair =
          new SideBySide(
              loop(BATCH, Inputs.ROWS, Inputs.COLS, iterations),
              Map.of("tensor", tensor, "indices", indices, "updates", updates),
              List.of("out"));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  public void loop_rawops(Loop s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void loop_tf(Loop s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
