package dev.rawops.ops.parsing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * TFX's penguin Keras SavedModel (../shared/corpora/real-models/tfx_penguin_keras): its serving
 * signature parses 8 serialized tf.Examples with ParseExampleV2 (4 float dense features) and must
 * give TF 2.18's logits, recorded in expected.pbtxt beside it. Skipped where the corpus is absent.
 */
class PenguinModelTest {
  private static final Path DIR =
      Path.of(System.getProperty("basedir", "."))
          .resolve("../shared/corpora/real-models/tfx_penguin_keras/saved_model")
          .normalize();

  @Test
  void servingDefaultMatchesTensorFlow() throws IOException {
    Assumptions.assumeTrue(Files.isDirectory(DIR), "no corpus at " + DIR);
    Fixture.Builder b = Fixture.newBuilder();
    TextFormat.merge(Files.readString(DIR.resolve("expected.pbtxt")), b);
    Fixture f = b.build();
    Map<String, Tensor> inputs = new LinkedHashMap<>();
    f.getFeedMap().forEach((k, v) -> inputs.put(k, TensorProtos.toTensor(v)));
    SavedModel model = SavedModel.load(DIR);
    Map<String, Tensor> out = model.run(f.getSource().substring("signature:".length()), inputs);
    assertEquals(f.getFetchCount(), out.size());
    for (int i = 0; i < f.getFetchCount(); i++) {
      Tensor want = TensorProtos.toTensor(f.getExpected(i));
      Tensor got = out.get(f.getFetch(i));
      assertTrue(want.contentEquals(got), "TF gave " + want + ", rawops " + got);
    }
  }
}
