package dev.rawops.ops.dataflow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.ops.controlflow.ControlFlowTest;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The TensorArrayV3 family: semantics and TF's checks, each error naming its node. */
public class TensorArrayTest {
  static final DataType F = DataType.DT_FLOAT;

  public static GraphDefBuilder array(
      GraphDefBuilder b,
      String name,
      int size,
      PartialShape element,
      boolean dynamic,
      boolean clear) {
    b.constant(name + "/size", Tensor.ofInts(Shape.scalar(), size));
    return b.op(name, "TensorArrayV3", name + "/size")
        .attr("dtype", F)
        .attr("element_shape", AttrValue.newBuilder().setShape(element.toProto()).build())
        .attr("dynamic_size", dynamic)
        .attr("clear_after_read", clear)
        .attr("tensor_array_name", name);
  }

  public static GraphDefBuilder write(
      GraphDefBuilder b, String name, String ta, int index, String value, String flow) {
    b.constant(name + "/index", Tensor.ofInts(Shape.scalar(), index));
    return b.op(name, "TensorArrayWriteV3", ta, name + "/index", value, flow).attr("T", F);
  }

  public static GraphDefBuilder read(
      GraphDefBuilder b, String name, String ta, int index, String flow) {
    b.constant(name + "/index", Tensor.ofInts(Shape.scalar(), index));
    return b.op(name, "TensorArrayReadV3", ta, name + "/index", flow).attr("dtype", F);
  }

  /** ta (size 3, unknown element shape, clear_after_read) with [1,2] at 0 and [3,4] at 1. */
  public static GraphDefBuilder written(boolean clear, PartialShape element) {
    GraphDefBuilder b = new GraphDefBuilder();
    array(b, "ta", 3, element, false, clear);
    b.constant("a", Tensor.ofFloats(Shape.of(2), 1, 2));
    b.constant("c", Tensor.ofFloats(Shape.of(2), 3, 4));
    write(b, "w0", "ta", 0, "a", "ta:1");
    write(b, "w1", "ta", 1, "c", "w0");
    return b;
  }

  static Tensor run(GraphDefBuilder b, String fetch) {
    return Graph.build(b.build(), Device.CPU).newSession().run(Map.of(), List.of(fetch)).get(0);
  }

  static RawOpsException fails(GraphDefBuilder b, String fetch) {
    return assertThrows(RawOpsException.class, () -> run(b, fetch));
  }

  static float[] floats(Tensor t) {
    float[] f = new float[(int) t.numElements()];
    for (int i = 0; i < f.length; i++) {
      f[i] = t.getFloat(i);
    }
    return f;
  }

  @Test
  void writeThenReadAndSize() {
    GraphDefBuilder b = written(true, PartialShape.unknownRank());
    read(b, "r", "ta", 1, "w1");
    b.op("size", "TensorArraySizeV3", "ta", "w1");
    Session s = Graph.build(b.build(), Device.CPU).newSession();
    List<Tensor> out = s.run(Map.of(), List.of("r", "size"));
    assertArrayEquals(new float[] {3, 4}, floats(out.get(0)));
    assertEquals(3, out.get(1).getInt(0));
    // A new run has a new TensorArray: reading again works (nothing lives across runs).
    assertArrayEquals(new float[] {3, 4}, floats(s.run(Map.of(), List.of("r")).get(0)));
  }

  @Test
  void gatherStacksAndConcatJoins() {
    GraphDefBuilder b = written(false, PartialShape.unknownRank());
    b.constant("idx", Tensor.ofInts(Shape.of(2), 1, 0));
    b.op("g", "TensorArrayGatherV3", "ta", "idx", "w1")
        .attr("dtype", F)
        .attr(
            "element_shape",
            AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build());
    Tensor g = run(b, "g");
    assertEquals(Shape.of(2, 2), g.shape());
    assertArrayEquals(new float[] {3, 4, 1, 2}, floats(g));

    GraphDefBuilder c = new GraphDefBuilder();
    array(c, "ta", 2, PartialShape.unknownRank(), false, true);
    c.constant("a", Tensor.ofFloats(Shape.of(2), 1, 2));
    c.constant("c", Tensor.ofFloats(Shape.of(1), 3));
    write(c, "w0", "ta", 0, "a", "ta:1");
    write(c, "w1", "ta", 1, "c", "w0");
    c.op("cat", "TensorArrayConcatV3", "ta", "w1")
        .attr("dtype", F)
        .attr(
            "element_shape_except0",
            AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build());
    Session s = Graph.build(c.build(), Device.CPU).newSession();
    List<Tensor> out = s.run(Map.of(), List.of("cat", "cat:1"));
    assertArrayEquals(new float[] {1, 2, 3}, floats(out.get(0)));
    assertEquals(2, out.get(1).getLong(0));
    assertEquals(1, out.get(1).getLong(1));
  }

