package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Bulk getters and the half, bfloat16 and complex factories. Expected bit patterns come from the
 * formats' definitions, as NumPy ({@code np.float16(x).view(np.uint16)}) and TensorFlow's
 * round-to-nearest-even bfloat16 (the top 16 bits of a float32) compute them.
 */
class TensorBulkAccessTest {
  @Test
  void halfFactoryRoundsToNearestBinary16() {
    // np.array([1, -2, 65504, 0.1, 1/3, 65520, 2**-24, 1e-8], np.float16).view(np.uint16)
    Tensor t = Tensor.ofHalfs(Shape.of(8), 1f, -2f, 65504f, 0.1f, 1f / 3, 65520f, 0x1p-24f, 1e-8f);
    assertEquals(DType.HALF, t.dtype());
    assertArrayEquals(
        new short[] {
          0x3C00, (short) 0xC000, 0x7BFF, 0x2E66, 0x3555, 0x7C00 /* inf */, 0x0001, 0x0000
        },
        t.toShortArray());
    // Widening back is exact.
    assertArrayEquals(
        new float[] {1f, -2f, 65504f, 0.0999755859375f, 0.333251953125f, Float.POSITIVE_INFINITY},
        java.util.Arrays.copyOf(t.toFloatArray(), 6));
    assertEquals(0x1p-24, t.toDoubleArray()[6]);
  }

  @Test
  void bfloat16FactoryRoundsToNearestEven() {
    // 1.0 = 0x3F800000; pi = 0x40490FDB; 1/3 = 0x3EAAAAAB; 0x3F808000 and 0x3F818000 are ties.
    Tensor t =
        Tensor.ofBfloat16s(
            Shape.of(2, 3),
            1f,
            -2f,
            (float) Math.PI,
            1f / 3,
            Float.intBitsToFloat(0x3F808000),
            Float.intBitsToFloat(0x3F818000));
    assertEquals(DType.BFLOAT16, t.dtype());
    assertArrayEquals(
        new short[] {0x3F80, (short) 0xC000, 0x4049, 0x3EAB, 0x3F80, 0x3F82}, t.toShortArray());
    assertArrayEquals(
        new float[] {1f, -2f, 3.140625f, 0.333984375f, 1f, 1.015625f}, t.toFloatArray());
    assertTrue(Float.isNaN(Tensor.ofBfloat16s(Shape.of(), Float.NaN).toFloatArray()[0]));
  }

