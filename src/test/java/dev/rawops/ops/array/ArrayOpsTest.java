package dev.rawops.ops.array;

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
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Array family: values from TensorFlow's documentation of each op (tf.tile, tf.pad, tf.roll,
 * tf.range, tf.linalg.band_part, tf.linalg.diag, tf.linalg.diag_part, tf.nn.space_to_depth,
 * tf.one_hot, tf.stack), TF's error rules (code, node named, TF's wording), and exact shapes at
 * build time through constant folding.
 */
class ArrayOpsTest {
  private static final DataType I32 = DataType.DT_INT32;
  private static final DataType F32 = DataType.DT_FLOAT;

  private static Tensor ints(long[] shape, int... v) {
    return Tensor.ofInts(Shape.of(shape), v);
  }

  private static Tensor vec(int... v) {
    return Tensor.ofInts(Shape.of(v.length), v);
  }

  private static Tensor scalar(int v) {
    return Tensor.ofInts(Shape.scalar(), v);
  }

  private static Tensor run(GraphDef g) {
    return Graph.build(g, Device.CPU).newSession().run(Map.of(), List.of("out")).get(0);
  }

  private static long[] values(Tensor t) {
    long[] v = new long[(int) t.numElements()];
    for (int i = 0; i < v.length; i++) {
      v[i] = (long) Numbers.get(t, i);
    }
    return v;
  }

  private static void assertTensor(Tensor t, long[] shape, long... want) {
    assertEquals(Shape.of(shape), t.shape());
    assertArrayEquals(want, values(t));
  }

  private static RawOpsException error(GraphDef g) {
    return assertThrows(RawOpsException.class, () -> run(g));
  }

  private static void assertInvalid(GraphDef g, String node, String text) {
    RawOpsException e = error(g);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals(node, e.node().orElse(null), e.getMessage());
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }

  private static GraphDefBuilder binary(String op, Tensor a, Tensor b) {
    return new GraphDefBuilder()
        .constant("a", a)
        .constant("b", b)
        .op("out", op, "a", "b")
        .attr("T", a.dtype().proto());
  }

  private static AttrValue ilist(long... v) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (long x : v) {
      l.addI(x);
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  // ---- values from TF's documentation

  @Test
  void tileRepeatsAlongEachAxis() {
    Tensor a = ints(new long[] {2, 3}, 1, 2, 3, 4, 5, 6);
    GraphDef g = binary("Tile", a, vec(1, 2)).attr("Tmultiples", I32).build();
    assertTensor(run(g), new long[] {2, 6}, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6);
    g = binary("Tile", a, vec(2, 1)).attr("Tmultiples", I32).build();
    assertTensor(run(g), new long[] {4, 3}, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6);
  }

  private static GraphDef pad(String op, String mode) {
    GraphDefBuilder b =
        new GraphDefBuilder()
            .constant("t", ints(new long[] {2, 3}, 1, 2, 3, 4, 5, 6))
            .constant("p", ints(new long[] {2, 2}, 1, 1, 2, 2))
            .op("out", op, "t", "p")
            .attr("T", I32)
            .attr("Tpaddings", I32);
    return mode == null ? b.build() : b.attr("mode", mode).build();
  }

  @Test
  void padConstantReflectAndSymmetric() {
    long[] shape = {4, 7};
    assertTensor(
        run(pad("Pad", null)),
        shape,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        1,
        2,
        3,
        0,
        0,
        0,
        0,
        4,
        5,
        6,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0);
    assertTensor(
        run(pad("MirrorPad", "REFLECT")),
        shape,
        6,
        5,
        4,
        5,
        6,
        5,
        4,
        3,
        2,
        1,
        2,
        3,
        2,
        1,
        6,
        5,
        4,
        5,
        6,
        5,
        4,
        3,
        2,
        1,
        2,
        3,
        2,
        1);
    assertTensor(
        run(pad("MirrorPad", "SYMMETRIC")),
        shape,
        2,
        1,
        1,
        2,
        3,
        3,
        2,
        2,
        1,
        1,
        2,
        3,
        3,
        2,
        5,
        4,
        4,
        5,
        6,
        6,
        5,
        5,
        4,
        4,
        5,
        6,
        6,
        5);
  }

  @Test
  void mirrorPadReflectCannotReachTheEdge() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("t", ints(new long[] {2, 3}, 1, 2, 3, 4, 5, 6))
            .constant("p", ints(new long[] {2, 2}, 2, 0, 0, 0))
            .op("out", "MirrorPad", "t", "p")
            .attr("T", I32)
            .attr("Tpaddings", I32)
            .attr("mode", "REFLECT")
            .build();
    assertInvalid(g, "out", "paddings must be less than the dimension size: 2, 0 not less than 2");
  }

