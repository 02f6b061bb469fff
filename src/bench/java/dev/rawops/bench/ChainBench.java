package dev.rawops.bench;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Per-node overhead: a chain of 1,000 tiny nodes on a fed float scalar, Identity (the executor
 * alone) or AddV2 of a constant 1 (plus the smallest kernel). Scores are per node
 * (OperationsPerInvocation), rawops and TensorFlow side by side.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx1g", "-Xss8m"})
public class ChainBench {
  static final int NODES = 1000;

  static SideBySide chain(String op) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder("x", DType.FLOAT.proto(), PartialShape.of())
            .constant("one", Tensor.ofFloats(Shape.scalar(), 1));
    String prev = "x";
    for (int i = 0; i < NODES; i++) {
      if (op.equals("Identity")) {
        g.op("n" + i, "Identity", prev).attr("T", DType.FLOAT.proto());
      } else {
        g.op("n" + i, "AddV2", prev, "one").attr("T", DType.FLOAT.proto());
      }
      prev = "n" + i;
    }
    return new SideBySide(
        g.build(), Map.of("x", Tensor.ofFloats(Shape.scalar(), 0)), List.of(prev));
  }

  @State(Scope.Benchmark)
  public static class Chain {
    @Param({"Identity", "AddV2"})
    public String op;

    SideBySide pair;

    @Setup
    public void setUp() {
      pair = chain(op);
    }

    @TearDown
    public void tearDown() {
      pair.close();
    }
  }

  @Benchmark
  @OperationsPerInvocation(NODES)
  public void chain_rawops(Chain s, Blackhole bh) {
    s.pair.runRawops(bh);
  }

  @Benchmark
  @OperationsPerInvocation(NODES)
  public void chain_tf(Chain s, Blackhole bh) {
    s.pair.runTf(bh);
  }
}
