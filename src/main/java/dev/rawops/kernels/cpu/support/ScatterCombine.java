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
 * How a scatter combines an update run into the output: {@code out[d..d+n) = f(out, upd[s..s+n))}
 * with TF's per-dtype arithmetic (integers wrap, half and bfloat16 round through float, bool's
 * addition is OR as Eigen's, complex add/sub per component; min/max keep the output on NaN as
 * Eigen's cwiseMin/cwiseMax do). One dtype switch per run, typed loops inside.
 */
public enum ScatterCombine {
  ASSIGN,
  ADD,
  SUB,
  MIN,
  MAX;

  /** True for the combines defined on complex numbers (component-wise). */
  boolean componentWise() {
    return this == ADD || this == SUB || this == ASSIGN;
  }

  public void apply(DType t, MemorySegment src, long s, MemorySegment dst, long d, long n) {
    if (this == ASSIGN) {
      long esz = t.byteSize();
      MemorySegment.copy(src, s * esz, dst, d * esz, n * esz);
      return;
    }
    switch (t) {
      case FLOAT -> {
        for (long k = 0; k < n; k++) {
          dst.setAtIndex(F32, d + k, f(dst.getAtIndex(F32, d + k), src.getAtIndex(F32, s + k)));
        }
      }
      case COMPLEX64 -> {
        for (long k = 0; k < 2 * n; k++) {
          dst.setAtIndex(
              F32, 2 * d + k, f(dst.getAtIndex(F32, 2 * d + k), src.getAtIndex(F32, 2 * s + k)));
        }
      }
      case DOUBLE -> {
        for (long k = 0; k < n; k++) {
          dst.setAtIndex(F64, d + k, f(dst.getAtIndex(F64, d + k), src.getAtIndex(F64, s + k)));
        }
      }
      case COMPLEX128 -> {
        for (long k = 0; k < 2 * n; k++) {
          dst.setAtIndex(
              F64, 2 * d + k, f(dst.getAtIndex(F64, 2 * d + k), src.getAtIndex(F64, 2 * s + k)));
        }
      }
      case INT32 -> {
        for (long k = 0; k < n; k++) {
          dst.setAtIndex(
              I32, d + k, (int) i(dst.getAtIndex(I32, d + k), src.getAtIndex(I32, s + k), false));
        }
      }
      case UINT32 -> {
        for (long k = 0; k < n; k++) {
          long a = Integer.toUnsignedLong(dst.getAtIndex(I32, d + k));
          long b = Integer.toUnsignedLong(src.getAtIndex(I32, s + k));
          dst.setAtIndex(I32, d + k, (int) i(a, b, false));
        }
      }
      case INT64 -> {
        for (long k = 0; k < n; k++) {
          dst.setAtIndex(
              I64, d + k, i(dst.getAtIndex(I64, d + k), src.getAtIndex(I64, s + k), false));
        }
      }
      case UINT64 -> {
        for (long k = 0; k < n; k++) {
          dst.setAtIndex(
              I64, d + k, i(dst.getAtIndex(I64, d + k), src.getAtIndex(I64, s + k), true));
        }
      }
      case INT16 -> {
        for (long k = 0; k < n; k++) {
          dst.setAtIndex(
              I16, d + k, (short) i(dst.getAtIndex(I16, d + k), src.getAtIndex(I16, s + k), false));
        }
      }
      case UINT16 -> {
        for (long k = 0; k < n; k++) {
          long a = Short.toUnsignedLong(dst.getAtIndex(I16, d + k));
          long b = Short.toUnsignedLong(src.getAtIndex(I16, s + k));
          dst.setAtIndex(I16, d + k, (short) i(a, b, false));
        }
      }
      case INT8 -> {
        for (long k = 0; k < n; k++) {
          dst.set(I8, d + k, (byte) i(dst.get(I8, d + k), src.get(I8, s + k), false));
        }
      }
      case UINT8 -> {
        for (long k = 0; k < n; k++) {
          long a = Byte.toUnsignedLong(dst.get(I8, d + k));
          long b = Byte.toUnsignedLong(src.get(I8, s + k));
          dst.set(I8, d + k, (byte) i(a, b, false));
        }
      }
      case BOOL -> {
        for (long k = 0; k < n; k++) {
          boolean a = dst.get(I8, d + k) != 0;
          boolean b = src.get(I8, s + k) != 0;
          boolean r =
              switch (this) {
                case ADD, MAX -> a || b;
                case SUB -> a ^ b;
                default -> a && b;
              };
          dst.set(I8, d + k, (byte) (r ? 1 : 0));
        }
      }
      case HALF, BFLOAT16 -> {
        for (long k = 0; k < n; k++) {
          float a = (float) Numbers.get(t, dst, d + k);
          float b = (float) Numbers.get(t, src, s + k);
          Numbers.set(t, dst, d + k, f(a, b));
        }
      }
      default -> throw new IllegalStateException("no scatter arithmetic for " + t.tfName());
    }
  }

  private float f(float a, float b) {
    return switch (this) {
      case ADD -> a + b;
      case SUB -> a - b;
      case MIN -> b < a ? b : a;
      case MAX -> a < b ? b : a;
      case ASSIGN -> b;
    };
  }

  private double f(double a, double b) {
    return switch (this) {
      case ADD -> a + b;
      case SUB -> a - b;
      case MIN -> b < a ? b : a;
      case MAX -> a < b ? b : a;
      case ASSIGN -> b;
    };
  }

  /**
   * Integer combine; {@code unsigned} compares as unsigned 64-bit (narrower types arrive widened).
   */
  private long i(long a, long b, boolean unsigned) {
    return switch (this) {
      case ADD -> a + b;
      case SUB -> a - b;
      case MIN -> (unsigned ? Long.compareUnsigned(b, a) < 0 : b < a) ? b : a;
      case MAX -> (unsigned ? Long.compareUnsigned(a, b) < 0 : a < b) ? b : a;
      case ASSIGN -> b;
    };
  }
}
