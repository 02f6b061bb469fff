package dev.rawops.kernels.cpu.support;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;
import static dev.rawops.tensor.Layouts.I8;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import java.lang.foreign.MemorySegment;

/**
 * How elementwise kernels hold a chunk of elements while computing: float, half and bfloat16 in a
 * {@code float[]} (Eigen computes half and bfloat16 in float and rounds each result to nearest
 * even), double in a {@code double[]}, every integer type and bool in a {@code long[]} (signed
 * types sign-extended, unsigned zero-extended, results truncated to the type's width on the way
 * out, which is two's-complement wrapping), complex types as interleaved (re, im) pairs in a {@code
 * double[]}. Reads and writes move contiguous runs between tensor memory and these arrays, in bulk
 * where the layouts agree.
 */
public enum Lanes {
  F32_LANE,
  F64_LANE,
  I64_LANE,
  COMPLEX_LANE;

  public static Lanes of(DType t) {
    return switch (t) {
      case FLOAT, HALF, BFLOAT16 -> F32_LANE;
      case DOUBLE -> F64_LANE;
      case COMPLEX64, COMPLEX128 -> COMPLEX_LANE;
      case BOOL, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> I64_LANE;
      case STRING, RESOURCE, VARIANT, QINT8, QUINT8, QINT16, QUINT16, QINT32 ->
          throw new IllegalArgumentException(t.tfName() + " has no numeric lane");
    };
  }

  /** An array holding {@code n} elements of {@code t}. */
  public static Object newArray(DType t, int n) {
    return switch (of(t)) {
      case F32_LANE -> new float[n];
      case F64_LANE -> new double[n];
      case I64_LANE -> new long[n];
      case COMPLEX_LANE -> new double[2 * n];
    };
  }

  /** Elements [elem, elem + n) of {@code s} into {@code arr} from {@code pos}. */
  public static void read(DType t, MemorySegment s, long elem, Object arr, int pos, int n) {
    switch (t) {
      case FLOAT -> MemorySegment.copy(s, F32, elem * 4, (float[]) arr, pos, n);
      case DOUBLE -> MemorySegment.copy(s, F64, elem * 8, (double[]) arr, pos, n);
      case INT64, UINT64 -> MemorySegment.copy(s, I64, elem * 8, (long[]) arr, pos, n);
      case COMPLEX128 -> MemorySegment.copy(s, F64, elem * 16, (double[]) arr, 2 * pos, 2 * n);
      case HALF -> {
        float[] a = (float[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = Float.float16ToFloat(s.getAtIndex(I16, elem + i));
        }
      }
      case BFLOAT16 -> {
        float[] a = (float[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = Float.intBitsToFloat((s.getAtIndex(I16, elem + i) & 0xFFFF) << 16);
        }
      }
      case COMPLEX64 -> {
        double[] a = (double[]) arr;
        for (int i = 0; i < 2 * n; i++) {
          a[2 * pos + i] = s.getAtIndex(F32, 2 * elem + i);
        }
      }
      case INT32 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = s.getAtIndex(I32, elem + i);
        }
      }
      case UINT32 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = Integer.toUnsignedLong(s.getAtIndex(I32, elem + i));
        }
      }
      case INT16 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = s.getAtIndex(I16, elem + i);
        }
      }
      case UINT16 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = Short.toUnsignedLong(s.getAtIndex(I16, elem + i));
        }
      }
      case INT8 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = s.get(I8, elem + i);
        }
      }
      case UINT8 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = Byte.toUnsignedLong(s.get(I8, elem + i));
        }
      }
      case BOOL -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          a[pos + i] = s.get(I8, elem + i) != 0 ? 1 : 0;
        }
      }
      case STRING, RESOURCE, VARIANT, QINT8, QUINT8, QINT16, QUINT16, QINT32 ->
          throw new IllegalArgumentException(t.tfName());
    }
  }

  /** Element {@code elem} of {@code s} repeated into {@code arr[pos, pos + n)}. */
  public static void fill(DType t, MemorySegment s, long elem, Object arr, int pos, int n) {
    read(t, s, elem, arr, pos, 1);
    switch (arr) {
      case float[] a -> java.util.Arrays.fill(a, pos + 1, pos + n, a[pos]);
      case long[] a -> java.util.Arrays.fill(a, pos + 1, pos + n, a[pos]);
      case double[] a when of(t) == COMPLEX_LANE -> {
        for (int i = 1; i < n; i++) {
          a[2 * (pos + i)] = a[2 * pos];
          a[2 * (pos + i) + 1] = a[2 * pos + 1];
        }
      }
      case double[] a -> java.util.Arrays.fill(a, pos + 1, pos + n, a[pos]);
      default -> throw new IllegalArgumentException("not a lane array");
    }
  }

  /** {@code arr[pos, pos + n)} into elements [elem, elem + n) of {@code s}, as {@code t}. */
  public static void write(DType t, Object arr, int pos, MemorySegment s, long elem, int n) {
    switch (t) {
      case FLOAT -> MemorySegment.copy((float[]) arr, pos, s, F32, elem * 4, n);
      case DOUBLE -> MemorySegment.copy((double[]) arr, pos, s, F64, elem * 8, n);
      case INT64, UINT64 -> MemorySegment.copy((long[]) arr, pos, s, I64, elem * 8, n);
      case COMPLEX128 -> MemorySegment.copy((double[]) arr, 2 * pos, s, F64, elem * 16, 2 * n);
      case HALF -> {
        float[] a = (float[]) arr;
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I16, elem + i, Float.floatToFloat16(a[pos + i]));
        }
      }
      case BFLOAT16 -> {
        float[] a = (float[]) arr;
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I16, elem + i, Numbers.floatToBfloat16(a[pos + i]));
        }
      }
      case COMPLEX64 -> {
        double[] a = (double[]) arr;
        for (int i = 0; i < 2 * n; i++) {
          s.setAtIndex(F32, 2 * elem + i, (float) a[2 * pos + i]);
        }
      }
      case INT32, UINT32 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I32, elem + i, (int) a[pos + i]);
        }
      }
      case INT16, UINT16 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I16, elem + i, (short) a[pos + i]);
        }
      }
      case INT8, UINT8 -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          s.set(I8, elem + i, (byte) a[pos + i]);
        }
      }
      case BOOL -> {
        long[] a = (long[]) arr;
        for (int i = 0; i < n; i++) {
          s.set(I8, elem + i, (byte) (a[pos + i] != 0 ? 1 : 0));
        }
      }
      case STRING, RESOURCE, VARIANT, QINT8, QUINT8, QINT16, QUINT16, QINT32 ->
          throw new IllegalArgumentException(t.tfName());
    }
  }
}
