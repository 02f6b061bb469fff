package dev.rawops.cli;

import static dev.rawops.cli.CliRun.rawops;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.cli.CliRun.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rawops inspect SAVEDMODEL_DIR} and {@code rawops inspect --dot GRAPH} (issue #17). */
class InspectCommandTest {
  @TempDir Path dir;

  @Test
  void savedModel_listsSignaturesWithInputsAndOutputs() {
    Result r = rawops("inspect", "graphs/savedmodels/resource_variables");
    assertEquals(0, r.code(), r.err());
    // The SignatureDef TF 2.18 exported (graphs/savedmodels/resource_variables/saved_model.pb)
    assertTrue(r.out().startsWith("tags: serve\n  signatures (1):\n"), r.out());
    assertTrue(r.out().contains("    serving_default [default]\n      inputs (2):\n"), r.out());
    assertTrue(r.out().contains("        flag: bool[] (flag:0)\n"), r.out());
    assertTrue(r.out().contains("        indices: int32[?,1] (indices:0)\n"), r.out());
    assertTrue(r.out().contains("      outputs (5):\n"), r.out());
    assertTrue(r.out().contains("        gathered: int32[2,2] (gathered:0)\n"), r.out());
    assertTrue(r.out().contains("ResourceGather ×2"), r.out());
  }

  @Test
  void savedModel_unknownTag_isNotFound() {
    Result r = rawops("inspect", "graphs/savedmodels/resource_variables", "--tag", "train");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("NOT_FOUND"), r.err());
  }

  @Test
  void dot_drawsTheGraph_withStridedSliceInSliceNotation() {
    Result r = rawops("inspect", "--dot", "graphs/examples/strided_slice/worked_example.pbtxt");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("digraph rawops {\n"), r.out());
    assertTrue(r.out().endsWith("}\n"), r.out());
    // the seed page's worked example, and the output shape it states: (2,1,5,5,2,5)
    assertTrue(
        r.out()
            .contains(
                "[label=\"out\\nfoo[1, 2:4, tf.newaxis, ..., :-3:-1, :]\\nint16[2,1,5,5,2,5]\"]"),
        r.out());
    assertTrue(r.out().contains("\"foo\" -> \"out\";"), r.out());
  }

  @Test
  void dot_marksPlaceholdersControlEdgesAndOutputIndices() throws Exception {
    Path g =
        Files.writeString(
            dir.resolve("g.pbtxt"),
            """
            node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_INT32 } } }
            node { name: "s" op: "Unique" input: "x" attr { key: "T" value { type: DT_INT32 } }
              attr { key: "out_idx" value { type: DT_INT32 } } }
            node { name: "y" op: "Identity" input: "s:1" input: "^x"
              attr { key: "T" value { type: DT_INT32 } } }
            """);
    Result r = rawops("inspect", "--dot", g.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.out().contains("\"x\" [label=\"x\\nPlaceholder\\nint32?\", shape=ellipse];"), r.out());
    assertTrue(r.out().contains("\"s\" -> \"y\" [label=\":1\"];"), r.out());
    assertTrue(r.out().contains("\"x\" -> \"y\" [style=dashed];"), r.out());
  }

  @Test
  void dot_quotesLabels() {
    assertEquals("\"a\\\"b\\\\c\\nd\"", Dot.quote("a\"b\\c\nd"));
  }

  @Test
  void dot_ofASavedModel() {
    Result r = rawops("inspect", "--dot", "graphs/savedmodels/while_case");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("digraph rawops {"), r.out());
  }
}
