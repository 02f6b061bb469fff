package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.testing.OneOp;
import org.junit.jupiter.api.Test;

/**
 * GatherNd's run-time rules on CPU. Expected messages are TensorFlow's (see TF's
 * gather_nd_op_test.py and the shared fixture examples); values follow the seed pages' definition.
 */
class GatherNdKernelTest {
  private static Tensor gather(Tensor params, Tensor indices, String policy) {
    OneOp gather =
        OneOp.of("GatherNd")
            .input(params)
            .input(indices)
            .attr("Tparams", params.dtype())
            .attr("Tindices", indices.dtype());
    if (policy != null) {
      gather.attr("bad_indices_policy", policy);
    }
    return gather.run();
  }

  private static RawOpsException fails(Tensor params, Tensor indices, String policy) {
    RawOpsException e = assertThrows(RawOpsException.class, () -> gather(params, indices, policy));
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals("out", e.node().orElseThrow());
    return e;
  }

  @Test
  void outOfBounds_namesPositionIndexAndShape() {
    // TF: params [0,1,2], indices [[[0],[7]]] -> "indices[0,1] = [7] does not index into param
    // shape [3]"
    RawOpsException e =
        fails(Tensor.ofInts(Shape.of(3), 0, 1, 2), Tensor.ofInts(Shape.of(1, 2, 1), 0, 7), null);
    assertTrue(
        e.getMessage()
            .contains("indices[0,1] = [7] does not index into param shape [3], node name: out"),
        e.getMessage());
  }

  @Test
  void outOfBoundsSlice_multiComponent() {
    // TF: params [[0,1,2]], indices [[[0],[0],[1]]] -> "indices[0,2] = [1] does not index into
    // param shape [1,3]"
    RawOpsException e =
        fails(
            Tensor.ofInts(Shape.of(1, 3), 0, 1, 2),
            Tensor.ofInts(Shape.of(1, 3, 1), 0, 0, 1),
            "ERROR");
    assertTrue(
        e.getMessage().contains("indices[0,2] = [1] does not index into param shape [1,3]"),
        e.getMessage());
  }

  @Test
  void negativeIndex_isOutOfBounds_evenAsInt16() {
    Tensor idx = Tensor.ofIntegers(DType.INT16, Shape.of(1, 2), 1, -1);
    RawOpsException e = fails(Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4), idx, "DEFAULT");
    assertTrue(
        e.getMessage().contains("indices[0] = [1, -1] does not index into param shape [2,2]"),
        e.getMessage());
  }

  @Test
  void ignorePolicy_zeroFillsBadSlices() {
    Tensor out =
        gather(
            Tensor.ofFloats(Shape.of(3, 2), 1, 2, 3, 4, 5, 6),
            Tensor.ofLongs(Shape.of(3, 1), 2, 5, -1),
            "IGNORE");
    assertEquals(Shape.of(3, 2), out.shape());
    float[] expected = {5, 6, 0, 0, 0, 0};
    for (int i = 0; i < 6; i++) {
      assertEquals(expected[i], out.getFloat(i));
    }
  }

  @Test
  void scalarParams_isAnError() {
    RawOpsException e =
        fails(Tensor.ofFloats(Shape.scalar(), 1), Tensor.ofInts(Shape.of(1, 0)), null);
    assertTrue(e.getMessage().contains("params must be at least a vector"), e.getMessage());
  }

  @Test
  void emptyParams_withEntriesRequested() {
    RawOpsException e =
        fails(Tensor.ofFloats(Shape.of(0, 3)), Tensor.ofInts(Shape.of(1, 1), 0), null);
    assertTrue(
        e.getMessage()
            .contains("Requested more than 0 entries, but params is empty.  Params shape: [0,3]"),
        e.getMessage());
  }

  @Test
  void emptyIndices_giveEmptyOutput() {
    Tensor out = gather(Tensor.ofFloats(Shape.of(0, 3)), Tensor.ofInts(Shape.of(0, 1)), null);
    assertEquals(Shape.of(0, 3), out.shape());
  }

  @Test
  void depthZero_gathersWholeParams() {
    Tensor out = gather(Tensor.ofInts(Shape.of(2), 7, 8), Tensor.ofInts(Shape.of(3, 0)), null);
    assertEquals(Shape.of(3, 2), out.shape());
    assertEquals(8, out.getInt(5));
  }

  @Test
  void int16Indices_limitParamsSize_asTensorFlow() {
    RawOpsException e =
        fails(
            Tensor.ofFloats(Shape.of(40000), new float[40000]),
            Tensor.ofIntegers(DType.INT16, Shape.of(1, 1), 0),
            null);
    assertTrue(
        e.getMessage().contains("params.NumElements() too large for int16 indexing: 40000 > 32767"),
        e.getMessage());
  }

  @Test
  void everyElementWidth_copiesExactBits() {
    for (DType d : DType.dataTypes()) {
      if (d == DType.STRING) {
        continue;
      }
      TensorBuffer b = TensorBuffer.allocate(d, Shape.of(4, 3));
      for (long i = 0; i < b.segment().byteSize(); i++) {
        b.segment()
            .set(dev.rawops.tensor.Layouts.I8, i, (byte) (d == DType.BOOL ? i % 2 : 31 * i + 7));
      }
      Tensor params = b.freeze();
      Tensor scalars = gather(params, Tensor.ofInts(Shape.of(2, 2), 3, 2, 0, 1), null);
      Tensor rows = gather(params, Tensor.ofInts(Shape.of(1, 1), 2), null);
      int w = d.byteSize();
      for (int k = 0; k < w; k++) {
        assertEquals(
            params.data().get(dev.rawops.tensor.Layouts.I8, (3 * 3 + 2) * w + k),
            scalars.data().get(dev.rawops.tensor.Layouts.I8, k),
            d.toString());
        assertEquals(
            params.data().get(dev.rawops.tensor.Layouts.I8, (2 * 3 + 2) * w + k),
            rows.data().get(dev.rawops.tensor.Layouts.I8, 2 * w + k),
            d.toString());
      }
    }
  }

  /** Sizes and offsets are 64-bit: a gather past element 2^31 (a 2 GiB int8 tensor). */
  @Test
  void offsetsBeyond2Pow31() {
    long n = (1L << 31) + 16;
    TensorBuffer b = TensorBuffer.allocate(DType.INT8, Shape.of(n));
    b.setIndex(n - 3, 42);
    Tensor out = gather(b.freeze(), Tensor.ofLongs(Shape.of(2, 1), n - 3, n - 4), null);
    assertEquals(42, out.getByte(0));
    assertEquals(0, out.getByte(1));
  }
}
