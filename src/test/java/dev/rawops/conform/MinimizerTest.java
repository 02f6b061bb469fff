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
}
