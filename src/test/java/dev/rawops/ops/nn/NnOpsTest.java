package dev.rawops.ops.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import org.junit.jupiter.api.Test;

/**
 * The Nn family's error rules (one test each: the code, and a message naming the node) and a few
 * values from TensorFlow's documentation. TensorFlow's own results for these ops are the fixtures
 * in graphs/conformance/nn_corpus (from the DL4J corpus, TF 2.18).
 */
class NnOpsTest {
  private static void assertError(Code code, String node, Runnable r) {
    RawOpsException e = assertThrows(RawOpsException.class, r::run);
    assertEquals(code, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains(node), e.getMessage());
  }

  private static OneOp matMul() {
    return OneOp.of("MatMul").named("mm").attr("T", DataType.DT_FLOAT);
  }

  /** tf.linalg.matmul's documented example: [[1,2,3],[4,5,6]] · [[7,8],[9,10],[11,12]]. */
  @Test
  void matMulDocumentedExample() {
    Tensor c =
        OneOp.of("MatMul")
            .named("mm")
            .constInputs()
            .input(Tensor.ofInts(Shape.of(2, 3), 1, 2, 3, 4, 5, 6))
            .input(Tensor.ofInts(Shape.of(3, 2), 7, 8, 9, 10, 11, 12))
            .attr("T", DataType.DT_INT32)
            .run();
    assertEquals(Shape.of(2, 2), c.shape());
    assertArrayEquals(new long[] {58, 64, 139, 154}, c.toLongArray());
  }

  @Test
  void matMulInnerDimensionsMustMatchAtBuild() {
    OneOp mm =
        matMul()
            .placeholder(DataType.DT_FLOAT, PartialShape.of(2, 3))
            .placeholder(DataType.DT_FLOAT, PartialShape.of(4, 5));
    assertError(Code.INVALID_ARGUMENT, "mm", mm::build);
  }

  @Test
  void matMulInnerDimensionsMustMatchAtRun() {
    Tensor a = Tensor.ofFloats(Shape.of(1, 2), 1, 2);
    assertError(Code.INVALID_ARGUMENT, "mm", () -> matMul().input(a).input(a).run());
  }

  @Test
  void batchMatMulV2BatchDimensionsMustBroadcast() {
    Tensor a = Tensor.ofFloats(Shape.of(2, 1, 1), 1, 2);
    Tensor b = Tensor.ofFloats(Shape.of(3, 1, 1), 1, 2, 3);
    OneOp bmm =
        OneOp.of("BatchMatMulV2").named("bmm").input(a).input(b).attr("T", DataType.DT_FLOAT);
    assertError(Code.INVALID_ARGUMENT, "bmm", bmm::run);
  }

