package dev.rawops.tfgen;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Random tensor values for cases, deterministic for a given Random. Floating-point values mix
 * ordinary numbers with the bit patterns a copy must preserve: NaNs (with payloads and sign unless
 * {@code textSafe}), -0.0, infinities, subnormals, extremes. {@code textSafe} values survive the
 * protobuf text format's typed fields, which write every NaN as "nan" (so only the canonical quiet
 * NaN is used there).
 */
public final class RandomTensors {
  /** The 12 real number types: integers, half, bfloat16, float, double. */
  static final java.util.List<DType> REAL =
      java.util.List.of(
          DType.INT8,
          DType.INT16,
          DType.INT32,
          DType.INT64,
          DType.UINT8,
          DType.UINT16,
          DType.UINT32,
          DType.UINT64,
          DType.HALF,
          DType.BFLOAT16,
          DType.FLOAT,
          DType.DOUBLE);

  private static final ValueLayout.OfInt I32 =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong I64 =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfShort I16 =
      ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private static final int[] F32_SPECIAL = {
    0x7fc00000,
    0x80000000,
    0x7f800000,
    0xff800000,
    0x00000001,
    0x807fffff,
    0x00800000,
    0x7f7fffff,
    0x00000000,
    0x7f800001,
    0xffc00001,
    0x7fbfffff
  };
  private static final long[] F64_SPECIAL = {
    0x7ff8000000000000L,
    0x8000000000000000L,
    0x7ff0000000000000L,
    0xfff0000000000000L,
    0x0000000000000001L,
    0x800fffffffffffffL,
    0x0010000000000000L,
    0x7fefffffffffffffL,
    0x0L,
    0x7ff0000000000001L,
    0xfff8000000000001L
  };
  // half and bfloat16 share the layout idea: sign, exponent all ones = inf/NaN, exponent zero =
  // subnormal.
  private static final short[] F16_SPECIAL = {
    0x7e00,
    (short) 0x8000,
    0x7c00,
    (short) 0xfc00,
    0x0001,
    (short) 0x83ff,
    0x0400,
    0x7bff,
    0x0000,
    0x7c01,
    (short) 0xfe01
  };
  private static final short[] BF16_SPECIAL = {
    0x7fc0,
    (short) 0x8000,
    0x7f80,
    (short) 0xff80,
    0x0001,
    (short) 0x807f,
    0x0080,
    0x7f7f,
    0x0000,
    0x7f81,
    (short) 0xffc1
  };

  private RandomTensors() {}

  /** A tensor of random values. */
  public static Tensor of(Random r, DType dtype, Shape shape, boolean textSafe) {
    if (dtype == DType.STRING) {
      byte[][] s = new byte[Math.toIntExact(shape.numElements())][];
      for (int i = 0; i < s.length; i++) {
        s[i] = string(r);
      }
      return Tensor.ofByteStrings(shape, s);
    }
    long n = shape.numElements();
    MemorySegment m = MemorySegment.ofArray(new byte[Math.toIntExact(n * dtype.byteSize())]);
    for (long i = 0; i < n; i++) {
      fill(r, dtype, m, i, textSafe);
    }
    return Tensor.fromBytes(dtype, shape, m);
  }

