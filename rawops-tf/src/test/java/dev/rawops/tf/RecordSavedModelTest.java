package dev.rawops.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rawops.conform.Fixtures;
import dev.rawops.conform.Oracle;
import dev.rawops.conform.Recording;
import dev.rawops.conform.SavedModelCases;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tensor.Npy;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.MetaGraphDef;
import dev.rawops.tfproto.TensorProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rawops record SAVEDMODEL_DIR}: TF's own loader (variables restored, init op run) on the
 * corpus's SavedModels gives the committed expected values; the command writes a SavedModel case
 * that {@code rawops conform} finds its model for and passes.
 */
class RecordSavedModelTest {
  private static final Path CORPUS =
      Path.of(System.getProperty("rawops.root", "..")).resolve("../shared/corpora/real-models");
  private static final Path FIXTURES = CORPUS.resolve("fixtures/savedmodels");

  @TempDir Path tmp;

  @TestFactory
  Stream<DynamicTest> recordingTheCorpusSavedModelsAgainGivesTheirExpectedValues()
      throws IOException {
    assumeTrue(Files.isDirectory(FIXTURES), "no real-model corpus at " + FIXTURES);
    List<Path> files;
    try (Stream<Path> s = Files.list(FIXTURES)) {
      files = s.filter(p -> p.toString().endsWith(".savedmodel.pbtxt")).sorted().toList();
    }
    assertFalse(files.isEmpty());
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () -> {
                      Fixture committed = Fixtures.read(file);
                      Path model = SavedModelCases.locate(committed, file);
                      MetaGraphDef mg = SavedModel.metaGraph(model);
                      SavedModel.Signature sig =
                          SavedModel.signatures(mg)
                              .get(committed.getSource().substring("signature:".length()));
                      Map<String, TensorProto> feeds = new LinkedHashMap<>();
                      committed
                          .getFeedMap()
                          .forEach((k, v) -> feeds.put(tensor(sig.inputs(), k), v));
                      List<String> fetches =
                          committed.getFetchList().stream()
                              .map(k -> tensor(sig.outputs(), k))
                              .toList();
                      Oracle.Outcome again =
                          Recording.deterministicSavedModel(
                              new TensorFlowOracle(),
                              model,
                              List.of(SavedModel.SERVE),
                              mg.getGraphDef(),
                              feeds,
                              fetches,
                              committed.getName(),
                              RecordTest.CORPUS_TOLERANCE);
                      RecordTest.assertSameExpected(committed, again);
                    }));
  }

  @Test
  void recordCommandWritesASavedModelCaseConformPasses() throws IOException {
    Path file = FIXTURES.resolve("mlperf_tiny_kws_dscnn.savedmodel.pbtxt");
    assumeTrue(Files.exists(file), "no real-model corpus at " + CORPUS);
    Fixture committed = Fixtures.read(file);
    Path model = SavedModelCases.locate(committed, file);
    Path input = tmp.resolve("input_1.npy");
    Npy.write(TensorProtos.toTensor(committed.getFeedOrThrow("input_1")), input);
    Path out = tmp.resolve("dscnn.savedmodel.pbtxt");
    RecordTest.Cli r =
        RecordTest.rawops(
            "record",
            model.toString(),
            "--feed",
            "input_1=" + input,
            "--rtol",
            "1e-4",
            "--atol",
            "1e-4",
            "--out",
            out.toString());
    assertEquals(0, r.code(), r.err());
    Fixture recorded = Fixtures.read(out);
    assertEquals("signature:serving_default", recorded.getSource());
    assertEquals(committed.getFetchList(), recorded.getFetchList());
    RecordTest.assertSameExpected(committed, new Oracle.Outcome(recorded.getExpectedList(), null));
    assertTrue(recorded.getDescription().contains(tmp.relativize(model).toString()));
    RecordTest.Cli conform = RecordTest.rawops("conform", out.toString());
    assertEquals(0, conform.code(), conform.out() + conform.err());
    assertTrue(conform.out().contains("1 passed, 0 failed"), conform.out());
  }

  private static String tensor(List<SavedModel.TensorSpec> specs, String key) {
    return specs.stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow().tensorName();
  }
}
