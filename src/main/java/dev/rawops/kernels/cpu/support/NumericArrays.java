package dev.rawops.kernels.cpu.support;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;
import static dev.rawops.tensor.Layouts.I8;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;

/**
 * Whole tensors as Java arrays for the reduction family's kernels: floating-point types (and
 * complex components, interleaved) as doubles, integers and bool as longs (unsigned types
 * zero-extended, uint64 as its bits). One typed loop per dtype each way, so the kernels' loops run
 * over plain arrays.
 */
public final class NumericArrays {
  private NumericArrays() {}

  /** True for the types held as doubles: half, bfloat16, float, double, complex64, complex128. */
  public static boolean isFloating(DType t) {
    return switch (t) {
      case HALF, BFLOAT16, FLOAT, DOUBLE, COMPLEX64, COMPLEX128 -> true;
      default -> false;
    };
  }

  public static boolean isComplex(DType t) {
    return t == DType.COMPLEX64 || t == DType.COMPLEX128;
  }

  /** Number of array slots per element (2 for complex). */
  public static int lanes(DType t) {
    return isComplex(t) ? 2 : 1;
  }

  public static double[] doubles(Tensor t) {
    MemorySegment s = t.data();
    int n = Math.toIntExact(t.numElements() * lanes(t.dtype()));
    double[] out = new double[n];
    switch (t.dtype()) {
      case FLOAT, COMPLEX64 -> {
        for (int i = 0; i < n; i++) {
          out[i] = s.getAtIndex(F32, i);
        }
      }
      case DOUBLE, COMPLEX128 -> MemorySegment.copy(s, F64, 0, out, 0, n);
      case HALF -> {
        for (int i = 0; i < n; i++) {
          out[i] = Float.float16ToFloat(s.getAtIndex(I16, i));
        }
      }
      case BFLOAT16 -> {
        for (int i = 0; i < n; i++) {
          out[i] = Numbers.bfloat16ToFloat(s.getAtIndex(I16, i));
        }
      }
      default -> throw new IllegalArgumentException(t.dtype().tfName() + " is not floating");
    }
    return out;
  }

  /**
   * Elements [from, from + n) of a real floating tensor's memory {@code s} into {@code dst[0, n)},
   * converted as {@link #doubles} converts them.
   */
  public static void readDoubles(DType t, MemorySegment s, long from, double[] dst, int n) {
    switch (t) {
      case FLOAT -> {
        for (int i = 0; i < n; i++) {
          dst[i] = s.getAtIndex(F32, from + i);
        }
      }
      case DOUBLE -> MemorySegment.copy(s, F64, from * 8, dst, 0, n);
      case HALF -> {
        for (int i = 0; i < n; i++) {
          dst[i] = Float.float16ToFloat(s.getAtIndex(I16, from + i));
        }
      }
      case BFLOAT16 -> {
        for (int i = 0; i < n; i++) {
          dst[i] = Numbers.bfloat16ToFloat(s.getAtIndex(I16, from + i));
        }
      }
      default -> throw new IllegalArgumentException(t.tfName() + " is not real floating");
    }
  }

  public static long[] longs(Tensor t) {
    MemorySegment s = t.data();
    int n = Math.toIntExact(t.numElements());
    long[] out = new long[n];
    switch (t.dtype()) {
      case BOOL -> {
        for (int i = 0; i < n; i++) {
          out[i] = s.get(I8, i) != 0 ? 1 : 0;
        }
      }
      case INT8 -> {
        for (int i = 0; i < n; i++) {
          out[i] = s.get(I8, i);
        }
      }
      case UINT8 -> {
        for (int i = 0; i < n; i++) {
          out[i] = Byte.toUnsignedLong(s.get(I8, i));
        }
      }
      case INT16 -> {
        for (int i = 0; i < n; i++) {
          out[i] = s.getAtIndex(I16, i);
        }
      }
      case UINT16 -> {
        for (int i = 0; i < n; i++) {
          out[i] = Short.toUnsignedLong(s.getAtIndex(I16, i));
        }
      }
      case INT32 -> {
        for (int i = 0; i < n; i++) {
          out[i] = s.getAtIndex(I32, i);
        }
      }
      case UINT32 -> {
        for (int i = 0; i < n; i++) {
          out[i] = Integer.toUnsignedLong(s.getAtIndex(I32, i));
        }
      }
      case INT64, UINT64 -> MemorySegment.copy(s, I64, 0, out, 0, n);
      default -> throw new IllegalArgumentException(t.dtype().tfName() + " is not an integer");
    }
    return out;
  }

