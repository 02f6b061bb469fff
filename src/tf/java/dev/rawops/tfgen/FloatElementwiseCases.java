package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * float32 Add, AddV2, Sub, Mul, RealDiv, Div, the six comparisons, Select and SelectV2 at every
 * input layout the SIMD path over tensor memory tells apart: both inputs whole, a scalar on either
 * side, a trailing block repeated (a bias [C], [W,C], [1,1,C]), a block larger than one chunk and
 * crossing chunk boundaries, other broadcasts (the lane-array path), sizes around the vector
 * length, and special values (±0, ±infinity, NaN, subnormals, the float extremes, equal pairs).
 * Every input is fed. Bit for bit: each op is one IEEE operation.
 */
public final class FloatElementwiseCases implements CaseFamily {
  @Override
  public String directory() {
    return "elementwise_float32";
  }

  private static final List<String> ARITHMETIC = List.of("Add", "AddV2", "Sub", "Mul", "RealDiv");
  private static final List<String> COMPARISONS =
      List.of("Greater", "GreaterEqual", "Less", "LessEqual", "Equal", "NotEqual");

  private static final float[] SPECIAL = {
    0f,
    -0f,
    Float.POSITIVE_INFINITY,
    Float.NEGATIVE_INFINITY,
    Float.NaN,
    1f,
    -1f,
    1e-40f,
    -3e-39f,
    Float.MAX_VALUE,
    -Float.MAX_VALUE,
    Float.MIN_NORMAL,
    2.5f,
    -0.75f
  };