  @Test
  void complexFactoriesInterleaveRealAndImaginaryParts() {
    Tensor c64 = Tensor.ofComplex64(Shape.of(2), new float[] {1f, -0.5f}, new float[] {2f, 3f});
    assertEquals(DType.COMPLEX64, c64.dtype());
    // TF's complex64 is two float32s, real first: little-endian 1.0f then 2.0f.
    assertEquals(0x3F800000, c64.data().get(Layouts.I32, 0));
    assertEquals(0x40000000, c64.data().get(Layouts.I32, 4));
    float[][] parts = c64.toComplexFloatArrays();
    assertArrayEquals(new float[] {1f, -0.5f}, parts[0]);
    assertArrayEquals(new float[] {2f, 3f}, parts[1]);
    assertArrayEquals(new double[] {2, 3}, c64.toComplexDoubleArrays()[1]);

    Tensor c128 = Tensor.ofComplex128(Shape.of(1, 1), new double[] {0.1}, new double[] {-1e300});
    assertEquals(DType.COMPLEX128, c128.dtype());
    assertEquals(Double.doubleToLongBits(0.1), c128.data().get(Layouts.I64, 0));
    assertArrayEquals(new double[] {-1e300}, c128.toComplexDoubleArrays()[1]);

    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> Tensor.ofComplex64(Shape.of(2), new float[2], new float[1]));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
  }

  @Test
  void integerGettersWidenExactly() {
    Tensor u8 = Tensor.ofIntegers(DType.UINT8, Shape.of(3), 0, 200, 255);
    assertArrayEquals(new int[] {0, 200, 255}, u8.toIntArray());
    assertArrayEquals(new long[] {0, 200, 255}, u8.toLongArray());
    assertArrayEquals(new byte[] {0, (byte) 200, (byte) 255}, u8.toByteArray());
    Tensor i16 = Tensor.ofIntegers(DType.INT16, Shape.of(2), -32768, 7);
    assertArrayEquals(new int[] {-32768, 7}, i16.toIntArray());
    assertArrayEquals(new short[] {-32768, 7}, i16.toShortArray());
    Tensor u32 = Tensor.ofIntegers(DType.UINT32, Shape.of(1), 0xFFFFFFFFL);
    assertArrayEquals(new long[] {4294967295L}, u32.toLongArray());
    Tensor u64 = Tensor.ofIntegers(DType.UINT64, Shape.of(1), -1L);
    assertEquals("18446744073709551615", Long.toUnsignedString(u64.toLongArray()[0]));
    assertArrayEquals(new int[] {1, -2}, Tensor.ofInts(Shape.of(2), 1, -2).toIntArray());
    assertArrayEquals(new long[] {1L << 40}, Tensor.ofLongs(Shape.of(1), 1L << 40).toLongArray());
  }

  @Test
  void otherGettersReadTheirDtypes() {
    assertArrayEquals(
        new boolean[] {true, false}, Tensor.ofBooleans(Shape.of(2), true, false).toBooleanArray());
    assertArrayEquals(new float[] {1.5f}, Tensor.ofFloats(Shape.of(1), 1.5f).toFloatArray());
    assertArrayEquals(new double[] {1.5}, Tensor.ofFloats(Shape.of(1), 1.5f).toDoubleArray());
    assertArrayEquals(new double[] {0.1}, Tensor.ofDoubles(Shape.of(1), 0.1).toDoubleArray());
    Tensor s = Tensor.ofStrings(Shape.of(2), "a", "é");
    assertArrayEquals(new String[] {"a", "é"}, s.toStringArray());
    byte[][] bytes = s.toBytesArray();
    assertArrayEquals("é".getBytes(StandardCharsets.UTF_8), bytes[1]);
    bytes[1][0] = 0; // a copy: the tensor is unchanged
    assertEquals("é", s.toStringArray()[1]);
  }

  @Test
  void aGetterForAnotherDtypeIsInvalidArgument() {
    Tensor f = Tensor.ofFloats(Shape.of(1), 1f);
    Tensor i = Tensor.ofInts(Shape.of(1), 1);
    Tensor str = Tensor.ofStrings(Shape.of(1), "x");
    wrong(
        i, Tensor::toFloatArray, "toFloatArray reads a float, half or bfloat16 tensor, got int32");
    wrong(i, Tensor::toDoubleArray, "got int32");
    wrong(f, Tensor::toIntArray, "got float[1]");
    wrong(f, Tensor::toLongArray, "got float");
    wrong(Tensor.ofIntegers(DType.UINT32, Shape.of(1), 1), Tensor::toIntArray, "got uint32");
    wrong(i, Tensor::toShortArray, "got int32");
    wrong(i, Tensor::toByteArray, "got int32");
    wrong(i, Tensor::toBooleanArray, "got int32");
    wrong(f, Tensor::toComplexFloatArrays, "got float");
    wrong(f, Tensor::toComplexDoubleArrays, "got float");
    wrong(f, Tensor::toStringArray, "got float");
    wrong(f, Tensor::toBytesArray, "got float");
    wrong(str, Tensor::toLongArray, "got string");
    wrong(str, Tensor::toFloatArray, "got string");
  }

  @Test
  void aTensorTooLargeForAJavaArrayIsInvalidArgument() {
    // 2^31 bools: the check comes before any element is read, so no memory is needed.
    Tensor huge =
        new Tensor(DType.BOOL, Shape.of(1L << 31), MemorySegment.ofArray(new byte[0]), null, null);
    RawOpsException e = assertThrows(RawOpsException.class, huge::toBooleanArray);
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(
        e.getMessage().contains("2147483648 elements, more than a Java array"), e.getMessage());
  }

  private static void wrong(Tensor t, Function<Tensor, Object> getter, String fragment) {
    RawOpsException e = assertThrows(RawOpsException.class, () -> getter.apply(t));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }
}
