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
 * RaggedGather, PARAMS_RAGGED_RANK 1: 1M ragged rows of 0 to 8 floats (about 4M values). rawops and
 * TensorFlow side by side: each pair computes the same bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class RaggedGatherBench {
  private static final int BATCH = 256 * 1024;

  /** 256K random rows gathered: int64 splits, int32 indices [256K], fetching splits and values. */
  @State(Scope.Benchmark)
  public static class Rows {
    SideBySide pair;

    @Setup
    public void setUp() {
      SplittableRandom r = new SplittableRandom(6);
      long[] splits = new long[(int) Inputs.ROWS + 1];
      for (int i = 1; i < splits.length; i++) {
        splits[i] = splits[i - 1] + r.nextInt(9);
      }
      Tensor splitsT = Inputs.integers(DType.INT64, Shape.of(splits.length), splits);
      Tensor values = Inputs.floats(r, Shape.of(splits[splits.length - 1]));
      Tensor indices =
          Inputs.integers(DType.INT32, Shape.of(BATCH), Inputs.random(r, BATCH, Inputs.ROWS));
      GraphDefBuilder g =
          new GraphDefBuilder()
              .placeholder("splits", DType.INT64.proto(), PartialShape.of(splits.length))
              .placeholder("values", DType.FLOAT.proto(), PartialShape.of(values.numElements()))
              .placeholder("indices", DType.INT32.proto(), PartialShape.of(BATCH))
              .op("out", "RaggedGather", "splits", "values", "indices")
              .attr("OUTPUT_RAGGED_RANK", 1)
              .attr("PARAMS_RAGGED_RANK", 1)
              .attr("Tindices", DType.INT32.proto())
              .attr("Tsplits", DType.INT64.proto())
              .attr("Tvalues", DType.FLOAT.proto());
      pair =
          new SideBySide(
              g.build(),
              Map.of("splits", splitsT, "values", values, "indices", indices),
              List.of("out:0", "out:1"));
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
}
