package dev.rawops.kernels.cpu.elementwise;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;

/**
 * Scalar rules of TF's CPU functors where they differ from Java's operators: integer division and
 * modulo (floor vs truncate, division by zero, MIN / -1), shifts past the width, float-to-integer
 * conversion as x86 does it, NaN-propagating max and min, and the activations' exact formulas.
 */
final class ElementwiseMath {
  private ElementwiseMath() {}

  /** An integer dtype's width and signedness (bool counts as unsigned 8-bit). */
  record IntKind(int bits, boolean unsigned) {
    static IntKind of(DType t) {
      return switch (t) {
        case INT8 -> new IntKind(8, false);
        case INT16 -> new IntKind(16, false);
        case INT32 -> new IntKind(32, false);
        case INT64 -> new IntKind(64, false);
        case UINT8, BOOL -> new IntKind(8, true);
        case UINT16 -> new IntKind(16, true);
        case UINT32 -> new IntKind(32, true);
        case UINT64 -> new IntKind(64, true);
        default -> throw new IllegalArgumentException(t.tfName() + " is not an integer type");
      };
    }

    /** Only uint64 values do not fit a signed long: they need unsigned compare and divide. */
    boolean u64() {
      return unsigned && bits == 64;
    }
  }

  static RawOpsException divisionByZero() {
    return RawOpsException.invalidArgument("Integer division by zero");
  }

  /**
   * TF's error for a zero divisor in an op its BinaryOp does not expect to fail ({@code
   * SetComputeError} in cwise_ops_common.h names only Div, Mod, FloorDiv and FloorMod): what
   * TruncateDiv and TruncateMod report.
   */
  static RawOpsException unexpectedBinaryError() {
    return RawOpsException.of(
        Code.INTERNAL,
        "Unexpected error in binary operator (only integer div and mod should have errors)");
  }

  /** TruncateDiv of integers: {@link #div}, but a zero divisor is TF's INTERNAL error. */
  static long truncateDiv(long x, long y, boolean u64) {
    if (y == 0) {
      throw unexpectedBinaryError();
    }
    return div(x, y, u64);
  }

  /** TruncateMod of integers: {@link #mod}, but a zero divisor is TF's INTERNAL error. */
  static long truncateMod(long x, long y, boolean u64) {
    if (y == 0) {
      throw unexpectedBinaryError();
    }
    return mod(x, y, u64);
  }

  /** TF's safe_div: truncating, zero divisor an error, MIN / -1 wraps. */
  static long div(long x, long y, boolean u64) {
    if (y == 0) {
      throw divisionByZero();
    }
    return u64 ? Long.divideUnsigned(x, y) : x / y;
  }

  /** TF's safe_mod: C's truncating remainder. */
  static long mod(long x, long y, boolean u64) {
    if (y == 0) {
      throw divisionByZero();
    }
    return u64 ? Long.remainderUnsigned(x, y) : x % y;
  }

  /** TF's floor_div for integers. */
  static long floorDiv(long x, long y, IntKind k) {
    if (y == 0) {
      throw divisionByZero();
    }
    if (k.unsigned()) {
      return k.u64() ? Long.divideUnsigned(x, y) : x / y;
    }
    return Math.floorDiv(x, y);
  }

  /** TF's floor_fmod for integers: the remainder takes the divisor's sign. */
  static long floorMod(long x, long y, IntKind k) {
    if (y == 0) {
      throw divisionByZero();
    }
    if (k.unsigned()) {
      return k.u64() ? Long.remainderUnsigned(x, y) : x % y;
    }
    long r = x % y;
    return r != 0 && ((y < 0) != (r < 0)) ? r + y : r;
  }

  static double floorMod(double x, double y) {
    double r = x % y;
    return r != 0 && ((y < 0) != (r < 0)) ? r + y : r;
  }

  static float floorMod(float x, float y) {
    float r = x % y;
    return r != 0 && ((y < 0) != (r < 0)) ? r + y : r;
  }

  /** TF's shift amount: clamped to [0, bits - 1]. */
  static long shiftAmount(long y, IntKind k) {
    if (k.u64()) {
      return Long.compareUnsigned(y, 63) > 0 ? 63 : y;
    }
    return y < 0 ? 0 : Math.min(y, k.bits() - 1);
  }

  /** TF's integer pow (square and multiply, wrapping); a negative exponent is an error. */
  static long ipow(long x, long y) {
    if (y < 0) {
      throw RawOpsException.invalidArgument("Integers to negative integer powers are not allowed");
    }
    long result = 1;
    while (y != 0) {
      if ((y & 1) != 0) {
        result *= x;
      }
      y >>= 1;
      x *= x;
    }
    return result;
  }

  static int compare(long x, long y, boolean u64) {
    return u64 ? Long.compareUnsigned(x, y) : Long.compare(x, y);
  }

