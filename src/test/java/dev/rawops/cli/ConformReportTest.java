package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code rawops conform --report}, the tolerance precedence (--rtol/--atol over the fixture's own
 * over the default table) and {@code --explain-tolerance}, on fixtures written by hand: GatherNd of
 * [1, 2, 3, 4] at [[2], [0]] is [3, 1].
 */
class ConformReportTest {
  private static final String GRAPH =
      """
      graph {
        node { name: "p" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } }
          attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 4 } }
            float_val: 1 float_val: 2 float_val: 3 float_val: 4 } } } }
        node { name: "i" op: "Const" attr { key: "dtype" value { type: DT_INT32 } }
          attr { key: "value" value { tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } dim { size: 1 } }
            int_val: 2 int_val: 0 } } } }
        node { name: "out" op: "GatherNd" input: "p" input: "i"
          attr { key: "Tparams" value { type: DT_FLOAT } } attr { key: "Tindices" value { type: DT_INT32 } } }
      }
      fetch: "out"
      """;

  @TempDir Path dir;
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  @BeforeEach
  void writeFixtures() throws IOException {
    Files.createDirectories(dir.resolve("ops"));
    write("ops/good", "float_val: 3 float_val: 1", "");
    write("ops/bad <&>|*", "float_val: 3 float_val: 4", "");
    // 1.0000001 (float 0x3f800001) where rawops computes 1: outside an exact comparison only
    write("near/close", "float_val: 3 float_val: 1.0000001", "");
    write("near/own", "float_val: 3 float_val: 1.0000001", "tolerance { rtol: 1e-6 }");
  }

  private void write(String name, String values, String extra) throws IOException {
    Path f = dir.resolve(name.replaceAll("[^a-z/]", "_") + ".fixture.pbtxt");
    Files.createDirectories(f.getParent());
    Files.writeString(
        f,
        "name: \""
            + name
            + "\"\n"
            + GRAPH
            + "expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } "
            + values
            + " }\n"
            + extra);
  }

