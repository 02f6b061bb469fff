package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Denormals.flush;
import static dev.rawops.kernels.cpu.support.Lanes.F32_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F64_LANE;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import dev.rawops.kernels.cpu.support.Denormals;
import dev.rawops.kernels.cpu.support.SegmentOp;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import java.util.List;

/**
 * The binary arithmetic entries of {@link ElementwiseTable} (with Pow, Atan2, the binary special
 * functions and ApproximateEqual), and the lane loops of those TF computes in its own way.
 */
final class BinaryArithmeticEntries {
  private BinaryArithmeticEntries() {}

  static List<Entry> entries() {
    return List.of(
        // ---- binary arithmetic
        new Entry("Add", "AddV2")
            .simd(SegmentOp.ADD)
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = flush(flush(x[i]) + flush(y[i]));
                  }
                })
            .d2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] + y[i];
                  }
                })
            .i2(
                _ ->
                    (x, y, o, n) -> {
                      for (int i = 0; i < n; i++) {
                        o[i] = x[i] + y[i];
                      }
                    })
            .c2(
                (x, y, o, n) -> {
                  for (int i = 0; i < 2 * n; i++) {
                    o[i] = x[i] + y[i];
                  }
                }),
        new Entry("Sub")
            .simd(SegmentOp.SUB)
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = flush(flush(x[i]) - flush(y[i]));
                  }
                })
            .d2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] - y[i];
                  }
                })
            .i2(
                _ ->
                    (x, y, o, n) -> {
                      for (int i = 0; i < n; i++) {
                        o[i] = x[i] - y[i];
                      }
                    })
            .c2(
                (x, y, o, n) -> {
                  for (int i = 0; i < 2 * n; i++) {
                    o[i] = x[i] - y[i];
                  }
                }),
        new Entry("Mul")
            .simd(SegmentOp.MUL)
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = flush(flush(x[i]) * flush(y[i]));
                  }
                })
            .d2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] * y[i];
                  }
                })
            .i2(
                _ ->
                    (x, y, o, n) -> {
                      for (int i = 0; i < n; i++) {
                        o[i] = x[i] * y[i];
                      }
                    })
            .cmap2(ComplexMath::mul),
        new Entry("Div", "RealDiv")
            .simd(SegmentOp.DIV)
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = flush(flush(x[i]) / flush(y[i]));
                  }
                })
            .d2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] / y[i];
                  }
                })
            .imap2(k -> (x, y) -> ElementwiseMath.div(x, y, k.u64()))
            .cmap2(ComplexMath::div),
        new Entry("TruncateDiv")
            .fmap2((x, y) -> (float) truncate(x / y))
            .dmap2((x, y) -> truncate(x / y))
            .imap2(k -> (x, y) -> ElementwiseMath.truncateDiv(x, y, k.u64())),
        new Entry("DivNoNan")
            .fmap2((x, y) -> y == 0 ? 0f : x / y)
            .dmap2((x, y) -> y == 0 ? 0 : x / y)
            .cmap2(
                (a, b, c, d, o, i) -> {
                  if (c == 0 && d == 0) {
                    ComplexMath.set(o, i, 0, 0);
                  } else {
                    ComplexMath.div(a, b, c, d, o, i);
                  }
                }),
        new Entry("FloorDiv")
            .on(F32_LANE, s -> BinaryArithmeticEntries.floorDivLane(s.type()))
            .dmap2((x, y) -> Math.floor(x / y))
            .i2(
                k ->
                    k.unsigned()
                        ? unsignedLoop(k, ElementwiseMath::floorDiv)
                        : k.bits() <= 32
                            ? BinaryArithmeticEntries::floorDivInt
                            : BinaryArithmeticEntries::floorDivSigned),
        new Entry("FloorMod")
            .on(F32_LANE, s -> BinaryArithmeticEntries.floorModLane(s.type()))
            .dmap2(ElementwiseMath::floorMod)
            .i2(
                k ->
                    k.unsigned()
                        ? unsignedLoop(k, ElementwiseMath::floorMod)
                        : k.bits() <= 32
                            ? BinaryArithmeticEntries::floorModInt
                            : BinaryArithmeticEntries::floorModSigned),
        new Entry("TruncateMod")
            .fmap2((x, y) -> x % y)
            .dmap2((x, y) -> x % y)
            .imap2(k -> (x, y) -> ElementwiseMath.truncateMod(x, y, k.u64())),
        new Entry("Mod")
            .fmap2((x, y) -> x % y)
            .dmap2((x, y) -> x % y)
            .imap2(k -> (x, y) -> ElementwiseMath.mod(x, y, k.u64())),
        new Entry("Pow")
            .real2(Math::pow)
            .imap2(_ -> ElementwiseMath::ipow)
            .cmap2(
                (a, b, c, d, o, i) -> {
                  if (a == 0 && b == 0 && c == 0 && d == 0) {
                    ComplexMath.set(o, i, 1, 0);
                    return;
                  }
                  double[] t = new double[4];
                  ComplexMath.log(a, b, t, 0);
                  ComplexMath.mul(t[0], t[1], c, d, t, 1);
                  ComplexMath.exp(t[2], t[3], o, i);
                }),
        new Entry("Maximum")
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = ElementwiseMath.max(x[i], y[i]);
                  }
                })
            .d2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = ElementwiseMath.max(x[i], y[i]);
                  }
                })
            .imap2(
                k ->
                    k.u64()
                        ? (x, y) -> Long.compareUnsigned(x, y) < 0 ? y : x
                        : (x, y) -> Math.max(x, y)),
        new Entry("Minimum")
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = ElementwiseMath.min(x[i], y[i]);
                  }
                })
            .d2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = ElementwiseMath.min(x[i], y[i]);
                  }
                })
            .imap2(
                k ->
                    k.u64()
                        ? (x, y) -> Long.compareUnsigned(x, y) > 0 ? y : x
                        : (x, y) -> Math.min(x, y)),
        new Entry("SquaredDifference")
            .on(F32_LANE, s -> BinaryArithmeticEntries.squaredDifference(s.type()))
            .dmap2((x, y) -> (x - y) * (x - y))
            .imap2(_ -> (x, y) -> (x - y) * (x - y))
            .cmap2(
                (a, b, c, d, o, i) -> {
                  double re = a - c;
                  double im = b - d;
                  ComplexMath.mul(re, im, re, -im, o, i);
                }),
        new Entry("Atan2").real2(Math::atan2),
        new Entry("Igamma").real2(IncompleteGamma::igamma),
        new Entry("Igammac").real2(IncompleteGamma::igammac),
        new Entry("Zeta").real2(SpecialFunctions::zeta),
        // glibc's nextafter steps the operands' bits, but its x == y test is a float compare, which
        // TF's denormals-are-zero threads make true for a subnormal against a zero: then it is y.
        new Entry("NextAfter")
            .fmap2((x, y) -> Denormals.flush(x) == Denormals.flush(y) ? y : Math.nextAfter(x, y))
            .dmap2((x, y) -> Denormals.flush(x) == Denormals.flush(y) ? y : Math.nextAfter(x, y)),
        new Entry("Polygamma").real2(SpecialFunctions::polygamma),
        new Entry("ApproximateEqual")
            .on(
                F32_LANE,
                s -> {
                  float tol = s.floatAttr("tolerance");
                  return (in, out, n) -> {
                    float[] x = (float[]) in[0];
                    float[] y = (float[]) in[1];
                    long[] o = (long[]) out;
                    for (int i = 0; i < n; i++) {
                      o[i] = Math.abs(x[i] - y[i]) < tol ? 1 : 0;
                    }
                  };
                })
            .on(
                F64_LANE,
                s -> {
                  double tol = s.floatAttr("tolerance");
                  return (in, out, n) -> {
                    double[] x = (double[]) in[0];
                    double[] y = (double[]) in[1];
                    long[] o = (long[]) out;
                    for (int i = 0; i < n; i++) {
                      o[i] = Math.abs(x[i] - y[i]) < tol ? 1 : 0;
                    }
                  };
                }));
  }

  private static double truncate(double v) {
    return v < 0 ? Math.ceil(v) : Math.floor(v);
  }

  /**
   * SquaredDifference of float, half or bfloat16: TF squares {@code x - y} computed in the element
   * type, so for half and bfloat16 the difference is rounded to it before squaring (found by the
   * binary elementwise differential fuzzer: bfloat16 -9.6875 - 11.75 squared is 462 in TF, not
   * 460).
   */
  private static ElementwiseKernel.ArrayFn squaredDifference(DType type) {
    return (in, out, n) -> {
      float[] x = (float[]) in[0];
      float[] y = (float[]) in[1];
      float[] o = (float[]) out;
      for (int i = 0; i < n; i++) {
        float d = x[i] - y[i];
        if (type == DType.HALF) {
          d = Float.float16ToFloat(Float.floatToFloat16(d));
        } else if (type == DType.BFLOAT16) {
          d = Numbers.bfloat16ToFloat(Numbers.floatToBfloat16(d));
        }
        o[i] = d * d;
      }
    };
  }

  /**
   * FloorDiv of float, half or bfloat16: TF floors {@code x / y} computed in the element type, so
   * for half and bfloat16 the quotient is rounded to the type before flooring (half 1 / -0.09998 is
   * -10.002, rounded -10, floored -10; not -11). bfloat16 shares float's exponent range, so TF's
   * CPU threads' flush-to-zero and denormals-are-zero modes (set by TF's executor) show: a
   * subnormal operand counts as zero and a subnormal quotient becomes zero (1 / -3e38 is -0, not
   * -1). Found with {@code FloorHalfDifferentialTest} (TF 2.18).
   */
  private static ElementwiseKernel.ArrayFn floorDivLane(DType type) {
    return (in, out, n) -> {
      float[] x = (float[]) in[0];
      float[] y = (float[]) in[1];
      float[] o = (float[]) out;
      for (int i = 0; i < n; i++) {
        float q;
        if (type == DType.HALF) {
          q = Float.float16ToFloat(Float.floatToFloat16(x[i] / y[i]));
        } else if (type == DType.BFLOAT16) {
          q = flush(flush(x[i]) / flush(y[i]));
          q = Numbers.bfloat16ToFloat(Numbers.floatToBfloat16(q));
        } else {
          q = x[i] / y[i];
        }
        o[i] = type == DType.BFLOAT16 && Float.isNaN(q) ? Float.NaN : (float) Math.floor(q);
      }
    };
  }

  /**
   * FloorMod of float, half or bfloat16 as TF: {@code r = fmod(x, y)}, then {@code r + y} where r
   * is nonzero and its sign differs from y's. half matches the float formula (its values and sums
   * are exact or rounded once in float). bfloat16 runs under TF's flush-to-zero and
   * denormals-are-zero modes: a subnormal divisor is zero (NaN, from glibc's fmodf wrapper), a
   * subnormal remainder counts as zero (returned as it is), and a subnormal {@code r + y} becomes
   * zero. Found with {@code FloorHalfDifferentialTest} (TF 2.18).
   */
  private static ElementwiseKernel.ArrayFn floorModLane(DType type) {
    return (in, out, n) -> {
      float[] x = (float[]) in[0];
      float[] y = (float[]) in[1];
      float[] o = (float[]) out;
      for (int i = 0; i < n; i++) {
        o[i] =
            type == DType.BFLOAT16
                ? floorModFlushed(x[i], y[i])
                : ElementwiseMath.floorMod(x[i], y[i]);
      }
    };
  }

  private static float floorModFlushed(float x, float y) {
    if (Float.isNaN(y)) {
      return y;
    }
    if (flush(y) == 0) {
      return NEGATIVE_NAN;
    }
    float r = x % y;
    if (flush(r) == 0) {
      return r;
    }
    return (y < 0) != (r < 0) ? flush(r + y) : r;
  }

  /** x86's default NaN (sign bit set), what TF's bfloat16 FloorMod by zero answers. */
  private static final float NEGATIVE_NAN = Float.intBitsToFloat(0xffc00000);

  /** An integer binary op that depends on its kind (width, signedness). */
  @FunctionalInterface
  private interface KindOp2 {
    long apply(long x, long y, ElementwiseMath.IntKind k);
  }

  /** A per-element integer op of an unsigned kind, as a lane loop. */
  private static CpuElementwise.L2 unsignedLoop(ElementwiseMath.IntKind k, KindOp2 op) {
    return (x, y, o, n) -> {
      for (int i = 0; i < n; i++) {
        o[i] = op.apply(x[i], y[i], k);
      }
    };
  }

  /**
   * Signed integer FloorDiv as one loop of its own (not a per-element call through a shared lambda,
   * which the JIT cannot inline once many ops use it): Math.floorDiv, a zero divisor is
   * INVALID_ARGUMENT, MIN / -1 wraps (the lanes hold the widened values, narrowed on write).
   */
  private static void floorDivSigned(long[] x, long[] y, long[] o, int n) {
    for (int i = 0; i < n; i++) {
      if (y[i] == 0) {
        throw ElementwiseMath.divisionByZero();
      }
      o[i] = Math.floorDiv(x[i], y[i]);
    }
  }

  /** As {@link #floorDivSigned} for values of at most 32 bits: a 32-bit division (about 2x). */
  private static void floorDivInt(long[] x, long[] y, long[] o, int n) {
    for (int i = 0; i < n; i++) {
      if (y[i] == 0) {
        throw ElementwiseMath.divisionByZero();
      }
      o[i] = Math.floorDiv((int) x[i], (int) y[i]);
    }
  }

  /** As {@link #floorModSigned} for values of at most 32 bits: a 32-bit division. */
  private static void floorModInt(long[] x, long[] y, long[] o, int n) {
    for (int i = 0; i < n; i++) {
      if (y[i] == 0) {
        throw ElementwiseMath.divisionByZero();
      }
      o[i] = Math.floorMod((int) x[i], (int) y[i]);
    }
  }

  /** Signed integer FloorMod as one loop of its own: the remainder takes the divisor's sign. */
  private static void floorModSigned(long[] x, long[] y, long[] o, int n) {
    for (int i = 0; i < n; i++) {
      if (y[i] == 0) {
        throw ElementwiseMath.divisionByZero();
      }
      o[i] = Math.floorMod(x[i], y[i]);
    }
  }
}
