package dev.rawops.ops.quantization;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * QuantizeV2, Dequantize and Requantize on the hand-made examples of TF's own kernel tests
 * (quantize_op_test.cc, dequantize_op_test.cc, requantize_op_test.cc); the fixtures in
 * graphs/conformance/quantization cover the rest bit for bit.
 */
class QuantizeOpsTest {
  private static Tensor scalar(float v) {
    return Tensor.ofFloats(Shape.scalar(), v);
  }

  private static OneOp quantize(Tensor x, float lo, float hi, DType t, String mode) {
    return OneOp.of("QuantizeV2")
        .input(x)
        .input(scalar(lo))
        .input(scalar(hi))
        .attr("T", t)
        .attr("mode", mode);
  }

  @Test
  void quantizeV2Quint8MinCombined() {
    Tensor x = Tensor.ofFloats(Shape.of(7), -1f, 0f, 1f, 1.25f, 127f, 255f, 500f);
    List<Tensor> out = quantize(x, 0f, 255f, DType.QUINT8, "MIN_COMBINED").runAll(3);
    assertEquals(DType.QUINT8, out.get(0).dtype());
    long[] got = new long[7];
    for (int i = 0; i < got.length; i++) {
      got[i] = out.get(0).getIndex(i);
    }
    assertArrayEquals(new long[] {0, 0, 1, 1, 127, 255, 255}, got);
    assertEquals(0f, out.get(1).getFloat(0));
    assertEquals(255f, out.get(2).getFloat(0));
  }

  @Test
  void dequantizeQuint8MinCombined() {
    Tensor q = Tensor.ofIntegers(DType.QUINT8, Shape.of(3), 0, 128, 255);
    Tensor out =
        OneOp.of("Dequantize")
            .input(q)
            .input(scalar(0f))
            .input(scalar(255f))
            .attr("T", DType.QUINT8)
            .attr("mode", "MIN_COMBINED")
            .run();
    assertArrayEquals(new float[] {0f, 128f, 255f}, out.toFloatArray());
  }

  @Test
  void requantizeQint32ToQuint8() {
    Tensor q = Tensor.ofIntegers(DType.QINT32, Shape.of(3), -(1 << 23), 0, 1 << 23);
    Tensor out =
        OneOp.of("Requantize")
            .input(q)
            .input(scalar(-256f))
            .input(scalar(256f))
            .input(scalar(-1f))
            .input(scalar(1f))
            .attr("Tinput", DType.QINT32)
            .attr("out_type", DType.QUINT8)
            .runAll(3)
            .get(0);
    assertEquals(0, out.getIndex(0));
    assertEquals(128, out.getIndex(1));
    assertEquals(255, out.getIndex(2));
  }

  @Test
  void quantizeV2RejectsAnInvertedRange() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                quantize(Tensor.ofFloats(Shape.of(1), 0f), 1f, -1f, DType.QINT8, "MIN_COMBINED")
                    .runAll(3));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(
        e.getMessage().contains("input_max_range must be larger than input_min_range"),
        e.getMessage());
  }

  @Test
  void requantizeRejectsAPositiveOutputMin() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("Requantize")
                    .input(Tensor.ofIntegers(DType.QINT32, Shape.of(1), 5))
                    .input(scalar(-1f))
                    .input(scalar(1f))
                    .input(scalar(0.5f))
                    .input(scalar(1f))
                    .attr("Tinput", DType.QINT32)
                    .attr("out_type", DType.QUINT8)
                    .runAll(3));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("requested_output_min must be <= 0"), e.getMessage());
  }
}
