package dev.rawops.ops.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Resource-variable scatters and strided-slice assignment keep TF's copy-on-write promise: a value
 * a caller already holds (an earlier read, a fed tensor) never changes; values and errors are
 * checked against TF 2.18 by the fixtures in graphs/conformance/resource_scatter and
 * strided_slice_update.
 */
class ResourceScatterTest {

  /** v: float [3] = [1, 2, 3]; scatterAdd: v[2] += 10, v[0] += 20; assign: v[0:2] = [7, 8]. */
  private static Graph graph() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.op("v", "VarHandleOp")
        .attr("dtype", DType.FLOAT)
        .attr("shape", AttrValue.newBuilder().setShape(PartialShape.of(3).toProto()).build())
        .attr("shared_name", "v");
    b.constant("init/value", Tensor.ofFloats(Shape.of(3), 1, 2, 3));
    b.op("init", "AssignVariableOp", "v", "init/value").attr("dtype", DType.FLOAT);
    b.op("read", "ReadVariableOp", "v").attr("dtype", DType.FLOAT);
    b.constant("idx", Tensor.ofInts(Shape.of(2), 2, 0));
    b.constant("upd", Tensor.ofFloats(Shape.of(2), 10, 20));
    b.op("scatterAdd", "ResourceScatterAdd", "v", "idx", "upd")
        .attr("dtype", DType.FLOAT)
        .attr("Tindices", DType.INT32);
    b.constant("far", Tensor.ofInts(Shape.of(2), 1, 5));
    b.op("badScatter", "ResourceScatterUpdate", "v", "far", "upd")
        .attr("dtype", DType.FLOAT)
        .attr("Tindices", DType.INT32);
    b.constant("begin", Tensor.ofInts(Shape.of(1), 0));
    b.constant("end", Tensor.ofInts(Shape.of(1), 2));
    b.constant("strides", Tensor.ofInts(Shape.of(1), 1));
    b.constant("value", Tensor.ofFloats(Shape.of(2), 7, 8));
    b.op("assign", "ResourceStridedSliceAssign", "v", "begin", "end", "strides", "value")
        .attr("T", DType.FLOAT)
        .attr("Index", DType.INT32);
    b.placeholder("x", DType.FLOAT, PartialShape.of(3));
    b.op("update", "TensorStridedSliceUpdate", "x", "begin", "end", "strides", "value")
        .attr("T", DType.FLOAT)
        .attr("Index", DType.INT32);
    return Graph.build(b.build(), Device.CPU);
  }

  private static float[] read(Session s) {
    return s.run(Map.of(), List.of("read")).get(0).toFloatArray();
  }

  @Test
  void aScatterLeavesAnEarlierReadAsItWas() {
    Session s = graph().newSession();
    s.run(Map.of(), List.of(), List.of("init"));
    Tensor before = s.run(Map.of(), List.of("read")).get(0);
    s.run(Map.of(), List.of(), List.of("scatterAdd"));
    assertArrayEquals(new float[] {1, 2, 3}, before.toFloatArray());
    assertArrayEquals(new float[] {21, 2, 13}, read(s));
    s.run(Map.of(), List.of(), List.of("assign"));
    assertArrayEquals(new float[] {7, 8, 13}, read(s));
  }

  /** TF writes the rows before a bad index (in place); the error names the index and the node. */
  @Test
  void aBadIndexKeepsTheRowsBeforeIt() {
    Session s = graph().newSession();
    s.run(Map.of(), List.of(), List.of("init"));
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> s.run(Map.of(), List.of(), List.of("badScatter")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("indices[1] = 5 is not in [0, 3)"), e.getMessage());
    assertTrue(e.getMessage().contains("badScatter"), e.getMessage());
    assertArrayEquals(new float[] {1, 10, 3}, read(s));
  }

  @Test
  void aScatterOnAVariableNeverAssignedIsNotFound() {
    Session s = graph().newSession();
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> s.run(Map.of(), List.of(), List.of("scatterAdd")));
    assertEquals(Code.NOT_FOUND, e.code());
    assertTrue(
        e.getMessage().contains("Container localhost does not exist. (Could not find resource:"),
        e.getMessage());
  }

  @Test
  void tensorStridedSliceUpdateNeverWritesTheFedTensor() {
    Session s = graph().newSession();
    Tensor x = Tensor.ofFloats(Shape.of(3), 1, 2, 3);
    Tensor out = s.run(Map.of("x", x), List.of("update")).get(0);
    assertArrayEquals(new float[] {7, 8, 3}, out.toFloatArray());
    assertArrayEquals(new float[] {1, 2, 3}, x.toFloatArray());
  }
}
