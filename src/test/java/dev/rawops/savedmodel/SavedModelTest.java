package dev.rawops.savedmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.checkpoint.TensorBundle;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.tensor.Shape;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * The SavedModels TensorFlow 2.18 exported (graphs/savedmodels, ExportSavedModels) load and run by
 * signature with TF's answers (their expected.pbtxt); damaged ones fail naming the file.
 */
class SavedModelTest {
  private static final Path ROOT = Path.of("graphs", "savedmodels");

  static Fixture expected(Path dir) throws IOException {
    Fixture.Builder b = Fixture.newBuilder();
    TextFormat.merge(Files.readString(dir.resolve("expected.pbtxt")), b);
    return b.build();
  }

  /** Runs the fixture's signature on {@code model} and checks every output against TF's. */
  static void check(SavedModel model, Fixture f) {
    Map<String, Tensor> inputs = new LinkedHashMap<>();
    f.getFeedMap().forEach((k, v) -> inputs.put(k, TensorProtos.toTensor(v)));
    String signature = f.getSource().substring("signature:".length());
    Map<String, Tensor> out = model.run(signature, inputs);
    assertEquals(f.getFetchCount(), out.size(), "outputs of " + f.getName());
    for (int i = 0; i < f.getFetchCount(); i++) {
      TensorProto want = f.getExpected(i);
      Tensor got = out.get(f.getFetch(i));
      assertTrue(
          TensorProtos.toTensor(want).contentEquals(got),
          f.getName() + " output " + f.getFetch(i) + ": TF gave " + want + ", rawops " + got);
    }
  }

  @Test
  void resourceVariablesTf2Style() throws IOException {
    Path dir = ROOT.resolve("resource_variables");
    SavedModel m = SavedModel.load(dir);
    assertEquals(List.of("serving_default"), List.copyOf(m.signatures().keySet()));
    assertEquals(3, m.functions().size());
    check(m, expected(dir));
    check(m, expected(dir)); // variables persist across runs; the answer does not change
  }

  @Test
  void whileAndCaseWithoutVariables() throws IOException {
    Path dir = ROOT.resolve("while_case");
    check(SavedModel.load(dir, "serve"), expected(dir));
  }

  @Test
  void refVariablesTf1Style() throws IOException {
    Path dir = ROOT.resolve("ref_variables");
    check(SavedModel.load(dir), expected(dir));
  }

  /** TF Serving's own test models (Snappy-compressed indexes; see their SOURCE.md). */
  @Test
  void tfServingHalfPlusTwo() throws IOException {
    for (String name :
        List.of("tf_serving_half_plus_two_cpu", "tf_serving_half_plus_two_tf2_cpu")) {
      Path dir = ROOT.resolve(name);
      check(SavedModel.load(dir), expected(dir));
    }
    // regress_x2_to_y3 = a * x2 + c with c = 3 (saved_model_half_plus_two.py)
    SavedModel tf2 = SavedModel.load(ROOT.resolve("tf_serving_half_plus_two_tf2_cpu"));
    Tensor y3 =
        tf2.run("regress_x2_to_y3", Map.of("inputs", Tensor.ofFloats(Shape.of(1), 1f)))
            .get("outputs");
    assertTrue(Tensor.ofFloats(Shape.of(1), 3.5f).contentEquals(y3), y3.toString());
  }

