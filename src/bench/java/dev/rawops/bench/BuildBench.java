package dev.rawops.bench;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Build time (validation, shape inference, kernel choice) of a chain of N AddV2 nodes, rawops only:
 * it should grow linearly and stay well under a second at 100,000 nodes. Other sizes with {@code -p
 * nodes=10000,100000,1000000} (1M nodes needs the 3 GB heap below and is dominated by GC).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "-Xss16m"})
public class BuildBench {
  @State(Scope.Benchmark)
  public static class Def {
    @Param({"25000", "50000", "100000"})
    public int nodes;

    GraphDef def;

    @Setup
    public void setUp() {
      GraphDefBuilder g =
          new GraphDefBuilder()
              .placeholder("x", DType.FLOAT.proto(), PartialShape.of())
              .constant("one", Tensor.ofFloats(Shape.scalar(), 1));
      String prev = "x";
      for (int i = 0; i < nodes; i++) {
        g.op("n" + i, "AddV2", prev, "one").attr("T", DType.FLOAT.proto());
        prev = "n" + i;
      }
      def = g.build();
    }
  }

  @Benchmark
  public Graph build(Def d) {
    return Graph.build(d.def, Device.CPU);
  }
}
