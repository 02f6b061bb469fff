package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Lanes.F32_LANE;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import dev.rawops.kernels.cpu.elementwise.CpuElementwise.FloatOp;
import dev.rawops.kernels.cpu.elementwise.CpuElementwise.FloatOp2;
import dev.rawops.kernels.cpu.support.Denormals;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import java.util.List;

/**
 * The binary entries of {@link ElementwiseTable} whose zero operand wins over everything else:
 * Xlogy, Xdivy and Xlog1py give 0 where x is 0 (even when y is 0, inf or NaN), MulNoNan gives 0
 * where y is 0 (even when x is inf or NaN).
 *
 * <p>TF's vectorized functors answer x itself where x is 0 (so -0.0 stays -0.0) while its scalar
 * functor, which runs the last elements that do not fill a SIMD packet, answers +0.0; rawops
 * answers x everywhere. MulNoNan answers +0.0 in both. TF's CPU threads run with denormals-are-zero
 * and flush-to-zero, so a subnormal operand counts as zero here too (the fixtures show it: Xlogy of
 * a subnormal x is x, MulNoNan by a subnormal y is 0). TF's complex kernels of these ops are not
 * implemented (no complex lane: such a node is refused with TF's "No OpKernel" error).
 */
final class GuardedBinaryEntries {
  private GuardedBinaryEntries() {}

  static List<Entry> entries() {
    return List.of(
        new Entry("Xlogy")
            .on(F32_LANE, s -> xTimes(s.type(), y -> (float) Math.log(y)))
            .dmap2((x, y) -> guardedD(x, y, (a, b) -> a * Math.log(b))),
        new Entry("Xlog1py")
            .on(F32_LANE, s -> xTimes(s.type(), y -> (float) Math.log1p(y)))
            .dmap2((x, y) -> guardedD(x, y, (a, b) -> a * Math.log1p(b))),
        new Entry("Xdivy")
            .on(F32_LANE, s -> guarded(s.type(), (x, y) -> x / y))
            .dmap2((x, y) -> guardedD(x, y, (a, b) -> a / b)),
        new Entry("MulNoNan")
            .on(F32_LANE, s -> mulNoNan(s.type()))
            .dmap2(
                (x, y) -> {
                  double b = Denormals.flush(y);
                  return b == 0 ? 0 : Denormals.flush(Denormals.flush(x) * b);
                }));
  }

  /**
   * {@code x == 0 ? x : x * f(y)} for float, half and bfloat16. TF's half and bfloat16 functors
   * round f(y) to the element type before the product (each Eigen operation on them is a float
   * operation rounded back), so rawops does too.
   */
  private static ElementwiseKernel.ArrayFn xTimes(DType type, FloatOp f) {
    FloatOp round = rounding(type);
    return guarded(type, (x, y) -> x * round.apply(f.apply(y)));
  }

  /**
   * {@code x == 0 ? x : g(x, y)} as TF's CPU threads compute it: with denormals-are-zero (a
   * subnormal operand counts as zero) and flush-to-zero (a subnormal result is zero).
   */
  private static ElementwiseKernel.ArrayFn guarded(DType type, FloatOp2 g) {
    FloatOp round = rounding(type);
    FloatOp canonical = nans(type);
    return (in, out, n) -> {
      float[] x = (float[]) in[0];
      float[] y = (float[]) in[1];
      float[] o = (float[]) out;
      for (int i = 0; i < n; i++) {
        float a = Denormals.flush(x[i]);
        o[i] =
            a == 0
                ? a
                : canonical.apply(round.apply(Denormals.flush(g.apply(a, Denormals.flush(y[i])))));
      }
    };
  }

  private static ElementwiseKernel.ArrayFn mulNoNan(DType type) {
    FloatOp round = rounding(type);
    FloatOp canonical = nans(type);
    return (in, out, n) -> {
      float[] x = (float[]) in[0];
      float[] y = (float[]) in[1];
      float[] o = (float[]) out;
      for (int i = 0; i < n; i++) {
        float b = Denormals.flush(y[i]);
        o[i] =
            b == 0 ? 0f : canonical.apply(round.apply(Denormals.flush(Denormals.flush(x[i]) * b)));
      }
    };
  }

  private static double guardedD(double x, double y, java.util.function.DoubleBinaryOperator g) {
    double a = Denormals.flush(x);
    return a == 0 ? a : Denormals.flush(g.applyAsDouble(a, Denormals.flush(y)));
  }

  /**
   * A NaN as Eigen's conversions from float write it: half keeps the sign of a quiet NaN, bfloat16
   * writes the positive quiet NaN; float keeps the payload the multiply or divide propagated.
   */
  private static FloatOp nans(DType type) {
    return switch (type) {
      case HALF -> v -> Float.isNaN(v) ? Math.copySign(Float.NaN, v) : v;
      case BFLOAT16 -> v -> Float.isNaN(v) ? Float.NaN : v;
      default -> v -> v;
    };
  }

  /** Rounding a float to the element type's precision (identity for float). */
  static FloatOp rounding(DType type) {
    return switch (type) {
      case HALF -> v -> Float.float16ToFloat(Float.floatToFloat16(v));
      case BFLOAT16 -> v -> Numbers.bfloat16ToFloat(Numbers.floatToBfloat16(v));
      default -> v -> v;
    };
  }
}
