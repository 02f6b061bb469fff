package dev.rawops.savedmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.UnknownFieldSet;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.conform.ConformanceRunner;
import dev.rawops.conform.Result;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.MetaGraphDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TF 2 SavedModels restored through their object graph (as TF's Python loader does) when the
 * SaverDef is gone: copies of TF-written models with the SaverDef removed must give TF's answers.
 */
class ObjectGraphRestoreTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));
  private static final Path MODELS = ROOT.resolve("graphs/savedmodels");
  private static final Path REAL = ROOT.resolve("../shared/corpora/real-models").normalize();

  /** A copy of {@code src} whose MetaGraphDefs lose the SaverDef (and the object graph too). */
  static Path strip(Path src, Path dst, boolean objectGraphToo) throws IOException {
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
    Path pb = dst.resolve("saved_model.pb");
    dev.rawops.tfproto.SavedModel.Builder b =
        dev.rawops.tfproto.SavedModel.parseFrom(Files.readAllBytes(pb)).toBuilder();
    for (MetaGraphDef.Builder mg : b.getMetaGraphsBuilderList()) {
      assertTrue(mg.hasSaverDef(), "the model has a SaverDef to remove");
      mg.clearSaverDef();
      if (objectGraphToo) {
        mg.setUnknownFields(
            UnknownFieldSet.newBuilder(mg.getUnknownFields()).clearField(7).build());
      }
    }
    Files.write(pb, b.build().toByteArray());
    return dst;
  }

  @Test
  void tfServingTf2ModelWithoutSaverDef(@TempDir Path tmp) throws IOException {
    Path dir = strip(MODELS.resolve("tf_serving_half_plus_two_tf2_cpu"), tmp.resolve("m"), false);
    SavedModel m = SavedModel.load(dir);
    SavedModelTest.check(m, SavedModelTest.expected(dir));
    // regress_x2_to_y3 = a * x2 + c with c = 3: a variable only that signature captures
    Tensor y3 =
        m.run("regress_x2_to_y3", Map.of("inputs", Tensor.ofFloats(Shape.of(1), 1f)))
            .get("outputs");
    assertTrue(Tensor.ofFloats(Shape.of(1), 3.5f).contentEquals(y3), y3.toString());
  }

  @Test
  void withNeitherSaverDefNorObjectGraphNothingIsRestored(@TempDir Path tmp) throws IOException {
    Path dir = strip(MODELS.resolve("tf_serving_half_plus_two_tf2_cpu"), tmp.resolve("m"), true);
    SavedModel m = SavedModel.load(dir);
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> m.run("serving_default", Map.of("x", Tensor.ofFloats(Shape.of(1), 2f))));
    assertEquals(Code.FAILED_PRECONDITION, e.code(), e.getMessage());
  }

  @Test
  void realKerasModelsWithoutSaverDef(@TempDir Path tmp) throws IOException {
    Assumptions.assumeTrue(Files.isDirectory(REAL), "no corpus at " + REAL);
    ConformanceRunner runner =
        new ConformanceRunner(
            Device.CPU, Tolerance.newBuilder().setRtol(1e-4).setAtol(1e-4).build());
    Path kws =
        strip(REAL.resolve("mlperf_tiny_kws_dscnn/kws_ref_model"), tmp.resolve("kws"), false);
    Result r = runner.run(kws.resolve("expected.pbtxt"));
    assertEquals(Result.Status.PASSED, r.status(), r.reason());
    Path penguin =
        strip(REAL.resolve("tfx_penguin_keras/saved_model"), tmp.resolve("penguin"), false);
    Result p = runner.run(penguin.resolve("expected.pbtxt"));
    assertTrue(p.passed() || p.reason().contains("'ParseExampleV2'"), p.reason());
  }
}