  /** (x shape, y shape) pairs: whole, scalars, trailing blocks, chunk-crossing, others. */
  private static final Shape[][] LAYOUTS = {
    {Shape.of(3, 37), Shape.of(3, 37)},
    {Shape.of(2, 5, 7, 10), Shape.scalar()},
    {Shape.scalar(), Shape.of(2, 5, 7, 10)},
    {Shape.of(2, 5, 7, 10), Shape.of(10)},
    {Shape.of(7, 10), Shape.of(2, 5, 7, 10)},
    {Shape.of(2, 5, 7, 10), Shape.of(1, 1, 10)},
    {Shape.of(3, 1500), Shape.of(1500)},
    {Shape.of(2, 3000), Shape.of(2, 3000)},
    {Shape.of(2, 5000), Shape.of(5000)},
    {Shape.of(4, 1), Shape.of(1, 6)},
    {Shape.of(6, 17), Shape.of(6, 1)},
    {Shape.of(1), Shape.of(15)},
    {Shape.of(0, 4), Shape.of(4)}
  };

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    for (String op : ARITHMETIC) {
      for (Shape[] l : LAYOUTS) {
        binary(out, op, r, l[0], l[1]);
      }
      specials(out, op);
    }
    binary(out, "Div", r, Shape.of(2, 5, 7, 10), Shape.of(10));
    for (String op : COMPARISONS) {
      for (Shape[] l : LAYOUTS) {
        binary(out, op, r, l[0], l[1]);
      }
      specials(out, op);
    }
    Shape big = Shape.of(2, 5, 7, 10);
    select(out, "Select", r, big, big, big);
    select(out, "Select", r, Shape.scalar(), big, big);
    select(out, "Select", r, Shape.of(2), big, big);
    select(out, "Select", r, Shape.of(3, 1500), Shape.of(3, 1500), Shape.of(3, 1500));
    select(out, "SelectV2", r, big, big, big);
    select(out, "SelectV2", r, Shape.of(10), big, big);
    select(out, "SelectV2", r, Shape.of(1, 1, 10), big, Shape.scalar());
    select(out, "SelectV2", r, big, Shape.of(7, 10), Shape.of(10));
    select(out, "SelectV2", r, Shape.of(2, 1, 1, 1), big, big);
    select(out, "SelectV2", r, Shape.scalar(), Shape.of(37), Shape.scalar());
    for (String op : List.of("Tanh", "Sigmoid")) {
      unary(out, op + " special values", op, Tensor.ofFloats(Shape.of(SPECIAL.length), SPECIAL));
      float[] v = new float[3 * 333];
      for (int i = 0; i < v.length; i++) {
        double mag = Math.pow(10, -8 + 10 * r.nextDouble());
        v[i] = (float) (r.nextBoolean() ? mag : -mag);
      }
      unary(out, op + " magnitudes 1e-8 to 100", op, Tensor.ofFloats(Shape.of(3, 333), v));
      float[] w = new float[2000];
      for (int i = 0; i < w.length; i++) {
        w[i] = (float) (r.nextGaussian() * 4);
      }
      unary(out, op + " around zero, a chunk and a tail", op, Tensor.ofFloats(Shape.of(2000), w));
    }
    return out.cases();
  }

  /**
   * Tanh and Sigmoid: TF's Eigen polynomial approximations against Java's Math (plain path) or the
   * Vector API's lane functions (SIMD path); the README's rtol and atol 1e-6 for float.
   */
  @Override
  public java.util.Optional<dev.rawops.fixtureproto.Tolerance> tolerance(Case c) {
    String d = c.description();
    return d.startsWith("Tanh") || d.startsWith("Sigmoid")
        ? java.util.Optional.of(
            dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(1e-6).setAtol(1e-6).build())
        : java.util.Optional.empty();
  }

  private static void unary(CaseList out, String what, String op, Tensor x) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(x, Encoding.CONTENT, false).addTo(g, "x", feeds);
    g.op("out", op, "x").attr("T", DType.FLOAT);
    out.add(what + ". x: float" + x.shape(), g.build(), feeds, List.of("out"));
  }

  /** Every pair of special values: x [n,1] against y [1,n]. */
  private static void specials(CaseList out, String op) {
    int n = SPECIAL.length;
    add(
        out,
        op + " every pair of special values",
        op,
        Tensor.ofFloats(Shape.of(n, 1), SPECIAL),
        Tensor.ofFloats(Shape.of(1, n), SPECIAL));
    float[] x = new float[n * n];
    float[] y = new float[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        x[i * n + j] = SPECIAL[i];
        y[i * n + j] = SPECIAL[j];
      }
    }
    add(
        out,
        op + " every pair of special values, same shapes",
        op,
        Tensor.ofFloats(Shape.of(n * n), x),
        Tensor.ofFloats(Shape.of(n * n), y));
  }

  private static void binary(CaseList out, String op, Random r, Shape xs, Shape ys) {
    Tensor x = values(r, xs);
    Tensor y = values(r, ys);
    add(out, op + " " + xs + " with " + ys, op, x, y);
  }

  private static void add(CaseList out, String what, String op, Tensor x, Tensor y) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(x, Encoding.CONTENT, false).addTo(g, "x", feeds);
    Input.fedNoShape(y, Encoding.CONTENT, false).addTo(g, "y", feeds);
    g.op("out", op, "x", "y").attr("T", DType.FLOAT);
    out.add(
        what + ". x: float" + x.shape() + ", y: " + y.shape(), g.build(), feeds, List.of("out"));
  }

  private static void select(CaseList out, String op, Random r, Shape cs, Shape ts, Shape es) {
    boolean[] c = new boolean[Math.toIntExact(cs.numElements())];
    for (int i = 0; i < c.length; i++) {
      c[i] = r.nextBoolean();
    }
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fedNoShape(Tensor.ofBooleans(cs, c), Encoding.CONTENT, false).addTo(g, "c", feeds);
    Input.fedNoShape(values(r, ts), Encoding.CONTENT, false).addTo(g, "t", feeds);
    Input.fedNoShape(values(r, es), Encoding.CONTENT, false).addTo(g, "e", feeds);
    g.op("out", op, "c", "t", "e").attr("T", DType.FLOAT);
    out.add(
        op + " condition " + cs + ", then " + ts + ", else " + es,
        g.build(),
        feeds,
        List.of("out"));
  }

  /**
   * Random float values: mostly small integers and halves (so that comparisons meet equal pairs and
   * sums are exact), some Gaussians, one in eight a special value.
   */
  private static Tensor values(Random r, Shape s) {
    float[] v = new float[Math.toIntExact(s.numElements())];
    for (int i = 0; i < v.length; i++) {
      int k = r.nextInt(8);
      v[i] =
          k == 0
              ? SPECIAL[r.nextInt(SPECIAL.length)]
              : k < 5 ? (r.nextInt(9) - 4) / 2f : (float) (r.nextGaussian() * 100);
    }
    return Tensor.ofFloats(s, v);
  }
}