  private static GraphDef roll(Tensor t, Tensor shift, Tensor axis) {
    return new GraphDefBuilder()
        .constant("t", t)
        .constant("s", shift)
        .constant("a", axis)
        .op("out", "Roll", "t", "s", "a")
        .attr("T", I32)
        .attr("Tshift", I32)
        .attr("Taxis", I32)
        .build();
  }

  @Test
  void rollShiftsCyclically() {
    assertTensor(
        run(roll(vec(0, 1, 2, 3, 4), scalar(2), scalar(0))), new long[] {5}, 3, 4, 0, 1, 2);
    Tensor t = ints(new long[] {2, 5}, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertTensor(
        run(roll(t, vec(1, -2), vec(0, 1))), new long[] {2, 5}, 7, 8, 9, 5, 6, 2, 3, 4, 0, 1);
    assertTensor(
        run(roll(t, vec(2, -3), vec(1, 1))), new long[] {2, 5}, 1, 2, 3, 4, 0, 6, 7, 8, 9, 5);
  }

  private static GraphDef range(Tensor start, Tensor limit, Tensor delta) {
    return new GraphDefBuilder()
        .constant("s", start)
        .constant("l", limit)
        .constant("d", delta)
        .op("out", "Range", "s", "l", "d")
        .attr("Tidx", start.dtype().proto())
        .build();
  }

  @Test
  void rangeCountsFromStartByDelta() {
    assertTensor(run(range(scalar(3), scalar(18), scalar(3))), new long[] {5}, 3, 6, 9, 12, 15);
    Tensor f =
        run(
            range(
                Tensor.ofFloats(Shape.scalar(), 3f),
                Tensor.ofFloats(Shape.scalar(), 1f),
                Tensor.ofFloats(Shape.scalar(), -0.5f)));
    assertEquals(Shape.of(4), f.shape());
    assertArrayEquals(
        new float[] {3f, 2.5f, 2f, 1.5f},
        new float[] {f.getFloat(0), f.getFloat(1), f.getFloat(2), f.getFloat(3)});
  }

  @Test
  void rangeWithTheWrongSignOfDeltaIsRejectedAtBuild() {
    GraphDef g = range(scalar(5), scalar(1), scalar(1));
    RawOpsException e = assertThrows(RawOpsException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElse(null));
    assertTrue(
        e.getMessage().contains("Requires start <= limit when delta > 0: 5/1"), e.getMessage());
  }

  @Test
  void linSpaceIncludesBothEnds() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("a", Tensor.ofFloats(Shape.scalar(), 10f))
            .constant("b", Tensor.ofFloats(Shape.scalar(), 12f))
            .constant("n", scalar(3))
            .op("out", "LinSpace", "a", "b", "n")
            .attr("T", F32)
            .attr("Tidx", I32)
            .build();
    assertTensor(run(g), new long[] {3}, 10, 11, 12);
  }

  private static final Tensor BAND_INPUT =
      ints(new long[] {4, 4}, 0, 1, 2, 3, -1, 0, 1, 2, -2, -1, 0, 1, -3, -2, -1, 0);

  private static GraphDef bandPart(int lower, int upper) {
    return new GraphDefBuilder()
        .constant("x", BAND_INPUT)
        .constant("l", scalar(lower))
        .constant("u", scalar(upper))
        .op("out", "MatrixBandPart", "x", "l", "u")
        .attr("T", I32)
        .attr("Tindex", I32)
        .build();
  }

  @Test
  void bandPartKeepsTheBand() {
    assertTensor(
        run(bandPart(1, -1)), new long[] {4, 4}, 0, 1, 2, 3, -1, 0, 1, 2, 0, -1, 0, 1, 0, 0, -1, 0);
    assertTensor(
        run(bandPart(2, 1)),
        new long[] {4, 4},
        0,
        1,
        0,
        0,
        -1,
        0,
        1,
        0,
        -2,
        -1,
        0,
        1,
        0,
        -2,
        -1,
        0);
  }

  @Test
  void matrixDiagV3BandRightLeft() {
    Tensor diagonals =
        ints(new long[] {2, 3, 3}, 0, 8, 9, 1, 2, 3, 4, 5, 0, 0, 2, 3, 6, 7, 9, 9, 1, 0);
    GraphDef g =
        new GraphDefBuilder()
            .constant("d", diagonals)
            .constant("k", vec(-1, 1))
            .constant("r", scalar(-1))
            .constant("c", scalar(-1))
            .constant("p", scalar(0))
            .op("out", "MatrixDiagV3", "d", "k", "r", "c", "p")
            .attr("T", I32)
            .attr("align", "RIGHT_LEFT")
            .build();
    assertTensor(
        run(g), new long[] {2, 3, 3}, 1, 8, 0, 4, 2, 9, 0, 5, 3, 6, 2, 0, 9, 7, 3, 0, 1, 9);
  }

