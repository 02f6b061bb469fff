package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Lanes.COMPLEX_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F32_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F64_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.I64_LANE;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import dev.rawops.kernels.cpu.elementwise.CpuElementwise.FloatOp;
import dev.rawops.kernels.cpu.support.Denormals;
import dev.rawops.kernels.cpu.support.SegmentOp;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * The unary entries of {@link ElementwiseTable}: arithmetic, transcendental and special functions,
 * activations, predicates and complex parts.
 */
final class UnaryEntries {
  private UnaryEntries() {}

  static List<Entry> entries() {
    return List.of(
        // ---- unary arithmetic
        new Entry("Abs")
            .f(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = Math.abs(x[i]);
                  }
                })
            .dmap(Math::abs)
            .imap(_ -> Math::abs),
        new Entry("Neg")
            .f(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = -x[i];
                  }
                })
            .dmap(x -> -x)
            .imap(_ -> x -> -x)
            .c(
                (x, o, n) -> {
                  for (int i = 0; i < 2 * n; i++) {
                    o[i] = -x[i];
                  }
                }),
        new Entry("Sign")
            .fmap(x -> (float) ElementwiseMath.sign(x))
            .dmap(ElementwiseMath::sign)
            .imap(_ -> Long::signum)
            .cmap(
                (re, im, o, i) -> {
                  double a = Math.hypot(re, im);
                  ComplexMath.set(o, i, a == 0 ? 0 : re / a, a == 0 ? 0 : im / a);
                }),
        new Entry("Square")
            .f(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] * x[i];
                  }
                })
            .dmap(x -> x * x)
            .imap(_ -> x -> x * x)
            .cmap((re, im, o, i) -> ComplexMath.mul(re, im, re, im, o, i)),
        new Entry("Sqrt").real(Math::sqrt).cmap(ComplexMath::sqrt),
        new Entry("Rsqrt")
            .real(x -> 1 / Math.sqrt(x))
            .cmap(
                (re, im, o, i) -> {
                  double[] t = new double[2];
                  ComplexMath.sqrt(re, im, t, 0);
                  ComplexMath.div(1, 0, t[0], t[1], o, i);
                }),
        new Entry("Reciprocal", "Inv")
            .fmap(x -> 1f / x)
            .dmap(x -> 1 / x)
            .cmap((re, im, o, i) -> ComplexMath.div(1, 0, re, im, o, i)),
        new Entry("Exp").real(Math::exp).cmap(ComplexMath::exp),
        new Entry("Expm1")
            .real(Math::expm1)
            .cmap(
                (re, im, o, i) -> {
                  ComplexMath.exp(re, im, o, i);
                  o[2 * i] -= 1;
                }),
        new Entry("Log").real(Math::log).cmap(ComplexMath::log),
        new Entry("Log1p")
            .real(Math::log1p)
            .cmap((re, im, o, i) -> ComplexMath.log(re + 1, im, o, i)),
        new Entry("Sin").real(Math::sin).cmap(ComplexMath::sin),
        new Entry("Cos").real(Math::cos).cmap(ComplexMath::cos),
        new Entry("Tan").real(Math::tan).cmap(ComplexMath::tan),
        new Entry("Asin").real(Math::asin),
        new Entry("Acos")
            .real(Math::acos)
            .imap(k -> x -> ElementwiseMath.toInteger(Math.acos((double) x), k)),
        new Entry("Atan").real(Math::atan),
        new Entry("Sinh").real(Math::sinh).cmap(ComplexMath::sinh),
        new Entry("Cosh").real(Math::cosh).cmap(ComplexMath::cosh),
        new Entry("Tanh").simd(SegmentOp.TANH).real(Math::tanh).cmap(ComplexMath::tanh),
        new Entry("Asinh").real(ElementwiseMath::asinh),
        new Entry("Acosh").real(ElementwiseMath::acosh),
        new Entry("Atanh").real(ElementwiseMath::atanh),
        new Entry("Floor").real(Math::floor),
        new Entry("Ceil").real(Math::ceil),
        new Entry("Round").real(Math::rint).imap(_ -> x -> x),
        new Entry("Rint").real(Math::rint),
        new Entry("Erf").real(SpecialFunctions::erf),
        new Entry("Erfc").real(SpecialFunctions::erfc),
        new Entry("Erfinv").fmap(InverseNormal::erfinv).dmap(InverseNormal::erfinv),
        new Entry("Ndtri").fmap(InverseNormal::ndtri).dmap(InverseNormal::ndtri),
        new Entry("Lgamma").real(SpecialFunctions::lgamma),
        new Entry("Digamma").real(SpecialFunctions::digamma),
        // ---- Bessel functions and Cephes' integrals (tf.math.special)
        special("BesselI0", BesselIK::i0, BesselIK::i0),
        special("BesselI0e", BesselIK::i0e, BesselIK::i0e),
        special("BesselI1", BesselIK::i1, BesselIK::i1),
        special("BesselI1e", BesselIK::i1e, BesselIK::i1e),
        special("BesselK0", BesselIK::k0, BesselIK::k0),
        special("BesselK0e", BesselIK::k0e, BesselIK::k0e),
        special("BesselK1", BesselIK::k1, BesselIK::k1),
        special("BesselK1e", BesselIK::k1e, BesselIK::k1e),
        special("BesselJ0", BesselJY::j0, BesselJY::j0),
        special("BesselJ1", BesselJY::j1, BesselJY::j1),
        special("BesselY0", BesselJY::y0, BesselJY::y0),
        special("BesselY1", BesselJY::y1, BesselJY::y1),
        special(
            "Dawsn",
            x -> (float) CephesIntegrals.dawsn(true, x),
            x -> CephesIntegrals.dawsn(false, x)),
        special(
            "Expint",
            x -> (float) CephesIntegrals.expint(true, x),
            x -> CephesIntegrals.expint(false, x)),
        special(
            "FresnelCos",
            x -> (float) CephesIntegrals.fresnelCos(true, x),
            x -> CephesIntegrals.fresnelCos(false, x)),
        special(
            "FresnelSin",
            x -> (float) CephesIntegrals.fresnelSin(true, x),
            x -> CephesIntegrals.fresnelSin(false, x)),
        special(
            "Spence",
            x -> (float) CephesIntegrals.spence(true, x),
            x -> CephesIntegrals.spence(false, x)),
        new Entry("Sigmoid")
            .simd(SegmentOp.SIGMOID)
            .real(ElementwiseMath::sigmoid)
            .cmap(
                (re, im, o, i) -> {
                  double[] t = new double[2];
                  ComplexMath.exp(-re, -im, t, 0);
                  ComplexMath.div(1, 0, 1 + t[0], t[1], o, i);
                }),
        new Entry("Softplus").fmap(ElementwiseMath::softplus).dmap(ElementwiseMath::softplus),
        new Entry("Softsign").fmap(x -> x / (Math.abs(x) + 1f)).dmap(x -> x / (Math.abs(x) + 1)),
        // ---- bits
        new Entry("PopulationCount")
            .imap(
                k -> {
                  long mask = k.bits() == 64 ? -1L : (1L << k.bits()) - 1;
                  return x -> Long.bitCount(x & mask);
                }),
        // ---- activations
        new Entry("Relu")
            .f(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] > 0 || Double.isNaN(x[i]) ? x[i] : 0f;
                  }
                })
            .dmap(x -> x > 0 || Double.isNaN(x) ? x : 0)
            .imap(k -> k.u64() ? x -> x : x -> Math.max(x, 0)),
        new Entry("Relu6")
            .fmap(x -> Double.isNaN(x) ? x : Math.min(Math.max(x, 0f), 6f))
            .dmap(x -> Double.isNaN(x) ? x : Math.min(Math.max(x, 0), 6))
            .imap(
                k ->
                    k.u64()
                        ? x -> Long.compareUnsigned(x, 6) > 0 ? 6 : x
                        : x -> Math.min(Math.max(x, 0), 6)),
        new Entry("Elu").fmap(ElementwiseMath::elu).dmap(ElementwiseMath::elu),
        new Entry("Selu").fmap(ElementwiseMath::selu).dmap(ElementwiseMath::selu),
        new Entry("LeakyRelu")
            .on(
                F32_LANE,
                s -> {
                  float alpha = s.floatAttr("alpha");
                  return (in, out, n) -> {
                    float[] x = (float[]) in[0];
                    float[] o = (float[]) out;
                    for (int i = 0; i < n; i++) {
                      o[i] = x[i] > 0 ? x[i] : x[i] * alpha;
                    }
                  };
                })
            .on(
                F64_LANE,
                s -> {
                  double alpha = s.floatAttr("alpha");
                  return (in, out, n) -> {
                    double[] x = (double[]) in[0];
                    double[] o = (double[]) out;
                    for (int i = 0; i < n; i++) {
                      o[i] = x[i] > 0 ? x[i] : x[i] * alpha;
                    }
                  };
                })
            .on(
                I64_LANE,
                s -> {
                  long alpha = ElementwiseMath.toInteger(s.floatAttr("alpha"), s.kind());
                  boolean u64 = s.kind().u64();
                  return (in, out, n) -> {
                    long[] x = (long[]) in[0];
                    long[] o = (long[]) out;
                    for (int i = 0; i < n; i++) {
                      o[i] = x[i] > 0 || (u64 && x[i] != 0) ? x[i] : x[i] * alpha;
                    }
                  };
                }),
        // ---- predicates
        new Entry("IsNan")
            .fb(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = Double.isNaN(x[i]) ? 1 : 0;
                  }
                })
            .db(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = Double.isNaN(x[i]) ? 1 : 0;
                  }
                }),
        new Entry("IsInf")
            .fb(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = Float.isInfinite(x[i]) ? 1 : 0;
                  }
                })
            .db(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = Double.isInfinite(x[i]) ? 1 : 0;
                  }
                }),
        new Entry("IsFinite")
            .fb(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = Float.isFinite(x[i]) ? 1 : 0;
                  }
                })
            .db(
                (x, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = Double.isFinite(x[i]) ? 1 : 0;
                  }
                }),
        new Entry("LogicalNot").imap(_ -> x -> x ^ 1),
        new Entry("Invert").imap(_ -> x -> ~x),
        // ---- complex parts (output float for complex64, double for complex128)
        complexPart("Real", 0),
        complexPart("Imag", 1),
        complexPart("Angle", 2),
        complexPart("ComplexAbs", 3),
        new Entry("Conj").cmap((re, im, o, i) -> ComplexMath.set(o, i, re, -im)));
  }

  /**
   * A special function of one float and one double argument, under TF's CPU threads'
   * denormals-are-zero and flush-to-zero modes: a subnormal argument counts as zero (K0 of one is
   * inf) and a subnormal result is zero.
   */
  private static Entry special(String name, FloatOp f, DoubleUnaryOperator d) {
    return new Entry(name)
        .fmap(x -> Denormals.flush(f.apply(Denormals.flush(x))))
        .dmap(x -> Denormals.flush(d.applyAsDouble(Denormals.flush(x))));
  }

  private static Entry complexPart(String name, int which) {
    return new Entry(name)
        .on(
            COMPLEX_LANE,
            _ ->
                (in, out, n) -> {
                  double[] x = (double[]) in[0];
                  for (int i = 0; i < n; i++) {
                    double re = x[2 * i];
                    double im = x[2 * i + 1];
                    double v =
                        switch (which) {
                          case 0 -> re;
                          case 1 -> im;
                          case 2 -> Math.atan2(im, re);
                          default -> Math.hypot(re, im);
                        };
                    if (out instanceof float[] f) {
                      f[i] = (float) v;
                    } else {
                      ((double[]) out)[i] = v;
                    }
                  }
                });
  }
}
