package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The elementwise family: Xlogy, Xdivy, Xlog1py and MulNoNan over TF's real CPU dtypes (same
 * shapes, broadcasting, a scalar side, empty tensors, every pair of special values), Erfinv and
 * Ndtri over float and double (the domain's inside, its edges and past them, both tails), Bucketize
 * over its four dtypes (TF's docs example, random sorted boundaries, NaN and infinities, int64
 * values that round when converted to float, unsorted boundaries), and the dtypes TF has no CPU
 * kernel for. Every input is fed, so the kernels run at RUN time.
 *
 * <p>Floats compare bit for bit but where TF itself is not bit-reproducible (see {@link
 * #tolerance}).
 */
public final class ElementwiseCases implements CaseFamily {
  @Override
  public String directory() {
    return "elementwise";
  }

  private static final List<String> GUARDED = List.of("Xlogy", "Xdivy", "Xlog1py", "MulNoNan");

  /**
   * The real dtypes TF registers the guarded ops for; its complex64 and complex128 kernels are not
   * implemented by rawops yet (std::complex's infinity and NaN rules), so they have no cases.
   */
  private static final List<DType> GUARDED_TYPES =
      List.of(DType.BFLOAT16, DType.HALF, DType.FLOAT, DType.DOUBLE);

  /** Values every guarded op meets on both sides: zeros, infinities, NaN, the logs' edges. */
  private static final double[] SPECIAL =
      new double[] {
        0.0,
        -0.0,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.NaN,
        1,
        -1,
        -0.5,
        2,
        1e-40,
        -3.5,
        1e30
      };

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    for (String op : GUARDED) {
      for (DType t : GUARDED_TYPES) {
        guarded(out, r, op, t);
      }
      binary(
          out,
          op + " error: shapes do not broadcast",
          op,
          RandomTensors.of(r, DType.FLOAT, Shape.of(2, 3), false),
          RandomTensors.of(r, DType.FLOAT, Shape.of(4), false));
      binary(
          out,
          op + " error: no CPU kernel for int32",
          op,
          Tensor.ofInts(Shape.of(2), 1, 2),
          Tensor.ofInts(Shape.of(2), 3, 4));
    }
    for (String op : List.of("Erfinv", "Ndtri")) {
      for (DType t : List.of(DType.FLOAT, DType.DOUBLE)) {
        inverseNormal(out, r, op, t);
      }
      unary(
          out, op + " error: no CPU kernel for half", op, values(DType.HALF, Shape.of(2), 0.5, 0));
    }
    for (DType t : List.of(DType.INT32, DType.INT64, DType.FLOAT, DType.DOUBLE)) {
      bucketize(out, r, t);
    }
    bucketizeErrors(out);
    return out.cases();
  }

  /**
   * rtol = atol = 0 (numeric equality, -0.0 equal to 0.0) for Xdivy: TF's vectorized functor
   * answers x (-0.0 for -0.0) where x is 0, its scalar functor for the tail that fills no SIMD
   * packet +0.0. Transcendentals (the logs of Xlogy and Xlog1py, Erfinv and Ndtri) go through
   * Eigen's vectorized log, which is not libm's in the last bit (and the tail through libm): 1e-6
   * for float, 1e-12 for double, 1e-2 for half and bfloat16. Complex division is Eigen's own SIMD
   * formula: 1e-6.
   */
  @Override
  public java.util.Optional<Tolerance> tolerance(Case c) {
    String d = c.description();
    String op = d.substring(0, d.indexOf(' '));
    boolean complex = d.contains("complex");
    double tol;
    if (d.contains("bfloat16") || d.contains("half")) {
      tol = op.equals("MulNoNan") ? -1 : 1e-2;
    } else if (op.equals("Xlogy")
        || op.equals("Xlog1py")
        || op.equals("Erfinv")
        || op.equals("Ndtri")) {
      tol = d.contains("double") || d.contains("complex128") ? 1e-12 : 1e-6;
    } else if (op.equals("Xdivy")) {
      tol = complex ? 1e-6 : 0;
    } else {
      tol = -1;
    }
    return tol < 0
        ? java.util.Optional.empty()
        : java.util.Optional.of(Tolerance.newBuilder().setRtol(tol).setAtol(tol).build());
  }

  private static void guarded(CaseList out, Random r, String op, DType t) {
    String name = op + " " + t.tfName();
    Shape s = RandomTensors.shape(r, 1 + r.nextInt(3), 1, 6);
    binary(out, name + " same shape " + s, op, random(r, t, s), random(r, t, s));
    binary(
        out,
        name + " 37 elements (SIMD packets and a scalar tail)",
        op,
        random(r, t, Shape.of(37)),
        random(r, t, Shape.of(37)));
    binary(
        out,
        name + " broadcast [3,1,4] x [2,1]",
        op,
        random(r, t, Shape.of(3, 1, 4)),
        random(r, t, Shape.of(2, 1)));
    binary(out, name + " scalar x", op, random(r, t, Shape.scalar()), random(r, t, Shape.of(9)));
    binary(out, name + " scalar y", op, random(r, t, Shape.of(9)), random(r, t, Shape.scalar()));
    binary(out, name + " empty", op, random(r, t, Shape.of(0, 3)), random(r, t, Shape.of(1, 3)));
    int n = SPECIAL.length;
    boolean complex = t == DType.COMPLEX64 || t == DType.COMPLEX128;
    double[] xs = complex ? complexSpecials(false) : SPECIAL;
    double[] ys = complex ? complexSpecials(true) : SPECIAL;
    int m = complex ? xs.length / 2 : n;
    binary(
        out,
        name + " every pair of special values",
        op,
        values(t, Shape.of(m, 1), xs),
        values(t, Shape.of(1, m), ys));
  }

  /** Complex specials: each real special with imaginary 0, and a few with both parts set. */
  private static double[] complexSpecials(boolean y) {
    double[] extra =
        y
            ? new double[] {0, 1, -1, 0, Double.NaN, 0, 2, -3}
            : new double[] {0, -1, 1, 1, 0, Double.NaN, -0.0, 0};
    double[] v = new double[2 * SPECIAL.length + extra.length];
    for (int i = 0; i < SPECIAL.length; i++) {
      v[2 * i] = SPECIAL[i];
    }
    System.arraycopy(extra, 0, v, 2 * SPECIAL.length, extra.length);
    return v;
  }

  private static void inverseNormal(CaseList out, Random r, String op, DType t) {
    String name = op + " " + t.tfName();
    boolean erfinv = op.equals("Erfinv");
    double lo = erfinv ? -1 : 0;
    double[] v = new double[61];
    for (int i = 0; i < v.length; i++) {
      v[i] = lo + (1 - lo) * r.nextDouble();
    }
    unary(out, name + " inside the domain", op, values(t, Shape.of(61), v));
    double[] tails = new double[40];
    for (int i = 0; i < tails.length; i++) {
      double tiny = Math.pow(10, -1 - r.nextInt(t == DType.FLOAT ? 37 : 300));
      double p = r.nextBoolean() ? tiny : 1 - tiny;
      tails[i] = erfinv ? 2 * p - 1 : p;
    }
    unary(out, name + " tails", op, values(t, Shape.of(5, 8), tails));
    double[] edges = {
      0,
      -0.0,
      1,
      -1,
      0.5,
      -0.5,
      Double.NaN,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      1.5,
      -2,
      1e-40,
      -1e-40,
      0.13533528323661269189,
      1 - 0.13533528323661269189,
      0.9999999,
      -0.9999999,
      1e-30,
      0.25,
      0.75
    };
    unary(out, name + " edges and outside the domain", op, values(t, Shape.of(4, 5), edges));
    unary(out, name + " random bits", op, RandomTensors.of(r, t, Shape.of(3, 7), false));
    unary(out, name + " empty", op, values(t, Shape.of(2, 0)));
    unary(out, name + " scalar", op, values(t, Shape.scalar(), 0.3));
  }

  private static void bucketize(CaseList out, Random r, DType t) {
    String name = "Bucketize " + t.tfName();
    bucketize(
        out,
        name + " docs example",
        values(t, Shape.of(3, 2), -5, 10000, 150, 10, 5, 100),
        0,
        10,
        100);
    float[] b = new float[1 + r.nextInt(8)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (float) Math.round(r.nextGaussian() * 40) / 4;
    }
    java.util.Arrays.sort(b);
    double[] v = new double[50];
    for (int i = 0; i < v.length; i++) {
      v[i] = i % 5 == 0 ? b[r.nextInt(b.length)] : Math.round(r.nextGaussian() * 60) / 4.0;
    }
    bucketize(out, name + " random sorted boundaries", values(t, Shape.of(5, 10), v), b);
    bucketize(out, name + " no boundaries", values(t, Shape.of(3), 1, -2, 0));
    bucketize(
        out, name + " repeated boundaries", values(t, Shape.of(5), 0, 1, 2, 3, 4), 1, 1, 3, 3);
    bucketize(out, name + " empty", values(t, Shape.of(0, 4)), 0, 1);
    if (t == DType.FLOAT || t == DType.DOUBLE) {
      bucketize(
          out,
          name + " special values",
          values(
              t,
              Shape.of(8),
              Double.NaN,
              Double.POSITIVE_INFINITY,
              Double.NEGATIVE_INFINITY,
              -0.0,
              0.0,
              1e-40,
              0.1,
              0.10000000149011612),
          -1,
          0,
          0.1f,
          Float.POSITIVE_INFINITY);
      bucketize(
          out,
          name + " NaN among the boundaries (std::is_sorted lets it pass)",
          values(t, Shape.of(6), -1, 0, 0.5, 1, 2, Double.NaN),
          0,
          Float.NaN,
          1);
    } else {
      bucketize(
          out,
          name + " values that round when converted to float",
          values(t, Shape.of(4), 16777217, 16777216, -16777217, 2147483647),
          16777216,
          16777218,
          2147483648f);
    }
  }

  private static void bucketizeErrors(CaseList out) {
    bucketize(
        out,
        "Bucketize float error: unsorted boundaries",
        values(DType.FLOAT, Shape.of(3), 1, 2, 3),
        0,
        2,
        1);
    bucketize(
        out, "Bucketize int64 error: unsorted boundaries", values(DType.INT64, Shape.of(0)), 5, -5);
    bucketize(out, "Bucketize half error: no CPU kernel", values(DType.HALF, Shape.of(2), 1, 2), 0);
  }

  private static void bucketize(CaseList out, String what, Tensor x, float... boundaries) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (float f : boundaries) {
      l.addF(f);
    }
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(x, Encoding.CONTENT, false).addTo(g, "x", feeds);
    g.op("out", "Bucketize", "x")
        .attr("T", x.dtype())
        .attr("boundaries", AttrValue.newBuilder().setList(l).build());
    out.add(what + ". x: " + x.dtype().tfName() + x.shape(), g.build(), feeds, List.of("out"));
  }

  private static void unary(CaseList out, String what, String op, Tensor x) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(x, Encoding.CONTENT, false).addTo(g, "x", feeds);
    g.op("out", op, "x").attr("T", x.dtype());
    out.add(what + ". x: " + x.dtype().tfName() + x.shape(), g.build(), feeds, List.of("out"));
  }

  private static void binary(CaseList out, String what, String op, Tensor x, Tensor y) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(x, Encoding.CONTENT, false).addTo(g, "x", feeds);
    Input.fed(y, y.shape().toPartial(), Encoding.CONTENT, false).addTo(g, "y", feeds);
    g.op("out", op, "x", "y").attr("T", x.dtype());
    out.add(
        what + ". x: " + x.dtype().tfName() + x.shape() + ", y: " + y.shape(),
        g.build(),
        feeds,
        List.of("out"));
  }

  /**
   * Random values of modest size (a third special bit patterns); for the guarded ops one in four is
   * zero, so the x == 0 and y == 0 rules show up among ordinary values.
   */
  private static Tensor random(Random r, DType t, Shape s) {
    Tensor base = RandomTensors.of(r, t, s, false);
    boolean complex = t == DType.COMPLEX64 || t == DType.COMPLEX128;
    TensorBuffer b = TensorBuffer.allocate(t, s);
    long lanes = complex ? 2 : 1;
    for (long i = 0; i < s.numElements(); i++) {
      boolean zero = r.nextInt(4) == 0;
      for (long k = 0; k < lanes; k++) {
        double v = zero ? 0 : component(base, t, i, k);
        Numbers.set(b, i * lanes + k, v);
      }
    }
    return b.freeze();
  }

  private static double component(Tensor base, DType t, long i, long k) {
    return Numbers.get(base, i * (t == DType.COMPLEX64 || t == DType.COMPLEX128 ? 2 : 1) + k);
  }

  /** A tensor of t from the values given (complex: interleaved real, imaginary). */
  private static Tensor values(DType t, Shape s, double... v) {
    TensorBuffer b = TensorBuffer.allocate(t, s);
    for (int i = 0; i < v.length; i++) {
      Numbers.set(b, i, v[i]);
    }
    return b.freeze();
  }
}