  @Test
  void conv2dNchwIsUnimplementedOnCpu() {
    Tensor x = Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1);
    OneOp conv =
        OneOp.of("Conv2D")
            .named("conv")
            .input(x)
            .constInput(Tensor.ofFloats(Shape.of(1, 1, 1, 1), 2))
            .attr("T", DataType.DT_FLOAT)
            .attrInts("strides", 1, 1, 1, 1)
            .attr("padding", "VALID")
            .attr("data_format", "NCHW");
    assertError(Code.UNIMPLEMENTED, "conv", conv::run);
  }

  /** Node "conv": a VALID Conv2D of a float Placeholder of {@code shape} by a Const filter. */
  private static OneOp conv2d(PartialShape shape, Tensor filter) {
    return OneOp.of("Conv2D")
        .named("conv")
        .placeholder(DataType.DT_FLOAT, shape)
        .constInput(filter)
        .attr("T", DataType.DT_FLOAT)
        .attr("padding", "VALID");
  }

  @Test
  void conv2dWindowLargerThanInputAtBuild() {
    OneOp conv =
        conv2d(PartialShape.of(1, 1, 1, 1), Tensor.ofFloats(Shape.of(3, 3, 1, 1), new float[9]))
            .attrInts("strides", 1, 1, 1, 1);
    assertError(Code.INVALID_ARGUMENT, "conv", conv::build);
  }

  @Test
  void conv2dStridesNeedFourValues() {
    OneOp conv =
        conv2d(PartialShape.of(1, 2, 2, 1), Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1))
            .attrInts("strides", 1, 1, 1);
    assertError(Code.INVALID_ARGUMENT, "conv", conv::build);
  }

  @Test
  void conv2dBackpropInputNchwIsRejectedOnCpu() {
    Tensor dy = Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1);
    OneOp deconv =
        OneOp.of("Conv2DBackpropInput")
            .named("deconv")
            .constInput(Tensor.ofInts(Shape.of(4), 1, 1, 1, 1))
            .constInput(Tensor.ofFloats(Shape.of(1, 1, 1, 1), 2))
            .input(dy)
            .attr("T", DataType.DT_FLOAT)
            .attrInts("strides", 1, 1, 1, 1)
            .attr("padding", "VALID")
            .attr("data_format", "NCHW");
    assertError(Code.INVALID_ARGUMENT, "deconv", deconv::run);
  }

  @Test
  void conv3dDilationsAreUnsupportedOnCpu() {
    Tensor x = Tensor.ofFloats(Shape.of(1, 1, 1, 1, 1), 1);
    OneOp conv =
        OneOp.of("Conv3D")
            .named("conv")
            .input(x)
            .constInput(Tensor.ofFloats(Shape.of(1, 1, 1, 1, 1), 2))
            .attr("T", DataType.DT_FLOAT)
            .attrInts("strides", 1, 1, 1, 1, 1)
            .attrInts("dilations", 1, 2, 2, 2, 1)
            .attr("padding", "SAME");
    assertError(Code.INVALID_ARGUMENT, "conv", conv::run);
  }

  /** Node "pool": {@code op} with windows and strides of 1 (its input follows). */
  private static OneOp pool(String op, String format, DataType t, int rank) {
    long[] ones = new long[rank];
    java.util.Arrays.fill(ones, 1);
    return OneOp.of(op)
        .named("pool")
        .attr("T", t)
        .attrInts("ksize", ones)
        .attrInts("strides", ones)
        .attr("padding", "VALID")
        .attr("data_format", format);
  }

  @Test
  void maxPoolNchwIsRejectedOnCpu() {
    Tensor x = Tensor.ofFloats(Shape.of(1, 1, 1, 1), 1);
    OneOp pool = pool("MaxPool", "NCHW", DataType.DT_FLOAT, 4).input(x);
    assertError(Code.INVALID_ARGUMENT, "pool", pool::run);
  }

  @Test
  void maxPool3dHasNoDoubleKernel() {
    OneOp pool =
        pool("MaxPool3D", "NDHWC", DataType.DT_DOUBLE, 5)
            .placeholder(DataType.DT_DOUBLE, PartialShape.unknownRank());
    assertError(Code.INVALID_ARGUMENT, "pool", pool::build);
  }

  /** tf.nn.max_pool2d's documented example: 2x2 windows, stride 2, over a 3x3 input. */
  @Test
  void maxPoolDocumentedExample() {
    Tensor y =
        OneOp.of("MaxPool")
            .named("pool")
            .constInput(Tensor.ofFloats(Shape.of(1, 3, 3, 1), 1, 2, 3, 4, 5, 6, 7, 8, 9))
            .attr("T", DataType.DT_FLOAT)
            .attrInts("ksize", 1, 2, 2, 1)
            .attrInts("strides", 1, 1, 1, 1)
            .attr("padding", "VALID")
            .run();
    assertEquals(Shape.of(1, 2, 2, 1), y.shape());
    assertTrue(y.contentEquals(Tensor.ofFloats(Shape.of(1, 2, 2, 1), 5, 6, 8, 9)));
  }

  @Test
  void biasAddNeedsOneBiasPerChannel() {
    Tensor x = Tensor.ofFloats(Shape.of(1, 2), 1, 2);
    Tensor b = Tensor.ofFloats(Shape.of(3), 1, 2, 3);
    OneOp ba = OneOp.of("BiasAdd").named("ba").input(x).input(b).attr("T", DataType.DT_FLOAT);
    assertError(Code.INVALID_ARGUMENT, "ba", ba::run);
  }

  @Test
  void biasAddNeedsRankTwo() {
    OneOp ba =
        OneOp.of("BiasAdd")
            .named("ba")
            .placeholder(DataType.DT_FLOAT, PartialShape.of(3))
            .placeholder(DataType.DT_FLOAT, PartialShape.of(3))
            .attr("T", DataType.DT_FLOAT);
    assertError(Code.INVALID_ARGUMENT, "ba", ba::build);
  }

  @Test
  void sparseSoftmaxCrossEntropyRejectsLabelsOutOfRange() {
    Tensor labels = Tensor.ofInts(Shape.of(1), 2);
    OneOp xent =
        OneOp.of("SparseSoftmaxCrossEntropyWithLogits")
            .named("xent")
            .constInput(Tensor.ofFloats(Shape.of(1, 2), 1, 2))
            .input(labels)
            .attr("T", DataType.DT_FLOAT)
            .attr("Tlabels", DataType.DT_INT32);
    assertError(Code.INVALID_ARGUMENT, "xent", xent::run);
  }

  /** Node "es": Einsum of Const int32 inputs. */
  private static OneOp einsum(String equation, Tensor... inputs) {
    return OneOp.of("Einsum")
        .named("es")
        .constInputs()
        .inputs(inputs)
        .attr("T", DataType.DT_INT32)
        .attr("N", inputs.length)
        .attr("equation", equation);
  }

  /** tf.linalg.matmul's documented example written as einsum 'ij,jk->ik' (and batched). */
  @Test
  void einsumMatMulAndTrace() {
    Tensor a = Tensor.ofInts(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    Tensor b = Tensor.ofInts(Shape.of(3, 2), 7, 8, 9, 10, 11, 12);
    Tensor c = einsum("ij,jk->ik", a, b).run();
    assertArrayEquals(new long[] {58, 64, 139, 154}, c.toLongArray());
    Tensor batched = einsum("...j,jk->...k", a, b).run();
    assertEquals(Shape.of(2, 2), batched.shape());
    assertArrayEquals(new long[] {58, 64, 139, 154}, batched.toLongArray());
    // The trace of that product (58 + 154), by TF's definition of 'ii->'.
    Tensor m = Tensor.ofInts(Shape.of(2, 2), 58, 64, 139, 154);
    assertArrayEquals(new long[] {212}, einsum("ii->", m).run().toLongArray());
  }

  @Test
  void einsumNeedsAnArrow() {
    Tensor a = Tensor.ofInts(Shape.of(2), 1, 2);
    assertError(Code.INVALID_ARGUMENT, "es", einsum("i,i", a, a)::build);
  }

  @Test
  void einsumLabelSizesMustAgree() {
    Tensor a = Tensor.ofInts(Shape.of(2), 1, 2);
    Tensor b = Tensor.ofInts(Shape.of(3), 1, 2, 3);
    assertError(Code.INVALID_ARGUMENT, "es", einsum("i,i->", a, b)::build);
  }
}
