package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.ops.ForeignOps;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Graphs naming ops of libraries outside TF core (tensorflow_text, TF Addons) fail at build with
 * NOT_FOUND naming the node, the op and the library, as TF 2.18 without that library fails ("Op
 * type not registered").
 */
class ForeignOpsTest {
  private static RawOpsException buildFails(GraphDef g) {
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    return e.errors().get(0);
  }

  @Test
  void tensorflowTextOpNamesTheLibrary() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("text", Tensor.ofStrings(Shape.of(2), "hello world", "unaffable"))
            .constant("vocab", Tensor.ofStrings(Shape.of(3), "un", "##aff", "##able"))
            .op("wordpiece", "WordpieceTokenizeWithOffsets", "text", "vocab")
            .attr("suffix_indicator", "##")
            .attr("max_bytes_per_word", 100L)
            .build();
    RawOpsException e = buildFails(g);
    assertEquals(Code.NOT_FOUND, e.code(), e.getMessage());
    assertEquals("wordpiece", e.node().orElse(null));
    assertEquals("WordpieceTokenizeWithOffsets", e.op().orElse(null));
    assertTrue(
        e.getMessage()
            .contains(
                "Op type not registered 'WordpieceTokenizeWithOffsets' in binary running on"
                    + " rawops: 'WordpieceTokenizeWithOffsets' is defined by tensorflow_text, not"
                    + " TensorFlow core; rawops runs TF core ops only"),
        e.getMessage());
  }

  @Test
  void addonsOpNamesTheLibrary() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("step_ids", Tensor.ofInts(Shape.of(1, 1, 1), 1))
            .constant("parent_ids", Tensor.ofInts(Shape.of(1, 1, 1), 0))
            .constant("lengths", Tensor.ofInts(Shape.of(1), 1))
            .constant("end_token", Tensor.ofInts(Shape.scalar(), 2))
            .op("beams", "Addons>GatherTree", "step_ids", "parent_ids", "lengths", "end_token")
            .attr("T", DataType.DT_INT32)
            .build();
    RawOpsException e = buildFails(g);
    assertEquals(Code.NOT_FOUND, e.code(), e.getMessage());
    assertEquals("beams", e.node().orElse(null));
    assertEquals("Addons>GatherTree", e.op().orElse(null));
    assertTrue(
        e.getMessage()
            .contains(
                "'Addons>GatherTree' is defined by TensorFlow Addons (tensorflow_addons), not"
                    + " TensorFlow core; rawops runs TF core ops only"),
        e.getMessage());
  }

  /** TF 2.18's own answer to both graphs (graph/0048, graph/0049): NOT_FOUND while importing. */
  @Test
  void tensorflowRefusesThemAlikeAtImport() throws java.io.IOException {
    for (String name : new String[] {"0048", "0049"}) {
      dev.rawops.fixtureproto.Fixture.Builder f = dev.rawops.fixtureproto.Fixture.newBuilder();
      com.google.protobuf.TextFormat.merge(
          java.nio.file.Files.readString(
              java.nio.file.Path.of("graphs/conformance/graph/" + name + ".fixture.pbtxt")),
          f);
      assertEquals(dev.rawops.fixtureproto.Code.NOT_FOUND, f.getError().getCode());
      assertEquals(dev.rawops.fixtureproto.ExpectedError.Stage.BUILD, f.getError().getStage());
      RawOpsException e = buildFails(f.getGraph());
      assertEquals(Code.NOT_FOUND, e.code(), e.getMessage());
      assertEquals("out", e.node().orElse(null));
      String tf = f.getError().getMessage();
      String words = tf.substring(0, tf.indexOf(" in binary running on"));
      assertTrue(e.getMessage().contains(words + " in binary running on rawops"), e.getMessage());
      assertTrue(e.getMessage().contains("not TensorFlow core"), e.getMessage());
    }
  }

  @Test
  void theTable() {
    assertEquals(Optional.of("tensorflow_text"), ForeignOps.library("SentencepieceOp"));
    assertEquals(Optional.of("tensorflow_text"), ForeignOps.library("NormalizeUTF8"));
    assertEquals(Optional.of("tensorflow_text"), ForeignOps.library("CaseFoldUTF8"));
    assertEquals(Optional.of("tensorflow_text"), ForeignOps.library("RegexSplitWithOffsets"));
    assertEquals(
        Optional.of("tensorflow_text"), ForeignOps.library("WhitespaceTokenizeWithOffsets"));
    assertEquals(Optional.of("tensorflow_text"), ForeignOps.library("TFText>RoundRobinTrim"));
    assertEquals(Optional.of("tensorflow_io"), ForeignOps.library("IO>AudioResample"));
    // TF core ops and unknown names are not foreign; a bare prefix names no op.
    assertEquals(Optional.empty(), ForeignOps.library("RegexReplace"));
    assertEquals(Optional.empty(), ForeignOps.library("StringSplitV2"));
    assertEquals(Optional.empty(), ForeignOps.library("Addons>"));
    assertEquals(Optional.empty(), ForeignOps.library("FancyOp"));
  }

  @Test
  void anOpTfCoreKnowsIsNeverReportedAsForeign() {
    for (String op : ForeignOps.unprefixedOps()) {
      assertTrue(dev.rawops.ops.TfOpDefs.get(op).isEmpty(), op + " is a TF core op");
    }
  }
}
