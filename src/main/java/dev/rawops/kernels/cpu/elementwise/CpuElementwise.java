package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.support.Lanes.COMPLEX_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F32_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.F64_LANE;
import static dev.rawops.kernels.cpu.support.Lanes.I64_LANE;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.kernels.cpu.elementwise.ElementwiseKernel.ArrayFn;
import dev.rawops.kernels.cpu.elementwise.ElementwiseMath.IntKind;
import dev.rawops.kernels.cpu.support.Lanes;
import dev.rawops.kernels.cpu.support.SegmentOp;
import dev.rawops.kernels.cpu.support.VectorElementwise;
import dev.rawops.kernels.cpu.support.VectorSupport;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;

/**
 * CPU kernels of the elementwise family. Each op is one {@link Entry}: its name and, per lane
 * (float/half/bfloat16, double, integers and bool, complex), the array function computing a chunk.
 * The dtypes registered are exactly those TF 2.18 registers CPU kernels for (read from
 * tf-cpu-kernels.txt) that some lane of the entry covers; all run on {@link ElementwiseKernel}.
 */
public final class CpuElementwise {
  private CpuElementwise() {}

  /** Typed array functions, one call per chunk. */
  @FunctionalInterface
  interface F1 {
    void apply(float[] x, float[] o, int n);
  }

  @FunctionalInterface
  interface D1 {
    void apply(double[] x, double[] o, int n);
  }

  @FunctionalInterface
  interface L1 {
    void apply(long[] x, long[] o, int n);
  }

  @FunctionalInterface
  interface F2 {
    void apply(float[] x, float[] y, float[] o, int n);
  }

  @FunctionalInterface
  interface D2 {
    void apply(double[] x, double[] y, double[] o, int n);
  }

  @FunctionalInterface
  interface L2 {
    void apply(long[] x, long[] y, long[] o, int n);
  }

  /** Float predicates and comparisons into bool (a long[] lane of 0/1). */
  @FunctionalInterface
  interface FB1 {
    void apply(float[] x, long[] o, int n);
  }

  @FunctionalInterface
  interface DB1 {
    void apply(double[] x, long[] o, int n);
  }

  @FunctionalInterface
  interface FB2 {
    void apply(float[] x, float[] y, long[] o, int n);
  }

  @FunctionalInterface
  interface DB2 {
    void apply(double[] x, double[] y, long[] o, int n);
  }

  /** A float function computed in float (exact IEEE operations). */
  @FunctionalInterface
  interface FloatOp {
    float apply(float x);
  }

  @FunctionalInterface
  interface FloatOp2 {
    float apply(float x, float y);
  }

  @FunctionalInterface
  interface LongOp {
    long apply(long x);
  }

  @FunctionalInterface
  interface LongOp2 {
    long apply(long x, long y);
  }

  /** What an entry's lane function may depend on: the node's dtype and attrs. */
  record Spec(DType type, NodeInfo node) {
    IntKind kind() {
      return IntKind.of(type);
    }

    float floatAttr(String name) {
      return node.attrs().get(name).getF();
    }
  }

  /** One elementwise op (or several sharing a definition): a function per lane. */
  static final class Entry {
    final List<String> names;
    final EnumMap<Lanes, Function<Spec, ArrayFn>> impls = new EnumMap<>(Lanes.class);
    int laneInput = 0;
    ElementwiseKernel.Prepare prepare;
    SegmentOp segmentOp;

    Entry(String... names) {
      this.names = List.of(names);
    }

    /** The input whose dtype picks the lane (Select: 1, after the bool condition). */
    Entry laneFrom(int input) {
      laneInput = input;
      return this;
    }

    /** The op's float32 form over tensor memory, used when the SIMD kernels are on. */
    Entry simd(SegmentOp op) {
      segmentOp = op;
      return this;
    }

    Entry preparing(ElementwiseKernel.Prepare p) {
      prepare = p;
      return this;
    }

