package dev.rawops.ops.audio;

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
import org.junit.jupiter.api.Test;

/**
 * The FFT ops against TF 2.18's documented equivalence with numpy.fft (np.fft.fft, rfft, irfft) on
 * transforms known in closed form, and messages from the audio fixtures (graphs/conformance/audio).
 */
class FftTest {
  private static final double S3 = Math.sqrt(3) / 2;

  @Test
  void fftOfLengthThreeIsTheClosedForm() {
    Tensor x = Tensor.ofComplex128(Shape.of(3), new double[] {1, 2, 3}, new double[] {0, 0, 0});
    double[][] y =
        OneOp.of("FFT").input(x).attr("Tcomplex", DType.COMPLEX128).run().toComplexDoubleArrays();
    assertArrayEquals(new double[] {6, -1.5, -1.5}, y[0], 1e-12);
    assertArrayEquals(new double[] {0, S3, -S3}, y[1], 1e-12);
  }

  @Test
  void ifftUndoesFftAtAnOddLength() {
    double[] re = {0.5, -1, 2, 0.25, 3, -0.75, 1};
    double[] im = {1, 0, -2, 0.5, 0, 1.5, -1};
    Tensor x = Tensor.ofComplex128(Shape.of(7), re, im);
    Tensor f = OneOp.of("FFT").input(x).attr("Tcomplex", DType.COMPLEX128).run();
    double[][] back =
        OneOp.of("IFFT").input(f).attr("Tcomplex", DType.COMPLEX128).run().toComplexDoubleArrays();
    assertArrayEquals(re, back[0], 1e-12);
    assertArrayEquals(im, back[1], 1e-12);
  }

  @Test
  void rfftKeepsHalfTheBinsAndCrops() {
    // np.fft.rfft([1, 1, 1, 1], 4) = [4, 0, 0]; the fifth sample is cropped.
    Tensor x = Tensor.ofFloats(Shape.of(5), 1, 1, 1, 1, 9);
    Tensor y = OneOp.of("RFFT").input(x).input(Tensor.ofInts(Shape.of(1), 4)).run();
    assertEquals(Shape.of(3), y.shape());
    float[][] c = y.toComplexFloatArrays();
    assertArrayEquals(new float[] {4, 0, 0}, c[0], 1e-6f);
    assertArrayEquals(new float[] {0, 0, 0}, c[1], 1e-6f);
  }

  @Test
  void irfftIgnoresTheImaginaryPartsOfDcAndNyquist() {
    // irfft([1+5j, 0, 2+7j], 4): x_j = (1 + 2·(-1)^j) / 4; numpy drops the same parts.
    Tensor x = Tensor.ofComplex64(Shape.of(3), new float[] {1, 0, 2}, new float[] {5, 0, 7});
    Tensor y = OneOp.of("IRFFT").input(x).input(Tensor.ofInts(Shape.of(1), 4)).run();
    assertArrayEquals(new float[] {0.75f, -0.25f, 0.75f, -0.25f}, y.toFloatArray(), 1e-6f);
  }

  @Test
  void shortInputIsTfsMessage() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("RFFT")
                    .input(Tensor.ofFloats(Shape.of(5), 1, 2, 3, 4, 5))
                    .input(Tensor.ofInts(Shape.of(1), 8))
                    .run());
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(
        e.getMessage().contains("Input dimension 0 must have length of at least 8 but got: 5"),
        e.getMessage());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
  }

  @Test
  void negativeLengthIsTfsMessage() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("IRFFT2D")
                    .input(Tensor.ofComplex64(Shape.of(1, 1), new float[] {1}, new float[] {0}))
                    .input(Tensor.ofInts(Shape.of(2), 1, -2))
                    .run());
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("fft_length[1] must >= 0, but got: -2"), e.getMessage());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
  }
}
