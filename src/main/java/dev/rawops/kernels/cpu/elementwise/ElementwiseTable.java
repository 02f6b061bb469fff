package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Lanes.COMPLEX_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F32_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F64_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.I64_LANE;

import dev.rawops.kernels.cpu.elementwise.CpuElementwise.Entry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import java.util.List;

/**
 * The elementwise ops as data: one {@link Entry} per op (or per group of ops with one definition),
 * each giving its function per lane. Hot arithmetic is written as explicit loops so each chunk runs
 * without a call per element; transcendental functions use per-element lambdas.
 */
final class ElementwiseTable {
  private ElementwiseTable() {}

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
        new Entry("Tanh").real(Math::tanh).cmap(ComplexMath::tanh),
        new Entry("Asinh").real(ElementwiseMath::asinh),
        new Entry("Acosh").real(ElementwiseMath::acosh),
        new Entry("Atanh").real(ElementwiseMath::atanh),
        new Entry("Floor").real(Math::floor),
        new Entry("Ceil").real(Math::ceil),
        new Entry("Round").real(Math::rint).imap(_ -> x -> x),
        new Entry("Rint").real(Math::rint),
        new Entry("Erf").real(SpecialFunctions::erf),
        new Entry("Erfc").real(SpecialFunctions::erfc),
        new Entry("Lgamma").real(SpecialFunctions::lgamma),
        new Entry("Digamma").real(SpecialFunctions::digamma),
        new Entry("Sigmoid")
            .real(ElementwiseMath::sigmoid)
            .cmap(
                (re, im, o, i) -> {
                  double[] t = new double[2];
                  ComplexMath.exp(-re, -im, t, 0);
                  ComplexMath.div(1, 0, 1 + t[0], t[1], o, i);
                }),
        new Entry("Softplus").fmap(ElementwiseMath::softplus).dmap(ElementwiseMath::softplus),
        new Entry("Softsign").fmap(x -> x / (Math.abs(x) + 1f)).dmap(x -> x / (Math.abs(x) + 1)),
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
        new Entry("Conj").cmap((re, im, o, i) -> ComplexMath.set(o, i, re, -im)),
        // ---- binary arithmetic
        new Entry("Add", "AddV2")
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] + y[i];
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
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] - y[i];
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
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] * y[i];
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
            .f2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] / y[i];
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
            .on(F32_LANE, s -> ElementwiseTable.floorDivLane(s.type()))
            .dmap2((x, y) -> Math.floor(x / y))
            .i2(
                k ->
                    k.unsigned()
                        ? unsignedLoop(k, ElementwiseMath::floorDiv)
                        : k.bits() <= 32
                            ? ElementwiseTable::floorDivInt
                            : ElementwiseTable::floorDivSigned),
        new Entry("FloorMod")
            .on(F32_LANE, s -> ElementwiseTable.floorModLane(s.type()))
            .dmap2(ElementwiseMath::floorMod)
            .i2(
                k ->
                    k.unsigned()
                        ? unsignedLoop(k, ElementwiseMath::floorMod)
                        : k.bits() <= 32
                            ? ElementwiseTable::floorModInt
                            : ElementwiseTable::floorModSigned),
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
            .on(F32_LANE, s -> ElementwiseTable.squaredDifference(s.type()))
            .dmap2((x, y) -> (x - y) * (x - y))
            .imap2(_ -> (x, y) -> (x - y) * (x - y))
            .cmap2(
                (a, b, c, d, o, i) -> {
                  double re = a - c;
                  double im = b - d;
                  ComplexMath.mul(re, im, re, -im, o, i);
                }),
        new Entry("Atan2").real2(Math::atan2),
        new Entry("Igamma").real2(SpecialFunctions::igamma),
        new Entry("Igammac").real2(SpecialFunctions::igammac),
        new Entry("Zeta").real2(SpecialFunctions::zeta),
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
                }),
        // ---- comparisons
        compare("Less", c -> c < 0),
        compare("LessEqual", c -> c <= 0),
        compare("Greater", c -> c > 0),
        compare("GreaterEqual", c -> c >= 0),
        new Entry("Equal")
            .fb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] == y[i] ? 1 : 0;
                  }
                })
            .db2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] == y[i] ? 1 : 0;
                  }
                })
            .imap2(_ -> (x, y) -> x == y ? 1 : 0)
            .cb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[2 * i] == y[2 * i] && x[2 * i + 1] == y[2 * i + 1] ? 1 : 0;
                  }
                }),
        new Entry("NotEqual")
            .fb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] != y[i] ? 1 : 0;
                  }
                })
            .db2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[i] != y[i] ? 1 : 0;
                  }
                })
            .imap2(_ -> (x, y) -> x != y ? 1 : 0)
            .cb2(
                (x, y, o, n) -> {
                  for (int i = 0; i < n; i++) {
                    o[i] = x[2 * i] != y[2 * i] || x[2 * i + 1] != y[2 * i + 1] ? 1 : 0;
                  }
                }),
        // ---- logic and bits
        new Entry("LogicalAnd").imap2(_ -> (x, y) -> x & y),
        new Entry("LogicalOr").imap2(_ -> (x, y) -> x | y),
        new Entry("BitwiseAnd").imap2(_ -> (x, y) -> x & y),
        new Entry("BitwiseOr").imap2(_ -> (x, y) -> x | y),
        new Entry("BitwiseXor").imap2(_ -> (x, y) -> x ^ y),
        new Entry("LeftShift").imap2(k -> (x, y) -> x << ElementwiseMath.shiftAmount(y, k)),
        new Entry("RightShift")
            .imap2(
                k ->
                    k.u64()
                        ? (x, y) -> x >>> ElementwiseMath.shiftAmount(y, k)
                        : (x, y) -> x >> ElementwiseMath.shiftAmount(y, k)),
        // ---- n-ary and selection
        addN("AddN"),
        addN("AccumulateNV2"),
        new Entry("ClipByValue")
            .on(F32_LANE, _ -> ElementwiseTable::clipFloat)
            .on(F64_LANE, _ -> ElementwiseTable::clipDouble)
            .on(I64_LANE, s -> clipLong(s.kind().u64()))
            .preparing(Selection::checkClip),
        select("Select").laneFrom(1).preparing(Selection::checkSelect),
        select("SelectV2").laneFrom(1),
        new Entry("Betainc")
            .on(F32_LANE, _ -> ElementwiseTable::betaincFloat)
            .on(F64_LANE, _ -> ElementwiseTable::betaincDouble)
            .preparing(Selection::checkBetainc));
  }

  private static double truncate(double v) {
    return v < 0 ? Math.ceil(v) : Math.floor(v);
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

  @FunctionalInterface
  private interface IntPredicate {
    boolean test(int c);
  }

  private static Entry compare(String name, IntPredicate p) {
    return new Entry(name)
        .fb2(
            (x, y, o, n) -> {
              for (int i = 0; i < n; i++) {
                float a = x[i];
                float b = y[i];
                // NaN compares false both ways, as C++'s operators.
                o[i] =
                    Double.isNaN(a) || Double.isNaN(b)
                        ? 0
                        : p.test(a < b ? -1 : a > b ? 1 : 0) ? 1 : 0;
              }
            })
        .db2(
            (x, y, o, n) -> {
              for (int i = 0; i < n; i++) {
                double a = x[i];
                double b = y[i];
                o[i] =
                    Double.isNaN(a) || Double.isNaN(b)
                        ? 0
                        : p.test(a < b ? -1 : a > b ? 1 : 0) ? 1 : 0;
              }
            })
        .imap2(k -> (x, y) -> p.test(ElementwiseMath.compare(x, y, k.u64())) ? 1 : 0);
  }

  private static Entry addN(String name) {
    return new Entry(name)
        .on(
            F32_LANE,
            s -> {
              boolean narrow = s.type() != DType.FLOAT;
              DType t = s.type();
              return (in, out, n) -> {
                float[] o = (float[]) out;
                System.arraycopy((float[]) in[0], 0, o, 0, n);
                for (int k = 1; k < in.length; k++) {
                  float[] x = (float[]) in[k];
                  for (int i = 0; i < n; i++) {
                    o[i] += x[i];
                  }
                  if (narrow && k + 1 < in.length) {
                    roundTo(t, o, n);
                  }
                }
              };
            })
        .on(
            F64_LANE,
            _ ->
                (in, out, n) -> {
                  double[] o = (double[]) out;
                  System.arraycopy((double[]) in[0], 0, o, 0, n);
                  for (int k = 1; k < in.length; k++) {
                    double[] x = (double[]) in[k];
                    for (int i = 0; i < n; i++) {
                      o[i] += x[i];
                    }
                  }
                })
        .on(
            I64_LANE,
            _ ->
                (in, out, n) -> {
                  long[] o = (long[]) out;
                  System.arraycopy((long[]) in[0], 0, o, 0, n);
                  for (int k = 1; k < in.length; k++) {
                    long[] x = (long[]) in[k];
                    for (int i = 0; i < n; i++) {
                      o[i] += x[i];
                    }
                  }
                })
        .on(
            COMPLEX_LANE,
            s -> {
              boolean single = s.type() == DType.COMPLEX64;
              return (in, out, n) -> {
                double[] o = (double[]) out;
                System.arraycopy((double[]) in[0], 0, o, 0, 2 * n);
                for (int k = 1; k < in.length; k++) {
                  double[] x = (double[]) in[k];
                  for (int i = 0; i < 2 * n; i++) {
                    o[i] += x[i];
                    if (single) {
                      o[i] = (float) o[i];
                    }
                  }
                }
              };
            });
  }

  /** Rounds float lane values to half or bfloat16 and back (Eigen rounds every operation). */
  static void roundTo(DType t, float[] a, int n) {
    for (int i = 0; i < n; i++) {
      a[i] =
          t == DType.HALF
              ? Float.float16ToFloat(Float.floatToFloat16(a[i]))
              : dev.rawops.tensor.Numbers.bfloat16ToFloat(
                  dev.rawops.tensor.Numbers.floatToBfloat16(a[i]));
    }
  }

  private static void clipFloat(Object[] in, Object out, int n) {
    float[] x = (float[]) in[0];
    float[] lo = (float[]) in[1];
    float[] hi = (float[]) in[2];
    float[] o = (float[]) out;
    for (int i = 0; i < n; i++) {
      float v = hi[i] < x[i] ? hi[i] : x[i];
      o[i] = v < lo[i] ? lo[i] : v;
    }
  }

  private static void clipDouble(Object[] in, Object out, int n) {
    double[] x = (double[]) in[0];
    double[] lo = (double[]) in[1];
    double[] hi = (double[]) in[2];
    double[] o = (double[]) out;
    for (int i = 0; i < n; i++) {
      double v = hi[i] < x[i] ? hi[i] : x[i];
      o[i] = v < lo[i] ? lo[i] : v;
    }
  }

  private static ElementwiseKernel.ArrayFn clipLong(boolean u64) {
    return (in, out, n) -> {
      long[] x = (long[]) in[0];
      long[] lo = (long[]) in[1];
      long[] hi = (long[]) in[2];
      long[] o = (long[]) out;
      for (int i = 0; i < n; i++) {
        long v = ElementwiseMath.compare(hi[i], x[i], u64) < 0 ? hi[i] : x[i];
        o[i] = ElementwiseMath.compare(v, lo[i], u64) < 0 ? lo[i] : v;
      }
    };
  }

  /** SelectV2 over numeric lanes: input 0 is the bool condition. */
  static Entry select(String name) {
    return new Entry(name)
        .on(
            F32_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  float[] t = (float[]) in[1];
                  float[] e = (float[]) in[2];
                  float[] o = (float[]) out;
                  for (int i = 0; i < n; i++) {
                    o[i] = c[i] != 0 ? t[i] : e[i];
                  }
                })
        .on(
            F64_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  double[] t = (double[]) in[1];
                  double[] e = (double[]) in[2];
                  double[] o = (double[]) out;
                  for (int i = 0; i < n; i++) {
                    o[i] = c[i] != 0 ? t[i] : e[i];
                  }
                })
        .on(
            I64_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  long[] t = (long[]) in[1];
                  long[] e = (long[]) in[2];
                  long[] o = (long[]) out;
                  for (int i = 0; i < n; i++) {
                    o[i] = c[i] != 0 ? t[i] : e[i];
                  }
                })
        .on(
            COMPLEX_LANE,
            _ ->
                (in, out, n) -> {
                  long[] c = (long[]) in[0];
                  double[] t = (double[]) in[1];
                  double[] e = (double[]) in[2];
                  double[] o = (double[]) out;
                  for (int i = 0; i < n; i++) {
                    double[] src = c[i] != 0 ? t : e;
                    o[2 * i] = src[2 * i];
                    o[2 * i + 1] = src[2 * i + 1];
                  }
                });
  }

  private static void betaincFloat(Object[] in, Object out, int n) {
    float[] a = (float[]) in[0];
    float[] b = (float[]) in[1];
    float[] x = (float[]) in[2];
    float[] o = (float[]) out;
    for (int i = 0; i < n; i++) {
      o[i] = (float) SpecialFunctions.betainc(a[i], b[i], x[i]);
    }
  }

  private static void betaincDouble(Object[] in, Object out, int n) {
    double[] a = (double[]) in[0];
    double[] b = (double[]) in[1];
    double[] x = (double[]) in[2];
    double[] o = (double[]) out;
    for (int i = 0; i < n; i++) {
      o[i] = SpecialFunctions.betainc(a[i], b[i], x[i]);
    }
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
          q = flushDenormal(flushDenormal(x[i]) / flushDenormal(y[i]));
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
    if (flushDenormal(y) == 0) {
      return NEGATIVE_NAN;
    }
    float r = x % y;
    if (flushDenormal(r) == 0) {
      return r;
    }
    return (y < 0) != (r < 0) ? flushDenormal(r + y) : r;
  }

  /** x86's default NaN (sign bit set), what TF's bfloat16 FloorMod by zero answers. */
  private static final float NEGATIVE_NAN = Float.intBitsToFloat(0xffc00000);

  /** v with a subnormal replaced by a zero of its sign (x86's FTZ/DAZ, as TF's CPU threads run). */
  private static float flushDenormal(float v) {
    return Math.abs(v) < Float.MIN_NORMAL ? Math.copySign(0f, v) : v;
  }

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
