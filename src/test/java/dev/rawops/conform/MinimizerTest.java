package dev.rawops.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Minimizer} on the real-model fixtures (TensorFlow's expected values, see
 * ../shared/corpora/real-models) with one op's kernels broken by the test-only switch {@link
 * KernelRegistry#BREAK_KERNEL_PROPERTY}. The core's tests have no TensorFlow: the intermediate
 * values are given by {@link UnbrokenRawops}, rawops with its real kernels, which the test first
 * checks to pass the whole fixture; rawops-tf's tests run the same with TensorFlow itself.
 */
class MinimizerTest {
  private static final Path FIXTURES =
      Path.of(System.getProperty("basedir", "."))
          .resolve("../shared/corpora/real-models/fixtures")
          .normalize();

  /** The corpus' measure (CorpusTest): the real models' fixtures carry no tolerance. */
  private static final dev.rawops.fixtureproto.Tolerance TOL =
      dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-5).build();

  @AfterEach
  void unbreak() {
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
  }

  /** A stand-in oracle: rawops with the broken-kernel switch off while it runs. */
  static final class UnbrokenRawops implements Oracle {
    @Override
    public String source() {
      return "rawops with its real kernels (test stand-in)";
    }

    @Override
    public Outcome run(
        GraphDef graph, Map<String, TensorProto> feeds, List<String> fetches, boolean rewrites) {
      String broken = System.getProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
      System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
      try {
        Map<String, Tensor> in = new LinkedHashMap<>();
        feeds.forEach((k, v) -> in.put(k, TensorProtos.toTensor(v)));
        try (Session s = Graph.build(graph, Device.CPU).newSession()) {
          return new Outcome(s.run(in, fetches).stream().map(TensorProtos::toProto).toList(), null);
        }
      } catch (RawOpsException e) {
        return new Outcome(
            List.of(),
            ExpectedError.newBuilder()
                .setCode(dev.rawops.fixtureproto.Code.forNumber(e.code().number()))
                .setStage(ExpectedError.Stage.RUN)
                .setMessage(e.getMessage())
                .build());
      } finally {
        if (broken != null) {
          System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, broken);
        }
      }
    }

    @Override
    public Outcome runSavedModel(
        Path dir,
        List<String> tags,
        Map<String, TensorProto> feeds,
        List<String> fetches,
        boolean rewrites) {
      throw new UnsupportedOperationException();
    }
  }

  private static Fixture fixture(String name) {
    Path p = FIXTURES.resolve(name + ".fixture.pbtxt");
    assumeTrue(Files.exists(p), "no real-model corpus at " + p);
    Fixture f = Fixtures.read(p);
    assertTrue(new ConformanceRunner(Device.CPU, TOL).run(f).passed(), "rawops passes " + name);
    return f;
  }

  private static Set<String> ops(Fixture f) {
    return f.getGraph().getNodeList().stream().map(NodeDef::getOp).collect(Collectors.toSet());
  }

  private static Minimizer.Outcome minimizeWithBroken(Fixture f, String op) {
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, op);
    Result before = new ConformanceRunner(Device.CPU, TOL).run(f);
    assertTrue(before.failed(), "breaking " + op + " fails " + f.getName());
    Minimizer.Outcome o = Minimizer.minimize(f, new UnbrokenRawops(), TOL);
    Result after = new ConformanceRunner(Device.CPU).run(o.fixture());
    assertTrue(after.failed(), "the minimized fixture still fails: " + o.fixture());
    assertTrue(after.reason().contains(o.failingTensor()), after.reason());
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
    assertTrue(
        new ConformanceRunner(Device.CPU).run(o.fixture()).passed(),
        "and passes with the real kernels: " + o.fixture());
    return o;
  }

  @Test
  void mtcnnWithConv2dBrokenShrinksToTheFirstWrongConv2d() {
    Fixture f = fixture("mtcnn");
    Minimizer.Outcome o = minimizeWithBroken(f, "Conv2D");
    assertEquals("Conv2D", o.failingOp(), o.toString());
    assertEquals(894, o.nodesBefore());
    assertTrue(o.nodesAfter() <= 5, o.fixture().getGraph().toString());
    assertTrue(ops(o.fixture()).contains("Conv2D"), o.fixture().getGraph().toString());
    assertTrue(o.fixture().getDescription().contains("op Conv2D"), o.fixture().getDescription());
  }

  @Test
  void kwsCnnWithReluBrokenShrinksToOneRelu() {
    Fixture f = fixture("kws_cnn_s");
    Minimizer.Outcome o = minimizeWithBroken(f, "Relu");
    assertEquals("Relu", o.failingOp());
    assertEquals(Set.of("Relu", "Placeholder"), ops(o.fixture()), o.fixture().toString());
    assertEquals(2, o.nodesAfter());
  }

  @Test
  void withoutAnOracleTheGraphIsNotCut() {
    Fixture f = fixture("kws_cnn_s");
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, "Relu");
    Minimizer.Outcome o = Minimizer.minimize(f, null, TOL);
    assertEquals(f.getFetch(0), o.failingTensor());
    assertEquals(List.of(f.getExpected(0)), o.fixture().getExpectedList());
    assertTrue(o.nodesAfter() <= o.nodesBefore());
    assertTrue(ops(o.fixture()).contains("Relu"));
    assertTrue(o.fixture().getDescription().contains("kept from the original fixture"));
    assertTrue(new ConformanceRunner(Device.CPU).run(o.fixture()).failed());
  }

  /**
   * kws_cnn_s fetching also Mfcc:0, whose TensorFlow value the corpus records (kws_cnn_s_mfcc feeds
   * it): without an oracle the graph is cut there, as that value is TensorFlow's.
   */
  @Test
  void withoutAnOracleTheGraphIsCutWhereTheFixtureRecordsTensorFlowsValue() {
    Fixture f = fixture("kws_cnn_s");
    Fixture mfcc = fixture("kws_cnn_s_mfcc");
    Fixture both =
        f.toBuilder()
            .clearFetch()
            .clearExpected()
            .addFetch("Mfcc:0")
            .addExpected(mfcc.getFeedOrThrow("Mfcc"))
            .addFetch(f.getFetch(0))
            .addExpected(f.getExpected(0))
            .build();
    dev.rawops.fixtureproto.Tolerance tol =
        dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(1e-4).setAtol(1e-4).build();
    assertTrue(new ConformanceRunner(Device.CPU, tol).run(both).passed());
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, "Relu");
    Minimizer.Outcome o = Minimizer.minimize(both, null, tol);
    assertEquals(f.getFetch(0), o.failingTensor());
    assertEquals(List.of(f.getExpected(0)), o.fixture().getExpectedList());
    Set<String> ops = ops(o.fixture());
    assertTrue(ops.contains("Relu"), ops.toString());
    assertTrue(
        !ops.contains("Mfcc") && !ops.contains("AudioSpectrogram") && !ops.contains("DecodeWav"),
        ops.toString());
    assertEquals(mfcc.getFeedOrThrow("Mfcc"), o.fixture().getFeedOrThrow("Mfcc:0"));
    assertTrue(o.nodesAfter() < o.nodesBefore());
    assertTrue(o.notes().get(0).contains("its other 1 fetched output(s)"), o.notes().toString());
    assertTrue(o.notes().get(1).contains("1 node(s) cut there"), o.notes().toString());
    assertTrue(new ConformanceRunner(Device.CPU).run(o.fixture()).failed());
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
    assertTrue(new ConformanceRunner(Device.CPU, tol).run(o.fixture()).passed());
  }

  /**
   * GatherNd at index floor(-x) for x = 0.5: -1, out of bounds, which TensorFlow's CPU kernel
   * rejects with INVALID_ARGUMENT when running (its documented bounds check, as the gather_nd
   * fixtures record). With Neg broken (first element 2·v + 1: 0 instead of -0.5) rawops gathers
   * index 0 without error. Beside it: nodes the fetch does not need, and a second fetch.
   */
  private static final String ERROR_CASE =
      """
      name: "t/gather_at_floor_of_neg"
      graph {
        node { name: "x" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 1 } }
            float_val: 0.5 } } } }
        node { name: "n" op: "Neg" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
        node { name: "f" op: "Floor" input: "n" attr { key: "T" value { type: DT_FLOAT } } }
        node { name: "c" op: "Cast" input: "f" attr { key: "SrcT" value { type: DT_FLOAT } }
          attr { key: "DstT" value { type: DT_INT32 } } }
        node { name: "p" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 4 } }
            float_val: 1 float_val: 2 float_val: 3 float_val: 4 } } } }
        node { name: "g" op: "GatherNd" input: "p" input: "c"
          attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT32 } } }
        node { name: "unused" op: "Neg" input: "p" attr { key: "T" value { type: DT_FLOAT } } }
        node { name: "other" op: "Floor" input: "p" attr { key: "T" value { type: DT_FLOAT } } }
      }
      fetch: "g" fetch: "other"
      error { code: INVALID_ARGUMENT stage: RUN }
      """;

  private static Fixture errorCase() {
    Fixture f = Fixtures.parseText(ERROR_CASE, "test");
    assertTrue(new ConformanceRunner(Device.CPU).run(f).passed(), "rawops raises the error");
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, "Neg");
    Result broken = new ConformanceRunner(Device.CPU).run(f);
    assertTrue(broken.reason().contains("ran without error"), broken.reason());
    return f;
  }

  private static Set<String> nodes(Fixture f) {
    return f.getGraph().getNodeList().stream().map(NodeDef::getName).collect(Collectors.toSet());
  }

  @Test
  void anExpectedErrorWithoutAnOracle_dropsOnlyWhatNoFetchNeeds() {
    Minimizer.Outcome o = Minimizer.minimize(errorCase(), null, null);
    Fixture m = o.fixture();
    assertEquals(Set.of("x", "n", "f", "c", "p", "g", "other"), nodes(m));
    assertEquals(List.of("g", "other"), m.getFetchList());
    assertEquals(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT, m.getError().getCode());
    assertEquals(ExpectedError.Stage.RUN, m.getError().getStage());
    assertTrue(o.notes().get(0).contains("no fetch was dropped"), o.notes().toString());
    assertTrue(new ConformanceRunner(Device.CPU).run(m).failed());
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
    assertTrue(new ConformanceRunner(Device.CPU).run(m).passed());
  }

  @Test
  void anExpectedErrorWithAnOracle_keepsOneFetchAndTheNodesTheFailureNeeds() {
    Minimizer.Outcome o = Minimizer.minimize(errorCase(), new UnbrokenRawops(), null);
    Fixture m = o.fixture();
    assertEquals(List.of("g"), m.getFetchList());
    // a cut at Neg, Floor or Cast feeds TensorFlow's value past the broken kernel: rejected
    assertEquals(Set.of("x", "n", "f", "c", "p", "g"), nodes(m));
    assertEquals(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT, m.getError().getCode());
    assertEquals(ExpectedError.Stage.RUN, m.getError().getStage());
    assertTrue(new ConformanceRunner(Device.CPU).run(m).failed());
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
    assertTrue(new ConformanceRunner(Device.CPU).run(m).passed());
  }

  @Test
  void anExpectedBuildErrorWithoutAnOracleIsRefused() {
    Fixture f =
        errorCase().toBuilder()
            .setError(
                ExpectedError.newBuilder()
                    .setCode(dev.rawops.fixtureproto.Code.INVALID_ARGUMENT)
                    .setStage(ExpectedError.Stage.BUILD))
            .build();
    RawOpsException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            RawOpsException.class, () -> Minimizer.minimize(f, null, null));
    assertEquals(dev.rawops.Code.FAILED_PRECONDITION, e.code());
    assertTrue(e.getMessage().contains("while importing it"), e.getMessage());
  }

  private static final Path SAVEDMODELS =
      Path.of(System.getProperty("basedir", ".")).resolve("graphs/savedmodels");

  @Test
  void aSavedModelWithoutStateBecomesTheGraphFixtureOfItsSignature() {
    Path file = SAVEDMODELS.resolve("while_case/expected.pbtxt");
    Fixture f = Fixtures.read(file);
    Fixture g = SavedModelGraphs.graphFixture(f, file);
    assertTrue(g.getGraph().getNodeCount() > 0);
    assertEquals(f.getExpectedList(), g.getExpectedList());
    assertTrue(
        g.getFetchList().stream().allMatch(t -> t.contains(":")), g.getFetchList().toString());
    Result r = new ConformanceRunner(Device.CPU).run(g);
    assertTrue(r.passed(), r.reason());
    RawOpsException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            RawOpsException.class, () -> Minimizer.minimize(f, file, null, null));
    assertEquals(dev.rawops.Code.FAILED_PRECONDITION, e.code());
    assertTrue(e.getMessage().contains("rawops passes"), e.getMessage());
  }

  @Test
  void aSavedModelWithVariablesIsRefusedSayingWhy() {
    Path file = SAVEDMODELS.resolve("resource_variables/expected.pbtxt");
    Fixture f = Fixtures.read(file);
    RawOpsException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            RawOpsException.class, () -> Minimizer.minimize(f, file, null, null));
    assertEquals(dev.rawops.Code.FAILED_PRECONDITION, e.code());
    assertTrue(e.getMessage().contains("VarHandleOp"), e.getMessage());
    assertTrue(e.getMessage().contains("Freeze the model"), e.getMessage());
  }
}
