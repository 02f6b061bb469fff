package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The special functions of tf.math.special (elementwise family): the Bessel functions I0, I0e, I1,
 * I1e, K0, K0e, K1, K1e, J0, J1, Y0, Y1 over TF's CPU dtypes (float, double, half): random
 * arguments in and past each approximation's first interval (packets of SIMD lanes and a scalar
 * tail), the intervals' edges, zeros, subnormals, negatives, large values, infinities and NaN,
 * random bit patterns, empty tensors and scalars, and a dtype TF has no CPU kernel for; then
 * Dawson's integral, the exponential integral, the Fresnel integrals and Spence's function over
 * float and double, the same cases plus the edges of their approximations' intervals; NextAfter
 * (bit-exact: same shapes, broadcasting, a scalar side, empty, every pair of special values) and
 * PopulationCount over its eight integer types (bit-exact). Every input is fed, so the kernels run
 * at RUN time.
 *
 * <p>Floats are compared under the tolerances {@link #tolerance} states and explains.
 */
public final class SpecialFunctionCases implements CaseFamily {
  @Override
  public String directory() {
    return "special_functions";
  }

  private static final List<String> BESSEL =
      List.of(
          "BesselI0",
          "BesselI0e",
          "BesselI1",
          "BesselI1e",
          "BesselK0",
          "BesselK0e",
          "BesselK1",
          "BesselK1e",
          "BesselJ0",
          "BesselJ1",
          "BesselY0",
          "BesselY1");

  /** TF's own Cephes ports (special_math_op_misc_impl.h), float and double only. */
  private static final List<String> INTEGRALS =
      List.of("Dawsn", "Expint", "FresnelCos", "FresnelSin", "Spence");

  /** Where those switch approximations, and just past. */
  private static final double[] INTERVAL_EDGES = {
    3.25, 3.2499999, 6.25, -6.25, 1e9, 2e9, -2e9, 4, 16, 32, 64, 63.999, 1.6, 1.6000001, -1.6,
    36974, 36975, -36975, 0.4999999, 0.5000001, 1.5, 1.5000001, 0.75, 3, 0.9999999, 1.0000001,
    1e-30, 1e-300
  };

  /** Edges every function meets: zeros, subnormals, interval ends, huge values, non-finite. */
  private static final double[] EDGES = {
    0.0,
    -0.0,
    1e-40,
    -1e-40,
    1e-310,
    1e-20,
    1e-6,
    -1e-6,
    1e-4,
    0.5,
    1,
    -1,
    1.9999999,
    2,
    2.0000002,
    -2,
    4.9999999,
    5,
    5.0000001,
    -5,
    7.9999999,
    8,
    8.000001,
    -8,
    2.404825557695773,
    3.831705970207512,
    0.8935769662791675,
    2.197141326031017,
    30,
    -30,
    88,
    89,
    100,
    700,
    710,
    -100,
    1e4,
    1e10,
    1e30,
    1e300,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.NaN,
    Float.MAX_VALUE
  };

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    for (String op : BESSEL) {
      for (DType t : List.of(DType.FLOAT, DType.DOUBLE, DType.HALF)) {
        common(out, r, op, t);
      }
      unary(
          out,
          op + " error: no CPU kernel for bfloat16",
          op,
          values(DType.BFLOAT16, Shape.of(2), 0.5, 1));
    }
    for (String op : INTEGRALS) {
      for (DType t : List.of(DType.FLOAT, DType.DOUBLE)) {
        common(out, r, op, t);
        unary(out, op + " " + t.tfName() + " interval edges", op, values(t, INTERVAL_EDGES));
      }
      unary(
          out, op + " error: no CPU kernel for half", op, values(DType.HALF, Shape.of(2), 0.5, 1));
    }
    for (DType t : List.of(DType.FLOAT, DType.DOUBLE)) {
      nextAfter(out, r, t);
    }
    binary(
        out,
        "NextAfter error: no CPU kernel for half",
        "NextAfter",
        values(DType.HALF, Shape.of(2), 1, 2),
        values(DType.HALF, Shape.of(2), 0, 3));
    for (DType t :
        List.of(
            DType.INT8,
            DType.INT16,
            DType.INT32,
            DType.INT64,
            DType.UINT8,
            DType.UINT16,
            DType.UINT32,
            DType.UINT64)) {
      String name = "PopulationCount " + t.tfName();
      unary(
          out, name + " random", "PopulationCount", RandomTensors.of(r, t, Shape.of(5, 7), false));
      unary(
          out,
          name + " edges",
          "PopulationCount",
          values(t, 0, 1, -1, 0x55, 0x7f, -128, 255, 65535, -2147483648L, 2147483647, 3e18));
      unary(out, name + " empty", "PopulationCount", values(t, Shape.of(2, 0)));
    }
    unary(
        out,
        "PopulationCount error: no CPU kernel for float",
        "PopulationCount",
        values(DType.FLOAT, Shape.of(2), 1, 2));
    return out.cases();
  }

  /** Values NextAfter meets on both sides: signed zeros, subnormals, the ends of the range. */
  private static final double[] NEXT_AFTER_SPECIAL = {
    0.0,
    -0.0,
    1,
    -1,
    1.5,
    1e-45,
    -1e-45,
    1e-310,
    Float.MIN_NORMAL,
    Double.MIN_NORMAL,
    Float.MAX_VALUE,
    Double.MAX_VALUE,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.NaN
  };

  private static void nextAfter(CaseList out, Random r, DType t) {
    String name = "NextAfter " + t.tfName();
    String op = "NextAfter";
    Shape s = Shape.of(2, 5);
    binary(
        out,
        name + " same shape",
        op,
        RandomTensors.of(r, t, s, false),
        RandomTensors.of(r, t, s, false));
    binary(
        out,
        name + " broadcast [3,1,4] x [2,1]",
        op,
        RandomTensors.of(r, t, Shape.of(3, 1, 4), false),
        RandomTensors.of(r, t, Shape.of(2, 1), false));
    binary(
        out,
        name + " scalar y",
        op,
        RandomTensors.of(r, t, Shape.of(9), false),
        values(t, Shape.scalar(), 0));
    binary(out, name + " empty", op, values(t, Shape.of(0, 3)), values(t, Shape.of(1, 3)));
    int n = NEXT_AFTER_SPECIAL.length;
    binary(
        out,
        name + " every pair of special values",
        op,
        values(t, Shape.of(n, 1), NEXT_AFTER_SPECIAL),
        values(t, Shape.of(1, n), NEXT_AFTER_SPECIAL));
    binary(
        out,
        name + " error: shapes do not broadcast",
        op,
        values(t, Shape.of(2, 3)),
        values(t, Shape.of(4)));
  }

  private static void binary(CaseList out, String what, String op, Tensor x, Tensor y) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(x, Encoding.CONTENT, false).addTo(g, "x", feeds);
    Input.fedNoShape(y, Encoding.CONTENT, false).addTo(g, "y", feeds);
    g.op("out", op, "x", "y").attr("T", x.dtype());
    out.add(
        what + ". x: " + x.dtype().tfName() + x.shape() + ", y: " + y.shape(),
        g.build(),
        feeds,
        List.of("out"));
  }

  /** The cases every function gets for one dtype. */
  private static void common(CaseList out, Random r, String op, DType t) {
    String name = op + " " + t.tfName();
    double[] small = new double[37];
    for (int i = 0; i < small.length; i++) {
      small[i] = (r.nextDouble() * 2 - 1) * 3;
    }
    unary(out, name + " random in [-3, 3] (packets and a scalar tail)", op, values(t, small));
    double[] wide = new double[64];
    for (int i = 0; i < wide.length; i++) {
      wide[i] = (r.nextDouble() * 2 - 1) * (i < 32 ? 12 : 60);
    }
    unary(out, name + " random in [-60, 60]", op, values(t, Shape.of(8, 8), wide));
    unary(out, name + " edges", op, values(t, EDGES));
    unary(out, name + " random bits", op, RandomTensors.of(r, t, Shape.of(3, 9), false));
    unary(out, name + " empty", op, values(t, Shape.of(0, 3)));
    unary(out, name + " scalar", op, values(t, Shape.scalar(), 1.5));
  }

  /**
   * No tolerance is looser than the algorithm's reproduction needs (each measured against TF with
   * these kernels). Bessel functions, float: Eigen evaluates them in SIMD packets whose exp, log,
   * sin, cos and 1/sqrt (an rsqrt estimate and one Newton step) differ from libm's by an ulp or so,
   * which the Chebyshev and Horner sums carry (at most 4 ulps seen): rtol 5e-7. double: Eigen has
   * no double Bessel packets, so its scalar path runs on libm, as rawops on Java's Math; the two
   * differ in the last bit now and then: rtol 5e-16. Near the zeros of J0, J1, Y0 and Y1 the result
   * is a difference of terms of order 1, so its error is absolute there: atol one ulp of 1 (6e-8
   * float, 2.2e-16 double; float Y0 at its first zero differs from TF by 7.5e-9). half: the float
   * result rounded to half ({@code Tolerances} compares half within 1e-3 in any case). Dawsn,
   * Expint, FresnelCos, FresnelSin and Spence are TF's scalar code on libm, which rawops follows
   * operation by operation: one ulp (rtol 1.2e-7 float, 2.2e-16 double) for libm's and Java's exp,
   * log, log1p, sin and cos disagreeing in the last bit (Spence at one float argument here).
   */
  @Override
  public Optional<Tolerance> tolerance(Case c) {
    String d = c.description();
    if (d.contains(" error: ") || d.startsWith("NextAfter") || d.startsWith("PopulationCount")) {
      return Optional.empty();
    }
    boolean dbl = d.contains(" double ");
    if (INTEGRALS.contains(d.substring(0, d.indexOf(' ')))) {
      return Optional.of(Tolerance.newBuilder().setRtol(dbl ? 2.2e-16 : 1.2e-7).setAtol(0).build());
    }
    double rtol = dbl ? 5e-16 : 5e-7;
    double atol = dbl ? 2.2e-16 : 6e-8;
    return Optional.of(Tolerance.newBuilder().setRtol(rtol).setAtol(atol).build());
  }

  private static void unary(CaseList out, String what, String op, Tensor x) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(x, Encoding.CONTENT, false).addTo(g, "x", feeds);
    g.op("out", op, "x").attr("T", x.dtype());
    out.add(what + ". x: " + x.dtype().tfName() + x.shape(), g.build(), feeds, List.of("out"));
  }

  private static Tensor values(DType t, double... v) {
    return values(t, Shape.of(v.length), v);
  }

  /** A tensor of t from the values given (rounded to t; out of range gives an infinity). */
  private static Tensor values(DType t, Shape s, double... v) {
    TensorBuffer b = TensorBuffer.allocate(t, s);
    for (int i = 0; i < v.length; i++) {
      Numbers.set(b, i, v[i]);
    }
    return b.freeze();
  }
}
