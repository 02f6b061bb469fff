package dev.rawops.savedmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SavedModels with vocabulary tables (ExportLookupSavedModels): the init op fills the table from
 * the asset file once, when the model loads, with the asset's tensor fed its path under assets/;
 * every later run reads the table. TF 2.18's loader gave the expected values.
 */
class LookupSavedModelTest {
  private static final Path ROOT = Path.of("graphs", "savedmodels");

  @Test
  void tf1MainOpFillsTheTableFromTheAsset() throws IOException {
    Path dir = ROOT.resolve("lookup_tf1");
    SavedModel m = SavedModel.load(dir);
    SavedModelTest.check(m, SavedModelTest.expected(dir));
    SavedModelTest.check(m, SavedModelTest.expected(dir)); // the table stays filled
  }

  @Test
  void tf2InitOpCallsTheInitializerFunction() throws IOException {
    Path dir = ROOT.resolve("lookup_tf2");
    SavedModelTest.check(SavedModel.load(dir), SavedModelTest.expected(dir));
  }

  /** Without the init op (inspect), the table is TF's uninitialized one. */
  @Test
  void inspectLeavesTheTableUninitialized() {
    SavedModel m = SavedModel.inspect(ROOT.resolve("lookup_tf1"));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> m.run("serving_default", Map.of("words", Tensor.ofStrings(Shape.of(1), "the"))));
    assertEquals(Code.FAILED_PRECONDITION, e.code());
    assertTrue(
        e.getMessage().contains("Table not initialized.") && e.getMessage().contains("ids"),
        e.getMessage());
  }
}
