package dev.rawops.savedmodel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.Tensors;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loading a SavedModel from a directory, a zip file or zip bytes, with session options; the
 * signature listing; running a subset of outputs; closing. Expected values: TF Serving's documented
 * answer for half_plus_two (y = 0.5x + 2: [1, 2, 5] give [2.5, 3, 4.5]) and TF 2.18's answers in
 * graphs/savedmodels/lookup_tf1/expected.pbtxt.
 */
class SavedModelLoadingTest {
  private static final Path ROOT = Path.of("graphs", "savedmodels");
  private static final Path HALF = ROOT.resolve("tf_serving_half_plus_two_cpu");

  private static float[] halfPlusTwo(SavedModel m) {
    try (Tensor x = Tensors.of(new float[][] {{1f}, {2f}, {5f}})) {
      Map<String, Tensor> out = m.run("serving_default", Map.of("x", x), List.of("y"));
      assertEquals(List.of("y"), List.copyOf(out.keySet()));
      return out.get("y").toFloatArray();
    }
  }

  @Test
  void loadsFromADirectoryWithSessionOptions() {
    try (SavedModel m = SavedModel.load(HALF, new Session.Options().intraOpThreads(1), "serve")) {
      assertEquals(1, m.session().options().intraOpThreads());
      assertArrayEquals(new float[] {2.5f, 3f, 4.5f}, halfPlusTwo(m));
    }
  }

  @Test
  void loadsFromZipBytesAndDeletesTheUnpackedCopyOnClose() {
    byte[] zip = SavedModel.zip(HALF);
    Path unpacked;
    try (SavedModel m = SavedModel.load(zip, new Session.Options())) {
      unpacked = m.directory();
      assertTrue(Files.exists(unpacked.resolve("saved_model.pb")));
      // The asset and the variables came along: the restore and the asset feed read them.
      assertTrue(Files.exists(unpacked.resolve("assets/foo.txt")));
      assertArrayEquals(new float[] {2.5f, 3f, 4.5f}, halfPlusTwo(m));
    }
    assertFalse(Files.exists(unpacked), unpacked + " left behind");
  }

  /** A zip of the folder (zip -r model.zip lookup_tf1/): the model is its single top folder. */
  @Test
  void loadsAZipFileWhoseModelIsInATopFolder(@TempDir Path tmp) throws IOException {
    Path dir = ROOT.resolve("lookup_tf1");
    Path zip = tmp.resolve("model.zip");
    try (OutputStream os = Files.newOutputStream(zip);
        ZipOutputStream out = new ZipOutputStream(os)) {
      for (Path f : List.of(Path.of("saved_model.pb"), Path.of("assets", "vocab.txt"))) {
        out.putNextEntry(new ZipEntry("lookup_tf1/" + f.toString().replace('\\', '/')));
        Files.copy(dir.resolve(f), out);
        out.closeEntry();
      }
    }
    try (SavedModel m = SavedModel.load(zip, new Session.Options())) {
      SavedModelTest.check(m, SavedModelTest.expected(dir));
    }
  }

  @Test
  void listsSignaturesWithKeysDtypesAndShapes() {
    try (SavedModel m = SavedModel.load(ROOT.resolve("lookup_tf1"))) {
      SavedModel.Signature sig = m.signature("serving_default");
      assertEquals(
          List.of("words"), sig.inputs().stream().map(SavedModel.TensorSpec::key).toList());
      assertEquals(DType.STRING, sig.inputs().get(0).dtype());
      assertEquals(PartialShape.of(-1), sig.inputs().get(0).shape());
      assertEquals(
          List.of("ids", "size"), sig.outputs().stream().map(SavedModel.TensorSpec::key).toList());
      assertEquals(DType.INT64, sig.outputs().get(1).dtype());
      assertEquals(PartialShape.of(), sig.outputs().get(1).shape());
    }
  }

  /** TF's answers for ids (fetch 0 of the fixture), without running the size output. */
  @Test
  void runsOnlyTheRequestedOutputs() throws IOException {
    Path dir = ROOT.resolve("lookup_tf1");
    var f = SavedModelTest.expected(dir);
    try (SavedModel m = SavedModel.load(dir);
        Tensor words = dev.rawops.tensor.TensorProtos.toTensor(f.getFeedOrThrow("words"))) {
      Map<String, Tensor> out = m.run("serving_default", Map.of("words", words), List.of("ids"));
      assertEquals(List.of("ids"), List.copyOf(out.keySet()));
      assertTrue(
          dev.rawops.tensor.TensorProtos.toTensor(f.getExpected(0)).contentEquals(out.get("ids")));
      RawOpsException e =
          assertThrows(
              RawOpsException.class,
              () -> m.run("serving_default", Map.of("words", words), List.of("idz")));
      assertEquals(Code.INVALID_ARGUMENT, e.code());
      assertTrue(
          e.getMessage().contains("no output 'idz'; its outputs are: ids, size"), e.getMessage());
    }
  }

  @Test
  void aClosedModelRefusesToRun() {
    SavedModel m = SavedModel.load(HALF);
    m.close();
    m.close(); // twice is fine
    assertThrows(IllegalStateException.class, () -> halfPlusTwo(m));
  }

  @Test
  void zipErrorsSayWhatIsWrong(@TempDir Path tmp) throws IOException {
    RawOpsException notZip =
        assertThrows(
            RawOpsException.class,
            () -> SavedModel.load(new byte[] {1, 2, 3}, new Session.Options()));
    assertEquals(Code.DATA_LOSS, notZip.code());

    Path evil = tmp.resolve("evil.zip");
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(evil))) {
      out.putNextEntry(new ZipEntry("../escaped.txt"));
      out.write(1);
      out.closeEntry();
    }
    RawOpsException slip = assertThrows(RawOpsException.class, () -> SavedModel.load(evil));
    assertEquals(Code.INVALID_ARGUMENT, slip.code());
    assertTrue(slip.getMessage().contains("'../escaped.txt'"), slip.getMessage());
    assertFalse(Files.exists(tmp.resolve("escaped.txt")));

    Path empty = tmp.resolve("nomodel.zip");
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(empty))) {
      out.putNextEntry(new ZipEntry("readme.txt"));
      out.write(1);
      out.closeEntry();
    }
    RawOpsException none = assertThrows(RawOpsException.class, () -> SavedModel.load(empty));
    assertEquals(Code.NOT_FOUND, none.code());
    assertTrue(none.getMessage().contains("holds no SavedModel"), none.getMessage());
  }

  @Test
  void aZipThatInflatesPastTheLimitIsRefusedAsItInflates(@TempDir Path tmp) throws IOException {
    Path bomb = tmp.resolve("bomb.zip");
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(bomb))) {
      out.putNextEntry(new ZipEntry("saved_model.pb"));
      out.write(new byte[4 << 20]); // 4 MiB of zeros, a few KB compressed
      out.closeEntry();
    }
    assertTrue(Files.size(bomb) < 64 << 10, "compressed " + Files.size(bomb));
    Limits.set(Limits.MAX_UNZIPPED_BYTES, 1 << 20);
    try {
      RawOpsException e = assertThrows(RawOpsException.class, () -> SavedModel.load(bomb));
      assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
      assertTrue(e.getMessage().contains("maxUnzippedBytes = 1048576"), e.getMessage());
      assertTrue(e.getMessage().contains("'saved_model.pb'"), e.getMessage());
    } finally {
      Limits.reset(Limits.MAX_UNZIPPED_BYTES);
    }
  }
}
