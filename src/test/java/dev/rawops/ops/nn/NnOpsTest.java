package dev.rawops.ops.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
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
 * The Nn family's error rules (one test each: the code, and a message naming the node) and a few
 * values from TensorFlow's documentation. TensorFlow's own results for these ops are the fixtures
 * in graphs/conformance/nn_corpus (from the DL4J corpus, TF 2.18).
 */
class NnOpsTest {
  private static AttrValue ints(long... v) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (long x : v) {
      l.addI(x);
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  private static List<Tensor> run(GraphDef g, Map<String, Tensor> feeds, String... fetch) {
    return Graph.build(g, Device.CPU).newSession().run(feeds, List.of(fetch));
  }

  private static void assertError(Code code, String node, Runnable r) {
    RawOpsException e = assertThrows(RawOpsException.class, r::run);
    assertEquals(code, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains(node), e.getMessage());
  }

  private static GraphDefBuilder matMul(PartialShape a, PartialShape b) {
    return new GraphDefBuilder()
        .placeholder("a", DataType.DT_FLOAT, a)
        .placeholder("b", DataType.DT_FLOAT, b)
        .op("mm", "MatMul", "a", "b")
        .attr("T", DataType.DT_FLOAT);
  }

  /** tf.linalg.matmul's documented example: [[1,2,3],[4,5,6]] · [[7,8],[9,10],[11,12]]. */
  @Test
  void matMulDocumentedExample() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("a", Tensor.ofInts(Shape.of(2, 3), 1, 2, 3, 4, 5, 6))
            .constant("b", Tensor.ofInts(Shape.of(3, 2), 7, 8, 9, 10, 11, 12))
            .op("mm", "MatMul", "a", "b")
            .attr("T", DataType.DT_INT32)
            .build();
    Tensor c = run(g, Map.of(), "mm").get(0);
    assertEquals(Shape.of(2, 2), c.shape());
    assertArrayEquals(new long[] {58, 64, 139, 154}, c.toLongArray());
  }

  @Test
  void matMulInnerDimensionsMustMatchAtBuild() {
    GraphDef g = matMul(PartialShape.of(2, 3), PartialShape.of(4, 5)).build();
    assertError(Code.INVALID_ARGUMENT, "mm", () -> Graph.build(g, Device.CPU));
  }

  @Test
  void matMulInnerDimensionsMustMatchAtRun() {
    GraphDef g = matMul(PartialShape.unknownRank(), PartialShape.unknownRank()).build();
    Tensor a = Tensor.ofFloats(Shape.of(1, 2), 1, 2);
    assertError(Code.INVALID_ARGUMENT, "mm", () -> run(g, Map.of("a", a, "b", a), "mm"));
  }

