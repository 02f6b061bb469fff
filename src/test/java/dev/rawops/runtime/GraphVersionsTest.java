package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.VersionDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GraphDef producer rules, as TF 2.18 applies them (fixtures graphs/conformance/graph/0045–0047,
 * TF's answers): for producers up to 21 a Placeholder's {@code shape {}} means "unknown shape" (TF
 * 1 wrote it so), so Mean over axis 0 of a fed vector runs; for a newer producer the placeholder is
 * a scalar and the graph is refused at build.
 */
class GraphVersionsTest {
  private static GraphDef meanOfScalarPlaceholder(int producer) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of())
            .constant("axis", Tensor.ofInts(Shape.scalar(), 0));
    g.op("mean", "Mean", "x", "axis").attr("T", DataType.DT_FLOAT).attr("Tidx", DataType.DT_INT32);
    return g.build().toBuilder().setVersions(VersionDef.newBuilder().setProducer(producer)).build();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 21})
  void oldProducersReadShapeBracesAsUnknown(int producer) {
    Graph g = Graph.build(meanOfScalarPlaceholder(producer), Device.CPU);
    Tensor x = Tensor.ofFloats(Shape.of(3), 1, 2, 4.5f);
    Tensor mean = g.newSession().run(Map.of("x", x), List.of("mean")).get(0);
    assertEquals(2.5f, mean.getFloat(0));
  }

  @Test
  void newerProducersReadShapeBracesAsAScalar() {
    GraphBuildException e =
        assertThrows(
            GraphBuildException.class, () -> Graph.build(meanOfScalarPlaceholder(22), Device.CPU));
    RawOpsException first = e.errors().get(0);
    assertEquals(Code.INVALID_ARGUMENT, first.code(), first.getMessage());
    assertEquals("mean", first.node().orElse(null), first.getMessage());
    assertTrue(
        first.getMessage().contains("Invalid reduction dimension 0 for input with 0 dimensions"),
        first.getMessage());
  }
}
