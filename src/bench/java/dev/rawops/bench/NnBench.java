package dev.rawops.bench;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
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
 * Dense float products and convolutions, both inputs fed: MatMul [1024,1024]·[1024,1024], a batch-1
 * dense layer [1,1024]·[1024,1024], BatchMatMulV2 [16,128,64]·[16,64,128], Conv2D NHWC [8,64,64,64]
 * ⊗ [3,3,64,64] SAME, the pointwise [8,64,64,64] ⊗ [1,1,64,128] and DepthwiseConv2dNative
 * [1,150,200,64] ⊗ [3,3,64,1] SAME. rawops and TensorFlow side by side; results agree within rtol
 * 1e-4 (float sums in another order than oneDNN's).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss8m"})
public class NnBench {
  private static SideBySide pair(
      String op, Shape a, Shape b, java.util.function.UnaryOperator<GraphDefBuilder> attrs) {
    Tensor x = Inputs.floats(new SplittableRandom(1), a);
    Tensor y = Inputs.floats(new SplittableRandom(2), b);
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder("a", DType.FLOAT.proto(), PartialShape.of(a.dims()))
            .placeholder("b", DType.FLOAT.proto(), PartialShape.of(b.dims()))
            .op("out", op, "a", "b")
            .attr("T", DType.FLOAT.proto());
    return new SideBySide(attrs.apply(g).build(), Map.of("a", x, "b", y), List.of("out"), 1e-4);
  }

  /** MatMul 1024×1024 by 1024×1024. */
  @State(Scope.Benchmark)
  public static class MatMul1024 {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair = pair("MatMul", Shape.of(1024, 1024), Shape.of(1024, 1024), g -> g);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /** Conv2D NHWC [8,64,64,64] ⊗ [3,3,64,64], stride 1, SAME. */
  @State(Scope.Benchmark)
  public static class Conv2d3x3 {
    SideBySide pair;

    @Setup
    public void setUp() {
      AttrValue.ListValue.Builder ones = AttrValue.ListValue.newBuilder();
      for (int i = 0; i < 4; i++) {
        ones.addI(1);
      }
      pair =
          pair(
              "Conv2D",
              Shape.of(8, 64, 64, 64),
              Shape.of(3, 3, 64, 64),
              g ->
                  g.attr("strides", AttrValue.newBuilder().setList(ones).build())
                      .attr("padding", "SAME"));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /** MatMul [1,1024] by [1024,1024]: a batch-1 dense layer. */
  @State(Scope.Benchmark)
  public static class Dense1 {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair = pair("MatMul", Shape.of(1, 1024), Shape.of(1024, 1024), g -> g);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /** BatchMatMulV2 [16,128,64] by [16,64,128]. */
  @State(Scope.Benchmark)
  public static class BatchMatMul {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair = pair("BatchMatMulV2", Shape.of(16, 128, 64), Shape.of(16, 64, 128), g -> g);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /** Conv2D NHWC [8,64,64,64] ⊗ [1,1,64,128], stride 1, VALID. */
  @State(Scope.Benchmark)
  public static class Conv2d1x1 {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair =
          pair(
              "Conv2D",
              Shape.of(8, 64, 64, 64),
              Shape.of(1, 1, 64, 128),
              g -> g.attr("strides", unitStrides()).attr("padding", "VALID"));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  /** DepthwiseConv2dNative NHWC [1,150,200,64] ⊗ [3,3,64,1], stride 1, SAME (a MobileNet layer). */
  @State(Scope.Benchmark)
  public static class Depthwise3x3 {
    SideBySide pair;

    @Setup
    public void setUp() {
      pair =
          pair(
              "DepthwiseConv2dNative",
              Shape.of(1, 150, 200, 64),
              Shape.of(3, 3, 64, 1),
              g -> g.attr("strides", unitStrides()).attr("padding", "SAME"));
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  public void depthwiseRawops(Depthwise3x3 s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void depthwiseTf(Depthwise3x3 s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  static AttrValue unitStrides() {
    AttrValue.ListValue.Builder ones = AttrValue.ListValue.newBuilder();
    for (int i = 0; i < 4; i++) {
      ones.addI(1);
    }
    return AttrValue.newBuilder().setList(ones).build();
  }

  @Benchmark
  public void dense1Rawops(Dense1 s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void dense1Tf(Dense1 s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  @Benchmark
  public void batchMatMulRawops(BatchMatMul s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void batchMatMulTf(BatchMatMul s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  @Benchmark
  public void conv2d1x1Rawops(Conv2d1x1 s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void conv2d1x1Tf(Conv2d1x1 s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  @Benchmark
  public void matMulRawops(MatMul1024 s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void matMulTf(MatMul1024 s, Blackhole bh) {
    s.pair.runTf(bh);
  }

  @Benchmark
  public void conv2dRawops(Conv2d3x3 s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  public void conv2dTf(Conv2d3x3 s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
