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
 * StridedSlice on a fed float x [1M,64], Const begin/end/strides (int32). rawops and TensorFlow
 * side by side: each pair computes the same bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class StridedSliceBench {
  /** {@code mask} is used as both begin_mask and end_mask. */
  static SideBySide slice(int[] begin, int[] end, int[] strides, long mask) {
    Tensor x = Inputs.floats(new SplittableRandom(4), Shape.of(Inputs.ROWS, Inputs.COLS));
    Shape s = Shape.of(begin.length);
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder("x", DType.FLOAT.proto(), PartialShape.of(Inputs.ROWS, Inputs.COLS))
            .constant("begin", Tensor.ofInts(s, begin))
            .constant("end", Tensor.ofInts(s, end))
            .constant("strides", Tensor.ofInts(s, strides))
            .op("out", "StridedSlice", "x", "begin", "end", "strides")
            .attr("T", DType.FLOAT.proto())
            .attr("Index", DType.INT32.proto())
            .attr("begin_mask", mask)
            .attr("end_mask", mask);
    return new SideBySide(g.build(), Map.of("x", x), List.of("out"));
  }

  /** x[::2, ::-1]: a strided, reversed copy. */
  @State(Scope.Benchmark)
  public static class EveryOtherRowReversed {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair = slice(new int[] {0, 0}, new int[] {0, 0}, new int[] {2, -1}, 3);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /** x[1:-1]: contiguous rows, the zero-copy view case. */
  @State(Scope.Benchmark)
  public static class InnerRows {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair = slice(new int[] {1}, new int[] {-1}, new int[] {1}, 0);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  public void stepReverse_rawops(EveryOtherRowReversed s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void stepReverse_tf(EveryOtherRowReversed s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  @Benchmark
  public void innerRows_rawops(InnerRows s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void innerRows_tf(InnerRows s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
