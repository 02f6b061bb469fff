package dev.rawops.cli;

import static dev.rawops.cli.CliRun.rawops;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.cli.CliRun.Result;
import dev.rawops.tensor.Npy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rawops run} and {@code validate} on RaggedGather graphs. */
class RaggedRunTest {
  private static final String SEED = "graphs/examples/ragged_gather/seed.pbtxt";

  @TempDir Path dir;

  @Test
  void run_seedExample_printsOneRaggedTensor() {
    Result r = rawops("run", SEED);
    assertEquals(0, r.code(), r.err());
    assertEquals(
        "out: ragged dtype=int32 ragged_rank=1 rank=2 nrows=3\n[[3, 4, 5], [1, 2], []]\n", r.out());
  }

  @Test
  void run_allOutputsFetchedInAnyOrder_printsOneRaggedTensor() {
    Result r =
        rawops(
            "run",
            "graphs/examples/ragged_gather/matrix_indices.pbtxt",
            "--fetch",
            "out:2",
            "--fetch",
            "out:0",
            "--fetch",
            "out:1");
    assertEquals(0, r.code(), r.err());
    assertEquals(
        "out: ragged dtype=int32 ragged_rank=2 rank=3 nrows=2\n[[[3, 4, 5], [1, 2]], [[6], [6]]]\n",
        r.out());
  }

  @Test
  void run_someOutputsFetched_printsThemAsTensors() {
    Result r = rawops("run", SEED, "--fetch", "out:0");
    assertEquals(0, r.code(), r.err());
    assertEquals("out:0: dtype=int64 shape=[4]\n[0 3 5 5]\n", r.out());
  }

  @Test
  void run_out_writesEachComponent() {
    Result r = rawops("run", SEED, "--out", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("out: ragged dtype=int32"), r.out());
    assertArrayEquals(new long[] {0, 3, 5, 5}, Npy.read(dir.resolve("out_0.npy")).toLongArray());
    assertArrayEquals(new long[] {3, 4, 5, 1, 2}, Npy.read(dir.resolve("out_1.npy")).toLongArray());
  }

  @Test
  void run_fedIndices() {
    Result r =
        rawops(
            "run",
            "graphs/examples/ragged_gather/strings_fed_indices.pbtxt",
            "--feed",
            "indices=[2,3]");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().endsWith("[[b'c', b'', b\"e'q\"], [b'f']]\n"), r.out());
  }

  @Test
  void validate_wrongOutputRaggedRank_rejectedBeforeRunning() throws Exception {
    Path bad = dir.resolve("bad.pbtxt");
    Files.writeString(
        bad,
        Files.readString(Path.of(SEED))
            .replace(
                "key: \"OUTPUT_RAGGED_RANK\" value { i: 1 }",
                "key: \"OUTPUT_RAGGED_RANK\" value { i: 2 }"));
    Result r = rawops("validate", bad.toString());
    assertEquals(1, r.code(), r.out());
    assertTrue(
        r.err()
            .contains(
                "INVALID_ARGUMENT: node 'out' (op RaggedGather): Shape must be rank 2 but is rank 1"),
        r.err());
    assertTrue(
        r.err().contains("rank(indices) + PARAMS_RAGGED_RANK - 1 = 1 + 1 - 1 = 1, but it is 2"),
        r.err());
  }
}
