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
import dev.rawops.testing.OneOp;
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

  private static OneOp binary(String op, Tensor a, Tensor b) {
    return OneOp.of(op).constInputs().input(a).input(b).attr("T", a.dtype());
  }

  // ---- values from TF's documentation

  @Test
  void tileRepeatsAlongEachAxis() {
    Tensor a = ints(new long[] {2, 3}, 1, 2, 3, 4, 5, 6);
    GraphDef g = binary("Tile", a, vec(1, 2)).attr("Tmultiples", I32).graph();
    assertTensor(run(g), new long[] {2, 6}, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6);
    g = binary("Tile", a, vec(2, 1)).attr("Tmultiples", I32).graph();
    assertTensor(run(g), new long[] {4, 3}, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6);
  }

  private static GraphDef pad(String op, String mode) {
    OneOp pad =
        OneOp.of(op)
            .constInputs()
            .input(ints(new long[] {2, 3}, 1, 2, 3, 4, 5, 6))
            .input(ints(new long[] {2, 2}, 1, 1, 2, 2))
            .attr("T", I32)
            .attr("Tpaddings", I32);
    return mode == null ? pad.graph() : pad.attr("mode", mode).graph();
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
        OneOp.of("MirrorPad")
            .constInputs()
            .input(ints(new long[] {2, 3}, 1, 2, 3, 4, 5, 6))
            .input(ints(new long[] {2, 2}, 2, 0, 0, 0))
            .attr("T", I32)
            .attr("Tpaddings", I32)
            .attr("mode", "REFLECT")
            .graph();
    assertInvalid(g, "out", "paddings must be less than the dimension size: 2, 0 not less than 2");
  }

  private static GraphDef roll(Tensor t, Tensor shift, Tensor axis) {
    return OneOp.of("Roll")
        .constInputs()
        .inputs(t, shift, axis)
        .attr("T", I32)
        .attr("Tshift", I32)
        .attr("Taxis", I32)
        .graph();
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
    return OneOp.of("Range")
        .constInputs()
        .inputs(start, limit, delta)
        .attr("Tidx", start.dtype())
        .graph();
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
        OneOp.of("LinSpace")
            .constInputs()
            .input(Tensor.ofFloats(Shape.scalar(), 10f))
            .input(Tensor.ofFloats(Shape.scalar(), 12f))
            .input(scalar(3))
            .attr("T", F32)
            .attr("Tidx", I32)
            .graph();
    assertTensor(run(g), new long[] {3}, 10, 11, 12);
  }

  private static final Tensor BAND_INPUT =
      ints(new long[] {4, 4}, 0, 1, 2, 3, -1, 0, 1, 2, -2, -1, 0, 1, -3, -2, -1, 0);

  private static GraphDef bandPart(int lower, int upper) {
    return OneOp.of("MatrixBandPart")
        .constInputs()
        .inputs(BAND_INPUT, scalar(lower), scalar(upper))
        .attr("T", I32)
        .attr("Tindex", I32)
        .graph();
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
        OneOp.of("MatrixDiagV3")
            .constInputs()
            .input(diagonals)
            .input(vec(-1, 1))
            .input(scalar(-1))
            .input(scalar(-1))
            .input(scalar(0))
            .attr("T", I32)
            .attr("align", "RIGHT_LEFT")
            .graph();
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
        OneOp.of("MatrixDiagPartV3")
            .constInputs()
            .input(input)
            .input(vec(-1, 2))
            .input(scalar(0))
            .attr("T", I32)
            .attr("align", "RIGHT_LEFT")
            .graph();
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
        OneOp.of("OneHot")
            .constInputs()
            .input(vec(0, 2, -1, 1))
            .input(scalar(3))
            .input(Tensor.ofFloats(Shape.scalar(), 5f))
            .input(Tensor.ofFloats(Shape.scalar(), 0f))
            .attr("T", F32)
            .attr("TI", I32)
            .attr("axis", -1)
            .graph();
    assertTensor(run(g), new long[] {4, 3}, 5, 0, 0, 0, 0, 5, 0, 0, 0, 0, 5, 0);
  }

  @Test
  void packStacksAlongTheAxis() {
    GraphDef g =
        OneOp.of("Pack")
            .constInputs()
            .input(vec(1, 4))
            .input(vec(2, 5))
            .input(vec(3, 6))
            .attr("T", I32)
            .attr("N", 3)
            .attr("axis", 1)
            .graph();
    assertTensor(run(g), new long[] {2, 3}, 1, 2, 3, 4, 5, 6);
  }

  @Test
  void stringsMoveByReference() {
    GraphDef g =
        OneOp.of("Transpose")
            .constInputs()
            .input(Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"))
            .input(vec(1, 0))
            .attr("T", DataType.DT_STRING)
            .attr("Tperm", I32)
            .graph();
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
    OneOp reshape =
        OneOp.of("Reshape")
            .placeholder(F32, PartialShape.of(2, 3))
            .constInput(vec(4))
            .attr("T", F32)
            .attr("Tshape", I32);
    RawOpsException e = assertThrows(RawOpsException.class, reshape::build);
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElse(null));
    assertTrue(
        e.getMessage()
            .contains("Cannot reshape a tensor with 6 elements to shape [4] (4 elements)"),
        e.getMessage());
  }

  @Test
  void reshapeOfAFedTensorChecksAtRun() {
    Tensor x = Tensor.ofFloats(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    OneOp reshape =
        OneOp.of("Reshape").input(x).constInput(vec(-1, 4)).attr("T", F32).attr("Tshape", I32);
    Session s = reshape.build().newSession();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> s.run(reshape.feeds(), List.of("out")));
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
        OneOp.of("Pack")
            .constInputs()
            .input(vec(1, 2))
            .input(vec(1, 2, 3))
            .attr("T", I32)
            .attr("N", 2)
            .attr("axis", 0)
            .graph();
    assertInvalid(g, "out", "Shapes of all inputs must match");
  }

  @Test
  void concatAxisOutOfRange() {
    OneOp concat =
        OneOp.of("ConcatV2")
            .input(vec(4))
            .input(vec(1, 2, 3))
            .constInput(scalar(1))
            .attr("T", I32)
            .attr("N", 2)
            .attr("Tidx", I32);
    Session s = concat.build().newSession();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> s.run(concat.feeds(), List.of("out")));
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
        OneOp.of("Split")
            .constInputs()
            .input(scalar(0))
            .input(vec(1, 2, 3))
            .attr("T", I32)
            .attr("num_split", 2)
            .graph();
    assertInvalid(g, "out", "Number of ways to split should evenly divide the split dimension");
  }

  @Test
  void transposePermOfTheWrongSize() {
    GraphDef g =
        binary("Transpose", ints(new long[] {2, 2}, 1, 2, 3, 4), vec(0, 1, 2))
            .attr("Tperm", I32)
            .graph();
    assertInvalid(g, "out", "transpose expects a vector of size 2");
  }

  @Test
  void tileWithANegativeMultiple() {
    GraphDef g = binary("Tile", vec(1, 2), vec(-1)).attr("Tmultiples", I32).graph();
    assertInvalid(g, "out", "Expected multiples[0] >= 0, but got -1");
  }

  @Test
  void squeezeOfADimensionThatIsNotOne() {
    GraphDef g =
        OneOp.of("Squeeze")
            .constInputs()
            .input(ints(new long[] {1, 2}, 1, 2))
            .attr("T", I32)
            .attrInts("squeeze_dims", 1)
            .graph();
    assertInvalid(g, "out", "Can not squeeze dim[1], expected a dimension of 1, got 2");
  }

  @Test
  void expandDimsOutOfRange() {
    GraphDef g = binary("ExpandDims", vec(1, 2), scalar(3)).attr("Tdim", I32).graph();
    assertInvalid(g, "out", "Tried to expand dim index 3 for tensor with 1 dimensions.");
  }

  @Test
  void ensureShapeChecksTheFedShape() {
    OneOp ensure =
        OneOp.of("EnsureShape")
            .input(vec(1, 2, 3))
            .attr("T", I32)
            .attr("shape", PartialShape.of(2));
    Session s = ensure.build().newSession();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> s.run(ensure.feeds(), List.of("out")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElse(null));
    assertTrue(e.getMessage().contains("is not compatible with expected shape [2]"));
  }

  @Test
  void spaceToBatchHasNoStringKernel() {
    GraphDef g =
        OneOp.of("SpaceToBatchND")
            .constInputs()
            .input(Tensor.ofStrings(Shape.of(1, 2, 1), "a", "b"))
            .input(vec(2))
            .input(ints(new long[] {1, 2}, 0, 0))
            .attr("T", DataType.DT_STRING)
            .attr("Tblock_shape", I32)
            .attr("Tpaddings", I32)
            .graph();
    RawOpsException e = error(g);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals("out", e.node().orElse(null));
    assertTrue(DType.STRING.tfName().equals("string"));
  }
}
