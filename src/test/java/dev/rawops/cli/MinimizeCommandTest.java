package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rawops minimize} without the optional module rawops-tf (the core's class path never has
 * it): the graph is not cut, the first failing fetch keeps its expected value. The search with
 * TensorFlow's values is tested in MinimizerTest and in rawops-tf.
 */
class MinimizeCommandTest {
  @TempDir Path tmp;

  private static final Path KWS =
      Path.of(System.getProperty("basedir", "."))
          .resolve("../shared/corpora/real-models/fixtures/kws_cnn_s.fixture.pbtxt")
          .normalize();

  @AfterEach
  void unbreak() {
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
  }

  @Test
  void withoutTheModuleKeepsTheFailingFetchUncut() {
    assumeTrue(Files.exists(KWS), "no real-model corpus at " + KWS);
    System.setProperty(KernelRegistry.BREAK_KERNEL_PROPERTY, "Relu");
    Path out = tmp.resolve("small.fixture.pbtxt");
    CliRun.Result r =
        CliRun.rawops(
            "minimize",
            KWS.toString(),
            "--out",
            out.toString(),
            "--rtol",
            "1e-5",
            "--atol",
            "1e-5");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("only unneeded fetches and nodes were dropped"), r.out());
    assertTrue(r.out().contains("minimized 78 nodes to "), r.out());
    Fixture f = Fixtures.read(out);
    assertEquals(1e-5, f.getTolerance().getRtol());
    assertTrue(f.getDescription().contains("kept from the original fixture"), f.getDescription());
    assertTrue(new ConformanceRunner(Device.CPU).run(f).failed());
    System.clearProperty(KernelRegistry.BREAK_KERNEL_PROPERTY);
    assertTrue(new ConformanceRunner(Device.CPU).run(f).passed(), "passes with the real kernels");
  }

  @Test
  void aPassingFixtureIsRefused() {
    assumeTrue(Files.exists(KWS), "no real-model corpus at " + KWS);
    Path out = tmp.resolve("small.fixture.pbtxt");
    CliRun.Result r =
        CliRun.rawops("minimize", KWS.toString(), "--out", out.toString(), "--rtol", "1e-5");
    assertEquals(1, r.code(), r.out());
    assertTrue(r.err().startsWith("error: FAILED_PRECONDITION: rawops passes"), r.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void outMustNameAFixture() {
    CliRun.Result r =
        CliRun.rawops("minimize", KWS.toString(), "--out", tmp.resolve("x.txt").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--out must name NAME.fixture.pbtxt"), r.err());
  }
}
