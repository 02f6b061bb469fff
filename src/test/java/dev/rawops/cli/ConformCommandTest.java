package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import picocli.CommandLine;

class ConformCommandTest {
  // GatherNd of the Const [1, 2, 3, 4] at Const indices [[2], [0]]: [3, 1] (written by hand).
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
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeEach
  void writeFixtures() throws IOException {
    Files.createDirectories(dir.resolve("ops"));
    Files.writeString(
        dir.resolve("ops/good.fixture.pbtxt"),
        "name: \"ops/good\"\n"
            + GRAPH
            + "expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } float_val: 3 float_val: 1 }");
    Files.writeString(
        dir.resolve("ops/bad.fixture.pbtxt"),
        "name: \"ops/bad <&>\"\n"
            + GRAPH
            + "expected { dtype: DT_FLOAT tensor_shape { dim { size: 2 } } float_val: 3 float_val: 4 }");
  }

  private int conform(String... args) {
    CommandLine cli = new CommandLine(new ConformCommand());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  private String lastLine() {
    String text = out.toString().strip();
    return text.substring(text.lastIndexOf('\n') + 1);
  }

  @Test
  void reportsFailuresAndCounts() {
    assertEquals(1, conform(dir.toString()));
    assertTrue(
        out.toString().contains("FAIL ops/bad <&>: fetch 0 ('out'): element 1 [1]: expected 4.0"),
        out.toString());
    assertEquals("1 passed, 1 failed", lastLine());
  }

  @Test
  void exitZeroWhenEverythingPasses() {
    assertEquals(0, conform("--filter", "good$", dir.toString()));
    assertEquals("1 passed, 0 failed", out.toString().strip());
  }

  @Test
  void gpuWithoutKernelsSkipsEverything_isAFailureNotAPass() {
    assertEquals(1, conform("--device", "gpu", dir.resolve("ops/good.fixture.pbtxt").toString()));
    assertEquals("0 passed, 0 failed, 1 skipped", lastLine());
    assertTrue(err.toString().contains("every fixture was skipped"), err.toString());
  }

  @Test
  void missingInputsFailWithOne_malformedCommandLinesWithTwo() throws IOException {
    assertEquals(1, conform(dir.resolve("missing").toString()));
    assertTrue(err.toString().contains("no such file or directory"), err.toString());
    Files.createDirectories(dir.resolve("empty"));
    assertEquals(1, conform(dir.resolve("empty").toString()));
    assertEquals(2, conform("--device", "TPU", dir.toString()));
    assertEquals(2, conform("--filter", "(", dir.toString()));
    assertEquals(1, conform("--filter", "nothing-matches", dir.toString()));
    assertEquals(2, conform());
    assertEquals(
        1, conform("--junit-xml", dir.resolve("no/such/dir/r.xml").toString(), dir.toString()));
    assertTrue(err.toString().contains("cannot write --junit-xml"), err.toString());
  }

  @Test
  void writesJUnitXml() throws Exception {
    Path xml = dir.resolve("report.xml");
    assertEquals(1, conform("--junit-xml", xml.toString(), dir.resolve("ops").toString()));
    Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
    Element suite = d.getDocumentElement();
    assertEquals("testsuite", suite.getTagName());
    assertEquals("2", suite.getAttribute("tests"));
    assertEquals("1", suite.getAttribute("failures"));
    Element failure = (Element) d.getElementsByTagName("failure").item(0);
    Element testCase = (Element) failure.getParentNode();
    assertEquals("ops/bad <&>", testCase.getAttribute("name"));
    assertEquals("ops", testCase.getAttribute("classname"));
    assertTrue(failure.getAttribute("message").contains("expected 4.0 (bits 0x40800000)"));
  }

  @Test
  void savedModelFixturesRunAndAMissingModelFails() throws IOException {
    Path models = Path.of(System.getProperty("basedir", "."), "graphs/savedmodels");
    assertEquals(0, conform(models.toString()), out + "\n" + err);
    // every committed SavedModel case passes (their count grows as models are added)
    assertTrue(out.toString().matches("(?s).*\\b[1-9][0-9]* passed, 0 failed\\s*"), out.toString());
    Files.writeString(
        dir.resolve("lost.savedmodel.pbtxt"),
        "name: \"sm/lost\" description: \"(models/nowhere)\" source: \"signature:serving_default\"\n"
            + "fetch: \"y\" expected { dtype: DT_FLOAT tensor_shape { } float_val: 1 }");
    out.getBuffer().setLength(0);
    assertEquals(1, conform(dir.resolve("lost.savedmodel.pbtxt").toString()));
    assertTrue(out.toString().contains("FAIL sm/lost: NOT_FOUND: no SavedModel"), out.toString());
    assertTrue(out.toString().contains("0 passed, 1 failed"), out.toString());
  }
}
