package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TensorScatterUpdate's values and run-time rules on CPU. All inputs are fed through placeholders
 * of unknown shape, so every shape rule is checked by the kernel. Expected messages and values are
 * what TensorFlow 2.18's CPU kernel gives for the same inputs.
 */
class TensorScatterUpdateKernelTest {
  static Tensor scatter(Tensor tensor, Tensor indices, Tensor updates, String policy) {
    OneOp scatter =
        OneOp.of("TensorScatterUpdate")
            .inputs(tensor, indices, updates)
            .attr("T", tensor.dtype())
            .attr("Tindices", indices.dtype());
    if (policy != null) {
      scatter.attr("bad_indices_policy", policy);
    }
    return scatter.run();
  }

  /** Asserts INVALID_ARGUMENT at node "out" with exactly TF's message. */
  static void fails(
      String tfMessage, Tensor tensor, Tensor indices, Tensor updates, String policy) {
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> scatter(tensor, indices, updates, policy));
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals("out", e.node().orElseThrow(), e.getMessage());
    assertEquals(tfMessage, e.detail());
  }

  private static Tensor ints(long[] shape, int... v) {
    return Tensor.ofInts(Shape.of(shape), v);
  }

  private static long[] s(long... dims) {
    return dims;
  }

  /** TF's CPU loop applies updates in row-major order of indices: the last duplicate wins. */
  @Test
  void duplicateIndices_lastUpdateWins() {
    Tensor out =
        scatter(ints(s(8), new int[8]), ints(s(4, 1), 1, 1, 4, 1), ints(s(4), 9, 10, 11, 12), null);
    assertArrayEquals(new long[] {0, 12, 0, 0, 11, 0, 0, 0}, out.toLongArray());
  }

  @Test
  void duplicateRows_lastSliceWins() {
    Tensor out =
        scatter(
            ints(s(3, 2), 0, 0, 0, 0, 0, 0),
            ints(s(3, 1), 1, 2, 1),
            ints(s(3, 2), 1, 2, 3, 4, 5, 6),
            null);
    assertArrayEquals(new long[] {0, 0, 5, 6, 3, 4}, out.toLongArray());
  }

  @Test
  void duplicatesInBatchedIndices_lastInRowMajorOrderWins() {
    Tensor out =
        scatter(
            ints(s(2, 2), 0, 0, 0, 0),
            ints(s(2, 2, 2), 0, 1, 1, 1, 0, 1, 0, 1),
            ints(s(2, 2), 7, 8, 9, 10),
            null);
    assertArrayEquals(new long[] {0, 10, 0, 8}, out.toLongArray());
  }

  @ParameterizedTest
  @EnumSource(
      value = DType.class,
      // TF registers TensorScatterUpdate for no quantized type
      names = {"STRING", "RESOURCE", "VARIANT", "QINT8", "QUINT8", "QINT16", "QUINT16", "QINT32"},
      mode = EnumSource.Mode.EXCLUDE)
  void everyFixedWidthDtype_movesElementBytesExactly(DType dtype) {
    Tensor tensor = pattern(dtype, 4, 0x11);
    Tensor updates = pattern(dtype, 2, 0xA1);
    Tensor out = scatter(tensor, Tensor.ofLongs(Shape.of(2, 1), 2, 0), updates, null);
    assertEquals(dtype, out.dtype());
    // output = [updates[1], tensor[1], updates[0], tensor[3]]
    assertElement(updates, 1, out, 0);
    assertElement(tensor, 1, out, 1);
    assertElement(updates, 0, out, 2);
    assertElement(tensor, 3, out, 3);
  }

  @Test
  void strings() {
    Tensor out =
        scatter(
            Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"),
            ints(s(1, 1), 1),
            Tensor.ofStrings(Shape.of(1, 2), "xx", ""),
            null);
    String[] got = new String[4];
    for (int i = 0; i < 4; i++) {
      got[i] = new String(out.getString(i), StandardCharsets.UTF_8);
    }
    assertArrayEquals(new String[] {"a", "b", "xx", ""}, got);
  }

  @Test
  void int64Indices_depth2_intoRank3() {
    Tensor tensor = ints(s(2, 2, 2), 0, 0, 0, 0, 0, 0, 0, 0);
    Tensor out =
        scatter(
            tensor, Tensor.ofLongs(Shape.of(2, 2), 1, 0, 0, 1), ints(s(2, 2), 1, 2, 3, 4), null);
    assertArrayEquals(new long[] {0, 0, 3, 4, 1, 2, 0, 0}, out.toLongArray());
  }

  @Test
  void depth7_isSupported() {
    Tensor out =
        scatter(
            ints(s(1, 1, 1, 1, 1, 1, 2), 0, 0),
            ints(s(1, 7), 0, 0, 0, 0, 0, 0, 1),
            ints(s(1), 5),
            null);
    assertArrayEquals(new long[] {0, 5}, out.toLongArray());
  }

  @Test
  void emptyUpdates_outputEqualsInput() {
    Tensor tensor = ints(s(3), 1, 2, 3);
    Tensor out = scatter(tensor, ints(s(0, 1)), ints(s(0)), null);
    assertArrayEquals(new long[] {1, 2, 3}, out.toLongArray());
  }

  @Test
  void emptyTensorWithEmptyUpdates_isFine() {
    assertEquals(
        Shape.of(0, 3), scatter(ints(s(0, 3)), ints(s(0, 1)), ints(s(0, 3)), null).shape());
    assertEquals(Shape.of(0), scatter(ints(s(0)), ints(s(0, 0)), ints(s(0, 0)), null).shape());
    assertEquals(Shape.of(0, 2), scatter(ints(s(0, 2)), ints(s(0)), ints(s(0, 2)), null).shape());
  }

  @Test
  void outOfBounds_tooLarge() {
    fails(
        "indices[0] = [4] does not index into shape [2,4]",
        ints(s(2, 4), new int[8]),
        ints(s(1, 1), 4),
        ints(s(1, 4), 1, 2, 3, 4),
        null);
  }

  @Test
  void outOfBounds_namesTheLastBadIndexVector() {
    fails(
        "indices[2] = [-1] does not index into shape [8]",
        ints(s(8), new int[8]),
        ints(s(4, 1), 9, 3, -1, 7),
        ints(s(4), 9, 10, 11, 12),
        null);
  }

  @Test
  void outOfBounds_batchedPositionAndVectorComponents() {
    fails(
        "indices[1,1] = [0, 9] does not index into shape [3,4]",
        ints(s(3, 4), new int[12]),
        ints(s(2, 2, 2), 0, 0, 1, 1, 2, 2, 0, 9),
        ints(s(2, 2), 1, 2, 3, 4),
        null);
  }

  @Test
  void outOfBounds_int64Negative() {
    fails(
        "indices[1] = [2, -4] does not index into shape [3,4]",
        ints(s(3, 4), new int[12]),
        Tensor.ofLongs(Shape.of(2, 2), 0, 1, 2, -4),
        ints(s(2), 1, 2),
        "ERROR");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "DEFAULT", "ERROR"})
  void everyErrorPolicy_rejectsBadIndices(String policy) {
    fails(
        "indices[0] = [3] does not index into shape [3]",
        ints(s(3), 0, 0, 0),
        ints(s(1, 1), 3),
        ints(s(1), 1),
        policy);
  }

  @Test
  void ignorePolicy_skipsBadIndicesAndAppliesTheRest() {
    Tensor out =
        scatter(
            ints(s(3, 4), new int[12]),
            ints(s(2, 2, 2), 0, 0, 1, 1, 2, 9, 0, 3),
            ints(s(2, 2), 1, 2, 3, 4),
            "IGNORE");
    assertArrayEquals(new long[] {1, 0, 0, 4, 0, 2, 0, 0, 0, 0, 0, 0}, out.toLongArray());
  }

  @Test
  void ignorePolicy_withDuplicates() {
    Tensor out =
        scatter(
            ints(s(8), new int[8]),
            ints(s(4, 1), 9, 3, -1, 3),
            ints(s(4), 9, 10, 11, 12),
            "IGNORE");
    assertArrayEquals(new long[] {0, 0, 0, 12, 0, 0, 0, 0}, out.toLongArray());
  }

  @Test
  void runTime_indicesScalar() {
    fails(
        "Indices shape must have rank at least one. Found:[]",
        ints(s(4), 0, 0, 0, 0),
        ints(s(), 2),
        ints(s(1), 5),
        null);
  }

  @Test
  void runTime_updatesScalar() {
    fails(
        "Updates shape must have rank at least one. Found:[]",
        ints(s(4), 0, 0, 0, 0),
        ints(s(2, 1), 2, 1),
        ints(s(), 5),
        null);
  }

  @Test
  void runTime_updatesForAnEmptyTensor() {
    fails(
        "Indices and updates specified for empty output shape",
        ints(s(0)),
        ints(s(1, 1), 0),
        ints(s(1), 5),
        null);
  }

  @Test
  void runTime_depth0WithUpdates() {
    fails(
        "Indices and updates specified for empty output shape",
        ints(s(2), 0, 0),
        ints(s(2, 0)),
        ints(s(2, 2), 1, 2, 3, 4),
        null);
  }

  @Test
  void runTime_outerDimensionsDiffer() {
    fails(
        "Outer dimensions of indices and update must match. Indices shape: [2,1], updates shape:[3,3]",
        ints(s(2, 3), new int[6]),
        ints(s(2, 1), 0, 1),
        ints(s(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9),
        null);
  }

  /**
   * TF 2.18 aborts the process here (CHECK failure reading updates.shape[1]); rawops reports it.
   */
  @Test
  void runTime_updatesWithFewerDimsThanTheBatch_isAnErrorNotACrash() {
    fails(
        "Outer dimensions of indices and update must match. Indices shape: [1,1,3], updates shape:[1]",
        ints(s(2, 2), 0, 0, 0, 0),
        ints(s(1, 1, 3), 0, 0, 0),
        ints(s(1), 5),
        null);
  }

  @Test
  void runTime_innerRankDiffers() {
    fails(
        "Inner dimensions of output shape must match inner dimensions of updates shape. Output: [2,3] updates: [2]",
        ints(s(2, 3), new int[6]),
        ints(s(2, 1), 0, 1),
        ints(s(2), 1, 2),
        null);
  }

  @Test
  void runTime_depthBeyondRank() {
    fails(
        "Inner dimensions of output shape must match inner dimensions of updates shape. Output: [2,2] updates: [1]",
        ints(s(2, 2), 0, 0, 0, 0),
        ints(s(1, 3), 0, 0, 0),
        ints(s(1), 5),
        null);
  }

  @Test
  void runTime_innerDimensionDiffers() {
    fails(
        "The inner 1 dimensions of output.shape=[2,3] must match the inner 1 dimensions of updates.shape=[2,4]",
        ints(s(2, 3), new int[6]),
        ints(s(2, 1), 0, 1),
        ints(s(2, 4), 1, 2, 3, 4, 5, 6, 7, 8),
        null);
  }

  @Test
  void runTime_scalarTensor() {
    fails(
        "Output must be at least 1-D, got shape: []",
        ints(s(), 7),
        ints(s(0, 0)),
        ints(s(0)),
        null);
  }

  @Test
  void runTime_rank1Indices_firstDimensionMustMatchUpdates() {
    fails(
        "Dimensions [0,1) of indices[shape=[1]] = 1 must match dimensions [0,1) of updates[shape=[3]] = 3",
        ints(s(4, 3), new int[12]),
        ints(s(1), 2),
        ints(s(3), 7, 8, 9),
        null);
  }

  @Test
  void runTime_rank1Indices_updateShapeRule() {
    fails(
        "Dimensions [1,2) of input[shape=[3,1]] must match dimensions [1,1) of updates[shape=[1]]",
        ints(s(3, 1), 0, 0, 0),
        ints(s(1), 0),
        ints(s(1), 7),
        null);
    fails(
        "Dimensions [1,3) of input[shape=[5,5,2]] must match dimensions [1,1) of updates[shape=[2]]",
        ints(s(5, 5, 2), new int[50]),
        ints(s(2), 1, 1),
        ints(s(2), 7, 8),
        null);
  }

  @Test
  void runTime_depth0OnANonEmptyTensor() {
    fails(
        "Only indices.shape[-1] values between 1 and 5 are currently supported.  Requested rank: 0",
        ints(s(2), 0, 0),
        ints(s(0, 0)),
        ints(s(0, 2)),
        null);
  }

  @Test
  void runTime_depth8() {
    fails(
        "Only indices.shape[-1] values between 1 and 5 are currently supported.  Requested rank: 8",
        ints(s(1, 1, 1, 1, 1, 1, 1, 1), 0),
        ints(s(1, 8), 0, 0, 0, 0, 0, 0, 0, 0),
        ints(s(1), 5),
        null);
  }

  private static Tensor pattern(DType dtype, int n, int seed) {
    MemorySegment m = Arena.ofAuto().allocate((long) n * dtype.byteSize());
    for (int k = 0; k < n; k++) {
      for (int b = 0; b < dtype.byteSize(); b++) {
        // bool elements must stay 0/1; others get a distinct byte per element and position
        byte v = dtype == DType.BOOL ? (byte) ((k + seed) & 1) : (byte) (seed + 0x10 * k + b);
        m.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) k * dtype.byteSize() + b, v);
      }
    }
    return Tensor.fromBytes(dtype, Shape.of(n), m);
  }

  private static void assertElement(Tensor src, long i, Tensor out, long j) {
    long esz = src.dtype().byteSize();
    assertEquals(
        -1,
        MemorySegment.mismatch(
            src.data(), i * esz, (i + 1) * esz, out.data(), j * esz, (j + 1) * esz),
        "element " + j + " of the output should be element " + i + " of " + src);
  }
}
