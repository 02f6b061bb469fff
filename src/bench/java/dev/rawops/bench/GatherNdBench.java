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
 * GatherNd on float params [1M,64] (fed), int64 indices (fed). rawops and TensorFlow side by side:
 * each pair computes the same bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class GatherNdBench {
  private static final int BATCH = 128 * 1024;

  static SideBySide gatherNd(Shape indicesShape, long[] indices) {
    Tensor params = Inputs.floats(new SplittableRandom(1), Shape.of(Inputs.ROWS, Inputs.COLS));
    Tensor idx = Inputs.integers(DType.INT64, indicesShape, indices);
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder("params", DType.FLOAT.proto(), PartialShape.of(Inputs.ROWS, Inputs.COLS))
            .placeholder("indices", DType.INT64.proto(), PartialShape.of(indicesShape.dims()))
            .op("out", "GatherNd", "params", "indices")
            .attr("Tparams", DType.FLOAT.proto())
            .attr("Tindices", DType.INT64.proto());
    return new SideBySide(g.build(), Map.of("params", params, "indices", idx), List.of("out"));
  }

  /** 128K random rows: indices [128K,1]. */
  @State(Scope.Benchmark)
  public static class Rows {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair =
          gatherNd(Shape.of(BATCH, 1), Inputs.random(new SplittableRandom(2), BATCH, Inputs.ROWS));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /** 128K random scalars: indices [128K,2]. */
  @State(Scope.Benchmark)
  public static class Scalars {
    SideBySide pair;

    @Setup
    public void setUp() {
      SplittableRandom r = new SplittableRandom(3);
      long[] v = new long[2 * BATCH];
      for (int i = 0; i < BATCH; i++) {
        v[2 * i] = r.nextLong(Inputs.ROWS);
        v[2 * i + 1] = r.nextLong(Inputs.COLS);
      }
      pair = gatherNd(Shape.of(BATCH, 2), v);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  public void rows_rawops(Rows s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void rows_tf(Rows s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  @Benchmark
  public void scalars_rawops(Scalars s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void scalars_tf(Scalars s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
