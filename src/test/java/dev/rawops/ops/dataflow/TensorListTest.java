package dev.rawops.ops.dataflow;

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
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TF 2's TensorList ops: values as TF 2.18 gives them (graphs/conformance/tensor_list fixtures
 * 0001, 0011, 0024, 0025, 0058), and each error's code naming its node.
 */
class TensorListTest {
  /** x = 1..6 as [3,2], es = [2], any = -1, l = FromTensor(x, es). */
  static GraphDefBuilder base() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", Tensor.ofFloats(Shape.of(3, 2), 1, 2, 3, 4, 5, 6));
    b.constant("es", Tensor.ofInts(Shape.of(1), 2));
    b.constant("any", Tensor.ofInts(Shape.scalar(), -1));
    return b.op("l", "TensorListFromTensor", "x", "es")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
  }

  static GraphDefBuilder stack(GraphDefBuilder b, String name, String list, String shape) {
    return b.op(name, "TensorListStack", list, shape).attr("element_dtype", DType.FLOAT);
  }

  static GraphDefBuilder scalar(GraphDefBuilder b, String name, int v) {
    return b.constant(name, Tensor.ofInts(Shape.scalar(), v));
  }

  static List<Tensor> run(GraphDefBuilder b, String... fetches) {
    return Graph.build(b.build(), Device.CPU).newSession().run(Map.of(), List.of(fetches));
  }

  static RawOpsException fails(GraphDefBuilder b, String fetch) {
    return assertThrows(RawOpsException.class, () -> run(b, fetch));
  }

  static void assertNames(RawOpsException e, Code code, String node) {
    assertEquals(code, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("'" + node + "'"), e.getMessage());
  }

  @Test
  void fromTensorStacksBackWithLengthAndShape() {
    GraphDefBuilder b = base();
    stack(b, "s", "l", "es");
    b.op("n", "TensorListLength", "l");
    b.op("shape", "TensorListElementShape", "l").attr("shape_type", DType.INT32);
    List<Tensor> out = run(b, "s", "n", "shape");
    assertEquals(Shape.of(3, 2), out.get(0).shape());
    assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, out.get(0).toFloatArray());
    assertEquals(3, out.get(1).getInt(0));
    assertArrayEquals(new int[] {2}, out.get(2).toIntArray());
  }

  @Test
  void aSharedListDoesNotSeeSetItem() {
    GraphDefBuilder b = base();
    scalar(b, "i", 0);
    b.constant("v", Tensor.ofFloats(Shape.of(2), 10, 20));
    b.op("w", "TensorListSetItem", "l", "i", "v").attr("element_dtype", DType.FLOAT);
    stack(b, "before", "l", "es");
    stack(b, "after", "w", "es");
    List<Tensor> out = run(b, "before", "after");
    assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, out.get(0).toFloatArray());
    assertArrayEquals(new float[] {10, 20, 3, 4, 5, 6}, out.get(1).toFloatArray());
  }

  @Test
  void unsetElementsOfKnownShapeReadAsZeros() {
    GraphDefBuilder b = base();
    scalar(b, "three", 3);
    b.op("r", "TensorListReserve", "es", "three")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    scalar(b, "one", 1);
    b.constant("v", Tensor.ofFloats(Shape.of(2), 7, 8));
    b.op("w", "TensorListSetItem", "r", "one", "v").attr("element_dtype", DType.FLOAT);
    stack(b, "s", "w", "es");
    assertArrayEquals(new float[] {0, 0, 7, 8, 0, 0}, run(b, "s").get(0).toFloatArray());
  }

  @Test
  void pushBackAndPopBack() {
    GraphDefBuilder b = base();
    scalar(b, "max", -1);
    b.op("e", "EmptyTensorList", "es", "max")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.constant("a", Tensor.ofFloats(Shape.of(2), 1, 2));
    b.constant("c", Tensor.ofFloats(Shape.of(2), 3, 4));
    b.op("p1", "TensorListPushBack", "e", "a").attr("element_dtype", DType.FLOAT);
    b.op("p2", "TensorListPushBack", "p1", "c").attr("element_dtype", DType.FLOAT);
    b.op("pop", "TensorListPopBack", "p2", "es").attr("element_dtype", DType.FLOAT);
    stack(b, "rest", "pop", "es");
    List<Tensor> out = run(b, "pop:1", "rest");
    assertArrayEquals(new float[] {3, 4}, out.get(0).toFloatArray());
    assertArrayEquals(new float[] {1, 2}, out.get(1).toFloatArray());
  }

  @Test
  void concatV2TakesUnsetLengthsFromLeadingDims() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("es", Tensor.ofInts(Shape.of(2), -1, 2));
    scalar(b, "three", 3);
    b.op("r", "TensorListReserve", "es", "three")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    scalar(b, "one", 1);
    b.constant("v", Tensor.ofFloats(Shape.of(3, 2), 1, 2, 3, 4, 5, 6));
    b.op("w", "TensorListSetItem", "r", "one", "v").attr("element_dtype", DType.FLOAT);
    b.constant("lead", Tensor.ofLongs(Shape.of(3), 1, 9, 2));
    b.op("c", "TensorListConcatV2", "w", "es", "lead")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    List<Tensor> out = run(b, "c", "c:1");
    assertEquals(Shape.of(6, 2), out.get(0).shape());
    assertArrayEquals(new long[] {1, 3, 2}, out.get(1).toLongArray());
  }

  @Test
  void aListIsAVariantScalar() {
    Tensor l = run(base(), "l").get(0);
    assertEquals(DType.VARIANT, l.dtype());
    assertEquals(Shape.scalar(), l.shape());
  }

  @Test
  void sessionsRunTheListAgain() {
    GraphDefBuilder b = base();
    stack(b, "s", "l", "es");
    Session s = Graph.build(b.build(), Device.CPU).newSession();
    s.run(Map.of(), List.of("s"));
    assertArrayEquals(
        new float[] {1, 2, 3, 4, 5, 6}, s.run(Map.of(), List.of("s")).get(0).toFloatArray());
  }

  @Test
  void getItemOutOfRange() {
    GraphDefBuilder b = base();
    scalar(b, "i", 3);
    b.op("g", "TensorListGetItem", "l", "i", "es").attr("element_dtype", DType.FLOAT);
    RawOpsException e = fails(b, "g");
    assertNames(e, Code.INVALID_ARGUMENT, "g");
    assertTrue(e.getMessage().contains("Trying to access element 3 in a list with 3 elements."));
  }

  @Test
  void popBackOfAnEmptyList() {
    GraphDefBuilder b = base();
    scalar(b, "max", -1);
    b.op("e", "EmptyTensorList", "any", "max")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.op("pop", "TensorListPopBack", "e", "any").attr("element_dtype", DType.FLOAT);
    assertNames(fails(b, "pop:1"), Code.INVALID_ARGUMENT, "pop");
  }

  @Test
  void stackOfUnsetElementsWithoutAShape() {
    GraphDefBuilder b = base();
    scalar(b, "three", 3);
    b.op("r", "TensorListReserve", "any", "three")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    stack(b, "s", "r", "any");
    RawOpsException e = fails(b, "s");
    assertNames(e, Code.INVALID_ARGUMENT, "s");
    assertTrue(e.getMessage().contains("non-fully-defined element_shape: <unknown>"));
  }

  @Test
  void elementDtypeMismatch() {
    GraphDefBuilder b = base();
    scalar(b, "i", 0);
    b.op("g", "TensorListGetItem", "l", "i", "es").attr("element_dtype", DType.INT32);
    RawOpsException e = fails(b, "g");
    assertNames(e, Code.INVALID_ARGUMENT, "g");
    assertTrue(e.getMessage().contains("op elements int32 but list elements float"));
  }

  @Test
  void aScalarElementShapeOtherThanMinusOneFailsAtBuild() {
    GraphDefBuilder b = base();
    scalar(b, "bad", 3);
    stack(b, "s", "l", "bad");
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> Graph.build(b.build(), Device.CPU));
    assertNames(e, Code.INVALID_ARGUMENT, "s");
  }

  @Test
  void splitWithUnusedValues() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", Tensor.ofFloats(Shape.of(5), 1, 2, 3, 4, 5));
    b.constant("es", Tensor.ofInts(Shape.of(1), -1));
    b.constant("len", Tensor.ofLongs(Shape.of(2), 2, 2));
    b.op("sp", "TensorListSplit", "x", "es", "len")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.op("n", "TensorListLength", "sp");
    RawOpsException e = fails(b, "n");
    assertNames(e, Code.INVALID_ARGUMENT, "sp");
    assertTrue(e.getMessage().contains("Unused values in tensor. Length of tensor: 5"));
  }

  @Test
  void aListPastTheElementLimitIsResourceExhausted() {
    GraphDefBuilder b = base();
    scalar(b, "huge", Integer.MAX_VALUE);
    b.op("r", "TensorListReserve", "es", "huge")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    b.op("n", "TensorListLength", "r");
    RawOpsException e = fails(b, "n");
    assertNames(e, Code.RESOURCE_EXHAUSTED, "r");
    assertTrue(e.getMessage().contains("maxStringElements"), e.getMessage());
  }

  @Test
  void setItemWithResizeAtTheLargestIndexIsResourceExhausted() {
    GraphDefBuilder b = base();
    scalar(b, "i", Integer.MAX_VALUE);
    b.constant("v", Tensor.ofFloats(Shape.of(2), 1, 2));
    b.op("w", "TensorListSetItem", "l", "i", "v")
        .attr("element_dtype", DType.FLOAT)
        .attr("resize_if_index_out_of_bounds", true);
    b.op("n", "TensorListLength", "w");
    assertNames(fails(b, "n"), Code.RESOURCE_EXHAUSTED, "w");
  }

  /** TF's TensorListResize: growing adds uninitialized elements, which Stack reads as zeros. */
  @Test
  void shrinkingThenGrowingLeavesTheNewElementsUninitialized() {
    GraphDefBuilder b = base();
    scalar(b, "one", 1);
    scalar(b, "three", 3);
    b.op("small", "TensorListResize", "l", "one");
    b.op("big", "TensorListResize", "small", "three");
    stack(b, "s", "big", "es");
    stack(b, "s0", "l", "es");
    List<Tensor> out = run(b, "s", "s0");
    assertArrayEquals(new float[] {1, 2, 0, 0, 0, 0}, out.get(0).toFloatArray());
    assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, out.get(1).toFloatArray());
  }

  /** Lists longer than a chunk: SetItem of a shared list past the first chunks, both stacked. */
  @Test
  void longListsShareElementsAcrossEdits() {
    float[] x = new float[200];
    for (int i = 0; i < x.length; i++) {
      x[i] = i;
    }
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("x", Tensor.ofFloats(Shape.of(200), x));
    b.constant("none", Tensor.ofInts(Shape.of(0)));
    b.op("l", "TensorListFromTensor", "x", "none")
        .attr("element_dtype", DType.FLOAT)
        .attr("shape_type", DType.INT32);
    scalar(b, "i", 130);
    b.constant("v", Tensor.ofFloats(Shape.scalar(), -1));
    b.op("w", "TensorListSetItem", "l", "i", "v").attr("element_dtype", DType.FLOAT);
    scalar(b, "size", 300);
    b.op("grown", "TensorListResize", "w", "size");
    stack(b, "s", "grown", "none");
    stack(b, "s0", "l", "none");
    List<Tensor> out = run(b, "s", "s0");
    float[] want = new float[300];
    System.arraycopy(x, 0, want, 0, 200);
    want[130] = -1;
    assertArrayEquals(want, out.get(0).toFloatArray());
    assertArrayEquals(x, out.get(1).toFloatArray());
  }
}