  @Test
  void inspectBuildsWithoutRestoring() {
    SavedModel m = SavedModel.inspect(ROOT.resolve("resource_variables"));
    SavedModel.Signature sig = m.signatures().get("serving_default");
    assertEquals(
        List.of("flag", "indices"), sig.inputs().stream().map(SavedModel.TensorSpec::key).toList());
    assertEquals("int32[?,1]", sig.inputs().get(1).dtypeName() + sig.inputs().get(1).shape());
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                m.run(
                    "serving_default",
                    Map.of(
                        "flag",
                        Tensor.ofBooleans(Shape.scalar(), true),
                        "indices",
                        Tensor.ofInts(Shape.of(1, 1), 0))));
    assertEquals(Code.FAILED_PRECONDITION, e.code());
    assertTrue(e.getMessage().contains("Could not find variable table"), e.getMessage());
  }

  @Test
  void unknownTagsAreNotFound() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> SavedModel.load(ROOT.resolve("while_case"), "train"));
    assertEquals(Code.NOT_FOUND, e.code());
    assertTrue(e.getMessage().contains("{ train }") && e.getMessage().contains("{ serve }"));
  }

  @Test
  void missingSavedModelIsNotFound(@TempDir Path tmp) {
    RawOpsException e = assertThrows(RawOpsException.class, () -> SavedModel.load(tmp));
    assertEquals(Code.NOT_FOUND, e.code());
    assertTrue(e.getMessage().contains(tmp.toString()));
  }

  @Test
  void signatureInputsAreChecked() {
    SavedModel m = SavedModel.load(ROOT.resolve("resource_variables"));
    RawOpsException wrongType =
        assertThrows(
            RawOpsException.class,
            () ->
                m.run(
                    "serving_default",
                    Map.of(
                        "flag",
                        Tensor.ofInts(Shape.scalar(), 1),
                        "indices",
                        Tensor.ofInts(Shape.of(1, 1), 0))));
    assertEquals(Code.INVALID_ARGUMENT, wrongType.code());
    assertTrue(wrongType.getMessage().contains("'flag'"), wrongType.getMessage());
    RawOpsException missing =
        assertThrows(
            RawOpsException.class,
            () -> m.run("serving_default", Map.of("indices", Tensor.ofInts(Shape.of(1, 1), 0))));
    assertEquals(Code.INVALID_ARGUMENT, missing.code());
    assertTrue(missing.getMessage().contains("'flag'"), missing.getMessage());
    RawOpsException unknown = assertThrows(RawOpsException.class, () -> m.run("predict", Map.of()));
    assertEquals(Code.NOT_FOUND, unknown.code());
  }

  // ---- damaged checkpoints: DATA_LOSS naming the file, never a wrong value ----

  private static Path copy(Path tmp) throws IOException {
    Path src = ROOT.resolve("resource_variables");
    Path dst = tmp.resolve("model");
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
    return dst;
  }

  private static Path data(Path model) {
    return model.resolve("variables/variables.data-00000-of-00001");
  }

  private static Path index(Path model) {
    return model.resolve("variables/variables.index");
  }

  private static void assertDataLoss(Path model, Path file) {
    RawOpsException e = assertThrows(RawOpsException.class, () -> SavedModel.load(model));
    assertEquals(Code.DATA_LOSS, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
  }

  @Test
  void flippedDataByteFailsTheChecksum(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    byte[] b = Files.readAllBytes(data(m));
    b[5] ^= 1;
    Files.write(data(m), b);
    assertDataLoss(m, data(m));
  }

  @Test
  void truncatedShard(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    byte[] b = Files.readAllBytes(data(m));
    Files.write(data(m), java.util.Arrays.copyOf(b, b.length - 4));
    assertDataLoss(m, data(m));
  }

  @Test
  void missingShard(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    Files.delete(data(m));
    assertDataLoss(m, data(m));
  }

  @Test
  void missingIndex(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    Files.delete(index(m));
    assertDataLoss(m, index(m));
  }

  @Test
  void damagedIndexBlock(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    byte[] b = Files.readAllBytes(index(m));
    b[3] ^= 0x40;
    Files.write(index(m), b);
    assertDataLoss(m, index(m));
  }

  @Test
  void truncatedIndex(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    byte[] b = Files.readAllBytes(index(m));
    Files.write(index(m), java.util.Arrays.copyOf(b, b.length - 10));
    assertDataLoss(m, index(m));
  }

  @Test
  void bundleReadsTfWrittenCheckpoint() {
    TensorBundle b =
        TensorBundle.open(ROOT.resolve("resource_variables/variables/variables").toString());
    assertEquals(List.of("table", "words"), List.copyOf(b.keys()));
    assertEquals(1, b.header().getNumShards());
    // The variable's initial value, as ExportSavedModels assigned it before TF saved it.
    assertTrue(
        Tensor.ofInts(Shape.of(4, 2), 1, 2, 3, 4, 5, 6, 7, 8).contentEquals(b.read("table")));
    assertTrue(Tensor.ofStrings(Shape.of(3), "x", "", "yyyy").contentEquals(b.read("words")));
  }

  @Test
  void damagedStringBytesFailTheChecksum(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    byte[] b = Files.readAllBytes(data(m));
    b[b.length - 2] ^= 1; // inside "yyyy", the string variable's last element
    Files.write(data(m), b);
    assertDataLoss(m, data(m));
  }

  @Test
  void damagedStringLengthFailsTheLengthChecksum(@TempDir Path tmp) throws IOException {
    Path m = copy(tmp);
    byte[] b = Files.readAllBytes(data(m));
    b[32] ^= 2; // the first string length (the int32 table takes bytes 0..31)
    Files.write(data(m), b);
    assertDataLoss(m, data(m));
  }
}
