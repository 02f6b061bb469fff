package dev.rawops.ops.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Snapshot returns a copy of its input (TF's definition), so every expected value here is the input
 * itself; TensorFlow's own results for Snapshot are the fixtures in graphs/conformance/snapshot.
 */
class SnapshotTest {
  private static OneOp snapshot(DataType t) {
    return OneOp.of("Snapshot").attr("T", t);
  }

  /** A tensor whose bytes run through every value: NaN payloads, negative zeros, subnormals. */
  private static Tensor everyByte(DType dtype, Shape shape) {
    MemorySegment bytes = Arena.ofAuto().allocate(shape.numElements() * dtype.byteSize());
    for (long i = 0; i < bytes.byteSize(); i++) {
      bytes.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i * 37 + 11));
    }
    return Tensor.fromBytes(dtype, shape, bytes);
  }

  @Test
  void everyDtypeWithACpuKernelIsCopiedBitForBit() {
    for (DType dtype : DType.dataTypes()) {
      if (dtype == DType.STRING) {
        continue;
      }
      Tensor x = everyByte(dtype, Shape.of(3, 1, 4));
      Tensor out = snapshot(dtype.proto()).input(x).run();
      assertEquals(dtype, out.dtype(), dtype.tfName());
      assertEquals(x.shape(), out.shape(), dtype.tfName());
      assertTrue(out.contentEquals(x), dtype.tfName());
      assertNotSame(x, out, "a snapshot of a feed is a new tensor");
    }
  }

  @Test
  void scalarsAndEmptyTensorsKeepTheirShape() {
    for (Shape shape : List.of(Shape.of(), Shape.of(0), Shape.of(2, 0, 3))) {
      Tensor x = everyByte(DType.DOUBLE, shape);
      Tensor out = snapshot(DataType.DT_DOUBLE).input(x).run();
      assertEquals(shape, out.shape());
      assertTrue(out.contentEquals(x), shape.toString());
    }
  }

  @Test
  void theFeedIsLeftAlone() {
    Tensor x = Tensor.ofInts(Shape.of(4), 1, 2, 3, 4);
    Tensor copy = Tensor.ofInts(Shape.of(4), 1, 2, 3, 4);
    snapshot(DataType.DT_INT32).input(x, PartialShape.of(4)).run();
    assertTrue(x.contentEquals(copy));
  }

  @Test
  void staticShapeIsTheInputsShape() {
    Graph g =
        snapshot(DataType.DT_FLOAT).placeholder(DataType.DT_FLOAT, PartialShape.of(-1, 3)).build();
    Graph.Node out = g.node("out").orElseThrow();
    assertEquals(List.of(DType.FLOAT), out.outputTypes());
    assertEquals(List.of(PartialShape.of(-1, 3)), out.outputShapes());
  }

  /** TF 2.18 registers no CPU kernel for string: rejected at build, naming the node. */
  @Test
  void stringHasNoCpuKernel() {
    GraphBuildException e =
        assertThrows(
            GraphBuildException.class,
            () ->
                snapshot(DataType.DT_STRING)
                    .placeholder(DataType.DT_STRING, PartialShape.unknownRank())
                    .build());
    RawOpsException first = e.errors().get(0);
    assertEquals(Code.INVALID_ARGUMENT, first.code(), first.getMessage());
    assertEquals("out", first.node().orElse(null), first.getMessage());
    assertEquals("Snapshot", first.op().orElse(null), first.getMessage());
    assertTrue(first.getMessage().contains("No OpKernel was registered"), first.getMessage());
  }

  /**
   * A Snapshot of a Const is a constant for shape functions, as in TF 2.18: a zero stride reaching
   * StridedSlice through a Snapshot is rejected at build time, as TensorFlow rejects it at import
   * (fixture snapshot/0076: INVALID_ARGUMENT, stage BUILD).
   */
  @Test
  void shapeFunctionsSeeAConstThroughASnapshot() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of(4, 2))
            .constant("b", Tensor.ofInts(Shape.of(1), 0))
            .constant("e", Tensor.ofInts(Shape.of(1), 2))
            .constant("zero", Tensor.ofInts(Shape.of(1), 0))
            .op("s", "Snapshot", "zero")
            .attr("T", DataType.DT_INT32)
            .op("out", "StridedSlice", "x", "b", "e", "s")
            .attr("T", DataType.DT_FLOAT)
            .attr("Index", DataType.DT_INT32)
            .build();
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    RawOpsException first = e.errors().get(0);
    assertEquals(Code.INVALID_ARGUMENT, first.code(), first.getMessage());
    assertEquals("out", first.node().orElse(null), first.getMessage());
    assertTrue(first.getMessage().contains("strides[0] must be non-zero"), first.getMessage());
  }

  /**
   * The point of Snapshot: when the runtime later updates its input in place, the snapshot keeps
   * the value the input had. "t1" is allocated by the run, so "t2" may write into it once "snap"
   * has read it.
   */
  @Test
  void aSnapshotIsNotChangedByALaterInPlaceUpdateOfItsInput() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .placeholder("x", DataType.DT_FLOAT, PartialShape.of(4))
                .constant("i1", Tensor.ofInts(Shape.of(1, 1), 0))
                .constant("u1", Tensor.ofFloats(Shape.of(1), 10))
                .constant("i2", Tensor.ofInts(Shape.of(1, 1), 3))
                .constant("u2", Tensor.ofFloats(Shape.of(1), 20))
                .op("t1", "TensorScatterUpdate", "x", "i1", "u1")
                .attr("T", DataType.DT_FLOAT)
                .attr("Tindices", DataType.DT_INT32)
                .op("snap", "Snapshot", "t1")
                .attr("T", DataType.DT_FLOAT)
                .op("t2", "TensorScatterUpdate", "t1", "i2", "u2", "^snap")
                .attr("T", DataType.DT_FLOAT)
                .attr("Tindices", DataType.DT_INT32)
                .build(),
            Device.CPU);
    Map<String, Tensor> feed = Map.of("x", Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4));
    Tensor t1 = g.newSession().run(feed, List.of("t1")).get(0);
    List<Tensor> out = g.newSession().run(feed, List.of("snap", "t2"));
    assertTrue(out.get(0).contentEquals(t1), out.get(0) + " vs " + t1);
    // Fetched alone, "snap" is t1's last reader and takes its memory instead of copying it.
    Tensor alone = g.newSession().run(feed, List.of("snap")).get(0);
    assertTrue(alone.contentEquals(t1), alone + " vs " + t1);
  }

  /** A zero-copy StridedSlice view is copied from its own offset, not from its base's start. */
  @Test
  void aSnapshotOfAViewIsTheViewsElements() {
    Graph g =
        Graph.build(
            new GraphDefBuilder()
                .placeholder("x", DataType.DT_INT64, PartialShape.of(4, 2))
                .constant("b", Tensor.ofInts(Shape.of(1), 1))
                .constant("e", Tensor.ofInts(Shape.of(1), 3))
                .constant("s", Tensor.ofInts(Shape.of(1), 1))
                .op("rows", "StridedSlice", "x", "b", "e", "s")
                .attr("T", DataType.DT_INT64)
                .attr("Index", DataType.DT_INT32)
                .op("out", "Snapshot", "rows")
                .attr("T", DataType.DT_INT64)
                .build(),
            Device.CPU);
    Map<String, Tensor> feed = Map.of("x", Tensor.ofLongs(Shape.of(4, 2), 0, 1, 2, 3, 4, 5, 6, 7));
    Tensor rows = g.newSession().run(feed, List.of("rows")).get(0);
    Tensor out = g.newSession().run(feed, List.of("out")).get(0);
    assertEquals(rows.shape(), out.shape());
    assertTrue(out.contentEquals(rows), out + " vs " + rows);
  }
}
