package dev.rawops.cli;

import static dev.rawops.cli.CliRun.rawops;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rawops run --threads/--stats/--trace}. */
class RunStatsTraceTest {
  private static final String GRAPH = "graphs/examples/gather_nd/tensor3_depth2.pbtxt";

  @Test
  void statsListPerOpTotalsAndThePoolPeak() {
    CliRun.Result r = rawops("run", GRAPH, "--stats", "--threads", "1");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("GatherNd "), r.out());
    assertTrue(r.out().contains("time_ms"), r.out());
    assertTrue(r.out().contains("pool peak bytes: "), r.out());
    assertTrue(r.out().contains("warm-up included"), r.out());
  }

  @Test
  void traceIsChromeJsonWithOneSlicePerNode(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("t.json");
    CliRun.Result r = rawops("run", GRAPH, "--trace", trace.toString());
    assertEquals(0, r.code(), r.err());
    String json = Files.readString(trace);
    assertTrue(json.startsWith("{\"displayTimeUnit\""), json);
    assertTrue(json.contains("\"ph\": \"X\""), json);
    assertTrue(json.contains("\"cat\": \"GatherNd\""), json);
    assertTrue(json.contains("\"thread_name\""), json);
    assertTrue(json.strip().endsWith("]}"), json);
  }

  @Test
  void threadsBelowOne_isAUsageError() {
    assertEquals(2, rawops("run", GRAPH, "--threads", "0").code());
  }
}
