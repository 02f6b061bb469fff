package dev.rawops.bench;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * TensorScatterUpdate of a fed float tensor [1M,64]. rawops and TensorFlow side by side: each pair
 * computes the same bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class TensorScatterUpdateBench {
  private static final int BATCH = 128 * 1024;

  /** 128K distinct random rows updated: int32 indices [128K,1], updates [128K,64]. */
  @State(Scope.Benchmark)
  public static class Rows {
    SideBySide pair;

    @Setup
    public void setUp() {
      SplittableRandom r = new SplittableRandom(5);
      Tensor tensor = Inputs.floats(r, Shape.of(Inputs.ROWS, Inputs.COLS));
      Tensor indices =
          Inputs.integers(
              DType.INT32, Shape.of(BATCH, 1), Inputs.distinct(r, BATCH, (int) Inputs.ROWS));
      Tensor updates = Inputs.floats(r, Shape.of(BATCH, Inputs.COLS));
      GraphDefBuilder g =
          new GraphDefBuilder()
              .placeholder("tensor", DType.FLOAT.proto(), PartialShape.of(Inputs.ROWS, Inputs.COLS))
              .placeholder("indices", DType.INT32.proto(), PartialShape.of(BATCH, 1))
              .placeholder("updates", DType.FLOAT.proto(), PartialShape.of(BATCH, Inputs.COLS))
              .op("out", "TensorScatterUpdate", "tensor", "indices", "updates")
              .attr("T", DType.FLOAT.proto())
              .attr("Tindices", DType.INT32.proto());
      pair =
          new SideBySide(
              g.build(),
              Map.of("tensor", tensor, "indices", indices, "updates", updates),
              List.of("out"));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /**
   * The same update of a tensor the run owns: fed x → AddV2(x, 1) → TensorScatterUpdate. The
   * scatter's input is an intermediate read by nobody else, so it is updated in place (rawops'
   * forwardInput, TF's forward_input): no copy of the [1M,64] tensor, only the 128K rows written.
   * Both sides also run the AddV2.
   */
  @State(Scope.Benchmark)
  public static class InPlace {
    SideBySide pair;

    @Setup
    public void setUp() {
      SplittableRandom r = new SplittableRandom(5);
      Tensor tensor = Inputs.floats(r, Shape.of(Inputs.ROWS, Inputs.COLS));
      Tensor indices =
          Inputs.integers(
              DType.INT32, Shape.of(BATCH, 1), Inputs.distinct(r, BATCH, (int) Inputs.ROWS));
      Tensor updates = Inputs.floats(r, Shape.of(BATCH, Inputs.COLS));
      GraphDefBuilder g =
          new GraphDefBuilder()
              .placeholder("tensor", DType.FLOAT.proto(), PartialShape.of(Inputs.ROWS, Inputs.COLS))
              .placeholder("indices", DType.INT32.proto(), PartialShape.of(BATCH, 1))
              .placeholder("updates", DType.FLOAT.proto(), PartialShape.of(BATCH, Inputs.COLS))
              .constant("one", Tensor.ofFloats(Shape.scalar(), 1f))
              .op("owned", "AddV2", "tensor", "one")
              .attr("T", DType.FLOAT.proto())
              .op("out", "TensorScatterUpdate", "owned", "indices", "updates")
              .attr("T", DType.FLOAT.proto())
              .attr("Tindices", DType.INT32.proto());
      pair =
          new SideBySide(
              g.build(),
              Map.of("tensor", tensor, "indices", indices, "updates", updates),
              List.of("out"));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  public void inPlace_rawops(InPlace s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void inPlace_tf(InPlace s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  @Benchmark
  public void rows_rawops(Rows s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void rows_tf(Rows s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
