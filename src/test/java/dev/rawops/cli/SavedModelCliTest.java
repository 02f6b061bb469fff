package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code rawops run DIR} and {@code rawops validate DIR} on TF-exported SavedModels. */
class SavedModelCliTest {
  @Test
  void runsTheDefaultSignatureWithOutputsByKey() {
    CliRun.Result r =
        CliRun.rawops(
            "run",
            "graphs/savedmodels/resource_variables",
            "--feed",
            "indices=[[2],[0],[3]]",
            "--feed",
            "flag=True");
    assertEquals(0, r.code(), r.err());
    // TF 2.18's answers (graphs/savedmodels/resource_variables/expected.pbtxt)
    assertTrue(r.out().contains("gathered: dtype=int32 shape=[2,2]\n[[7 8]\n [1 2]]"), r.out());
    assertTrue(r.out().contains("picked: dtype=int32 shape=[2]\n[5 6]"), r.out());
    assertTrue(r.out().contains("rows: dtype=int32 shape=[3,2]\n[[5 6]\n [1 2]\n [7 8]]"), r.out());
  }

  @Test
  void runsWhileAndCase() {
    CliRun.Result r =
        CliRun.rawops(
            "run",
            "graphs/savedmodels/while_case",
            "--tag",
            "serve",
            "--signature",
            "serving_default",
            "--feed",
            "start=[0]",
            "--feed",
            "words=['a','b','c','d']",
            "--feed",
            "which=7");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("rotated: dtype=string shape=[4]\n[b'd' b'a' b'b' b'c']"), r.out());
    assertTrue(r.out().contains("sliced: dtype=string shape=[2]\n[b'c' b'd']"), r.out());
    assertTrue(r.out().contains("steps: dtype=int32 shape=[1]\n[3]"), r.out());
  }

  @Test
  void aFeedOfTheWrongDtypeFails() {
    CliRun.Result r =
        CliRun.rawops(
            "run",
            "graphs/savedmodels/resource_variables",
            "--feed",
            "indices=[[2]]:int64",
            "--feed",
            "flag=True");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("INVALID_ARGUMENT") && r.err().contains("'indices'"), r.err());
  }

  @Test
  void validateListsTagsSignaturesAndFunctions() {
    CliRun.Result r = CliRun.rawops("validate", "graphs/savedmodels/while_case");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("tags: serve"), r.out());
    assertTrue(r.out().contains("signature serving_default"), r.out());
    assertTrue(r.out().contains("input  words: string[4] (words:0)"), r.out());
    assertTrue(r.out().contains("output steps: int32"), r.out());
    assertTrue(r.out().contains("functions: body_"), r.out());
    // and each node of the graph, as for a GraphDef
    assertTrue(r.out().contains("  words = Placeholder() -> string[4]"), r.out());
  }

  @Test
  void statsTraceThreadsAndTimeoutApplyToSavedModelRuns(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path trace = dir.resolve("t.json");
    CliRun.Result r =
        CliRun.rawops(
            "run",
            "graphs/savedmodels/resource_variables",
            "--feed",
            "indices=[[2],[0],[3]]",
            "--feed",
            "flag=True",
            "--threads",
            "1",
            "--timeout",
            "60",
            "--stats",
            "--trace",
            trace.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("gathered: dtype=int32 shape=[2,2]\n[[7 8]\n [1 2]]"), r.out());
    assertTrue(r.out().contains("StatefulPartitionedCall "), "per-op stats: " + r.out());
    assertTrue(java.nio.file.Files.readString(trace).contains("\"VarHandleOp\""), "trace written");
    CliRun.Result fetch =
        CliRun.rawops("run", "graphs/savedmodels/resource_variables", "--fetch", "x");
    assertEquals(2, fetch.code());
    assertTrue(!fetch.err().contains("Usage:"), fetch.err());
  }
}
