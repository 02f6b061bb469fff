package dev.rawops.kernels.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The GPU elementwise and reduction kernels (host emulation of elementwise.cu and reduce.cu) on
 * every fixture of the real-graph corpus that places one of those ops on the GPU, against TF's
 * recorded results with the corpus' tolerance (rtol = atol = 1e-5, as CorpusTest), widened per op
 * by the documented GPU tolerances; and a few values from TF's documentation.
 */
class GpuMathConformanceTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));

  @BeforeAll
  static void hostGpu() {
    HostGpu.on();
  }

  @AfterAll
  static void noGpu() {
    HostGpu.off();
  }

  @Test
  void everyCorpusFixtureWithAGpuMathOpMatchesTensorFlow() throws IOException {
    Path dir = ROOT.resolve("../shared/corpora/dl4j-tf-graphs").normalize();
    Assumptions.assumeTrue(Files.isDirectory(dir), "no corpus at " + dir);
    Tolerance corpus = Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-5).build();
    ConformanceRunner gpu = new ConformanceRunner(Device.GPU, corpus);
    ConformanceRunner cpu = new ConformanceRunner(Device.CPU, corpus);
    Set<String> mathOps = new TreeSet<>();
    for (var d : GpuElementwise.DEFS) {
      mathOps.add(d.op());
    }
    for (var d : GpuReduction.DEFS) {
      mathOps.add(d.op());
    }
    Map<String, int[]> perOp = new TreeMap<>(); // pass, skip, fail
    List<String> failures = new ArrayList<>();
    int fixtures = 0;
    for (Path file : Fixtures.collect(List.of(dir))) {
      Set<String> onGpu = gpuMathOps(file, mathOps);
      if (onGpu.isEmpty()) {
        continue;
      }
      fixtures++;
      Result r = gpu.run(file);
      int k = r.failed() ? 2 : r.skipped() ? 1 : 0;
      // A fixture the CPU fails too (a kernel elsewhere in the graph) is not the GPU's failure.
      if (r.failed() && cpu.run(file).failed()) {
        k = 1;
      } else if (r.failed()) {
        failures.add(r.name() + ": " + r.reason());
      }
      for (String op : onGpu) {
        perOp.computeIfAbsent(op, x -> new int[3])[k]++;
      }
    }
    List<String> report = new ArrayList<>();
    report.add("GPU (host emulation) math ops on the corpus: " + fixtures + " fixtures");
    perOp.forEach(
        (op, c) -> report.add(op + ": " + c[0] + " pass, " + c[1] + " skip, " + c[2] + " fail"));
    report.addAll(failures);
    Path out = ROOT.resolve("target/gpu-math-report.txt");
    Files.createDirectories(out.getParent());
    Files.write(out, report, StandardCharsets.UTF_8);
    System.out.println(String.join("\n", report));
    assertTrue(failures.isEmpty(), failures.size() + " failed:\n" + String.join("\n", failures));
    assertTrue(fixtures > 50, "only " + fixtures + " corpus fixtures ran a math op on the GPU");
  }

  /** The GPU math ops the fixture's graph places on the GPU (empty when it does not build). */
  private static Set<String> gpuMathOps(Path file, Set<String> mathOps) {
    Set<String> out = new TreeSet<>();
    try {
      Fixture f = Fixtures.read(file);
      Graph g = Graph.build(f.getGraph(), Device.GPU);
      for (var node : f.getGraph().getNodeList()) {
        if (mathOps.contains(node.getOp())
            && Device.GPU.equals(g.placement().devices().get(node.getName()))) {
          out.add(node.getOp());
        }
      }
    } catch (RuntimeException e) {
      // a graph that does not build fails the same way on every device
    }
    return out;
  }

  private static Tensor run(GraphDef def, String fetch) {
    Graph g = Graph.build(def, Device.GPU);
    assertEquals(Device.GPU, g.placement().deviceOf(fetch));
    return g.newSession().run(Map.of(), List.of(fetch)).get(0);
  }

  @Test
  void reduceSumAsTheDocsSay() {
    // tf.math.reduce_sum's documentation: x = [[1, 1, 1], [1, 1, 1]].
    Tensor x = Tensor.ofFloats(Shape.of(2, 3), 1, 1, 1, 1, 1, 1);
    GraphDef def =
        new GraphDefBuilder()
            .constant("x", x)
            .constant("all", Tensor.ofInts(Shape.of(2), 0, 1))
            .constant("zero", Tensor.ofInts(Shape.of(), 0))
            .constant("one", Tensor.ofLongs(Shape.of(1), 1))
            .op("s", "Sum", "x", "all")
            .attr("T", DType.FLOAT)
            .attr("Tidx", DType.INT32)
            .op("s0", "Sum", "x", "zero")
            .attr("T", DType.FLOAT)
            .attr("Tidx", DType.INT32)
            .op("s1", "Sum", "x", "one")
            .attr("T", DType.FLOAT)
            .attr("Tidx", DType.INT64)
            .attr("keep_dims", true)
            .build();
    assertEquals(6f, run(def, "s").getFloat(0));
    assertArrayEquals(new float[] {2, 2, 2}, run(def, "s0").toFloatArray());
    Tensor s1 = run(def, "s1");
    assertEquals(Shape.of(2, 1), s1.shape());
    assertArrayEquals(new float[] {3, 3}, s1.toFloatArray());
  }

  @Test
  void reduceMeanAndMaxAsTheDocsSay() {
    // tf.math.reduce_mean: [[1., 1.], [2., 2.]] → 1.5, axis 0 → [1.5, 1.5], axis 1 → [1., 2.];
    // tf.math.reduce_max of an int64 tensor.
    GraphDef def =
        new GraphDefBuilder()
            .constant("x", Tensor.ofFloats(Shape.of(2, 2), 1, 1, 2, 2))
            .constant("i", Tensor.ofLongs(Shape.of(2, 2), -5, 7, 3, Long.MIN_VALUE))
            .constant("one", Tensor.ofInts(Shape.of(1), 1))
            .op("m", "Mean", "x", "one")
            .attr("T", DType.FLOAT)
            .attr("Tidx", DType.INT32)
            .op("mx", "Max", "i", "one")
            .attr("T", DType.INT64)
            .attr("Tidx", DType.INT32)
            .build();
    assertArrayEquals(new float[] {1, 2}, run(def, "m").toFloatArray());
    assertArrayEquals(new long[] {7, 3}, run(def, "mx").toLongArray());
  }

  @Test
  void binaryBroadcastsAsTheDocsSay() {
    // TF's broadcasting documentation: [[1], [2], [3]] + [10, 20] = [[11, 21], [12, 22], [13, 23]];
    // tf.math.maximum([0., 0., 0., 0.], [-2., 0., 2., 5.]) = [0., 0., 2., 5.].
    GraphDef def =
        new GraphDefBuilder()
            .constant("a", Tensor.ofLongs(Shape.of(3, 1), 1, 2, 3))
            .constant("b", Tensor.ofLongs(Shape.of(2), 10, 20))
            .constant("z", Tensor.ofDoubles(Shape.of(4), 0, 0, 0, 0))
            .constant("y", Tensor.ofDoubles(Shape.of(4), -2, 0, 2, 5))
            .op("sum", "AddV2", "a", "b")
            .attr("T", DType.INT64)
            .op("max", "Maximum", "z", "y")
            .attr("T", DType.DOUBLE)
            .build();
    Tensor s = run(def, "sum");
    assertEquals(Shape.of(3, 2), s.shape());
    assertArrayEquals(new long[] {11, 21, 12, 22, 13, 23}, s.toLongArray());
    assertArrayEquals(new double[] {0, 0, 2, 5}, run(def, "max").toDoubleArray());
  }

  @Test
  void unaryAsTheDocsSay() {
    // tf.nn.relu([-10., -5., 0., 5., 10.]) = [0., 0., 0., 5., 10.]; tf.math.round([0.9, 2.5, 2.3,
    // 1.5, -4.5]) = [1., 2., 2., 2., -4.] (half to even); tf.math.sign; tf.math.sqrt([4., 9.]).
    GraphDef def =
        new GraphDefBuilder()
            .constant("x", Tensor.ofFloats(Shape.of(5), -10, -5, 0, 5, 10))
            .constant("r", Tensor.ofFloats(Shape.of(5), 0.9f, 2.5f, 2.3f, 1.5f, -4.5f))
            .constant("q", Tensor.ofDoubles(Shape.of(2), 4, 9))
            .op("relu", "Relu", "x")
            .attr("T", DType.FLOAT)
            .op("round", "Round", "r")
            .attr("T", DType.FLOAT)
            .op("sign", "Sign", "x")
            .attr("T", DType.FLOAT)
            .op("sqrt", "Sqrt", "q")
            .attr("T", DType.DOUBLE)
            .build();
    assertArrayEquals(new float[] {0, 0, 0, 5, 10}, run(def, "relu").toFloatArray());
    assertArrayEquals(new float[] {1, 2, 2, 2, -4}, run(def, "round").toFloatArray());
    assertArrayEquals(new float[] {-1, -1, 0, 1, 1}, run(def, "sign").toFloatArray());
    assertArrayEquals(new double[] {2, 3}, run(def, "sqrt").toDoubleArray());
  }

  @Test
  void halfRoundsOnceAsTheDocsSay() {
    // IEEE half: 2049 is not representable and rounds to even (2048), 2051 to 2052; 65504 is the
    // largest half and 65504 + 65504 overflows to inf; 2^-24, the smallest subnormal, doubles
    // exactly.
    GraphDef def =
        new GraphDefBuilder()
            .constant("a", Tensor.ofHalfs(Shape.of(4), 2048, 2048, 65504, 0x1p-24f))
            .constant("b", Tensor.ofHalfs(Shape.of(4), 1, 3, 65504, 0x1p-24f))
            .op("sum", "AddV2", "a", "b")
            .attr("T", DType.HALF)
            .constant("axes", Tensor.ofInts(Shape.of(1), 0))
            .op("total", "Sum", "b", "axes")
            .attr("T", DType.HALF)
            .attr("Tidx", DType.INT32)
            .build();
    assertArrayEquals(
        new float[] {2048, 2052, Float.POSITIVE_INFINITY, 0x1p-23f},
        run(def, "sum").toFloatArray());
    assertEquals(65504f, run(def, "total").toFloatArray()[0]); // 1 + 3 + 65504 + 2^-24 rounds down
  }
}
