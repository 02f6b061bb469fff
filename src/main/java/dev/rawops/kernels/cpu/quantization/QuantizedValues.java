package dev.rawops.kernels.cpu.quantization;

import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I8;

import dev.rawops.tensor.DType;
import java.lang.foreign.MemorySegment;

/**
 * The integer side of TF's quantized types: each type's lowest and highest value, element reads and
 * writes, and the float arithmetic TF's kernels do in C++ (std::round, std::min/max, the x86 float
 * to int32 conversion).
 */
final class QuantizedValues {
  private QuantizedValues() {}

  static long lowest(DType t) {
    return switch (t) {
      case QINT8 -> Byte.MIN_VALUE;
      case QINT16 -> Short.MIN_VALUE;
      case QINT32 -> Integer.MIN_VALUE;
      default -> 0;
    };
  }

  static long highest(DType t) {
    return switch (t) {
      case QINT8 -> Byte.MAX_VALUE;
      case QUINT8 -> 255;
      case QINT16 -> Short.MAX_VALUE;
      case QUINT16 -> 65535;
      case QINT32 -> Integer.MAX_VALUE;
      default -> throw new IllegalArgumentException(t.tfName() + " is not quantized");
    };
  }

  static boolean signed(DType t) {
    return lowest(t) < 0;
  }

  /** Element i of quantized data of type {@code t}, as the integer it holds. */
  static long get(DType t, MemorySegment s, long i) {
    return switch (t) {
      case QINT8 -> s.get(I8, i);
      case QUINT8 -> Byte.toUnsignedLong(s.get(I8, i));
      case QINT16 -> s.getAtIndex(I16, i);
      case QUINT16 -> Short.toUnsignedLong(s.getAtIndex(I16, i));
      case QINT32 -> s.getAtIndex(I32, i);
      default -> throw new IllegalArgumentException(t.tfName() + " is not quantized");
    };
  }

  /** Writes {@code v} truncated to the width of {@code t}, as C++'s integer conversion does. */
  static void set(DType t, MemorySegment s, long i, long v) {
    switch (t) {
      case QINT8, QUINT8 -> s.set(I8, i, (byte) v);
      case QINT16, QUINT16 -> s.setAtIndex(I16, i, (short) v);
      case QINT32 -> s.setAtIndex(I32, i, (int) v);
      default -> throw new IllegalArgumentException(t.tfName() + " is not quantized");
    }
  }

  /** std::round on a float: half away from zero, exact (the sum is taken in double). */
  static float round(float x) {
    return (float) Math.copySign(Math.floor(Math.abs((double) x) + 0.5), x);
  }

  /** std::min(a, b): b only when b &lt; a, so a NaN first argument is kept. */
  static float min(float a, float b) {
    return b < a ? b : a;
  }

  /** std::max(a, b): b only when a &lt; b. */
  static float max(float a, float b) {
    return a < b ? b : a;
  }

  /** Eigen's cwiseMin(bound) of x: NaN stays NaN. */
  static float clampMax(float x, float bound) {
    return bound < x ? bound : x;
  }

  /** Eigen's cwiseMax(bound) of x: NaN stays NaN. */
  static float clampMin(float x, float bound) {
    return x < bound ? bound : x;
  }

  /**
   * A float converted to int32 as x86's cvttss2si does (the C++ cast TF's kernels compile to):
   * toward zero, and the "integer indefinite" 0x80000000 for NaN and values out of range.
   */
  static int toInt32(float f) {
    if (Float.isNaN(f) || f >= 0x1p31f || f < -0x1p31f) {
      return Integer.MIN_VALUE;
    }
    return (int) f;
  }
}
