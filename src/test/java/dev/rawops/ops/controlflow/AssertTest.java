package dev.rawops.ops.controlflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Assert: nothing when the condition holds; TF's "assertion failed: [..] [..]" otherwise. */
class AssertTest {
  static Graph graph(long summarize) {
    GraphDefBuilder b = new GraphDefBuilder();
    b.placeholder("ok", DataType.DT_BOOL, PartialShape.of());
    b.constant("msg", Tensor.ofStrings(Shape.of(), "x must be positive:"));
    b.constant("x", Tensor.ofFloats(Shape.of(2, 2), 1.5f, -2f, 1e-7f, 3e10f));
    b.op("check", "Assert", "ok", "msg", "x")
        .attrTypes("T", DataType.DT_STRING, DataType.DT_FLOAT)
        .attr("summarize", summarize);
    b.op("out", "Identity", "x", "^check").attr("T", DataType.DT_FLOAT);
    return Graph.build(b.build(), Device.CPU);
  }

  static Tensor run(Graph g, boolean ok) {
    return g.newSession()
        .run(Map.of("ok", Tensor.ofBooleans(Shape.scalar(), ok)), List.of("out"))
        .get(0);
  }

  @Test
  void aTrueAssertLetsItsDependentsRun() {
    assertEquals(1.5f, run(graph(3), true).getFloat(0));
  }

  @Test
  void aFalseAssertIsInvalidArgumentWithTheSummarizedData() {
    RawOpsException e = assertThrows(RawOpsException.class, () -> run(graph(3), false));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("check", e.node().orElseThrow());
    // TF's SummarizeValue: nested brackets per dimension, six significant digits, "..." when cut.
    assertEquals("assertion failed: [x must be positive:] [[1.5 -2][1e-07...]...]", e.detail());
    RawOpsException all = assertThrows(RawOpsException.class, () -> run(graph(-1), false));
    assertEquals("assertion failed: [x must be positive:] [[1.5 -2][1e-07 3e+10]]", all.detail());
  }
}
