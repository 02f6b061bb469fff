package dev.rawops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.kernels.KernelRegistry;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.ops.OpRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/OPS.md and README's coverage line are what {@link OpsTable} makes of today's registries and
 * fixtures. {@value OpsTable#COMMAND} rewrites both.
 */
class OpsTableTest {
  private static final Path OPS_MD = Path.of("docs/OPS.md");
  private static final Path README = Path.of("README.md");
  private static final String README_PREFIX = "Coverage of TensorFlow's CPU ops (";

  private static OpsTable table;

  @BeforeAll
  static void generate() throws IOException {
    table =
        OpsTable.build(
            OpRegistry.builtIn(),
            KernelRegistry.builtIn(),
            FixtureOps.scan(Path.of("graphs/conformance")));
    if (Boolean.getBoolean("ops.write")) {
      Files.writeString(OPS_MD, table.render(), StandardCharsets.UTF_8);
      Files.writeString(README, withReadmeLine(Files.readString(README)), StandardCharsets.UTF_8);
    }
  }

  /** README with its coverage line replaced by today's. */
  private static String withReadmeLine(String readme) {
    List<String> lines = readme.lines().toList();
    StringBuilder out = new StringBuilder();
    boolean found = false;
    for (String line : lines) {
      if (line.startsWith(README_PREFIX)) {
        line = table.readmeLine();
        found = true;
      }
      out.append(line).append('\n');
    }
    assertTrue(found, "README.md has no line starting \"" + README_PREFIX + "\"");
    return out.toString();
  }

  @Test
  void opsMdIsWhatTheGeneratorWrites() throws IOException {
    String want = table.render();
    String got = Files.exists(OPS_MD) ? Files.readString(OPS_MD) : "";
    if (!want.equals(got)) {
      fail(
          "docs/OPS.md is not what the registries and fixtures give today ("
              + firstDifference(want, got)
              + "); regenerate it with\n  "
              + OpsTable.COMMAND);
    }
  }

  @Test
  void readmeGivesTheTotals() throws IOException {
    String readme = Files.readString(README);
    if (!readme.equals(withReadmeLine(readme))) {
      fail(
          "README.md's coverage line must be \""
              + table.readmeLine()
              + "\"; regenerate it with\n  "
              + OpsTable.COMMAND);
    }
  }

  @Test
  void everyTfCpuOpHasOneRow() {
    Set<String> listed = new TreeSet<>();
    for (OpsTable.Row r : table.rows) {
      assertTrue(listed.add(r.op()), "two rows for " + r.op());
    }
    assertEquals(TfCpuRegistrations.ops(), listed);
  }

  @Test
  void theSameInputsGiveTheSameBytes() {
    OpsTable again =
        OpsTable.build(
            OpRegistry.builtIn(),
            KernelRegistry.builtIn(),
            FixtureOps.scan(Path.of("graphs/conformance")));
    assertEquals(table.render(), again.render());
  }

  private static String firstDifference(String want, String got) {
    String[] w = want.split("\n", -1);
    String[] g = got.split("\n", -1);
    for (int i = 0; i < Math.max(w.length, g.length); i++) {
      String a = i < w.length ? w[i] : "<end of file>";
      String b = i < g.length ? g[i] : "<end of file>";
      if (!a.equals(b)) {
        return "line " + (i + 1) + ": want \"" + a + "\", found \"" + b + "\"";
      }
    }
    return "same lines";
  }
}