  @Test
  void matrixDiagPartV3Band() {
    Tensor input =
        ints(
            new long[] {2, 3, 4},
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            8,
            9,
            8,
            7,
            6,
            5,
            4,
            3,
            2,
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            8);
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", input)
            .constant("k", vec(-1, 2))
            .constant("p", scalar(0))
            .op("out", "MatrixDiagPartV3", "x", "k", "p")
            .attr("T", I32)
            .attr("align", "RIGHT_LEFT")
            .build();
    assertTensor(
        run(g),
        new long[] {2, 4, 3},
        0,
        3,
        8,
        2,
        7,
        6,
        1,
        6,
        7,
        5,
        8,
        0,
        0,
        3,
        4,
        4,
        3,
        8,
        5,
        2,
        7,
        1,
        6,
        0);
  }

  @Test
  void spaceToDepthAndBack() {
    Tensor x = ints(new long[] {1, 2, 2, 1}, 1, 2, 3, 4);
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", x)
            .op("s2d", "SpaceToDepth", "x")
            .attr("T", I32)
            .attr("block_size", 2)
            .op("out", "DepthToSpace", "s2d")
            .attr("T", I32)
            .attr("block_size", 2)
            .build();
    Session s = Graph.build(g, Device.CPU).newSession();
    List<Tensor> r = s.run(Map.of(), List.of("s2d", "out"));
    assertTensor(r.get(0), new long[] {1, 1, 1, 4}, 1, 2, 3, 4);
    assertTensor(r.get(1), new long[] {1, 2, 2, 1}, 1, 2, 3, 4);
  }

