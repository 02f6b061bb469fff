package dev.rawops.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rawops.cli.Main;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Oracle;
import dev.rawops.conform.Recording;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Code;
import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Npy;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rawops record} with TensorFlow 2.18 as the oracle: recording the real-model corpus again
 * gives its expected values, the command writes fixtures {@code rawops conform} passes, random
 * feeds respect ranges, TF's errors are recorded with code and stage, and a nondeterministic case
 * is refused.
 */
class RecordTest {
  private static final Path ROOT = Path.of(System.getProperty("rawops.root", ".."));
  private static final Path CORPUS = ROOT.resolve("../shared/corpora/real-models");

  /** The corpus's float tolerance (its README): rtol = atol = 1e-4. */
  static final Tolerance CORPUS_TOLERANCE =
      Tolerance.newBuilder().setRtol(1e-4).setAtol(1e-4).build();

  @TempDir Path tmp;

  @Test
  void theOracleIsFoundThroughServiceLoader() {
    assertTrue(Oracle.find().orElseThrow() instanceof TensorFlowOracle);
  }

  /** Each GraphDef fixture of the corpus, recorded again from its graph, feeds and fetches. */
  @TestFactory
  Stream<DynamicTest> recordingTheRealModelsAgainGivesTheirExpectedValues() throws IOException {
    Path fixtures = CORPUS.resolve("fixtures");
    assumeTrue(Files.isDirectory(fixtures), "no real-model corpus at " + fixtures);
    List<Path> files;
    try (Stream<Path> s = Files.list(fixtures)) {
      files = s.filter(Fixtures::isFixtureFile).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no fixtures in " + fixtures);
    return files.stream()
        .map(
            f ->
                DynamicTest.dynamicTest(
                    f.getFileName().toString(),
                    () -> {
                      Fixture committed = Fixtures.read(f);
                      Oracle.Outcome again =
                          Recording.deterministic(
                              new TensorFlowOracle(),
                              committed.getGraph(),
                              committed.getFeedMap(),
                              committed.getFetchList(),
                              committed.getName(),
                              CORPUS_TOLERANCE);
                      assertSameExpected(committed, again);
                      Fixture recorded =
                          committed.toBuilder()
                              .clearExpected()
                              .addAllExpected(again.outputs())
                              .setTolerance(CORPUS_TOLERANCE)
                              .build();
                      assertPasses(recorded);
                    }));
  }

  @Test
  void recordCommandWritesTheFixtureOfTheCorpus() throws IOException {
    Path model = CORPUS.resolve("mnist_nnstreamer/mnist.pb");
    assumeTrue(Files.exists(model), "no real-model corpus at " + CORPUS);
    Fixture committed = Fixtures.read(CORPUS.resolve("fixtures/mnist_nnstreamer.fixture.pbtxt"));
    Path input = tmp.resolve("input.npy");
    Npy.write(TensorProtos.toTensor(committed.getFeedOrThrow("input")), input);
    Path out = tmp.resolve("mnist.fixture.pbtxt");
    Cli r =
        rawops(
            "record",
            model.toString(),
            "--feed",
            "input=" + input,
            "--fetch",
            "softmax:0",
            "--rtol",
            "1e-4",
            "--atol",
            "1e-4",
            "--out",
            out.toString());
    assertEquals(0, r.code, r.err);
    assertTrue(r.out.contains("recorded mnist: TensorFlow succeeds"), r.out);
    Fixture recorded = Fixtures.read(out);
    assertEquals("tensorflow 2.18.0 cpu", recorded.getSource());
    assertEquals(CORPUS_TOLERANCE, recorded.getTolerance());
    assertSameExpected(committed, new Oracle.Outcome(recorded.getExpectedList(), null));
    Cli conform = rawops("conform", out.toString());
    assertEquals(0, conform.code, conform.out + conform.err);
    assertTrue(conform.out.contains("1 passed, 0 failed"), conform.out);
    Cli again = rawops("record", model.toString(), "--fetch", "softmax:0", "--out", out.toString());
    assertEquals(1, again.code);
    assertTrue(again.err.contains("ALREADY_EXISTS"), again.err);
  }

  @Test
  void randomFeedsInRangeRecordValuesAndAreReproducible() throws IOException {
    Path out = tmp.resolve("gather.fixture.pbtxt");
    String[] args = {
      "record",
      ROOT.resolve("graphs/examples/gather_nd/fed_params.pbtxt").toString(),
      "--random-feeds",
      "42",
      "--feed-shape",
      "params=3,4",
      "--feed-shape",
      "indices=5,2",
      "--feed-range",
      "indices=0:3",
      "--fetch",
      "output",
      "--out",
      out.toString()
    };
    Cli r = rawops(args);
    assertEquals(0, r.code, r.err);
    Fixture f = Fixtures.read(out);
    assertEquals(1, f.getExpectedCount(), f.toString());
    TensorProto indices = f.getFeedOrThrow("indices");
    assertEquals(dev.rawops.tfproto.DataType.DT_INT32, indices.getDtype());
    assertEquals(dev.rawops.tfproto.DataType.DT_STRING, f.getFeedOrThrow("params").getDtype());
    assertEquals(
        dev.rawops.tensor.Shape.of(5),
        TensorProtos.toTensor(f.getExpected(0)).shape(),
        "GatherNd of [3,4] by [5,2] indices");
    byte[] first = Files.readAllBytes(out);
    Cli again = rawops(withForce(args));
    assertEquals(0, again.code, again.err);
    assertTrue(java.util.Arrays.equals(first, Files.readAllBytes(out)), "same seed, same file");
    assertEquals(0, rawops("conform", out.toString()).code);
  }

  @Test
  void tfErrorsAreRecordedWithCodeAndStage() throws IOException {
    Path out = tmp.resolve("bad.fixture.pbtxt");
    Cli r =
        rawops(
            "record",
            ROOT.resolve("graphs/examples/gather_nd/fed_params.pbtxt").toString(),
            "--random-feeds",
            "1",
            "--feed-shape",
            "params=2,2",
            "--feed-shape",
            "indices=3,2",
            "--feed-range",
            "indices=5:9",
            "--fetch",
            "output",
            "--out",
            out.toString());
    assertEquals(0, r.code, r.err);
    Fixture f = Fixtures.read(out);
    assertTrue(f.hasError(), f.toString());
    assertEquals(Code.INVALID_ARGUMENT, f.getError().getCode());
    assertEquals(ExpectedError.Stage.RUN, f.getError().getStage());
    assertTrue(f.getError().getMessage().contains("indices"), f.getError().getMessage());
    assertEquals(0, rawops("conform", out.toString()).code, "rawops fails as TF does");
  }

  @Test
  void nondeterministicCasesAreRefused() throws IOException {
    Path graph = tmp.resolve("random.pbtxt");
    Files.writeString(
        graph,
        """
        node { name: "shape" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
          attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } }
          int_val: 8 } } } }
        node { name: "r" op: "RandomUniform" input: "shape"
          attr { key: "T" value { type: DT_INT32 } } attr { key: "dtype" value { type: DT_FLOAT } } }
        """);
    Path out = tmp.resolve("r.fixture.pbtxt");
    Cli r = rawops("record", graph.toString(), "--fetch", "r", "--out", out.toString());
    assertEquals(1, r.code, r.out);
    assertTrue(r.err.contains("FAILED_PRECONDITION: the case r is nondeterministic"), r.err);
    assertTrue(r.err.contains("r (RandomUniform)"), r.err);
    assertFalse(Files.exists(out));
  }

  private static String[] withForce(String[] args) {
    String[] a = java.util.Arrays.copyOf(args, args.length + 1);
    a[args.length] = "--force";
    return a;
  }

  /**
   * How far TF's float outputs may move between two machines: oneDNN picks its kernels by the
   * processor (AVX2, AVX-512, AMD or Intel), so the same graph's sums round differently in the last
   * bits from one machine to another (seen: the kws_cnn_s softmax recorded on this corpus's machine
   * and again on another). Everything else (dtypes, shapes, integers, strings) must be identical.
   */
  static final double MACHINE_RTOL = 1e-5;

  static final double MACHINE_ATOL = 1e-6;

  /**
   * The recorded values are the committed ones: bit for bit, or float values within {@link
   * #MACHINE_RTOL} and {@link #MACHINE_ATOL}.
   */
  static void assertSameExpected(Fixture committed, Oracle.Outcome again) {
    assertFalse(again.failed(), () -> "TF fails: " + again.error());
    assertEquals(committed.getExpectedCount(), again.outputs().size());
    for (int i = 0; i < again.outputs().size(); i++) {
      String what = committed.getName() + " fetch " + committed.getFetch(i);
      TensorProto want = canonical(committed.getExpected(i));
      TensorProto got = canonical(again.outputs().get(i));
      if (want.equals(got)) {
        continue;
      }
      Tensor w = TensorProtos.toTensor(want);
      Tensor g = TensorProtos.toTensor(got);
      assertEquals(w.dtype(), g.dtype(), what);
      assertEquals(w.shape(), g.shape(), what);
      DType t = w.dtype();
      assertTrue(t == DType.FLOAT || t == DType.DOUBLE, () -> what + ": " + t + " values differ");
      for (long j = 0; j < w.numElements(); j++) {
        double a = t == DType.FLOAT ? w.getFloat(j) : w.getDouble(j);
        double b = t == DType.FLOAT ? g.getFloat(j) : g.getDouble(j);
        long at = j;
        assertTrue(
            Math.abs(a - b) <= MACHINE_ATOL + MACHINE_RTOL * Math.abs(a)
                || (Double.isNaN(a) && Double.isNaN(b)),
            () -> what + "[" + at + "]: committed " + a + ", recorded again " + b);
      }
    }
  }

  /** One encoding (tensor_content) of a value, however it was written. */
  private static TensorProto canonical(TensorProto p) {
    return TensorProtos.toProto(TensorProtos.toTensor(p));
  }

  private static void assertPasses(Fixture f) {
    Result r = new ConformanceRunner(Device.CPU).run(f);
    assertEquals(Result.Status.PASSED, r.status(), r.reason());
  }

  record Cli(int code, String out, String err) {}

  static Cli rawops(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int code = Main.execute(args);
      return new Cli(
          code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }
}