  /** Writes {@code v} (complex: interleaved) into {@code b}, rounding to its floating type. */
  public static void store(TensorBuffer b, double[] v) {
    MemorySegment s = b.segment();
    int n = v.length;
    switch (b.dtype()) {
      case FLOAT, COMPLEX64 -> {
        for (int i = 0; i < n; i++) {
          s.setAtIndex(F32, i, (float) v[i]);
        }
      }
      case DOUBLE, COMPLEX128 -> MemorySegment.copy(v, 0, s, F64, 0, n);
      case HALF -> {
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I16, i, Float.floatToFloat16((float) v[i]));
        }
      }
      case BFLOAT16 -> {
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I16, i, Numbers.floatToBfloat16((float) v[i]));
        }
      }
      default -> throw new IllegalArgumentException(b.dtype().tfName() + " is not floating");
    }
  }

  /** Writes {@code v} into {@code b}, truncating to its integer width (bool: nonzero is true). */
  public static void store(TensorBuffer b, long[] v) {
    MemorySegment s = b.segment();
    int n = v.length;
    switch (b.dtype()) {
      case BOOL -> {
        for (int i = 0; i < n; i++) {
          s.set(I8, i, (byte) (v[i] != 0 ? 1 : 0));
        }
      }
      case INT8, UINT8 -> {
        for (int i = 0; i < n; i++) {
          s.set(I8, i, (byte) v[i]);
        }
      }
      case INT16, UINT16 -> {
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I16, i, (short) v[i]);
        }
      }
      case INT32, UINT32 -> {
        for (int i = 0; i < n; i++) {
          s.setAtIndex(I32, i, (int) v[i]);
        }
      }
      case INT64, UINT64 -> MemorySegment.copy(v, 0, s, I64, 0, n);
      default -> throw new IllegalArgumentException(b.dtype().tfName() + " is not an integer");
    }
  }

  /** {@code v} wrapped to integer type {@code t}'s width, read back as {@link #longs} would. */
  public static long wrap(DType t, long v) {
    return switch (t) {
      case BOOL -> v != 0 ? 1 : 0;
      case INT8 -> (byte) v;
      case UINT8 -> v & 0xFFL;
      case INT16 -> (short) v;
      case UINT16 -> v & 0xFFFFL;
      case INT32 -> (int) v;
      case UINT32 -> v & 0xFFFF_FFFFL;
      default -> v;
    };
  }

  /** Rounds {@code v} to floating type {@code t} (complex: its component type). */
  public static double round(DType t, double v) {
    return switch (t) {
      case FLOAT, COMPLEX64 -> (float) v;
      case HALF -> Float.float16ToFloat(Float.floatToFloat16((float) v));
      case BFLOAT16 -> Numbers.bfloat16ToFloat(Numbers.floatToBfloat16((float) v));
      default -> v;
    };
  }

  /** The lowest value of integer type {@code t} (as {@link #longs} holds it). */
  public static long lowest(DType t) {
    return switch (t) {
      case INT8 -> Byte.MIN_VALUE;
      case INT16 -> Short.MIN_VALUE;
      case INT32 -> Integer.MIN_VALUE;
      case INT64 -> Long.MIN_VALUE;
      default -> 0;
    };
  }

  /** The highest value of integer type {@code t} (uint64: all bits set). */
  public static long highest(DType t) {
    return switch (t) {
      case BOOL -> 1;
      case INT8 -> Byte.MAX_VALUE;
      case UINT8 -> 0xFF;
      case INT16 -> Short.MAX_VALUE;
      case UINT16 -> 0xFFFF;
      case INT32 -> Integer.MAX_VALUE;
      case UINT32 -> 0xFFFF_FFFFL;
      case INT64 -> Long.MAX_VALUE;
      default -> -1L;
    };
  }

  /** The lowest finite value of floating type {@code t} (Eigen's NumTraits lowest). */
  public static double lowestFloating(DType t) {
    return switch (t) {
      case HALF -> -65504.0;
      case BFLOAT16 -> -0x1.FEp127;
      case FLOAT -> -Float.MAX_VALUE;
      default -> -Double.MAX_VALUE;
    };
  }
}