    Entry on(Lanes lane, Function<Spec, ArrayFn> f) {
      impls.put(lane, f);
      return this;
    }

    // unary

    Entry f(F1 g) {
      return on(F32_LANE, _ -> (in, o, n) -> g.apply((float[]) in[0], (float[]) o, n));
    }

    Entry d(D1 g) {
      return on(F64_LANE, _ -> (in, o, n) -> g.apply((double[]) in[0], (double[]) o, n));
    }

    Entry i(Function<IntKind, L1> g) {
      return on(
          I64_LANE,
          s -> {
            L1 h = g.apply(s.kind());
            return (in, o, n) -> h.apply((long[]) in[0], (long[]) o, n);
          });
    }

    Entry c(D1 g) {
      return on(COMPLEX_LANE, _ -> (in, o, n) -> g.apply((double[]) in[0], (double[]) o, n));
    }

    /** Float and double by one double function (float results rounded once). */
    Entry real(DoubleUnaryOperator g) {
      return f((x, o, n) -> {
            for (int i = 0; i < n; i++) {
              o[i] = (float) g.applyAsDouble(x[i]);
            }
          })
          .d(
              (x, o, n) -> {
                for (int i = 0; i < n; i++) {
                  o[i] = g.applyAsDouble(x[i]);
                }
              });
    }

    Entry fmap(FloatOp g) {
      return f(
          (x, o, n) -> {
            for (int i = 0; i < n; i++) {
              o[i] = g.apply(x[i]);
            }
          });
    }

    Entry dmap(DoubleUnaryOperator g) {
      return d(
          (x, o, n) -> {
            for (int i = 0; i < n; i++) {
              o[i] = g.applyAsDouble(x[i]);
            }
          });
    }

    Entry imap(Function<IntKind, LongOp> g) {
      return i(
          k -> {
            LongOp h = g.apply(k);
            return (x, o, n) -> {
              for (int i = 0; i < n; i++) {
                o[i] = h.apply(x[i]);
              }
            };
          });
    }

    Entry cmap(ComplexMath.Fn g) {
      return c(ComplexMath.of(g));
    }

    Entry fb(FB1 g) {
      return on(F32_LANE, _ -> (in, o, n) -> g.apply((float[]) in[0], (long[]) o, n));
    }

    Entry db(DB1 g) {
      return on(F64_LANE, _ -> (in, o, n) -> g.apply((double[]) in[0], (long[]) o, n));
    }

    // binary

    Entry f2(F2 g) {
      return on(
          F32_LANE, _ -> (in, o, n) -> g.apply((float[]) in[0], (float[]) in[1], (float[]) o, n));
    }

    Entry d2(D2 g) {
      return on(
          F64_LANE,
          _ -> (in, o, n) -> g.apply((double[]) in[0], (double[]) in[1], (double[]) o, n));
    }

    Entry i2(Function<IntKind, L2> g) {
      return on(
          I64_LANE,
          s -> {
            L2 h = g.apply(s.kind());
            return (in, o, n) -> h.apply((long[]) in[0], (long[]) in[1], (long[]) o, n);
          });
    }

    Entry c2(D2 g) {
      return on(
          COMPLEX_LANE,
          _ -> (in, o, n) -> g.apply((double[]) in[0], (double[]) in[1], (double[]) o, n));
    }

    Entry fb2(FB2 g) {
      return on(
          F32_LANE, _ -> (in, o, n) -> g.apply((float[]) in[0], (float[]) in[1], (long[]) o, n));
    }

    Entry db2(DB2 g) {
      return on(
          F64_LANE, _ -> (in, o, n) -> g.apply((double[]) in[0], (double[]) in[1], (long[]) o, n));
    }

    Entry cb2(DB2 g) {
      return on(
          COMPLEX_LANE,
          _ -> (in, o, n) -> g.apply((double[]) in[0], (double[]) in[1], (long[]) o, n));
    }

