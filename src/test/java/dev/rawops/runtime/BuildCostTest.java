package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * What makes build cheap must not change what it checks: nodes with equal attrs share one resolved
 * signature, yet each node's own input count is still checked and a bad node is still named; the
 * cost model marks reference/shape ops and tiny nodes cheap, anything large or unknown expensive.
 */
class BuildCostTest {
  private static GraphDefBuilder twoAdds() {
    return new GraphDefBuilder()
        .placeholder("x", DType.FLOAT, PartialShape.of())
        .constant("one", Tensor.ofFloats(Shape.scalar(), 1))
        .op("a", "AddV2", "x", "one")
        .attr("T", DType.FLOAT)
        .op("b", "AddV2", "a", "one")
        .attr("T", DType.FLOAT);
  }

  @Test
  void nodesWithEqualAttrs_shareOneSignature() {
    Graph g = Graph.build(twoAdds().build(), Device.CPU);
    assertSame(g.byName.get("a").signature, g.byName.get("b").signature);
  }

  @Test
  void sharedSignature_stillChecksEachNodesInputCount() {
    // TF's ValidateNodeDef message for the second node, whose attrs equal the first's.
    GraphBuildException e =
        assertThrows(
            GraphBuildException.class,
            () ->
                Graph.build(
                    twoAdds().op("c", "AddV2", "a", "b", "one").attr("T", DType.FLOAT).build(),
                    Device.CPU));
    assertEquals(1, e.errors().size());
    assertEquals("c", e.errors().get(0).node().orElseThrow());
    assertTrue(
        e.errors()
            .get(0)
            .getMessage()
            .contains("expected inputs 'float, float' do not match 3 inputs specified"),
        e.getMessage());
  }

  @Test
  void costModel_cheapAndExpensiveNodes() {
    Graph g =
        Graph.build(
            twoAdds()
                .op("id", "Identity", "b")
                .attr("T", DType.FLOAT)
                .placeholder("big", DType.FLOAT, PartialShape.of(1024, 1024))
                .op("sq", "Square", "big")
                .attr("T", DType.FLOAT)
                .placeholder("any", DType.FLOAT, PartialShape.unknownRank())
                .op("neg", "Neg", "any")
                .attr("T", DType.FLOAT)
                .build(),
            Device.CPU);
    assertTrue(g.byName.get("id").cheap, "Identity passes a reference");
    assertTrue(g.byName.get("a").cheap, "AddV2 of scalars is tiny");
    assertFalse(g.byName.get("sq").cheap, "1M elements are worth another thread");
    assertFalse(g.byName.get("neg").cheap, "unknown sizes count as expensive, as in TF");
  }
}
