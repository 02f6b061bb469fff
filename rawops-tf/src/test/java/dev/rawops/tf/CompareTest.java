package dev.rawops.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rawops.conform.Comparison;
import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.runtime.Graph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code rawops compare} against TensorFlow on a real keyword-spotting network (MatMul, Add, Relu,
 * Softmax, Reshape): nothing differs with rawops' kernels; with one kernel deliberately broken (the
 * test-only switch {@link KernelRegistry#BREAK_KERNEL_PROPERTY}) its first node is named first, and
 * in cumulative mode only that op's nodes differ.
 */
class CompareTest {
  private static final Path FIXTURE =
      Path.of(System.getProperty("rawops.root", ".."))
          .resolve("../shared/corpora/real-models/fixtures/kws_dnn_s_mfcc.fixture.pbtxt");

  /**
   * The corpus's tolerance: rawops' MatMul sums in another order than TF's (Eigen) and differs in
   * the last bits, which compare without a tolerance reports (first at fc1/MatMul).
   */
  private static final Tolerance TOLERANCE =
      Tolerance.newBuilder().setRtol(1e-4).setAtol(1e-4).build();

  @AfterEach
  void mendKernels() {
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
  }

  private static Fixture fixture() {
    assumeTrue(Files.exists(FIXTURE), "no real-model corpus: " + FIXTURE);
    return Fixtures.read(FIXTURE);
  }

  private static Comparison.Report compare(Fixture f, boolean cumulative) {
    return Comparison.run(
        new TensorFlowOracle(), f.getGraph(), f.getFeedMap(), TOLERANCE, cumulative);
  }

  @Test
  void rawopsKernelsMatchTensorFlowNodeForNode() {
    Comparison.Report r = compare(fixture(), false);
    assertTrue(r.compared() >= 20, "intermediate tensors compared: " + r.compared());
    assertEquals(List.of(), r.mismatches());
    assertTrue(r.perOp().stream().anyMatch(s -> s.op().equals("Relu") && s.nodes() == 3));
  }

  @Test
  void aBrokenKernelsFirstNodeIsNamedFirst() {
    Fixture f = fixture();
    String firstRelu =
        Graph.build(f.getGraph(), Device.CPU).topologicalNodes().stream()
            .filter(n -> n.op().equals("Relu"))
            .findFirst()
            .orElseThrow()
            .name();
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, "Relu");
    Comparison.Report r = compare(f, false);
    assertFalse(r.mismatches().isEmpty());
    Comparison.Mismatch first = r.mismatches().get(0);
    assertEquals(firstRelu, first.node());
    assertEquals("Relu", first.op());
    assertEquals("float", first.dtype());
    assertTrue(first.detail().startsWith("element 0 "), first.detail());
    assertTrue(first.maxAbsError() > 0, first.toString());
    assertTrue(r.mismatches().size() > 3, "what follows the broken node differs too");

    Comparison.Report own = compare(f, true);
    assertEquals(firstRelu, own.mismatches().get(0).node());
    assertTrue(
        own.mismatches().stream().allMatch(m -> m.op().equals("Relu")),
        "fed TF's inputs, only the broken op's nodes differ: " + own.mismatches());
    Comparison.OpSummary relu =
        own.perOp().stream().filter(s -> s.op().equals("Relu")).findFirst().orElseThrow();
    assertEquals(3, relu.differing());
    assertEquals("Relu", own.perOp().get(0).op(), "the summary lists differing ops first");
  }

  @Test
  void compareCommandReportsTheBrokenNode() {
    assumeTrue(Files.exists(FIXTURE));
    String[] args = {"compare", FIXTURE.toString(), "--rtol", "1e-4", "--atol", "1e-4"};
    RecordTest.Cli ok = RecordTest.rawops(args);
    assertEquals(0, ok.code(), ok.out() + ok.err());
    assertTrue(ok.out().contains("no difference"), ok.out());
    RecordTest.Cli exact = RecordTest.rawops("compare", FIXTURE.toString());
    assertEquals(1, exact.code(), "bit for bit, MatMul's last bits differ: " + exact.out());
    assertTrue(
        exact.out().contains("first difference: node 'fc1/MatMul' (op MatMul)"), exact.out());
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, "MatMul");
    RecordTest.Cli r =
        RecordTest.rawops(
            "compare", FIXTURE.toString(), "--cumulative", "--rtol", "1e-4", "--atol", "1e-4");
    assertEquals(1, r.code(), r.err());
    assertTrue(r.out().contains("first difference: node '"), r.out());
    assertTrue(r.out().contains("(op MatMul)"), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("  MatMul +4 +4 .*")), r.out());
  }
}
