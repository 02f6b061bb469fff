package dev.rawops.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.DType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The default tolerance table ({@link ToleranceTable}) against the committed fixtures: each one
 * that states its own tolerance (TensorFlow's generator writes one only where a kernel cannot be
 * reproduced bit for bit) must also pass with the table's tolerance instead, which is how the
 * table's values were chosen; and docs/FIXTURES.md shows the table as the code has it ({@code
 * -Dtolerances.write=true} rewrites it).
 */
class ToleranceTableTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."));
  private static final String START = "<!-- tolerance-table:start -->";
  private static final String END = "<!-- tolerance-table:end -->";

  @Test
  void everyCommittedFixtureWithItsOwnTolerancePassesWithTheTableInstead() throws IOException {
    List<Path> files = Fixtures.collect(List.of(ROOT.resolve("graphs/conformance")));
    ConformanceRunner table = new ConformanceRunner(Device.CPU, ToleranceRules.TABLE);
    List<String> failures = new ArrayList<>();
    // worst error / allowed per table cell ("reorders sums float"), and where
    Map<String, String> worst = new TreeMap<>();
    Map<String, Double> worstRatio = new TreeMap<>();
    int checked = 0;
    for (Path file : files) {
      Fixture f = Fixtures.read(file);
      if (!f.hasTolerance() || f.hasError()) {
        continue;
      }
      checked++;
      Fixture bare = f.toBuilder().clearTolerance().build();
      Result r = table.run(bare);
      if (r.failed()) {
        failures.add(file + ": " + r.reason());
      }
      for (Result.OutputError e : r.outputs()) {
        String cell = e.why().replaceAll(", the loosest.*", "") + " [" + e.tolerance() + "]";
        if (!worstRatio.containsKey(cell) || e.worstRatio() > worstRatio.get(cell)) {
          worstRatio.put(cell, e.worstRatio());
          worst.put(
              cell,
              String.format(
                  java.util.Locale.ROOT,
                  "error/allowed %.3g (abs %.3g, rel %.3g) in %s",
                  e.worstRatio(),
                  e.maxAbs(),
                  e.maxRel(),
                  f.getName()));
        }
      }
    }
    StringBuilder summary = new StringBuilder();
    worst.forEach((k, v) -> summary.append(k).append(": ").append(v).append('\n'));
    Path out = ROOT.resolve("target/tolerance-table-measure.txt");
    Files.createDirectories(out.getParent());
    Files.writeString(
        out,
        checked + " fixtures with their own tolerance\n" + summary + String.join("\n", failures),
        StandardCharsets.UTF_8);
    System.out.println("tolerance table: " + checked + " fixtures\n" + summary);
    assertTrue(checked > 500, "only " + checked + " fixtures state a tolerance");
    assertTrue(failures.isEmpty(), failures.size() + " fail with the table:\n" + failures);
  }

  @Test
  void docsShowTheTable() throws IOException {
    Path doc = ROOT.resolve("docs/FIXTURES.md");
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    int a = text.indexOf(START);
    int b = text.indexOf(END);
    assertTrue(a >= 0 && b > a, "docs/FIXTURES.md has no " + START + " … " + END + " section");
    String want = START + "\n" + ToleranceTable.markdown() + END;
    String have = text.substring(a, b + END.length());
    if (Boolean.getBoolean("tolerances.write") && !want.equals(have)) {
      Files.writeString(
          doc,
          text.substring(0, a) + want + text.substring(b + END.length()),
          StandardCharsets.UTF_8);
      return;
    }
    assertEquals(want, have, "docs/FIXTURES.md: rerun with -Dtolerances.write=true");
  }

  @Test
  void kindsAndValues() {
    assertEquals(ToleranceTable.Kind.REORDERS_SUMS, ToleranceTable.kindOf("MatMul"));
    assertEquals(ToleranceTable.Kind.ELEMENTWISE, ToleranceTable.kindOf("Tanh"));
    assertEquals(ToleranceTable.Kind.SAMPLER, ToleranceTable.kindOf("RandomStandardNormal"));
    assertEquals(ToleranceTable.Kind.EXACT, ToleranceTable.kindOf("AddV2"));
    assertEquals(ToleranceTable.Kind.EXACT, ToleranceTable.kindOf("GatherNd"));
    // TensorFlow's kernel-test tolerances: assertAllClose's 1e-6 (float32), 1e-3 (half), 1e-2
    // (bfloat16)
    Tolerance f = ToleranceTable.tolerance(ToleranceTable.Kind.ELEMENTWISE, DType.FLOAT);
    assertEquals(1e-6, f.getRtol());
    assertEquals(
        1e-3, ToleranceTable.tolerance(ToleranceTable.Kind.ELEMENTWISE, DType.HALF).getRtol());
    assertEquals(
        1e-2,
        ToleranceTable.tolerance(ToleranceTable.Kind.REORDERS_SUMS, DType.BFLOAT16).getRtol());
    for (ToleranceTable.Kind k : ToleranceTable.Kind.values()) {
      assertNull(ToleranceTable.tolerance(k, DType.INT32));
      assertNull(ToleranceTable.tolerance(k, DType.BOOL));
      assertNull(ToleranceTable.tolerance(ToleranceTable.Kind.EXACT, DType.FLOAT));
    }
    assertEquals("1e-6", ToleranceTable.num(1e-6));
    assertEquals("2e-2", ToleranceTable.num(0.02));
  }

  @Test
  void anOutputGetsTheLoosestKindAmongTheOpsComputingIt() {
    Fixture f =
        Fixtures.parseText(
            """
            name: "t/matmul_then_tanh"
            graph {
              node { name: "a" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
              node { name: "mm" op: "MatMul" input: "a" input: "a"
                     attr { key: "T" value { type: DT_FLOAT } } }
              node { name: "t" op: "Tanh" input: "mm" attr { key: "T" value { type: DT_FLOAT } } }
              node { name: "side" op: "Tanh" input: "a" attr { key: "T" value { type: DT_FLOAT } } }
              node { name: "shape" op: "Shape" input: "t" attr { key: "T" value { type: DT_FLOAT } } }
            }
            fetch: "t" fetch: "side" fetch: "shape" fetch: "a"
            expected { dtype: DT_FLOAT } expected { dtype: DT_FLOAT }
            expected { dtype: DT_INT32 } expected { dtype: DT_FLOAT }
            """,
            "test");
    List<ToleranceRules.Applied> a = ToleranceRules.TABLE.explain(f, null);
    assertEquals(Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-5).build(), a.get(0).tolerance());
    assertTrue(a.get(0).why().contains("MatMul ('mm')"), a.get(0).why());
    assertEquals(Tolerance.newBuilder().setRtol(1e-6).setAtol(1e-6).build(), a.get(1).tolerance());
    assertNull(a.get(2).tolerance(), "int32 is exact");
    assertNull(a.get(3).tolerance(), "a Placeholder's value is exact");
    assertTrue(a.get(3).why().contains("exact"), a.get(3).why());

    Tolerance own = Tolerance.newBuilder().setRtol(0.5).build();
    Tolerance flags = Tolerance.newBuilder().setAtol(0.25).build();
    Fixture withOwn = f.toBuilder().setTolerance(own).build();
    assertEquals(own, ToleranceRules.TABLE.explain(withOwn, null).get(1).tolerance());
    assertEquals(
        flags, new ToleranceRules(flags, null, true).explain(withOwn, null).get(1).tolerance());
    assertNull(new ToleranceRules(flags, null, true).explain(withOwn, null).get(2).tolerance());
    assertNull(ToleranceRules.BIT_EXACT.explain(f, null).get(0).tolerance());
  }

  @Test
  void functionBodiesCount() {
    Fixture f =
        Fixtures.parseText(
            """
            name: "t/call"
            graph {
              node { name: "a" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
              node { name: "c" op: "PartitionedCall" input: "a"
                     attr { key: "f" value { func { name: "sum_it" } } } }
              library { function { signature { name: "sum_it" }
                node_def { name: "s" op: "Sum" } } }
            }
            fetch: "c"
            expected { dtype: DT_DOUBLE }
            """,
            "test");
    ToleranceRules.Applied a = ToleranceRules.TABLE.explain(f, null).get(0);
    assertEquals(Tolerance.newBuilder().setRtol(1e-12).setAtol(1e-12).build(), a.tolerance());
    assertTrue(a.why().contains("Sum ('sum_it/s')"), a.why());
    assertFalse(ToleranceRules.opsComputing(f.getGraph(), "c").isEmpty());
  }
}
