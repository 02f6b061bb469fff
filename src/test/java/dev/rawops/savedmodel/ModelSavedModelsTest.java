package dev.rawops.savedmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two end-to-end models (ExportModelSavedModels): a feature-column recommender fed serialized
 * tf.Examples and a text classifier fed sentences, each with vocabulary assets, OOV buckets and
 * restored variables. TF 2.18's loader gave the expected values: ids and tokens exactly, the float
 * outputs within the fixture's tolerance (MatMul's sums are ordered differently in TF).
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
  }

  @Test
  void textClassifier() throws IOException {
    Path dir = ROOT.resolve("text_classifier");
    check(SavedModel.load(dir), SavedModelTest.expected(dir));
  }

  private static void check(SavedModel model, Fixture f) {
    Map<String, Tensor> inputs = new LinkedHashMap<>();
    f.getFeedMap().forEach((k, v) -> inputs.put(k, TensorProtos.toTensor(v)));
    Map<String, Tensor> out = model.run("serving_default", inputs);
    assertEquals(f.getFetchCount(), out.size(), "outputs of " + f.getName());
    double rtol = f.getTolerance().getRtol();
    double atol = f.getTolerance().getAtol();
    assertTrue(rtol > 0 && rtol <= 1e-5 && atol <= 1e-6, "tolerance " + f.getTolerance());
    for (int i = 0; i < f.getFetchCount(); i++) {
      String key = f.getFetch(i);
      TensorProto wantProto = f.getExpected(i);
      Tensor want = TensorProtos.toTensor(wantProto);
      Tensor got = out.get(key);
      assertEquals(want.dtype(), got.dtype(), key);
      assertEquals(want.shape(), got.shape(), key);
      if (want.dtype() != DType.FLOAT) {
        assertTrue(want.contentEquals(got), key + ": TF gave " + wantProto + ", rawops " + got);
        continue;
      }
      for (int j = 0; j < wantProto.getFloatValCount(); j++) {
        double w = wantProto.getFloatVal(j);
        double g = got.getFloat(j);
        assertTrue(
            Math.abs(g - w) <= atol + rtol * Math.abs(w),
            key + "[" + j + "]: TF gave " + w + ", rawops " + g);
      }
      assertEquals(want.numElements(), wantProto.getFloatValCount(), key);
    }
  }
}
