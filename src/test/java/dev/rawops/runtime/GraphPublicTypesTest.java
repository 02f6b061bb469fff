package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Graph.Node and Graph.Input give DTypes; type names are TensorFlow's DataTypeString ("float_ref",
 * "qint8").
 */
class GraphPublicTypesTest {
  @Test
  void aReferenceOutputHasItsValueDtypeAndTfsRefName() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .op("v", "VariableV2")
                .attr("dtype", DType.FLOAT)
                .attr(
                    "shape",
                    dev.rawops.tfproto.AttrValue.newBuilder()
                        .setShape(PartialShape.of(2).toProto())
                        .build())
                .op("x", "Identity", "v")
                .attr("T", DType.FLOAT)
                .build(),
            Device.CPU);
    Graph.Node v = g.node("v").orElseThrow();
    assertEquals(List.of(DType.FLOAT), v.outputTypes());
    assertEquals(List.of("float_ref"), v.outputTypeNames());
    assertEquals(List.of("v"), g.node("x").orElseThrow().inputs());
    assertThrows(UnsupportedOperationException.class, () -> v.outputTypes().set(0, DType.INT32));
  }

  @Test
  void anOutputOfAQuantizedTypeHasItsDtypeAndTfsName() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .placeholder("f", DType.FLOAT, PartialShape.of(3))
                .placeholder("r", DType.FLOAT, PartialShape.of())
                .op("q", "QuantizeV2", "f", "r", "r")
                .attr("T", DataType.DT_QINT8)
                .build(),
            Device.CPU);
    Graph.Node q = g.node("q").orElseThrow();
    assertEquals(List.of(DType.QINT8, DType.FLOAT, DType.FLOAT), q.outputTypes());
    assertEquals(List.of("qint8", "float", "float"), q.outputTypeNames());
  }
}