  @Test
  void oneHotWithOnAndOffValues() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("i", vec(0, 2, -1, 1))
            .constant("d", scalar(3))
            .constant("on", Tensor.ofFloats(Shape.scalar(), 5f))
            .constant("off", Tensor.ofFloats(Shape.scalar(), 0f))
            .op("out", "OneHot", "i", "d", "on", "off")
            .attr("T", F32)
            .attr("TI", I32)
            .attr("axis", -1)
            .build();
    assertTensor(run(g), new long[] {4, 3}, 5, 0, 0, 0, 0, 5, 0, 0, 0, 0, 5, 0);
  }

  @Test
  void packStacksAlongTheAxis() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", vec(1, 4))
            .constant("y", vec(2, 5))
            .constant("z", vec(3, 6))
            .op("out", "Pack", "x", "y", "z")
            .attr("T", I32)
            .attr("N", 3)
            .attr("axis", 1)
            .build();
    assertTensor(run(g), new long[] {2, 3}, 1, 2, 3, 4, 5, 6);
  }

  @Test
  void stringsMoveByReference() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"))
            .constant("p", vec(1, 0))
            .op("out", "Transpose", "x", "p")
            .attr("T", DataType.DT_STRING)
            .attr("Tperm", I32)
            .build();
    Tensor t = run(g);
    assertEquals("c", new String(t.getString(1), java.nio.charset.StandardCharsets.UTF_8));
  }

  // ---- build-time shapes through constant folding

  @Test
  void shapeStridedSlicePackReshapeChainIsExactAtBuild() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", F32, PartialShape.of(2, 3, 4))
            .op("shape", "Shape", "x")
            .attr("T", F32)
            .attr("out_type", I32)
            .constant("b", vec(0))
            .constant("e", vec(1))
            .constant("s", vec(1))
            .op("first", "StridedSlice", "shape", "b", "e", "s")
            .attr("T", I32)
            .attr("Index", I32)
            .attr("shrink_axis_mask", 1)
            .constant("minus1", scalar(-1))
            .op("dims", "Pack", "first", "minus1")
            .attr("T", I32)
            .attr("N", 2)
            .attr("axis", 0)
            .op("out", "Reshape", "x", "dims")
            .attr("T", F32)
            .attr("Tshape", I32)
            .build();
    Graph graph = Graph.build(g, Device.CPU);
    assertEquals(PartialShape.of(2), graph.node("dims").orElseThrow().outputShapes().get(0));
    assertEquals(PartialShape.of(2, 12), graph.node("out").orElseThrow().outputShapes().get(0));
  }

  // ---- error rules

  @Test
  void reshapeToTheWrongElementCountIsABuildError() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", F32, PartialShape.of(2, 3))
            .constant("s", vec(4))
            .op("out", "Reshape", "x", "s")
            .attr("T", F32)
            .attr("Tshape", I32)
            .build();
    RawOpsException e = assertThrows(RawOpsException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElse(null));
    assertTrue(
        e.getMessage()
            .contains("Cannot reshape a tensor with 6 elements to shape [4] (4 elements)"),
        e.getMessage());
  }

  @Test
  void reshapeOfAFedTensorChecksAtRun() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", F32, PartialShape.unknownRank())
            .constant("s", vec(-1, 4))
            .op("out", "Reshape", "x", "s")
            .attr("T", F32)
            .attr("Tshape", I32)
            .build();
    Session s = Graph.build(g, Device.CPU).newSession();
    Tensor x = Tensor.ofFloats(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> s.run(Map.of("x", x), List.of("out")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElse(null));
    assertTrue(
        e.getMessage()
            .contains(
                "Input to reshape is a tensor with 6 values, but the requested shape requires a"
                    + " multiple of 4"),
        e.getMessage());
  }

  @Test
  void packOfMismatchedShapes() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", vec(1, 2))
            .constant("y", vec(1, 2, 3))
            .op("out", "Pack", "x", "y")
            .attr("T", I32)
            .attr("N", 2)
            .attr("axis", 0)
            .build();
    assertInvalid(g, "out", "Shapes of all inputs must match");
  }

  @Test
  void concatAxisOutOfRange() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", I32, PartialShape.unknownRank())
            .placeholder("y", I32, PartialShape.unknownRank())
            .constant("axis", scalar(1))
            .op("out", "ConcatV2", "x", "y", "axis")
            .attr("T", I32)
            .attr("N", 2)
            .attr("Tidx", I32)
            .build();
    Session s = Graph.build(g, Device.CPU).newSession();
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> s.run(Map.of("x", vec(4), "y", vec(1, 2, 3)), List.of("out")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElse(null));
    assertTrue(
        e.getMessage()
            .contains("Expected concatenating dimensions in the range [-1, 1), but got 1"),
        e.getMessage());
  }

  @Test
  void splitMustDivideTheDimension() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("axis", scalar(0))
            .constant("x", vec(1, 2, 3))
            .op("out", "Split", "axis", "x")
            .attr("T", I32)
            .attr("num_split", 2)
            .build();
    assertInvalid(g, "out", "Number of ways to split should evenly divide the split dimension");
  }

  @Test
  void transposePermOfTheWrongSize() {
    GraphDef g =
        binary("Transpose", ints(new long[] {2, 2}, 1, 2, 3, 4), vec(0, 1, 2))
            .attr("Tperm", I32)
            .build();
    assertInvalid(g, "out", "transpose expects a vector of size 2");
  }

  @Test
  void tileWithANegativeMultiple() {
    GraphDef g = binary("Tile", vec(1, 2), vec(-1)).attr("Tmultiples", I32).build();
    assertInvalid(g, "out", "Expected multiples[0] >= 0, but got -1");
  }

  @Test
  void squeezeOfADimensionThatIsNotOne() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", ints(new long[] {1, 2}, 1, 2))
            .op("out", "Squeeze", "x")
            .attr("T", I32)
            .attr("squeeze_dims", ilist(1))
            .build();
    assertInvalid(g, "out", "Can not squeeze dim[1], expected a dimension of 1, got 2");
  }

  @Test
  void expandDimsOutOfRange() {
    GraphDef g = binary("ExpandDims", vec(1, 2), scalar(3)).attr("Tdim", I32).build();
    assertInvalid(g, "out", "Tried to expand dim index 3 for tensor with 1 dimensions.");
  }

  @Test
  void ensureShapeChecksTheFedShape() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", I32, PartialShape.unknownRank())
            .op("out", "EnsureShape", "x")
            .attr("T", I32)
            .attr("shape", AttrValue.newBuilder().setShape(PartialShape.of(2).toProto()).build())
            .build();
    Session s = Graph.build(g, Device.CPU).newSession();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> s.run(Map.of("x", vec(1, 2, 3)), List.of("out")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElse(null));
    assertTrue(e.getMessage().contains("is not compatible with expected shape [2]"));
  }

  @Test
  void spaceToBatchHasNoStringKernel() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", Tensor.ofStrings(Shape.of(1, 2, 1), "a", "b"))
            .constant("b", vec(2))
            .constant("p", ints(new long[] {1, 2}, 0, 0))
            .op("out", "SpaceToBatchND", "x", "b", "p")
            .attr("T", DataType.DT_STRING)
            .attr("Tblock_shape", I32)
            .attr("Tpaddings", I32)
            .build();
    RawOpsException e = error(g);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals("out", e.node().orElse(null));
    assertTrue(DType.STRING.tfName().equals("string"));
  }
}
