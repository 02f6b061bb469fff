package dev.rawops.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SavedModel fixtures in {@code rawops conform}: found beside their model (graphs/savedmodels) or
 * apart from it with the model named in the description, run by signature with TF's answers; a
 * model that cannot be found fails naming every path tried; one case reached twice runs once.
 */
class SavedModelFixturesTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));
  private static final Path MODELS = ROOT.resolve("graphs/savedmodels");

  private final ConformanceRunner cpu = new ConformanceRunner(Device.CPU);

  private static void copyTree(Path src, Path dst) throws IOException {
    try (Stream<Path> walk = Files.walk(src)) {
      for (Path p : walk.toList()) {
        Path t = dst.resolve(src.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    }
  }

  @Test
  void everyCommittedSavedModelFixturePasses() {
    List<Path> files = Fixtures.collect(List.of(MODELS));
    assertTrue(files.size() >= 3, files.toString());
    for (Path f : files) {
      String file = f.getFileName().toString();
      assertTrue(file.equals("expected.pbtxt") || file.endsWith(".savedmodel.pbtxt"), f.toString());
      Result r = cpu.run(f);
      assertEquals(Result.Status.PASSED, r.status(), r.name() + ": " + r.reason());
    }
  }

  /** A corpus layout: the model under models/, its case under fixtures/ naming it. */
  private static Path corpus(Path tmp, String description) throws IOException {
    copyTree(MODELS.resolve("while_case"), tmp.resolve("models/while_case/model"));
    Files.delete(tmp.resolve("models/while_case/model/expected.pbtxt"));
    String text = Files.readString(MODELS.resolve("while_case/expected.pbtxt"));
    text = text.replaceFirst("description: \"[^\"]*\"", "description: \"" + description + "\"");
    Path f = tmp.resolve("fixtures/savedmodels/while_case.savedmodel.pbtxt");
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
    return f;
  }

  @Test
  void modelNamedInTheDescriptionIsFoundUpTheTree(@TempDir Path tmp) throws IOException {
    Path f = corpus(tmp, "a case (models/while_case/model, signature serving_default); x=1:2");
    assertEquals(List.of(f), Fixtures.collect(List.of(tmp)));
    Result r = cpu.run(f);
    assertEquals(Result.Status.PASSED, r.status(), r.reason());
  }

  @Test
  void modelNotFoundFailsNamingWhatWasTried(@TempDir Path tmp) throws IOException {
    Path f = corpus(tmp, "a case (models/elsewhere/model, signature serving_default)");
    Result r = cpu.run(f);
    assertEquals(Result.Status.FAILED, r.status(), r.reason());
    assertTrue(r.reason().startsWith("NOT_FOUND: "), r.reason());
    assertTrue(
        r.reason().contains(tmp.resolve("fixtures/savedmodels/models/elsewhere/model").toString())
            && r.reason().contains(tmp.resolve("models/elsewhere/model").toString()),
        r.reason());
  }

  @Test
  void descriptionWithoutAPathFails(@TempDir Path tmp) throws IOException {
    Result r = cpu.run(corpus(tmp, "no path here"));
    assertEquals(Result.Status.FAILED, r.status(), r.reason());
    assertTrue(r.reason().contains("names no path"), r.reason());
  }

  @Test
  void theSameCaseTwiceRunsOnce(@TempDir Path tmp) throws IOException {
    Path f = corpus(tmp, "a case (models/while_case/model)");
    Path beside = tmp.resolve("models/while_case/model/expected.pbtxt");
    Files.copy(f, beside);
    List<Path> files = Fixtures.collect(List.of(tmp));
    assertEquals(2, files.size(), files.toString());
    List<Result> results = files.stream().map(cpu::run).toList();
    assertEquals(
        List.of(Result.Status.PASSED, Result.Status.SKIPPED),
        results.stream().map(Result::status).toList());
    assertTrue(results.get(1).reason().contains(files.get(0).toString()), results.get(1).reason());
    // the same file again is a rerun, not a duplicate
    assertEquals(Result.Status.PASSED, cpu.run(files.get(0)).status());
  }

  @Test
  void wrongExpectedValueFails(@TempDir Path tmp) throws IOException {
    Path f = corpus(tmp, "a case (models/while_case/model)");
    String text = Files.readString(f);
    // the first int32 expected value (the While's step count, 3) claimed to be 4
    int at = text.indexOf("expected {\n  dtype: DT_INT32");
    int v = text.indexOf("int_val: ", at) + "int_val: ".length();
    int end = v;
    while (Character.isDigit(text.charAt(end)) || text.charAt(end) == '-') {
      end++;
    }
    long old = Long.parseLong(text.substring(v, end));
    assertEquals(3, old);
    Files.writeString(f, text.substring(0, v) + (old + 1) + text.substring(end));
    Result r = cpu.run(f);
    assertEquals(Result.Status.FAILED, r.status(), r.reason());
    assertTrue(r.reason().contains("expected 4, got 3"), r.reason());
  }

  @Test
  void gpuSkipsSavedModels() {
    Result r = new ConformanceRunner(Device.GPU).run(MODELS.resolve("while_case/expected.pbtxt"));
    assertEquals(Result.Status.SKIPPED, r.status(), r.reason());
  }

  /**
   * The real-model corpus (../shared/corpora/real-models): the Keras DS-CNN SavedModel matches TF;
   * the TFX penguin model may fail only for want of ParseExampleV2.
   */
  @Test
  void realModelSavedModels() {
    Path dir = ROOT.resolve("../shared/corpora/real-models").normalize();
    Assumptions.assumeTrue(Files.isDirectory(dir), "no corpus at " + dir);
    ConformanceRunner runner =
        new ConformanceRunner(
            Device.CPU, Tolerance.newBuilder().setRtol(1e-4).setAtol(1e-4).build());
    Path sm = dir.resolve("fixtures/savedmodels");
    Result kws = runner.run(sm.resolve("mlperf_tiny_kws_dscnn.savedmodel.pbtxt"));
    assertEquals(Result.Status.PASSED, kws.status(), kws.reason());
    Result penguin = runner.run(sm.resolve("tfx_penguin_keras.savedmodel.pbtxt"));
    assertTrue(penguin.passed() || penguin.reason().contains("'ParseExampleV2'"), penguin.reason());
  }
}
