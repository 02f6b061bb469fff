package dev.rawops.cli;

import static dev.rawops.cli.CliRun.rawops;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.RawOpsException;
import dev.rawops.cli.CliRun.Result;
import dev.rawops.tensor.Npy;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issues #16.6 and #17: every failure of the CLI is one {@code error: CODE: ...} line and exit 1 (2
 * only for a malformed command line), {@code --out} is checked before the graph runs and never
 * overwrites or merges files, feeds from {@code .npz} files and {@code --cast}.
 */
class CliFailuresTest {
  private static final String FED = "graphs/examples/gather_nd/fed_params.pbtxt";
  private static final String SEED = "graphs/examples/gather_nd/tensor3_depth2.pbtxt";

  @TempDir Path dir;

  private static void assertFailed(Result r, String code) {
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.err().startsWith("error: " + code + ": "), r.err());
    assertFalse(r.err().contains("\tat "), "no stack trace without --verbose: " + r.err());
  }

  @Test
  void aFeedNamingAControlInput_isInvalidArgument() {
    assertFailed(rawops("run", FED, "--feed", "^x=1"), "INVALID_ARGUMENT");
  }

  @Test
  void outThatIsAFile_failsBeforeTheGraphRuns() throws IOException {
    Path file = Files.writeString(dir.resolve("f"), "x");
    Result r = rawops("run", SEED, "--out", file.toString());
    assertFailed(r, "FAILED_PRECONDITION");
    assertEquals("", r.out(), "nothing ran, nothing printed");
    Result under = rawops("run", SEED, "--out", file.resolve("sub").toString());
    assertEquals(1, under.code(), under.err());
    assertEquals("", under.out());
    assertFalse(under.err().contains("\tat "), under.err());
  }

  @Test
  void outUnderProc_failsBeforeTheGraphRuns() {
    Result r = rawops("run", SEED, "--out", "/proc/nonexistent");
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().startsWith("error: "), r.err());
    assertEquals("", r.out());
    assertFalse(r.err().contains("\tat "), r.err());
  }

  @Test
  void out_refusesToOverwrite_unlessForced() throws IOException {
    assertEquals(0, rawops("run", SEED, "--out", dir.toString()).code());
    Path file = dir.resolve("output_0.npy");
    Files.write(file, new byte[] {1});
    Result again = rawops("run", SEED, "--out", dir.toString());
    assertFailed(again, "ALREADY_EXISTS");
    assertTrue(again.err().contains("--force"), again.err());
    assertEquals(1, Files.size(file), "left alone");
    Result forced = rawops("run", SEED, "--out", dir.toString(), "--force");
    assertEquals(0, forced.code(), forced.err());
    assertEquals("c0", new String(Npy.read(file).getString(0), StandardCharsets.UTF_8));
  }

  @Test
  void out_neverMapsTwoFetchesToOneFile() throws IOException {
    Path g =
        Files.writeString(
            dir.resolve("g.pbtxt"),
            """
            node { name: "scope/out" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
              attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 1 } } } }
            node { name: "scope_out" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
              attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 2 } } } }
            """);
    Path out = dir.resolve("out");
    Result r = rawops("run", g.toString(), "--out", out.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(1, Npy.read(out.resolve("scope_out_0.npy")).getInt(0));
    assertEquals(2, Npy.read(out.resolve("scope_out_0-2.npy")).getInt(0));
    assertTrue(r.out().contains("written to " + out.resolve("scope_out_0-2.npy")), r.out());
  }

  @Test
  void anEmptyGraph_isAnError() throws IOException {
    Path g = Files.writeString(dir.resolve("empty.pbtxt"), "versions { producer: 1994 }\n");
    Result r = rawops("run", g.toString());
    assertFailed(r, "INVALID_ARGUMENT");
    assertTrue(r.err().contains("nothing to run"), r.err());
  }

  @Test
  void everyMissingFeed_isNamedInOneError() {
    Result r = rawops("run", FED);
    assertFailed(r, "INVALID_ARGUMENT");
    assertTrue(r.err().contains("placeholder tensor 'params'"), r.err());
    assertTrue(
        r.err().contains("2 placeholders are not fed")
            && r.err().contains("'indices' with dtype int32"),
        r.err());
    Result one = rawops("run", FED, "--feed", "params=[['a']]");
    assertTrue(one.err().contains("placeholder tensor 'indices'"), one.err());
  }

  private Path npz(String... keysThenFiles) throws IOException {
    Path z = dir.resolve("feeds.npz");
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(z))) {
      for (int i = 0; i < keysThenFiles.length; i += 2) {
        zip.putNextEntry(new ZipEntry(keysThenFiles[i] + ".npy"));
        zip.write(Files.readAllBytes(Path.of(keysThenFiles[i + 1])));
        zip.closeEntry();
      }
    }
    return z;
  }

  private Path npy(String name, Tensor t) {
    Path p = dir.resolve(name);
    Npy.write(t, p);
    return p;
  }

  @Test
  void npzFeeds_byKey_orTheOnlyArray() throws IOException {
    Path params = npy("p.npy", Tensor.ofStrings(Shape.of(2, 2), "w", "x", "y", "z"));
    Path indices = npy("i.npy", Tensor.ofInts(Shape.of(1, 2), 1, 0));
    Path z = npz("params", params.toString(), "indices", indices.toString());
    Result r =
        rawops(
            "run", FED, "--feed", "params=" + z + ":params", "--feed", "indices=" + z + ":indices");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("[b'y']"), r.out());
    Result missingKey =
        rawops("run", FED, "--feed", "params=" + z + ":nope", "--feed", "indices=[[0,0]]");
    assertFailed(missingKey, "NOT_FOUND");
    assertTrue(missingKey.err().contains("keys: params, indices"), missingKey.err());
    Result ambiguous = rawops("run", FED, "--feed", "params=" + z, "--feed", "indices=[[0,0]]");
    assertFailed(ambiguous, "INVALID_ARGUMENT");
    Path notZip = Files.writeString(dir.resolve("bad.npz"), "not a zip");
    assertFailed(
        rawops("run", FED, "--feed", "params=" + notZip, "--feed", "indices=[[0,0]]"),
        "INVALID_ARGUMENT");
  }

  @Test
  void numpysDefaultInt64_needsAnExplicitCast() {
    Path params = npy("p.npy", Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"));
    Path indices = npy("i.npy", Tensor.ofLongs(Shape.of(2, 2), 0, 0, 1, 1));
    Result r = rawops("run", FED, "--feed", "params=" + params, "--feed", "indices=" + indices);
    assertFailed(r, "INVALID_ARGUMENT");
    assertTrue(
        r.err().contains("is int64 but the graph expects int32") && r.err().contains("--cast"),
        r.err());
    Result cast =
        rawops("run", FED, "--cast", "--feed", "params=" + params, "--feed", "indices=" + indices);
    assertEquals(0, cast.code(), cast.err());
    assertTrue(cast.out().contains("[b'a' b'd']"), cast.out());
    Path big = npy("big.npy", Tensor.ofLongs(Shape.of(1, 2), 0, 1L << 40));
    Result range =
        rawops("run", FED, "--cast", "--feed", "params=" + params, "--feed", "indices=" + big);
    assertFailed(range, "INVALID_ARGUMENT");
    assertTrue(range.err().contains("1099511627776 is out of range for int32"), range.err());
  }

  @Test
  void cast_float64ToInt_mustBeWhole_andStringsNeverCast() {
    Tensor halves = Tensor.ofDoubles(Shape.of(1, 2), 0, 0.5);
    RawOpsException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            RawOpsException.class, () -> Feeds.cast(halves, dev.rawops.tensor.DType.INT32, "f"));
    assertTrue(e.getMessage().contains("0.5 is not a whole number"), e.getMessage());
    Tensor ok = Feeds.cast(Tensor.ofDoubles(Shape.of(2), 3, -4), dev.rawops.tensor.DType.INT8, "f");
    assertEquals(3, ok.getByte(0));
    assertEquals(-4, ok.getByte(1));
    // float64 1e300 is out of float32's range (NumPy's astype would give inf silently)
    assertTrue(
        org.junit.jupiter.api.Assertions.assertThrows(
                RawOpsException.class,
                () ->
                    Feeds.cast(
                        Tensor.ofDoubles(Shape.of(1), 1e300), dev.rawops.tensor.DType.FLOAT, "f"))
            .getMessage()
            .contains("out of range for float"));
    org.junit.jupiter.api.Assertions.assertThrows(
        RawOpsException.class,
        () -> Feeds.cast(Tensor.ofStrings(Shape.of(1), "1"), dev.rawops.tensor.DType.INT32, "f"));
  }

  @Test
  void errorsAndRuntimeExceptions_becomeStatusLines() {
    assertTrue(
        Main.message(new OutOfMemoryError("Java heap space")).startsWith("RESOURCE_EXHAUSTED: "));
    assertTrue(Main.message(new StackOverflowError()).startsWith("RESOURCE_EXHAUSTED: "));
    assertTrue(Main.message(new IndexOutOfBoundsException("5")).startsWith("INTERNAL: "));
    assertTrue(
        Main.message(new java.io.UncheckedIOException(new java.nio.file.NoSuchFileException("/x")))
            .startsWith("NOT_FOUND: "));
    StringWriter quiet = new StringWriter();
    assertEquals(1, Main.fail(new PrintWriter(quiet), new StackOverflowError(), false));
    assertFalse(quiet.toString().contains("\tat "), quiet.toString());
    assertTrue(quiet.toString().contains("--verbose"), quiet.toString());
    StringWriter loud = new StringWriter();
    Main.fail(new PrintWriter(loud), new StackOverflowError(), true);
    assertTrue(loud.toString().contains("\tat "), loud.toString());
  }

  @Test
  void verbose_showsTheStackTrace_onAnyCommand() {
    Result r = rawops("run", "no/such/graph.pbtxt", "--verbose");
    assertEquals(1, r.code());
    assertTrue(r.err().startsWith("error: NOT_FOUND: ") && r.err().contains("\tat "), r.err());
    assertEquals(1, rawops("validate", "--verbose", "no/such/graph.pbtxt").code());
  }

  @Test
  void exitCodes_sameInEveryCommand() {
    for (String cmd : new String[] {"run", "validate", "explain", "inspect", "conform"}) {
      Result missing = rawops(cmd, "no/such/file.pbtxt");
      assertEquals(1, missing.code(), cmd + ": " + missing.err());
      assertTrue(missing.err().contains("NOT_FOUND"), cmd + ": " + missing.err());
      assertEquals(2, rawops(cmd, "--no-such-option", "x").code(), cmd);
    }
  }

  @Test
  void resourceTensors_cannotBeFedOrWritten_andFailBeforeRunning() throws IOException {
    Path g =
        Files.writeString(
            dir.resolve("res.pbtxt"),
            """
            node { name: "v" op: "VarHandleOp" attr { key: "dtype" value { type: DT_INT32 } }
              attr { key: "shape" value { shape {} } } attr { key: "shared_name" value { s: "v" } } }
            """);
    Result out = rawops("run", g.toString(), "--out", dir.resolve("o").toString());
    assertFailed(out, "UNIMPLEMENTED");
    assertEquals("", out.out());
    assertFailed(rawops("run", g.toString(), "--feed", "v=1"), "INVALID_ARGUMENT");
  }

  @Test
  void savedModel_everyMissingInput_isNamedInOneError() {
    Result r = rawops("run", "graphs/savedmodels/while_case", "--feed", "start=[0]");
    assertFailed(r, "INVALID_ARGUMENT");
    assertTrue(r.err().contains("needs 2 inputs it was not given"), r.err());
    assertTrue(
        r.err().contains("which: int32[] (which:0)") && r.err().contains("words: string[4]"),
        r.err());
  }

  @Test
  void timeout_endsAnEndlessLoop_andIsChecked() throws IOException {
    Path g =
        Files.writeString(
            dir.resolve("endless.pbtxt"),
            """
            node { name: "x" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
              attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 7 } } } }
            node { name: "out" op: "While" input: "x"
              attr { key: "T" value { list { type: DT_INT32 } } }
              attr { key: "cond" value { func { name: "yes" } } }
              attr { key: "body" value { func { name: "same" } } } }
            library {
              function {
                signature { name: "yes" input_arg { name: "a" type: DT_INT32 }
                  output_arg { name: "r" type: DT_BOOL } }
                node_def { name: "t" op: "Const" attr { key: "dtype" value { type: DT_BOOL } }
                  attr { key: "value" value { tensor { dtype: DT_BOOL tensor_shape {}
                    bool_val: true } } } }
                ret { key: "r" value: "t:output:0" }
              }
              function {
                signature { name: "same" input_arg { name: "a" type: DT_INT32 }
                  output_arg { name: "r" type: DT_INT32 } }
                ret { key: "r" value: "a" }
              }
            }
            """);
    Result r = rawops("run", g.toString(), "--timeout", "0.3");
    assertFailed(r, "DEADLINE_EXCEEDED");
    assertTrue(r.err().contains("timeout of 300 ms"), r.err());
    for (String bad : new String[] {"0", "-1", "NaN"}) {
      Result b = rawops("run", g.toString(), "--timeout", bad);
      assertEquals(2, b.code(), bad + ": " + b.err());
      assertTrue(b.err().contains("--timeout must be a positive number"), b.err());
    }
  }

  @Test
  void trace_isCheckedBeforeTheRun_neverOverwritesTheGraph_orAFileWithoutForce()
      throws IOException {
    Path graph = Files.copy(Path.of(SEED), dir.resolve("g.pbtxt"));
    byte[] before = Files.readAllBytes(graph);
    Result self = rawops("run", graph.toString(), "--trace", graph.toString(), "--force");
    assertFailed(self, "INVALID_ARGUMENT");
    assertEquals("", self.out(), "checked before the run");
    assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(graph)), "graph untouched");
    Path old = Files.writeString(dir.resolve("old.json"), "keep");
    Result noForce = rawops("run", SEED, "--trace", old.toString());
    assertFailed(noForce, "ALREADY_EXISTS");
    assertEquals("", noForce.out());
    assertEquals("keep", Files.readString(old));
    assertEquals(0, rawops("run", SEED, "--trace", old.toString(), "--force").code());
    assertTrue(Files.readString(old).startsWith("{") || Files.readString(old).startsWith("["));
  }

  @Test
  void trace_andOut_neverWriteThroughAPlantedSymlink_evenWithForce() throws IOException {
    Path victim = Files.writeString(dir.resolve("victim"), "keep");
    Path link = Files.createSymbolicLink(dir.resolve("t.json"), victim);
    assertFailed(rawops("run", SEED, "--trace", link.toString(), "--force"), "FAILED_PRECONDITION");
    Path outDir = Files.createDirectories(dir.resolve("out"));
    Result probe = rawops("run", SEED, "--out", outDir.toString());
    assertEquals(0, probe.code(), probe.err());
    Path written;
    try (var files = Files.list(outDir)) {
      written = files.findFirst().orElseThrow();
    }
    Files.delete(written);
    Files.createSymbolicLink(written, victim);
    Result r = rawops("run", SEED, "--out", outDir.toString(), "--force");
    assertFailed(r, "FAILED_PRECONDITION");
    assertTrue(r.err().contains("symbolic link"), r.err());
    assertEquals("keep", Files.readString(victim));
  }

  @Test
  void aMalformedOption_printsOneLine_notTheWholeUsage() {
    Result r = rawops("run", SEED, "--threads", "0");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().startsWith("error: --threads must be at least 1, got 0"), r.err());
    assertFalse(r.err().contains("Usage:"), r.err());
    Result many = rawops("run", SEED, "--threads", "100000");
    assertEquals(2, many.code(), many.err());
    assertTrue(many.err().startsWith("error: --threads must be at most 1024"), many.err());
  }

  @Test
  void version_isTheProjectVersion() throws IOException {
    String pom = Files.readString(Path.of("pom.xml"));
    int at = pom.indexOf("<version>", pom.indexOf("<artifactId>rawops</artifactId>"));
    String version = pom.substring(at + 9, pom.indexOf("</version>", at));
    Result r = rawops("--version");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("rawops " + version + " "), r.out());
  }

  @Test
  void conform_aBadFilter_isOneLine() {
    Result r = rawops("conform", "graphs/conformance/nn", "--filter", "([");
    assertEquals(2, r.code(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().startsWith("error: --filter is not a regular expression: "), r.err());
  }

  /** A .npy stream's bytes: a version 1.0 header for {@code dict}, then {@code data}. */
  private static byte[] npyBytes(String dict, byte[] data) {
    StringBuilder h = new StringBuilder(dict);
    while ((10 + h.length() + 1) % 64 != 0) {
      h.append(' ');
    }
    h.append('\n');
    byte[] head = h.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    java.nio.ByteBuffer b =
        java.nio.ByteBuffer.allocate(10 + head.length + data.length)
            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
    b.putShort((short) head.length).put(head).put(data);
    return b.array();
  }

  private Path npzOf(String name, String key, byte[] member) throws IOException {
    Path z = dir.resolve(name);
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(z))) {
      zip.putNextEntry(new ZipEntry(key + ".npy"));
      zip.write(member);
      zip.closeEntry();
    }
    return z;
  }

  @Test
  void npz_keysWithSlashes_trailingBytes_andHugeDeclaredMembers() throws IOException {
    byte[] indices = new byte[8];
    indices[0] = 1; // int32 [[1, 0]]
    byte[] valid = npyBytes("{'descr': '<i4', 'fortran_order': False, 'shape': (1, 2), }", indices);
    Path params = npy("p.npy", Tensor.ofStrings(Shape.of(2, 2), "w", "x", "y", "z"));
    Path slash = npzOf("slash.npz", "scope/indices", valid);
    Result r =
        rawops(
            "run",
            FED,
            "--feed",
            "params=" + params,
            "--feed",
            "indices=" + slash + ":scope/indices");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("[b'y']"), r.out());
    byte[] junk = java.util.Arrays.copyOf(valid, valid.length + 5); // numpy ignores what follows
    Path trailing = npzOf("trailing.npz", "indices", junk);
    Result t = rawops("run", FED, "--feed", "params=" + params, "--feed", "indices=" + trailing);
    assertEquals(0, t.code(), t.err());
    byte[] huge =
        npyBytes(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (8589934592,), }", new byte[64]);
    Path big = npzOf("big.npz", "indices", huge);
    long start = System.nanoTime();
    Result b = rawops("run", FED, "--feed", "params=" + params, "--feed", "indices=" + big);
    assertFailed(b, "RESOURCE_EXHAUSTED");
    assertTrue(b.err().contains("big.npz:indices declares 34359738496 bytes"), b.err());
    assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused before inflating");
  }
}