  @Test
  void batchMatMulV2BatchDimensionsMustBroadcast() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("a", DataType.DT_FLOAT, PartialShape.unknownRank())
            .placeholder("b", DataType.DT_FLOAT, PartialShape.unknownRank())
            .op("bmm", "BatchMatMulV2", "a", "b")
            .attr("T", DataType.DT_FLOAT)
            .build();
    Tensor a = Tensor.ofFloats(Shape.of(2, 1, 1), 1, 2);
    Tensor b = Tensor.ofFloats(Shape.of(3, 1, 1), 1, 2, 3);
    assertError(Code.INVALID_ARGUMENT, "bmm", () -> run(g, Map.of("a", a, "b", b), "bmm"));
  }

  private static GraphDef conv(String op, String format, PartialShape in) {
    return new GraphDefBuilder()
        .placeholder("x", DataType.DT_FLOAT, in)
        .constant("f", Tensor.ofFloats(Shape.of(1, 1, 1, 1), 2))
        .op("conv", op, "x", "f")
        .attr("T", DataType.DT_FLOAT)
        .attr("strides", ints(1, 1, 1, 1))
        .attr("padding", "VALID")
        .attr("data_format", format)
        .build();
  }

  @Test
  void conv2dNchwIsUnimplementedOnCpu() {
    GraphDef g = conv("Conv2D", "NCHW", PartialShape.unknownRank());
    Tensor x = Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1);
    assertError(Code.UNIMPLEMENTED, "conv", () -> run(g, Map.of("x", x), "conv"));
  }

  @Test
  void conv2dWindowLargerThanInputAtBuild() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of(1, 1, 1, 1))
            .constant("f", Tensor.ofFloats(Shape.of(3, 3, 1, 1), new float[9]))
            .op("conv", "Conv2D", "x", "f")
            .attr("T", DataType.DT_FLOAT)
            .attr("strides", ints(1, 1, 1, 1))
            .attr("padding", "VALID")
            .build();
    assertError(Code.INVALID_ARGUMENT, "conv", () -> Graph.build(g, Device.CPU));
  }

  @Test
  void conv2dStridesNeedFourValues() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of(1, 2, 2, 1))
            .constant("f", Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1))
            .op("conv", "Conv2D", "x", "f")
            .attr("T", DataType.DT_FLOAT)
            .attr("strides", ints(1, 1, 1))
            .attr("padding", "VALID")
            .build();
    assertError(Code.INVALID_ARGUMENT, "conv", () -> Graph.build(g, Device.CPU));
  }

  @Test
  void conv2dBackpropInputNchwIsRejectedOnCpu() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("sizes", Tensor.ofInts(Shape.of(4), 1, 1, 1, 1))
            .constant("f", Tensor.ofFloats(Shape.of(1, 1, 1, 1), 2))
            .placeholder("dy", DataType.DT_FLOAT, PartialShape.unknownRank())
            .op("deconv", "Conv2DBackpropInput", "sizes", "f", "dy")
            .attr("T", DataType.DT_FLOAT)
            .attr("strides", ints(1, 1, 1, 1))
            .attr("padding", "VALID")
            .attr("data_format", "NCHW")
            .build();
    Tensor dy = Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1);
    assertError(Code.INVALID_ARGUMENT, "deconv", () -> run(g, Map.of("dy", dy), "deconv"));
  }

  @Test
  void conv3dDilationsAreUnsupportedOnCpu() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.unknownRank())
            .constant("f", Tensor.ofFloats(Shape.of(1, 1, 1, 1, 1), 2))
            .op("conv", "Conv3D", "x", "f")
            .attr("T", DataType.DT_FLOAT)
            .attr("strides", ints(1, 1, 1, 1, 1))
            .attr("dilations", ints(1, 2, 2, 2, 1))
            .attr("padding", "SAME")
            .build();
    Tensor x = Tensor.ofFloats(Shape.of(1, 1, 1, 1, 1), 1);
    assertError(Code.INVALID_ARGUMENT, "conv", () -> run(g, Map.of("x", x), "conv"));
  }

  private static GraphDef pool(String op, String format, DataType t, int rank) {
    long[] ones = new long[rank];
    java.util.Arrays.fill(ones, 1);
    return new GraphDefBuilder()
        .placeholder("x", t, PartialShape.unknownRank())
        .op("pool", op, "x")
        .attr("T", t)
        .attr("ksize", ints(ones))
        .attr("strides", ints(ones))
        .attr("padding", "VALID")
        .attr("data_format", format)
        .build();
  }

  @Test
  void maxPoolNchwIsRejectedOnCpu() {
    GraphDef g = pool("MaxPool", "NCHW", DataType.DT_FLOAT, 4);
    Tensor x = Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1);
    assertError(Code.INVALID_ARGUMENT, "pool", () -> run(g, Map.of("x", x), "pool"));
  }

  @Test
  void maxPool3dHasNoDoubleKernel() {
    GraphDef g = pool("MaxPool3D", "NDHWC", DataType.DT_DOUBLE, 5);
    assertError(Code.INVALID_ARGUMENT, "pool", () -> Graph.build(g, Device.CPU));
  }

  /** tf.nn.max_pool2d's documented example: 2x2 windows, stride 2, over a 3x3 input. */
  @Test
  void maxPoolDocumentedExample() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("x", Tensor.ofFloats(Shape.of(1, 3, 3, 1), 1, 2, 3, 4, 5, 6, 7, 8, 9))
            .op("pool", "MaxPool", "x")
            .attr("T", DataType.DT_FLOAT)
            .attr("ksize", ints(1, 2, 2, 1))
            .attr("strides", ints(1, 1, 1, 1))
            .attr("padding", "VALID")
            .build();
    Tensor y = run(g, Map.of(), "pool").get(0);
    assertEquals(Shape.of(1, 2, 2, 1), y.shape());
    assertTrue(y.contentEquals(Tensor.ofFloats(Shape.of(1, 2, 2, 1), 5, 6, 8, 9)));
  }

  @Test
  void biasAddNeedsOneBiasPerChannel() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.unknownRank())
            .placeholder("b", DataType.DT_FLOAT, PartialShape.unknownRank())
            .op("ba", "BiasAdd", "x", "b")
            .attr("T", DataType.DT_FLOAT)
            .build();
    Tensor x = Tensor.ofFloats(Shape.of(1, 2), 1, 2);
    Tensor b = Tensor.ofFloats(Shape.of(3), 1, 2, 3);
    assertError(Code.INVALID_ARGUMENT, "ba", () -> run(g, Map.of("x", x, "b", b), "ba"));
  }

  @Test
  void biasAddNeedsRankTwo() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of(3))
            .placeholder("b", DataType.DT_FLOAT, PartialShape.of(3))
            .op("ba", "BiasAdd", "x", "b")
            .attr("T", DataType.DT_FLOAT)
            .build();
    assertError(Code.INVALID_ARGUMENT, "ba", () -> Graph.build(g, Device.CPU));
  }

  @Test
  void sparseSoftmaxCrossEntropyRejectsLabelsOutOfRange() {
    GraphDef g =
        new GraphDefBuilder()
            .constant("logits", Tensor.ofFloats(Shape.of(1, 2), 1, 2))
            .placeholder("labels", DataType.DT_INT32, PartialShape.unknownRank())
            .op("xent", "SparseSoftmaxCrossEntropyWithLogits", "logits", "labels")
            .attr("T", DataType.DT_FLOAT)
            .attr("Tlabels", DataType.DT_INT32)
            .build();
    Tensor labels = Tensor.ofInts(Shape.of(1), 2);
    assertError(Code.INVALID_ARGUMENT, "xent", () -> run(g, Map.of("labels", labels), "xent"));
  }

  private static GraphDef einsum(String equation, Tensor... inputs) {
    GraphDefBuilder b = new GraphDefBuilder();
    String[] names = new String[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      names[i] = "in" + i;
      b.constant(names[i], inputs[i]);
    }
    return b.op("es", "Einsum", names)
        .attr("T", DataType.DT_INT32)
        .attr("N", inputs.length)
        .attr("equation", equation)
        .build();
  }

  /** tf.linalg.matmul's documented example written as einsum 'ij,jk->ik' (and batched). */
  @Test
  void einsumMatMulAndTrace() {
    Tensor a = Tensor.ofInts(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    Tensor b = Tensor.ofInts(Shape.of(3, 2), 7, 8, 9, 10, 11, 12);
    Tensor c = run(einsum("ij,jk->ik", a, b), Map.of(), "es").get(0);
    assertArrayEquals(new long[] {58, 64, 139, 154}, c.toLongArray());
    Tensor batched = run(einsum("...j,jk->...k", a, b), Map.of(), "es").get(0);
    assertEquals(Shape.of(2, 2), batched.shape());
    assertArrayEquals(new long[] {58, 64, 139, 154}, batched.toLongArray());
    // The trace of that product (58 + 154), by TF's definition of 'ii->'.
    Tensor m = Tensor.ofInts(Shape.of(2, 2), 58, 64, 139, 154);
    assertArrayEquals(
        new long[] {212}, run(einsum("ii->", m), Map.of(), "es").get(0).toLongArray());
  }

  @Test
  void einsumNeedsAnArrow() {
    Tensor a = Tensor.ofInts(Shape.of(2), 1, 2);
    assertError(Code.INVALID_ARGUMENT, "es", () -> Graph.build(einsum("i,i", a, a), Device.CPU));
  }

  @Test
  void einsumLabelSizesMustAgree() {
    Tensor a = Tensor.ofInts(Shape.of(2), 1, 2);
    Tensor b = Tensor.ofInts(Shape.of(3), 1, 2, 3);
    assertError(Code.INVALID_ARGUMENT, "es", () -> Graph.build(einsum("i,i->", a, b), Device.CPU));
  }
}
