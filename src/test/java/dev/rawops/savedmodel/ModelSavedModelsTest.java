package dev.rawops.savedmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The two end-to-end models (ExportModelSavedModels): a feature-column recommender fed serialized
 * tf.Examples and a text classifier fed sentences, each with vocabulary assets, OOV buckets and
 * restored variables (the classifier also in TF 2's layout). TF 2.18's loader gave the expected
 * values: ids and tokens exactly, the float outputs within the fixture's tolerance (MatMul's sums
 * are ordered differently in TF); its errors by status code and message.
 */
class ModelSavedModelsTest {
  private static final Path ROOT = Path.of("graphs", "savedmodels");

  @Test
  void recommender() throws IOException {
    Path dir = ROOT.resolve("recommender");
    SavedModel m = SavedModel.load(dir);
    Fixture f = SavedModelTest.expected(dir);
    check(m, f);
    check(m, f); // tables and variables stay as the load left them
    assertEquals(List.of("cross_ids", "movie_ids", "probability"), f.getFetchList());
    assertEquals(6, f.getExpected(2).getTensorShape().getDim(0).getSize());
  }

  @Test
  void recommenderFurtherCases() throws IOException {
    assertEquals(4, furtherCases("recommender"));
  }

  @Test
  void textClassifier() throws IOException {
    Path dir = ROOT.resolve("text_classifier");
    check(SavedModel.load(dir), SavedModelTest.expected(dir));
  }

  @Test
  void textClassifierFurtherCases() throws IOException {
    assertEquals(2, furtherCases("text_classifier"));
  }

  /**
   * The same classifier as TF 2 writes it: the serving computation, the table's initializer and the
   * restore all function calls given the resources' handles; TF's answers are the TF 1 layout's.
   */
  @Test
  void textClassifierTf2() throws IOException {
    Path dir = ROOT.resolve("text_classifier_tf2");
    SavedModel m = SavedModel.load(dir);
    Fixture f = SavedModelTest.expected(dir);
    check(m, f);
    assertEquals(
        SavedModelTest.expected(ROOT.resolve("text_classifier")).getExpectedList(),
        f.getExpectedList());
    assertEquals(2, furtherCases("text_classifier_tf2"));
  }

  /** Each {@code *.savedmodel.pbtxt} beside the model, on a fresh load as TF computed it. */
  private static int furtherCases(String model) throws IOException {
    Path dir = ROOT.resolve(model);
    List<Path> cases;
    try (Stream<Path> files = Files.list(dir)) {
      cases = files.filter(p -> p.getFileName().toString().endsWith(".savedmodel.pbtxt")).toList();
    }
    for (Path p : cases) {
      Fixture.Builder b = Fixture.newBuilder();
      TextFormat.merge(Files.readString(p), b);
      check(SavedModel.load(dir), b.build());
    }
    return cases.size();
  }

  private static Map<String, Tensor> inputs(Fixture f) {
    Map<String, Tensor> inputs = new LinkedHashMap<>();
    f.getFeedMap().forEach((k, v) -> inputs.put(k, TensorProtos.toTensor(v)));
    return inputs;
  }

  private static void check(SavedModel model, Fixture f) {
    if (f.hasError()) {
      RawOpsException e =
          assertThrows(RawOpsException.class, () -> model.run("serving_default", inputs(f)));
      assertEquals(Code.valueOf(f.getError().getCode().name()), e.code(), e.getMessage());
      // TF's message up to its "\n\t [[{{node parse}}]]" suffix; rawops names the node instead.
      String tf = f.getError().getMessage();
      int suffix = tf.indexOf("\n\t [[");
      String words = (suffix < 0 ? tf : tf.substring(0, suffix)).replace("\0", "");
      assertTrue(e.getMessage().replace("\0", "").contains(words), f.getName() + ": " + e);
      assertEquals("parse", e.node().orElse(null), e.getMessage());
      return;
    }
    Map<String, Tensor> out = model.run("serving_default", inputs(f));
    assertEquals(f.getFetchCount(), out.size(), "outputs of " + f.getName());
    double rtol = f.getTolerance().getRtol();
    double atol = f.getTolerance().getAtol();
    assertTrue(rtol > 0 && rtol <= 1e-5 && atol <= 1e-6, "tolerance " + f.getTolerance());
    for (int i = 0; i < f.getFetchCount(); i++) {
      String key = f.getName() + " " + f.getFetch(i);
      TensorProto wantProto = f.getExpected(i);
      Tensor want = TensorProtos.toTensor(wantProto);
      Tensor got = out.get(f.getFetch(i));
      assertEquals(want.dtype(), got.dtype(), key);
      assertEquals(want.shape(), got.shape(), key);
      if (want.dtype() != DType.FLOAT) {
        assertTrue(want.contentEquals(got), key + ": TF gave " + wantProto + ", rawops " + got);
        continue;
      }
      assertEquals(want.numElements(), wantProto.getFloatValCount(), key);
      for (int j = 0; j < wantProto.getFloatValCount(); j++) {
        double w = wantProto.getFloatVal(j);
        double g = got.getFloat(j);
        assertTrue(
            Math.abs(g - w) <= atol + rtol * Math.abs(w),
            key + "[" + j + "]: TF gave " + w + ", rawops " + g);
      }
    }
  }
}
