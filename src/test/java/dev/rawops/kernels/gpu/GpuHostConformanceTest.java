package dev.rawops.kernels.gpu;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every committed TensorFlow fixture of the four ops with GPU kernels, run with {@code Device.GPU}
 * on the host emulation of the CUDA kernels (the same .cu sources, built by g++): each must match
 * TensorFlow's CPU expectation except where the documented GPU rules differ (skipped, with the
 * rule). Also checks the kernels really ran: most fixtures of each op place a node on the GPU.
 */
class GpuHostConformanceTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));

  @BeforeAll
  static void hostGpu() {
    HostGpu.on();
  }

  @AfterAll
  static void noGpu() {
    HostGpu.off();
  }

  @ParameterizedTest
  @ValueSource(strings = {"gather_nd", "strided_slice", "tensor_scatter_update", "ragged_gather"})
  void everyFixtureOfTheOp(String dir) {
    ConformanceRunner runner = new ConformanceRunner(Device.GPU);
    List<Path> files = Fixtures.collect(List.of(ROOT.resolve("graphs/conformance").resolve(dir)));
    assertFalse(files.isEmpty(), "no fixtures for " + dir);
    List<String> failures = new ArrayList<>();
    Map<String, Integer> skips = new TreeMap<>();
    int passed = 0;
    int onGpu = 0;
    for (Path file : files) {
      Result r = runner.run(file);
      if (r.failed()) {
        failures.add(r.name() + ": " + r.reason());
      } else if (r.skipped()) {
        skips.merge(r.reason().replaceAll(" \\(node .*\\)$", ""), 1, Integer::sum);
      } else {
        passed++;
        if (ranOnGpu(file)) {
          onGpu++;
        }
      }
    }
    if (!failures.isEmpty()) {
      fail(failures.size() + " of " + files.size() + " failed:\n" + String.join("\n", failures));
    }
    System.out.printf(
        "GPU (host emulation) %s: %d fixtures, %d passed (%d with the op on the GPU), skipped %s%n",
        dir, files.size(), passed, onGpu, skips);
    assertTrue(passed > 0, "every fixture was skipped");
    assertTrue(onGpu * 3 > passed, dir + ": only " + onGpu + " of " + passed + " ran on the GPU");
  }

  private static boolean ranOnGpu(Path file) {
    Fixture f = Fixtures.read(file);
    try {
      return Graph.build(f.getGraph(), Device.GPU).placement().count(Device.GPU) > 0;
    } catch (RuntimeException e) {
      return false;
    }
  }
}
