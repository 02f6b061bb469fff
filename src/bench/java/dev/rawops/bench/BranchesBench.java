package dev.rawops.bench;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
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
 * Inter-op parallelism: 8 GatherNd branches over one fed params [1M,64], each gathering 16K random
 * rows, either independent (they may run at once) or chained by control edges (one after another,
 * the same work). rawops and TensorFlow side by side on the same GraphDefs.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class BranchesBench {
  private static final int BRANCHES = 8;
  private static final int ROWS_PER_BRANCH = 16 * 1024;

  static SideBySide branches(boolean chained) {
    SplittableRandom r = new SplittableRandom(7);
    Tensor params = Inputs.floats(r, Shape.of(Inputs.ROWS, Inputs.COLS));
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder("params", DType.FLOAT.proto(), PartialShape.of(Inputs.ROWS, Inputs.COLS));
    List<String> fetches = new ArrayList<>();
    for (int k = 0; k < BRANCHES; k++) {
      g.constant(
          "idx" + k,
          Inputs.integers(
              DType.INT64,
              Shape.of(ROWS_PER_BRANCH, 1),
              Inputs.random(r, ROWS_PER_BRANCH, Inputs.ROWS)));
      String[] inputs =
          chained && k > 0
              ? new String[] {"params", "idx" + k, "^g" + (k - 1)}
              : new String[] {"params", "idx" + k};
      g.op("g" + k, "GatherNd", inputs)
          .attr("Tparams", DType.FLOAT.proto())
          .attr("Tindices", DType.INT64.proto());
      fetches.add("g" + k);
    }
    return new SideBySide(g.build(), Map.of("params", params), fetches);
  }

  @State(Scope.Benchmark)
  public static class Graphs {
    @Param({"independent", "chained"})
    public String shape;

    SideBySide pair;

    @Setup
    public void setUp() {
      pair = branches(shape.equals("chained"));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  public void branches_rawops(Graphs s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void branches_tf(Graphs s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
