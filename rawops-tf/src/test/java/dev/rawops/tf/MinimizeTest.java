package dev.rawops.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Minimizer;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.tfproto.NodeDef;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code rawops minimize} against TensorFlow: MTCNN (894 nodes, a while loop, conditionals) with
 * rawops' Conv2D kernels broken by the test-only switch shrinks to a few nodes around one Conv2D,
 * its inputs fed TensorFlow's values and its expected value recorded again from TensorFlow.
 */
class MinimizeTest {
  private static final Path FIXTURE =
      Path.of(System.getProperty("rawops.root", ".."))
          .resolve("../shared/corpora/real-models/fixtures/mtcnn.fixture.pbtxt");

  private static final Tolerance TOLERANCE =
      Tolerance.newBuilder().setRtol(1e-4).setAtol(1e-4).build();

  @AfterEach
  void mendKernels() {
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
  }

  @Test
  void mtcnnWithConv2dBrokenShrinksToOneConv2d() {
    assumeTrue(Files.exists(FIXTURE), "no real-model corpus: " + FIXTURE);
    Fixture f = Fixtures.read(FIXTURE);
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, "Conv2D");
    Minimizer.Outcome o = Minimizer.minimize(f, new TensorFlowOracle(), TOLERANCE);
    Fixture small = o.fixture();
    assertEquals("Conv2D", o.failingOp(), small.getDescription());
    assertTrue(o.nodesAfter() <= 5, small.getGraph().toString());
    assertTrue(
        small.getGraph().getNodeList().stream().map(NodeDef::getOp).anyMatch("Conv2D"::equals));
    assertTrue(
        small.getDescription().contains("recorded again from tensorflow"), small.getDescription());
    assertTrue(new ConformanceRunner(Device.CPU).run(small).failed());
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
    assertTrue(
        new ConformanceRunner(Device.CPU).run(small).passed(),
        "with the real kernels rawops matches TF's recorded value: " + small);
  }
}
