package dev.rawops.ops.indexing;

import static dev.rawops.StridedSliceGraphs.slice;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.StridedSliceGraphs;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Every StridedSlice error rule: TF's status code, TF's message, the node named, and the stage
 * (BUILD when the spec is constant or the rule concerns attrs or static shapes, RUN otherwise).
 */
class StridedSliceErrorTest {
  private static final Tensor FIVE = Tensor.ofInts(Shape.of(5), 1, 2, 3, 4, 5);

  private static long[] v(long... x) {
    return x;
  }

  /** Asserts a build-time rejection naming node "out". */
  private static RawOpsException atBuild(GraphDef g, Code code, String message) {
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    return check(e, code, message);
  }

  /** Asserts the graph builds, then the run fails naming node "out". */
  private static RawOpsException atRun(StridedSliceGraphs s, Code code, String message) {
    Graph g = s.build();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> g.newSession().run(s.feeds(), List.of("out")));
    return check(e, code, message);
  }

  private static RawOpsException check(RawOpsException e, Code code, String message) {
    assertEquals(code, e.code(), e.getMessage());
    assertEquals("out", e.node().orElseThrow(), e.getMessage());
    assertTrue(e.getMessage().contains(message), e.getMessage());
    return e;
  }

  private static GraphDef patchOut(GraphDef g, Consumer<NodeDef.Builder> f) {
    GraphDef.Builder b = g.toBuilder();
    for (NodeDef.Builder n : b.getNodeBuilderList()) {
      if (n.getName().equals("out")) {
        f.accept(n);
      }
    }
    return b.build();
  }

  @Test
  void shrinkIndexOutOfRange_constant_isRejectedAtBuild() {
    RawOpsException e =
        atBuild(
            slice(FIVE, v(7), v(8), v(1)).masks(0, 0, 0, 0, 1).graph(),
            Code.INVALID_ARGUMENT,
            "slice index 7 of dimension 0 out of bounds.");
    assertTrue(e.getMessage().contains("shrink_axis_mask bit 0"), e.getMessage());
  }

  @Test
  void shrinkIndexOutOfRange_fed_failsAtRun() {
    atRun(
        slice(FIVE, v(-6), v(0), v(1)).masks(0, 0, 0, 0, 1).feedVectors(),
        Code.INVALID_ARGUMENT,
        "slice index -1 of dimension 0 out of bounds.");
  }

  @Test
  void zeroStride_constant_isRejectedAtBuild() {
    atBuild(
        slice(FIVE, v(0), v(5), v(0)).graph(),
        Code.INVALID_ARGUMENT,
        "strides[0] must be non-zero");
  }

  @Test
  void zeroStride_fed_failsAtRun() {
    atRun(
        slice(FIVE, v(0), v(5), v(0)).feedVectors(),
        Code.INVALID_ARGUMENT,
        "strides[0] must be non-zero");
  }

  @Test
  void twoEllipses_areRejectedAtBuild_evenWithFedVectors() {
    RawOpsException e =
        atBuild(
            slice(FIVE, v(0, 0), v(0, 0), v(1, 1)).masks(0, 0, 3, 0, 0).feedVectors().graph(),
            Code.INVALID_ARGUMENT,
            "Multiple ellipses in slice spec not allowed");
    assertTrue(e.getMessage().contains("ellipsis_mask = 3 sets bits 0 and 1"), e.getMessage());
  }

  @Test
  void unequalStaticLengths_areRejectedAtBuild() {
    atBuild(
        slice(FIVE, v(0, 0), v(1, 1, 1), v(1, 1)).graph(),
        Code.INVALID_ARGUMENT,
        "Dimension 0 in both shapes must be equal, but are 2 and 3");
  }

  @Test
  void unequalFedLengths_failAtRun() {
    atRun(
        slice(FIVE, v(0, 0), v(1, 1, 1), v(1, 1)).feedVectors(),
        Code.INVALID_ARGUMENT,
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], [3], and [2] instead.");
  }

  @Test
  void beginNotAVector_static_isRejectedAtBuild() {
    GraphDef g = slice(FIVE, v(0), v(1), v(1)).graph().toBuilder().build();
    GraphDef.Builder b = g.toBuilder();
    for (NodeDef.Builder n : b.getNodeBuilderList()) {
      if (n.getName().equals("begin")) {
        n.putAttr(
            "value",
            AttrValue.newBuilder()
                .setTensor(TensorProtos.toProto(Tensor.ofInts(Shape.of(1, 1), 0)))
                .build());
      }
    }
    atBuild(b.build(), Code.INVALID_ARGUMENT, "Shape must be rank 1 but is rank 2");
  }

  @Test
  void beginNotAVector_fed_failsAtRun() {
    StridedSliceGraphs s = slice(FIVE, v(0), v(1), v(1)).feedVectors();
    Graph g = s.build();
    Map<String, Tensor> feeds = new java.util.HashMap<>(s.feeds());
    feeds.put("begin", Tensor.ofInts(Shape.of(1, 1), 0));
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> g.newSession().run(feeds, List.of("out")));
    check(e, Code.INVALID_ARGUMENT, "but got shapes [1,1], [1], and [1] instead.");
  }

  @Test
  void thirtyTwoEntries_constant_areRejectedAtBuild() {
    long[] zeros = new long[32];
    long[] ones = new long[32];
    java.util.Arrays.fill(ones, 1);
    atBuild(
        slice(FIVE, zeros, zeros, ones).masks(0, 0, 0, -2, 0).graph(),
        Code.INVALID_ARGUMENT,
        "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [32], [32], and [32]");
  }

  @Test
  void int8Index_isRejectedAtBuild() {
    GraphDef g =
        patchOut(
            slice(FIVE, v(0), v(1), v(1)).graph(),
            n -> n.putAttr("Index", AttrValue.newBuilder().setType(DType.INT8.proto()).build()));
    atBuild(
        g,
        Code.INVALID_ARGUMENT,
        "value for attr 'Index' of int8 is not in the list of allowed values");
  }

  @Test
  void moreIndexedDimsThanTheInputHas_constant_isRejectedAtBuild() {
    atBuild(
        slice(FIVE, v(0, 0), v(1, 1), v(1, 1)).graph(),
        Code.INVALID_ARGUMENT,
        "Index out of range using input dim 1; input has only 1 dims");
  }

  @Test
  void moreIndexedDimsThanTheInputHas_fed_failsAtRun() {
    atRun(
        slice(FIVE, v(0, 0), v(1, 1), v(1, 1)).feedVectors(),
        Code.INVALID_ARGUMENT,
        "Index out of range using input dim 1; input has only 1 dims");
  }

  @Test
  void singleIndexWithNegativeStride_isRejected() {
    atBuild(
        slice(FIVE, v(1), v(2), v(-1)).masks(0, 0, 0, 0, 1).graph(),
        Code.INVALID_ARGUMENT,
        "only stride 1 allowed on non-range indexing.");
  }

  @Test
  void maskBeyondInt32_isRejectedAtBuild() {
    GraphDef g =
        patchOut(
            slice(FIVE, v(0), v(1), v(1)).graph(),
            n -> n.putAttr("begin_mask", AttrValue.newBuilder().setI(1L << 33).build()));
    atBuild(
        g, Code.INVALID_ARGUMENT, "Attr begin_mask has value 8589934592 out of range for an int32");
  }

  @Test
  void rank9StridedCopy_isUnimplementedLikeTf() {
    Tensor nine = Tensor.ofInts(Shape.of(1, 1, 1, 1, 1, 1, 1, 1, 4), 1, 2, 3, 4);
    atRun(
        slice(nine, v(0, 0), v(0, 0), v(1, 2)).masks(2, 2, 1, 0, 0).feedInput(),
        Code.UNIMPLEMENTED,
        "Unhandled input dimensions 9");
  }

  @Test
  void rank9Dim0SliceWithAlignedRows_works_unalignedRowsDoNot() {
    long[] values = new long[32];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
    }
    // Rows of 16 int32 = 64 bytes: TF's dim-0 path (64-byte aligned rows) applies, so no rank
    // limit.
    Tensor aligned = Tensor.ofIntegers(DType.INT32, Shape.of(2, 1, 1, 1, 1, 1, 1, 1, 16), values);
    Tensor out = slice(aligned, v(1), v(2), v(1)).run();
    assertEquals(16L, out.getIndex(0));
    assertEquals(31L, out.getIndex(15));
    // Rows of 8 int32 = 32 bytes are not aligned for TF: the 9-dimensional copy is unimplemented.
    Tensor unaligned = Tensor.ofIntegers(DType.INT32, Shape.of(4, 1, 1, 1, 1, 1, 1, 1, 8), values);
    atRun(
        slice(unaligned, v(1), v(2), v(1)).feedInput(),
        Code.UNIMPLEMENTED,
        "Unhandled input dimensions 9");
  }
}