  private int conform(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    CommandLine cli = new CommandLine(new ConformCommand());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void markdownReport_countsWorstErrorsAndACommandThatRerunsEachFailure() throws IOException {
    Path md = dir.resolve("r.md");
    assertEquals(1, conform("--report", md.toString(), dir.resolve("ops").toString()));
    String text = Files.readString(md);
    assertTrue(text.startsWith("# rawops conform (CPU)"), text);
    assertTrue(text.contains("1 passed, 1 failed of 2 fixtures"), text);
    assertTrue(text.contains("| ops | 1 | 1 | 0 |"), text);
    assertTrue(text.contains("| indexing | 1 | 1 | 0 |"), text); // GatherNd's op family
    assertTrue(text.contains("### ops/bad &lt;&amp;&gt;\\|\\*"), text);
    // the worst error: 4 wanted, 1 got, compared exactly
    assertTrue(
        text.contains("| ops/bad &lt;&amp;&gt;\\|\\* | out | float | 3.00 | 0.750 | exact | inf |"),
        text);
    Path file = dir.resolve("ops/bad______.fixture.pbtxt");
    assertTrue(Files.exists(file));
    String command = "./rawops conform " + file + " --filter '^ops/bad <&>\\|\\*$'";
    assertTrue(text.contains(command), text);
    // the command runs that fixture alone
    assertEquals(1, conform(file.toString(), "--filter", "^ops/bad <&>\\|\\*$"));
    assertTrue(out.toString().strip().endsWith("0 passed, 1 failed"), out.toString());
  }

  @Test
  void htmlReportIsOneEscapedPage() throws IOException {
    Path html = dir.resolve("r.html");
    assertEquals(1, conform("--report", html.toString(), dir.resolve("ops").toString()));
    String text = Files.readString(html);
    assertTrue(text.startsWith("<!DOCTYPE html>"), text);
    assertTrue(text.contains("<h3>ops/bad &lt;&amp;&gt;|*</h3>"), text);
    assertFalse(text.contains("<&>"), text);
    assertFalse(text.contains("<script") || text.contains("src=") || text.contains("href="), text);
    assertTrue(text.contains("--filter &#39;^ops/bad &lt;&amp;&gt;\\|\\*$&#39;"), text);
  }

  @Test
  void reportFileIsCheckedBeforeTheRun() throws IOException {
    Path md = dir.resolve("r.md");
    Files.writeString(md, "keep");
    assertEquals(1, conform("--report", md.toString(), dir.resolve("ops").toString()));
    assertTrue(err.toString().contains("--report would overwrite"), err.toString());
    assertFalse(out.toString().contains("passed"), "nothing ran: " + out);
    assertEquals("keep", Files.readString(md));
    assertEquals(1, conform("--report", md.toString(), "--force", dir.resolve("ops").toString()));
    assertTrue(Files.readString(md).startsWith("# rawops conform"));

    Path link = dir.resolve("link.md");
    Files.createSymbolicLink(link, md);
    assertEquals(1, conform("--report", link.toString(), "--force", dir.resolve("ops").toString()));
    assertTrue(err.toString().contains("symbolic link"), err.toString());
    assertEquals(2, conform("--report", dir.resolve("r.txt").toString(), dir.toString()));
    assertEquals(
        1,
        conform("--report", dir.resolve("no/such/r.md").toString(), dir.resolve("ops").toString()));
    assertTrue(err.toString().contains("no directory"), err.toString());
  }

  @Test
  void tolerancePrecedence_flagsOverTheFixturesOwnOverTheTable() {
    String close = dir.resolve("near/close.fixture.pbtxt").toString();
    String own = dir.resolve("near/own.fixture.pbtxt").toString();
    // GatherNd and Const are exact in the table: one ulp off fails
    assertEquals(1, conform(close));
    assertTrue(out.toString().contains("element 1 [1]: expected 1.0000001"), out.toString());
    // the fixture's own rtol 1e-6 allows it
    assertEquals(0, conform(own));
    // --rtol/--atol win over the fixture's own, both ways
    assertEquals(1, conform("--rtol", "0", own));
    assertEquals(0, conform("--rtol", "1e-6", close));
    assertEquals(0, conform("--bit-exact", own));
    assertEquals(1, conform("--bit-exact", close));
  }

  @Test
  void explainTolerance() {
    assertEquals(0, conform("--explain-tolerance", "MatMul:float"));
    assertTrue(out.toString().contains("MatMul: reorders sums"), out.toString());
    assertTrue(out.toString().contains("  float: rtol 1e-5, atol 1e-5"), out.toString());
    assertEquals(0, conform("--explain-tolerance", "Tanh"));
    assertTrue(out.toString().contains("  half: rtol 1e-3, atol 1e-3"), out.toString());
    assertTrue(out.toString().contains("  float: rtol 1e-6, atol 1e-6"), out.toString());
    assertEquals(0, conform("--explain-tolerance", "GatherNd:DT_FLOAT"));
    assertTrue(out.toString().contains("  float: exact"), out.toString());
    assertEquals(0, conform("--explain-tolerance", "Mul:complex64"));
    assertTrue(out.toString().contains("  complex64: rtol 1e-6, atol 1e-6"), out.toString());
    assertEquals(0, conform("--explain-tolerance"));
    assertTrue(out.toString().contains("| reorders sums |"), out.toString());
    assertEquals(1, conform("--explain-tolerance", "NoSuchOp"));
    assertEquals(2, conform("--explain-tolerance", "MatMul:floaty"));

    assertEquals(
        0, conform("--explain-tolerance", dir.resolve("near/own.fixture.pbtxt").toString()));
    assertTrue(
        out.toString().contains("  out (float): rtol 1e-6, atol 0 — the fixture's own tolerance"),
        out.toString());
    assertEquals(0, conform("--explain-tolerance", dir.resolve("near").toString(), "--atol", "1"));
    assertTrue(
        out.toString().contains("  out (float): rtol 0, atol 1 — --rtol/--atol"), out.toString());
    assertEquals(
        0, conform("--explain-tolerance", dir.resolve("near/close.fixture.pbtxt").toString()));
    assertTrue(
        out.toString()
            .contains(
                "  out (float): exact — the table: exact, as every op computing it is"
                    + " (Const, GatherNd)"),
        out.toString());
  }
}
