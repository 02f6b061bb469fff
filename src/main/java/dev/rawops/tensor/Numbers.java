package dev.rawops.tensor;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;
import static dev.rawops.tensor.Layouts.I8;

import java.lang.foreign.MemorySegment;

/**
 * Element access by value across numeric dtypes, for kernels whose work is not bandwidth-bound
 * (linear algebra, images, slow paths) and for comparisons: read any real element as a double,
 * write a double into any real dtype with C++'s conversion (round to nearest even for half and
 * bfloat16, truncation toward zero for integers). Hot loops use typed segment access instead.
 */
public final class Numbers {
  private Numbers() {}

  /** Element i as a double; complex types give component {@code i} of the interleaved pairs. */
  public static double get(Tensor t, long i) {
    return get(t.dtype(), t.segment(), i);
  }

  /** Element i of {@code dtype} data in {@code s} (complex: component i). */
  public static double get(DType dtype, MemorySegment s, long i) {
    return switch (dtype) {
      case BOOL -> s.get(I8, i) != 0 ? 1 : 0;
      case INT8, QINT8 -> s.get(I8, i);
      case UINT8, QUINT8 -> Byte.toUnsignedInt(s.get(I8, i));
      case INT16, QINT16 -> s.getAtIndex(I16, i);
      case UINT16, QUINT16 -> Short.toUnsignedInt(s.getAtIndex(I16, i));
      case INT32, QINT32 -> s.getAtIndex(I32, i);
      case UINT32 -> Integer.toUnsignedLong(s.getAtIndex(I32, i));
      case INT64 -> s.getAtIndex(I64, i);
      case UINT64 -> unsignedToDouble(s.getAtIndex(I64, i));
      case HALF -> Float.float16ToFloat(s.getAtIndex(I16, i));
      case BFLOAT16 -> bfloat16ToFloat(s.getAtIndex(I16, i));
      case FLOAT, COMPLEX64 -> s.getAtIndex(F32, i);
      case DOUBLE, COMPLEX128 -> s.getAtIndex(F64, i);
      case STRING, RESOURCE, VARIANT ->
          throw new IllegalArgumentException(dtype.tfName() + " is not numeric");
    };
  }

  /** Writes {@code v} as element i (complex: component i), converting as C++ does. */
  public static void set(TensorBuffer b, long i, double v) {
    set(b.dtype(), b.segment(), i, v);
  }

  public static void set(DType dtype, MemorySegment s, long i, double v) {
    switch (dtype) {
      case BOOL -> s.set(I8, i, (byte) (v != 0 ? 1 : 0));
      case INT8, UINT8, QINT8, QUINT8 -> s.set(I8, i, (byte) toLong(v));
      case INT16, UINT16, QINT16, QUINT16 -> s.setAtIndex(I16, i, (short) toLong(v));
      case INT32, UINT32, QINT32 -> s.setAtIndex(I32, i, (int) toLong(v));
      case INT64 -> s.setAtIndex(I64, i, (long) v);
      case UINT64 -> s.setAtIndex(I64, i, doubleToUnsigned(v));
      case HALF -> s.setAtIndex(I16, i, Float.floatToFloat16((float) v));
      case BFLOAT16 -> s.setAtIndex(I16, i, floatToBfloat16((float) v));
      case FLOAT, COMPLEX64 -> s.setAtIndex(F32, i, (float) v);
      case DOUBLE, COMPLEX128 -> s.setAtIndex(F64, i, v);
      case STRING, RESOURCE, VARIANT ->
          throw new IllegalArgumentException(dtype.tfName() + " is not numeric");
    }
  }

  /** Element i of an integer or bool tensor as a long (unsigned types zero-extended). */
  public static long getLong(Tensor t, long i) {
    return t.dtype() == DType.BOOL ? t.getByte(i) & 1 : t.getIndex(i);
  }

  public static float bfloat16ToFloat(short bits) {
    return TensorText.bfloat16ToFloat(bits);
  }

  public static short floatToBfloat16(float f) {
    return TensorText.floatToBfloat16(f);
  }

  private static long toLong(double v) {
    // C++ double → int conversion of an in-range value truncates; wider through int64 first.
    return (long) v;
  }

  private static double unsignedToDouble(long v) {
    double d = (double) (v >>> 1) * 2.0 + (v & 1);
    return v >= 0 ? v : d;
  }

  private static long doubleToUnsigned(double v) {
    if (v < 0x1p63) {
      return (long) v;
    }
    return (long) (v - 0x1p63) + Long.MIN_VALUE;
  }
}