  /** Maximum as TF 2.18's CPU kernel: NaN in either gives NaN. */
  static float max(float x, float y) {
    return Double.isNaN(x) ? x : Double.isNaN(y) ? y : x < y ? y : x;
  }

  static float min(float x, float y) {
    return Double.isNaN(x) ? x : Double.isNaN(y) ? y : y < x ? y : x;
  }

  static double max(double x, double y) {
    return Double.isNaN(x) ? x : Double.isNaN(y) ? y : x < y ? y : x;
  }

  static double min(double x, double y) {
    return Double.isNaN(x) ? x : Double.isNaN(y) ? y : y < x ? y : x;
  }

  /**
   * A float or double to an integer type as TF's CPU kernel does on x86 (cvttss2si/cvttsd2si): 32
   * and 64 bit targets give MIN_VALUE for NaN and out-of-range values; 8 and 16 bit go through a
   * 32-bit conversion and keep the low bits; uint32 through a 64-bit one; uint64 through the
   * compiler's two-range sequence.
   */
  static long toInteger(double v, IntKind k) {
    return switch (k.bits()) {
      case 64 -> k.unsigned() ? toUint64(v) : cvt64(v);
      case 32 -> k.unsigned() ? cvt64(v) : cvt32(v);
      default -> cvt32(v);
    };
  }

  private static long cvt32(double v) {
    return Double.isNaN(v) || v >= 0x1p31 || v <= -0x1p31 - 1 ? Integer.MIN_VALUE : (long) v;
  }

  private static long cvt64(double v) {
    return Double.isNaN(v) || v >= 0x1p63 || v < -0x1p63 ? Long.MIN_VALUE : (long) v;
  }

  private static long toUint64(double v) {
    return v < 0x1p63 ? cvt64(v) : cvt64(v - 0x1p63) ^ Long.MIN_VALUE;
  }

  /** An integer lane value as the nearest float (uint64 read unsigned). */
  static float toFloat(long v, boolean u64) {
    if (!u64 || v >= 0) {
      return (float) v;
    }
    return (float) ((v >>> 1) | (v & 1)) * 2f;
  }

  static double toDouble(long v, boolean u64) {
    if (!u64 || v >= 0) {
      return (double) v;
    }
    return (double) ((v >>> 1) | (v & 1)) * 2.0;
  }

  // ---- activations, as TF's functors write them

  // TF's selu functor literals: scale, and scale * alpha as its own constant.
  private static final double SELU_SCALE = 1.0507009873554805;
  private static final double SELU_SCALE_ALPHA = 1.7580993408473768;

  static float selu(float x) {
    float scale = (float) SELU_SCALE;
    float scaleAlpha = (float) SELU_SCALE_ALPHA;
    return x < 0 ? scaleAlpha * ((float) Math.exp(x) - 1f) : scale * x;
  }

  static double selu(double x) {
    return x < 0 ? SELU_SCALE_ALPHA * (Math.exp(x) - 1) : SELU_SCALE * x;
  }

  static float elu(float x) {
    return x < 0 ? (float) Math.exp(x) - 1f : x;
  }

  static double elu(double x) {
    return x < 0 ? Math.exp(x) - 1 : x;
  }

  /** TF's softplus: thresholds at log(epsilon) + 2 of the type. */
  static float softplus(float x) {
    float threshold = (float) Math.log(Math.ulp(1f)) + 2f;
    if (x > -threshold) {
      return x;
    }
    float e = (float) Math.exp(x);
    if (x < threshold) {
      return e;
    }
    return (float) Math.log(e + 1f);
  }

  static double softplus(double x) {
    double threshold = Math.log(Math.ulp(1.0)) + 2;
    if (x > -threshold) {
      return x;
    }
    double e = Math.exp(x);
    return x < threshold ? e : Math.log(e + 1);
  }

  static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  static double sign(double x) {
    return x > 0 ? 1 : x < 0 ? -1 : Double.isNaN(x) ? x : 0;
  }

  static double asinh(double x) {
    if (Double.isInfinite(x)) {
      return x;
    }
    double a = Math.abs(x);
    double r =
        a > 0x1p28
            ? Math.log(a) + Math.log(2)
            : a > 2
                ? Math.log(2 * a + 1 / (Math.sqrt(x * x + 1) + a))
                : Math.log1p(a + x * x / (1 + Math.sqrt(1 + x * x)));
    return Math.copySign(r, x);
  }

  static double acosh(double x) {
    if (x < 1) {
      return Double.NaN;
    }
    if (x > 0x1p28) {
      return Math.log(x) + Math.log(2);
    }
    if (x > 2) {
      return Math.log(2 * x - 1 / (x + Math.sqrt(x * x - 1)));
    }
    double t = x - 1;
    return Math.log1p(t + Math.sqrt(2 * t + t * t));
  }

  static double atanh(double x) {
    double a = Math.abs(x);
    double r = 0.5 * Math.log1p(2 * a / (1 - a));
    return Math.copySign(r, x);
  }
}