  @Test
  void scatterAndSplitWriteRows() {
    GraphDefBuilder b = new GraphDefBuilder();
    array(b, "ta", 3, PartialShape.unknownRank(), false, true);
    b.constant("v", Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4));
    b.constant("idx", Tensor.ofInts(Shape.of(2), 2, 0));
    b.op("sc", "TensorArrayScatterV3", "ta", "idx", "v", "ta:1").attr("T", F);
    read(b, "r", "ta", 2, "sc");
    assertArrayEquals(new float[] {1, 2}, floats(run(b, "r")));

    GraphDefBuilder c = new GraphDefBuilder();
    array(c, "ta", 2, PartialShape.unknownRank(), false, true);
    c.constant("v", Tensor.ofFloats(Shape.of(3), 1, 2, 3));
    c.constant("len", Tensor.ofLongs(Shape.of(2), 1, 2));
    c.op("sp", "TensorArraySplitV3", "ta", "v", "len", "ta:1").attr("T", F);
    read(c, "r", "ta", 1, "sp");
    assertArrayEquals(new float[] {2, 3}, floats(run(c, "r")));
  }

  @Test
  void readingAnUnwrittenIndex_zerosWhenTheElementShapeIsKnown_elseAnError() {
    GraphDefBuilder known = written(true, PartialShape.of(2));
    read(known, "r", "ta", 2, "w1");
    assertArrayEquals(new float[] {0, 0}, floats(run(known, "r")));

    GraphDefBuilder unknown = written(true, PartialShape.unknownRank());
    read(unknown, "r", "ta", 2, "w1");
    RawOpsException e = fails(unknown, "r");
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("r", e.node().orElseThrow());
    assertTrue(
        e.getMessage()
            .contains(
                ": Could not read from TensorArray index 2.  Furthermore, the element shape is not fully defined: <unknown>."),
        e.getMessage());
  }

  @Test
  void readingTwiceAfterClearIsAnError() {
    GraphDefBuilder b = written(true, PartialShape.unknownRank());
    read(b, "r1", "ta", 0, "w1");
    b.op("after", "Identity", "w1", "^r1").attr("T", F);
    read(b, "r2", "ta", 0, "after");
    RawOpsException e = fails(b, "r2");
    assertEquals("r2", e.node().orElseThrow());
    assertTrue(
        e.getMessage()
            .contains(
                "Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?)."),
        e.getMessage());
  }

  @Test
  void writingTwiceOrOutOfRangeIsAnError() {
    GraphDefBuilder b = written(true, PartialShape.unknownRank());
    write(b, "again", "ta", 1, "a", "w1");
    RawOpsException e = fails(b, "again");
    assertEquals("again", e.node().orElseThrow());
    assertTrue(
        e.getMessage()
            .contains(
                "Could not write to TensorArray index 1 because it has already been written to."),
        e.getMessage());

    GraphDefBuilder far = written(true, PartialShape.unknownRank());
    write(far, "far", "ta", 3, "a", "w1");
    RawOpsException f = fails(far, "far");
    assertTrue(
        f.getMessage()
            .contains(": Tried to write to index 3 but array is not resizeable and size is: 3"),
        f.getMessage());
  }

  @Test
  void writingAnIncompatibleShapeIsAnError() {
    GraphDefBuilder b = written(true, PartialShape.of(2));
    b.constant("big", Tensor.ofFloats(Shape.of(3), 1, 2, 3));
    write(b, "w2", "ta", 2, "big", "w1");
    RawOpsException e = fails(b, "w2");
    assertTrue(
        e.getMessage()
            .contains(
                "because the value shape is [3] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False)."),
        e.getMessage());
  }

  @Test
  void dynamicSizeGrows() {
    GraphDefBuilder b = new GraphDefBuilder();
    array(b, "ta", 0, PartialShape.unknownRank(), true, true);
    b.constant("a", Tensor.ofFloats(Shape.of(1), 7));
    write(b, "w", "ta", 4, "a", "ta:1");
    b.op("size", "TensorArraySizeV3", "ta", "w");
    assertEquals(5, run(b, "size").getInt(0));
  }

  @Test
  void aClosedArrayRefusesUse() {
    GraphDefBuilder b = written(true, PartialShape.unknownRank());
    b.op("close", "TensorArrayCloseV3", "ta", "^w1");
    b.op("flow", "Identity", "w1", "^close").attr("T", F);
    b.op("size", "TensorArraySizeV3", "ta", "flow");
    RawOpsException e = fails(b, "size");
    assertEquals("size", e.node().orElseThrow());
    assertTrue(
        e.getMessage().matches("(?s).*TensorArray ta_\\d+ has already been closed\\..*"),
        e.getMessage());
  }

  @Test
  void gatherOfNothingNeedsAFullElementShape() {
    GraphDefBuilder b = new GraphDefBuilder();
    array(b, "ta", 0, PartialShape.unknownRank(), false, true);
    b.constant("idx", Tensor.ofInts(Shape.of(0)));
    b.op("g", "TensorArrayGatherV3", "ta", "idx", "ta:1")
        .attr("dtype", F)
        .attr(
            "element_shape",
            AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build());
    RawOpsException e = fails(b, "g");
    assertEquals(Code.UNIMPLEMENTED, e.code());
    assertTrue(
        e.getMessage()
            .contains(
                "TensorArray has size zero, but element shape <unknown> is not fully defined."),
        e.getMessage());
  }

  /** for i in 0..3: ta.write(i, vals[i]) in a while loop, then ta.gather([0..3]) as "g". */
  public static GraphDefBuilder loopWritingAnArray() {
    // for i in 0..3: ta.write(i, float(i) as [i]) — values come from a float table.
    GraphDefBuilder b = ControlFlowTest.tables(new GraphDefBuilder(), 4);
    int n = ControlFlowTest.N;
    int[] ids = new int[n];
    float[] vals = new float[n];
    for (int i = 0; i < n; i++) {
      ids[i] = i;
      vals[i] = i * 10f;
    }
    b.constant("ids", Tensor.ofInts(Shape.of(n), ids));
    b.constant("vals", Tensor.ofFloats(Shape.of(n, 1), vals));
    array(b, "ta", 4, PartialShape.unknownRank(), false, true);
    b.constant("zero", ControlFlowTest.vec(0));
    ControlFlowTest.enterConstant(b, "w/succ", "succ", "w");
    ControlFlowTest.enterConstant(b, "w/more", "more4", "w");
    ControlFlowTest.enterConstant(b, "w/ids", "ids", "w");
    b.op("w/vals", "Enter", "vals")
        .attr("T", F)
        .attr("frame_name", "w")
        .attr("is_constant", true)
        .attr("parallel_iterations", 10);
    b.op("w/ta", "Enter", "ta")
        .attr("T", DataType.DT_RESOURCE)
        .attr("frame_name", "w")
        .attr("is_constant", true)
        .attr("parallel_iterations", 10);
    List<String> exits =
        ControlFlowTest.whileLoop(
            b,
            "w",
            List.of("zero", "ta:1"),
            10,
            new DataType[] {DataType.DT_INT32, F},
            m -> {
              ControlFlowTest.gatherBool(b, "w/cond", "w/more", m.get(0));
              return "w/cond";
            },
            idsIn -> {
              ControlFlowTest.gather(b, "w/i", "w/ids", idsIn.get(0));
              b.op("w/v", "GatherNd", "w/vals", idsIn.get(0))
                  .attr("Tparams", F)
                  .attr("Tindices", DataType.DT_INT32);
              b.op("w/write", "TensorArrayWriteV3", "w/ta", "w/i", "w/v", idsIn.get(1))
                  .attr("T", F);
              ControlFlowTest.gather(b, "w/next", "w/succ", idsIn.get(0));
              return List.of("w/next", "w/write");
            });
    b.constant("all", Tensor.ofInts(Shape.of(4), 0, 1, 2, 3));
    b.op("g", "TensorArrayGatherV3", "ta", "all", exits.get(1))
        .attr("dtype", F)
        .attr(
            "element_shape", AttrValue.newBuilder().setShape(PartialShape.of(1).toProto()).build());
    return b;
  }

  @Test
  void aTensorArrayWrittenInsideAWhileLoop() {
    GraphDefBuilder b = loopWritingAnArray();
    Tensor g = run(b, "g");
    assertEquals(Shape.of(4, 1), g.shape());
    assertArrayEquals(new float[] {0, 10, 20, 30}, floats(g));
  }
}