    Entry real2(DoubleBinaryOperator g) {
      return f2((x, y, o, n) -> {
            for (int i = 0; i < n; i++) {
              o[i] = (float) g.applyAsDouble(x[i], y[i]);
            }
          })
          .d2(
              (x, y, o, n) -> {
                for (int i = 0; i < n; i++) {
                  o[i] = g.applyAsDouble(x[i], y[i]);
                }
              });
    }

    Entry fmap2(FloatOp2 g) {
      return f2(
          (x, y, o, n) -> {
            for (int i = 0; i < n; i++) {
              o[i] = g.apply(x[i], y[i]);
            }
          });
    }

    Entry dmap2(DoubleBinaryOperator g) {
      return d2(
          (x, y, o, n) -> {
            for (int i = 0; i < n; i++) {
              o[i] = g.applyAsDouble(x[i], y[i]);
            }
          });
    }

    Entry imap2(Function<IntKind, LongOp2> g) {
      return i2(
          k -> {
            LongOp2 h = g.apply(k);
            return (x, y, o, n) -> {
              for (int i = 0; i < n; i++) {
                o[i] = h.apply(x[i], y[i]);
              }
            };
          });
    }

    /** Complex binary op by a per-element function writing into o. */
    Entry cmap2(ComplexBinary g) {
      return c2(
          (x, y, o, n) -> {
            for (int i = 0; i < n; i++) {
              g.apply(x[2 * i], x[2 * i + 1], y[2 * i], y[2 * i + 1], o, i);
            }
          });
    }
  }

  @FunctionalInterface
  interface ComplexBinary {
    void apply(double a, double b, double c, double d, double[] o, int i);
  }

  /**
   * The data dtypes in the order of their TF names, the order the registered-kernels part of a "No
   * OpKernel was registered" message has always listed this family's dtypes in.
   */
  static final DType[] BY_TF_NAME =
      Arrays.stream(DType.dataTypes())
          .sorted(Comparator.comparing(DType::tfName))
          .toArray(DType[]::new);

  public static List<KernelDef> defs() {
    List<KernelDef> defs = new ArrayList<>();
    for (Entry e : ElementwiseTable.entries()) {
      for (String name : e.names) {
        defs.add(def(name, e));
      }
    }
    return defs;
  }

  private static KernelDef def(String name, Entry e) {
    KernelDef.Builder b = KernelDef.builder(name, Device.CPU);
    if (TfCpuRegistrations.typeAttrs(name).contains("T")) {
      b.tfCpuTypes(
          "T",
          Arrays.stream(BY_TF_NAME)
              .filter(t -> t.isFixedWidth() && e.impls.containsKey(Lanes.of(t)))
              .toArray(DType[]::new));
    }
    return b.build(
        node -> {
          DType in = node.inputDType(e.laneInput);
          ArrayFn fn = e.impls.get(Lanes.of(in)).apply(new Spec(in, node));
          SegmentOp seg =
              in == DType.FLOAT
                      && e.segmentOp != null
                      && VectorSupport.ENABLED
                      && VectorElementwise.supports(e.segmentOp)
                  ? e.segmentOp
                  : null;
          ElementwiseKernel k = new ElementwiseKernel(node.outputDType(0), fn, e.prepare, seg);
          if (node.attrs().has("incompatible_shape_error")
              && !node.attrs().getBool("incompatible_shape_error")) {
            // Equal and NotEqual: shapes that cannot broadcast compare unequal as a whole.
            boolean equal = name.equals("Equal");
            return ctx -> {
              if (dev.rawops.ops.elementwise.Broadcast.of(
                      ctx.input(0).shape(), ctx.input(1).shape())
                  == null) {
                ctx.setOutput(
                    0,
                    dev.rawops.tensor.Tensor.ofBooleans(dev.rawops.tensor.Shape.scalar(), !equal));
              } else {
                k.compute(ctx);
              }
            };
          }
          return k;
        });
  }
}
