package dev.rawops.cli;

import static dev.rawops.cli.CliRun.rawops;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.cli.CliRun.Result;
import dev.rawops.tensor.Npy;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
  @TempDir Path dir;

  @Test
  void run_printsTheSeedExampleLikeNumpy() {
    Result r = rawops("run", "graphs/examples/gather_nd/tensor3_depth2.pbtxt");
    assertEquals(0, r.code(), r.err());
    assertEquals("output:0: dtype=string shape=[2,2]\n[[b'c0' b'd0']\n [b'a1' b'b1']]\n", r.out());
  }

  @Test
  void run_literalFeeds_andNpyOut() throws Exception {
    Result r =
        rawops(
            "run",
            "graphs/examples/gather_nd/fed_params.pbtxt",
            "--feed",
            "params=[['a','b'],['c','d']]",
            "--feed",
            "indices=[[0,0],[1,1]]:int32",
            "--fetch",
            "output",
            "--out",
            dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("[b'a' b'd']"), r.out());
    Tensor saved = Npy.read(dir.resolve("output_0.npy"));
    assertEquals("d", new String(saved.getString(1), StandardCharsets.UTF_8));
  }

  @Test
  void run_npyFeed() throws Exception {
    Path p = dir.resolve("p.npy");
    Npy.write(Tensor.ofStrings(dev.rawops.tensor.Shape.of(2, 2), "w", "x", "y", "z"), p);
    Result r =
        rawops(
            "run",
            "graphs/examples/gather_nd/fed_params.pbtxt",
            "--feed",
            "params=" + p,
            "--feed",
            "indices=[[1,0]]");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("[b'y']"), r.out());
  }

  @Test
  void run_missingFeed_exits1_namingThePlaceholder() {
    Result r = rawops("run", "graphs/examples/gather_nd/fed_params.pbtxt");
    assertEquals(1, r.code());
    assertTrue(
        r.err().contains("INVALID_ARGUMENT") && r.err().contains("placeholder tensor 'params'"),
        r.err());
  }

  @Test
  void validate_printsNodesDtypesShapes() {
    Result r = rawops("validate", "graphs/examples/gather_nd/rows.pbtxt");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("output = GatherNd(params, indices) -> string[2,3]"), r.out());
  }

  /** A node with a million outputs printed all of them (10 MB); the listing is cut with a count. */
  @Test
  void validate_cutsLongOutputListsWithACount() throws Exception {
    Path g = dir.resolve("unpack.pbtxt");
    Files.writeString(
        g,
        """
        node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "shape" value { shape { dim { size: 1000000 } } } } }
        node { name: "u" op: "Unpack" input: "x" attr { key: "T" value { type: DT_FLOAT } }
          attr { key: "num" value { i: 1000000 } } attr { key: "axis" value { i: 0 } } }
        """);
    Result r = rawops("validate", g.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("u = Unpack(x) -> float[], "), r.out());
    assertTrue(r.out().contains(", ... 999984 more"), r.out());
    assertTrue(r.out().length() < 4000, "printed " + r.out().length() + " characters");
  }

  @Test
  void validate_invalidGraph_exits1_withEveryError() throws Exception {
    Path g = dir.resolve("bad.pbtxt");
    Files.writeString(
        g,
        """
        node { name: "p" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } float_val: 1 } } } }
        node { name: "i" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
          attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } dim { size: 3 } } int_val: 0 } } } }
        node { name: "deep" op: "GatherNd" input: "p" input: "i"
          attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT32 } } }
        node { name: "odd" op: "Bogus" }
        """);
    Result r = rawops("validate", g.toString());
    assertEquals(1, r.code());
    assertTrue(
        r.err().contains("node 'deep' (op GatherNd)")
            && r.err().contains("indices.shape[-1] must be <= params.rank"),
        r.err());
    assertTrue(r.err().contains("node 'odd' (op Bogus)") && r.err().contains("NOT_FOUND"), r.err());
    assertTrue(r.err().contains("2 errors"), r.err());
  }

  /** An op rawops lacks is a note, with the class of one that is out of scope (OpScope). */
  @Test
  void validate_notesOpsWithoutKernels_andWhyOutOfScope() throws Exception {
    Path g = dir.resolve("write.pbtxt");
    Files.writeString(
        g,
        """
        node { name: "f" op: "Const" attr { key: "dtype" value { type: DT_STRING } }
          attr { key: "value" value { tensor { dtype: DT_STRING tensor_shape {} string_val: "f" } } } }
        node { name: "w" op: "WriteFile" input: "f" input: "f" }
        node { name: "a" op: "Abort" }
        """);
    Result r = rawops("validate", g.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.out()
            .contains(
                "note: rawops has no kernel for Abort (1), WriteFile (1, out of scope:"
                    + " file-system or checkpoint writing op)"),
        r.out());
  }

  @Test
  void usageErrors_exit2() {
    assertEquals(2, rawops("run").code());
    assertEquals(2, rawops("nonsense").code());
    assertEquals(
        2, rawops("run", "graphs/examples/gather_nd/rows.pbtxt", "--feed", "novalue").code());
  }

  @Test
  void help_onEveryCommand() {
    assertEquals(0, rawops("--help").code());
    assertTrue(rawops("run", "--help").out().contains("--feed"));
    assertTrue(rawops("validate", "--help").out().contains("GRAPH"));
  }

  @Test
  void missingGraphFile_exits1_notFound() {
    Result r = rawops("run", "no/such.pbtxt");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("NOT_FOUND"), r.err());
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({
    "gather_nd_depth_above_rank, output, indices.shape[-1] must be <= params.rank",
    "strided_slice_two_ellipses, out, Multiple ellipses in slice spec not allowed",
    "ragged_gather_output_ragged_rank, out, OUTPUT_RAGGED_RANK must equal rank(indices) + PARAMS_RAGGED_RANK - 1"
  })
  void validate_invalidExampleGraphs_areRejectedBeforeRunning(
      String file, String node, String rule) {
    Result r = rawops("validate", "graphs/invalid/" + file + ".pbtxt");
    assertEquals(1, r.code(), r.out());
    assertTrue(
        r.err().contains("INVALID_ARGUMENT: node '" + node + "'") && r.err().contains(rule),
        r.err());
  }

  @Test
  void inspect_listsInputsDefaultFetchesAndOps() {
    CliRun.Result r = CliRun.rawops("inspect", "graphs/examples/gather_nd/fed_params.pbtxt");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("inputs (2):"), r.out());
    assertTrue(r.out().contains("params: string? (must be fed)"), r.out());
    assertTrue(r.out().contains("indices: int32[?,?] (must be fed)"), r.out());
    assertTrue(r.out().contains("default fetches (1): output:0"), r.out());
    assertTrue(r.out().contains("GatherNd ×1"), r.out());
  }
}
