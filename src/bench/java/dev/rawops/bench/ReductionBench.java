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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Sum of a fed float x [4096,4096] over axis 1 (rows) or axis 0 (columns), rawops and TensorFlow
 * side by side. rawops sums floats in double and rounds once, Eigen in blocked float, so the pairs
 * agree within a tolerance (rtol 1e-4), not in every bit.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class ReductionBench {
  static final int N = 4096;

  @State(Scope.Benchmark)
  public static class Sum {
    @Param({"1", "0"})
    public int axis;

    SideBySide pair;

    @Setup
    public void setUp() {
      Tensor x = Inputs.floats(new SplittableRandom(7), Shape.of(N, N));
      GraphDefBuilder g =
          new GraphDefBuilder()
              .placeholder("x", DType.FLOAT.proto(), PartialShape.of(N, N))
              .constant("axis", Tensor.ofInts(Shape.scalar(), axis))
              .op("sum", "Sum", "x", "axis")
              .attr("T", DType.FLOAT.proto())
              .attr("Tidx", DType.INT32.proto());
      pair = new SideBySide(g.build(), Map.of("x", x), List.of("sum"), 1e-4);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  public void sum_rawops(Sum s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void sum_tf(Sum s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
