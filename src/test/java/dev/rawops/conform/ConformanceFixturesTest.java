package dev.rawops.conform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.kernels.Device;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every committed TensorFlow fixture (graphs/conformance) and every fixture example shared with the
 * project (../shared/reference/fixture-examples) as one JUnit test each; no TensorFlow needed.
 */
class ConformanceFixturesTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));
  private final ConformanceRunner runner = new ConformanceRunner(Device.CPU);

  @TestFactory
  Stream<DynamicNode> committedFixtures() {
    Path dir = ROOT.resolve("graphs/conformance");
    List<Path> files =
        Fixtures.collect(List.of(dir)).stream().filter(f -> selected(dir, f)).toList();
    assertFalse(files.isEmpty(), "no fixtures under " + dir);
    return files.stream().map(f -> test(dir, f));
  }

  @TestFactory
  DynamicNode referenceExamples() {
    Path dir = ROOT.resolve("../shared/reference/fixture-examples").normalize();
    if (!Files.isDirectory(dir)) {
      return DynamicContainer.dynamicContainer(
          "fixture-examples",
          Stream.of(
              DynamicTest.dynamicTest(
                  "absent",
                  () -> Assumptions.abort("skipped: no shared fixture examples at " + dir))));
    }
    return DynamicContainer.dynamicContainer(
        "fixture-examples", Fixtures.collect(List.of(dir)).stream().map(f -> test(dir, f)));
  }

  /**
   * {@code -Drawops.fixtures.only=nn/,linalg/} keeps the fixtures under those folders (the
   * plain-java test execution replays the dense-compute ones without the SIMD kernels).
   */
  private static boolean selected(Path dir, Path file) {
    String only = System.getProperty("rawops.fixtures.only", "");
    if (only.isBlank()) {
      return true;
    }
    String rel = dir.relativize(file).toString().replace('\\', '/');
    for (String prefix : only.split(",")) {
      if (!prefix.isBlank() && rel.startsWith(prefix.strip())) {
        return true;
      }
    }
    return false;
  }

  private DynamicTest test(Path dir, Path file) {
    return DynamicTest.dynamicTest(
        dir.relativize(file).toString(),
        file.toUri(),
        () -> {
          Result r = runner.run(file);
          if (r.failed()) {
            fail(r.name() + ": " + r.reason());
          }
          Assumptions.assumeFalse(r.skipped(), r.reason());
        });
  }
}