  private static void fill(Random r, DType dtype, MemorySegment m, long i, boolean textSafe) {
    switch (dtype) {
      case BOOL -> m.set(ValueLayout.JAVA_BYTE, i, (byte) r.nextInt(2));
      case INT8, UINT8 -> m.set(ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
      case INT16, UINT16 -> m.setAtIndex(I16, i, (short) r.nextInt());
      case INT32, UINT32 -> m.setAtIndex(I32, i, r.nextInt());
      case INT64, UINT64 -> m.setAtIndex(I64, i, r.nextLong());
      case HALF -> m.setAtIndex(I16, i, half(r, F16_SPECIAL));
      case BFLOAT16 -> m.setAtIndex(I16, i, half(r, BF16_SPECIAL));
      case FLOAT -> m.setAtIndex(I32, i, float32(r, textSafe));
      case DOUBLE -> m.setAtIndex(I64, i, float64(r, textSafe));
      case COMPLEX64 -> {
        m.setAtIndex(I32, 2 * i, float32(r, textSafe));
        m.setAtIndex(I32, 2 * i + 1, float32(r, textSafe));
      }
      case COMPLEX128 -> {
        m.setAtIndex(I64, 2 * i, float64(r, textSafe));
        m.setAtIndex(I64, 2 * i + 1, float64(r, textSafe));
      }
      case STRING -> throw new IllegalArgumentException("strings are not fixed-width");
    }
  }

  /** A float's bits: a special value one time in three, else a number of modest size. */
  private static int float32(Random r, boolean textSafe) {
    if (r.nextInt(3) == 0) {
      int bits = F32_SPECIAL[r.nextInt(F32_SPECIAL.length)];
      return textSafe && Float.isNaN(Float.intBitsToFloat(bits)) ? F32_SPECIAL[0] : bits;
    }
    return Float.floatToRawIntBits((float) Math.round(r.nextGaussian() * 1000) / 8);
  }

  private static long float64(Random r, boolean textSafe) {
    if (r.nextInt(3) == 0) {
      long bits = F64_SPECIAL[r.nextInt(F64_SPECIAL.length)];
      return textSafe && Double.isNaN(Double.longBitsToDouble(bits)) ? F64_SPECIAL[0] : bits;
    }
    return Double.doubleToRawLongBits(r.nextGaussian() * 1e6);
  }

  /** 16-bit floats travel as integers in typed fields, so every pattern is text-safe. */
  private static short half(Random r, short[] special) {
    return r.nextInt(3) == 0 ? special[r.nextInt(special.length)] : (short) r.nextInt(0x10000);
  }

  /** Short byte strings: words, the empty string, NUL and non-UTF-8 bytes. */
  private static byte[] string(Random r) {
    return switch (r.nextInt(6)) {
      case 0 -> new byte[0];
      case 1 -> new byte[] {0, (byte) r.nextInt(256), '"'};
      case 2 -> "ünïcödé".getBytes(StandardCharsets.UTF_8);
      default -> {
        byte[] b = new byte[1 + r.nextInt(5)];
        for (int k = 0; k < b.length; k++) {
          b[k] = (byte) ('a' + r.nextInt(26));
        }
        yield b;
      }
    };
  }

  /**
   * A vector of every special bit pattern of a floating-point dtype (complex: pairs of them); when
   * {@code textSafe}, NaNs other than the canonical quiet NaN are left out.
   */
  public static Tensor specials(DType dtype, boolean textSafe) {
    long[] bits =
        switch (dtype) {
          case HALF -> widen(F16_SPECIAL);
          case BFLOAT16 -> widen(BF16_SPECIAL);
          case FLOAT, COMPLEX64 ->
              java.util.Arrays.stream(F32_SPECIAL)
                  .filter(
                      b ->
                          !textSafe || b == F32_SPECIAL[0] || !Float.isNaN(Float.intBitsToFloat(b)))
                  .asLongStream()
                  .toArray();
          case DOUBLE, COMPLEX128 ->
              java.util.Arrays.stream(F64_SPECIAL)
                  .filter(
                      b ->
                          !textSafe
                              || b == F64_SPECIAL[0]
                              || !Double.isNaN(Double.longBitsToDouble(b)))
                  .toArray();
          default ->
              throw new IllegalArgumentException(dtype.tfName() + " is not a floating-point type");
        };
    boolean complex = dtype == DType.COMPLEX64 || dtype == DType.COMPLEX128;
    int parts = complex ? bits.length / 2 * 2 : bits.length;
    int width = complex ? dtype.byteSize() / 2 : dtype.byteSize();
    MemorySegment m = MemorySegment.ofArray(new byte[parts * width]);
    for (int i = 0; i < parts; i++) {
      switch (width) {
        case 2 -> m.setAtIndex(I16, i, (short) bits[i]);
        case 4 -> m.setAtIndex(I32, i, (int) bits[i]);
        default -> m.setAtIndex(I64, i, bits[i]);
      }
    }
    return Tensor.fromBytes(dtype, Shape.of(complex ? parts / 2 : parts), m);
  }

  /** 16-bit patterns travel as integers in typed fields, so all of them are text-safe. */
  private static long[] widen(short[] v) {
    long[] out = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }

  /** Random valid indices into {@code dims[0..depth)} for each of {@code batch}'s positions. */
  public static long[] validIndices(Random r, Shape params, int depth, Shape batch) {
    long[] out = new long[Math.toIntExact(batch.numElements() * depth)];
    for (int i = 0; i < out.length; i++) {
      long dim = params.dim(i % depth);
      out[i] = dim == 0 ? 0 : (long) r.nextInt(Math.toIntExact(dim));
    }
    return out;
  }

  /** A random shape of {@code rank} dims from {@code min} to {@code max}. */
  public static Shape shape(Random r, int rank, int min, int max) {
    long[] d = new long[rank];
    for (int i = 0; i < rank; i++) {
      d[i] = min + r.nextInt(max - min + 1);
    }
    return Shape.of(d);
  }
}
