package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random cases of three op families for differential fuzzing against TensorFlow ({@link
 * DifferentialFuzzTest}): binary broadcasting elementwise ops, reductions and GatherV2. Shapes are
 * small (dims 0..3, rank 0..4), operands arrive as Consts or as Placeholders with no, partial or
 * unknown-rank shapes, and now and then a case is invalid (shapes that do not broadcast, an axis or
 * index out of range, an integer division by zero), so TF's status code is compared too.
 */
final class FamilyFuzz {
  private FamilyFuzz() {}

  private static final DType[] REAL = {
    DType.FLOAT,
    DType.DOUBLE,
    DType.HALF,
    DType.BFLOAT16,
    DType.INT32,
    DType.INT64,
    DType.INT8,
    DType.UINT8,
    DType.INT16,
    DType.UINT16,
    DType.UINT32,
    DType.UINT64
  };

  private static final DType[] COMMON = {DType.FLOAT, DType.DOUBLE, DType.INT32, DType.INT64};

  /** The binary ops: name and which operand dtypes it is drawn with. */
  private enum Kind {
    ARITH,
    COMPARE,
    LOGICAL,
    BITWISE
  }

  private record BinOp(String name, Kind kind) {}

  private static final List<BinOp> BINARY =
      List.of(
          new BinOp("AddV2", Kind.ARITH),
          new BinOp("Sub", Kind.ARITH),
          new BinOp("Mul", Kind.ARITH),
          new BinOp("Maximum", Kind.ARITH),
          new BinOp("Minimum", Kind.ARITH),
          new BinOp("SquaredDifference", Kind.ARITH),
          new BinOp("Div", Kind.ARITH),
          new BinOp("RealDiv", Kind.ARITH),
          new BinOp("FloorDiv", Kind.ARITH),
          new BinOp("FloorMod", Kind.ARITH),
          new BinOp("TruncateDiv", Kind.ARITH),
          new BinOp("TruncateMod", Kind.ARITH),
          new BinOp("DivNoNan", Kind.ARITH),
          new BinOp("Pow", Kind.ARITH),
          new BinOp("Equal", Kind.COMPARE),
          new BinOp("NotEqual", Kind.COMPARE),
          new BinOp("Less", Kind.COMPARE),
          new BinOp("LessEqual", Kind.COMPARE),
          new BinOp("Greater", Kind.COMPARE),
          new BinOp("GreaterEqual", Kind.COMPARE),
          new BinOp("LogicalAnd", Kind.LOGICAL),
          new BinOp("LogicalOr", Kind.LOGICAL),
          new BinOp("BitwiseAnd", Kind.BITWISE),
          new BinOp("BitwiseOr", Kind.BITWISE),
          new BinOp("BitwiseXor", Kind.BITWISE));

  /**
   * One binary elementwise case: an output shape, two operand shapes that broadcast to it (leading
   * dims dropped, dims set to 1), one time in ten a dim that does not broadcast.
   */
  static void binaryElementwise(CaseList out, Random r) {
    BinOp op = BINARY.get(r.nextInt(BINARY.size()));
    DType t =
        switch (op.kind()) {
          case LOGICAL -> DType.BOOL;
          case BITWISE ->
              List.of(DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.UINT8, DType.UINT64)
                  .get(r.nextInt(6));
          default ->
              r.nextInt(10) == 0
                  ? (r.nextBoolean() ? DType.COMPLEX64 : DType.COMPLEX128)
                  : r.nextInt(3) == 0 ? REAL[r.nextInt(REAL.length)] : COMMON[r.nextInt(4)];
        };
    if (op.name().equals("Pow") && (t == DType.COMPLEX64 || t == DType.COMPLEX128)) {
      // TF's complex Pow is exp(y log x) in the element type: its absolute error scales with |x^y|,
      // which no per-component tolerance captures (a part near 0 of a large result).
      t = DType.DOUBLE;
    }
    int rank = r.nextInt(5);
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(3);
    }
    Shape xs = broadcastable(r, dims);
    Shape ys = broadcastable(r, dims);
    boolean bad = false;
    if (r.nextInt(10) == 0 && ys.rank() > 0) {
      long[] d = ys.dims().clone();
      int k = r.nextInt(d.length);
      d[k] = d[k] == 1 ? 2 : d[k] + 1;
      ys = Shape.of(d);
      bad = true;
    }
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    in(g, feeds, "x", values(r, t, xs, false), r);
    in(g, feeds, "y", values(r, t, ys, op.name().contains("Div") || op.name().contains("Mod")), r);
    g.op("out", op.name(), "x", "y");
    if (op.kind() != Kind.LOGICAL) {
      g.attr("T", t.proto());
    }
    out.add(
        op.name() + " " + t.tfName() + " " + xs + " " + ys + (bad ? " (not broadcastable)" : ""),
        g.build(),
        feeds,
        List.of("out"));
  }

  private static Shape broadcastable(Random r, long[] dims) {
    int drop = r.nextInt(3) == 0 ? r.nextInt(dims.length + 1) : 0;
    long[] d = Arrays.copyOfRange(dims, drop, dims.length);
    for (int i = 0; i < d.length; i++) {
      if (r.nextInt(3) == 0) {
        d[i] = 1;
      }
    }
    return Shape.of(d);
  }

  /**
   * One reduction case: Sum, Prod, Max, Min or Mean over random axes (negative, repeated, empty,
   * one time in eight out of range), int32 or int64 axes given as a scalar or a vector, keep_dims
   * either way.
   */
  static void reduction(CaseList out, Random r) {
    String op = List.of("Sum", "Prod", "Max", "Min", "Mean").get(r.nextInt(5));
    DType t = r.nextInt(3) == 0 ? REAL[r.nextInt(REAL.length)] : COMMON[r.nextInt(4)];
    if (!op.equals("Max") && !op.equals("Min") && r.nextInt(10) == 0) {
      t = r.nextBoolean() ? DType.COMPLEX64 : DType.COMPLEX128;
    }
    int rank = r.nextInt(5);
    long[] dims = new long[rank];
    for (int i = 0; i < rank; i++) {
      dims[i] = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(3);
    }
    Shape s = Shape.of(dims);
    int na = r.nextInt(rank + 2);
    long[] axes = new long[na];
    for (int i = 0; i < na; i++) {
      axes[i] =
          r.nextInt(8) == 0
              ? (r.nextBoolean() ? rank + r.nextInt(2) : -rank - 1 - r.nextInt(2))
              : rank == 0 ? 0 : r.nextInt(2 * rank) - rank;
    }
    DType ti = r.nextBoolean() ? DType.INT32 : DType.INT64;
    Tensor ax =
        axes.length == 1 && r.nextBoolean()
            ? Tensor.ofIntegers(ti, Shape.scalar(), axes)
            : Tensor.ofIntegers(ti, Shape.of(axes.length), axes);
    boolean keep = r.nextBoolean();
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    in(g, feeds, "x", values(r, t, s, false), r);
    in(g, feeds, "a", ax, r);
    g.op("out", op, "x", "a").attr("T", t.proto()).attr("Tidx", ti.proto()).attr("keep_dims", keep);
    out.add(
        op + " " + t.tfName() + s + " axes " + Arrays.toString(axes) + " keep " + keep,
        g.build(),
        feeds,
        List.of("out"));
  }

  /**
   * One GatherV2 case: params of any dtype and rank 1..4; indices whose leading batch_dims dims are
   * params' own; axis and batch_dims given positive or negative; one time in four indices at and
   * past the bounds, one time in ten an axis or batch_dims out of range.
   */
  static void gatherV2(CaseList out, Random r) {
    DType t = DType.dataTypes()[r.nextInt(DType.dataTypes().length)];
    int pr = 1 + r.nextInt(4);
    long[] pd = new long[pr];
    for (int i = 0; i < pr; i++) {
      pd[i] = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(3);
    }
    Shape ps = Shape.of(pd);
    int bd = r.nextInt(3) == 0 ? r.nextInt(pr) : 0;
    int extra = r.nextInt(3);
    long[] id = new long[bd + extra];
    System.arraycopy(pd, 0, id, 0, bd);
    for (int i = bd; i < id.length; i++) {
      id[i] = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(3);
    }
    Shape is = Shape.of(id);
    int axis = bd + r.nextInt(pr - bd);
    long dim = pd[axis];
    long[] iv = new long[Math.toIntExact(is.numElements())];
    boolean outOfRange = r.nextInt(4) == 0;
    for (int i = 0; i < iv.length; i++) {
      if (outOfRange) {
        long[] choices = {-1, dim, dim + 1, 0, dim - 1};
        iv[i] = choices[r.nextInt(choices.length)];
      } else {
        iv[i] = dim == 0 ? 0 : r.nextInt(Math.toIntExact(dim));
      }
    }
    long axisValue = r.nextBoolean() ? axis : axis - pr;
    long batchDims = r.nextBoolean() || id.length == 0 ? bd : bd - id.length;
    switch (r.nextInt(20)) {
      case 0 -> axisValue = r.nextBoolean() ? pr : -pr - 1;
      case 1 -> batchDims = id.length + 1;
      case 2 -> batchDims = axis + 1;
      default -> {}
    }
    DType ti = r.nextBoolean() ? DType.INT32 : DType.INT64;
    DType ta = r.nextBoolean() ? DType.INT32 : DType.INT64;
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    in(g, feeds, "params", RandomTensors.of(r, t, ps, true), r);
    in(g, feeds, "indices", Tensor.ofIntegers(ti, is, iv), r);
    in(g, feeds, "axis", Tensor.ofIntegers(ta, Shape.scalar(), axisValue), r);
    g.op("out", "GatherV2", "params", "indices", "axis")
        .attr("Tparams", t.proto())
        .attr("Tindices", ti.proto())
        .attr("Taxis", ta.proto())
        .attr("batch_dims", batchDims);
    out.add(
        "GatherV2 "
            + t.tfName()
            + ps
            + " indices "
            + ti.tfName()
            + is
            + Arrays.toString(iv)
            + " axis "
            + axisValue
            + " batch_dims "
            + batchDims,
        g.build(),
        feeds,
        List.of("out"));
  }

  /** A Const, or a Placeholder with no shape, unknown dims or unknown rank, fed the value. */
  private static void in(
      GraphDefBuilder g, Map<String, TensorProto> feeds, String name, Tensor v, Random r) {
    Encoding enc = Encoding.CONTENT;
    Input x =
        switch (r.nextInt(4)) {
          case 0, 1 -> Input.constant(v, enc);
          case 2 -> Input.fed(v, PartialShape.unknownDims(v.shape().rank()), enc, false);
          default -> Input.fedNoShape(v, enc, false);
        };
    x.addTo(g, name, feeds);
  }

  /**
   * Values that exercise the edges: NaN, ±inf and -0 among floats, zeros (divisors: {@code
   * divisor}), small and larger integers (never MIN_VALUE, whose division by -1 is undefined in
   * C++).
   */
  static Tensor values(Random r, DType t, Shape s, boolean divisor) {
    if (t == DType.BOOL) {
      boolean[] b = new boolean[Math.toIntExact(s.numElements())];
      for (int i = 0; i < b.length; i++) {
        b[i] = r.nextBoolean();
      }
      return Tensor.ofBooleans(s, b);
    }
    TensorBuffer b = TensorBuffer.allocate(t, s);
    long lanes = t == DType.COMPLEX64 || t == DType.COMPLEX128 ? 2 : 1;
    for (long i = 0; i < s.numElements() * lanes; i++) {
      double v =
          switch (t) {
            case UINT8, UINT16, UINT32, UINT64 ->
                r.nextInt(divisor ? 6 : 10) == 0 ? 0 : r.nextInt(10) == 0 ? 250 : r.nextInt(10);
            case INT8, INT16, INT32, INT64 ->
                r.nextInt(divisor ? 6 : 10) == 0
                    ? 0
                    : r.nextInt(10) == 0 ? (r.nextBoolean() ? 120 : -120) : r.nextInt(19) - 9;
            case COMPLEX64, COMPLEX128 -> (r.nextInt(400) - 200) / 16.0;
            default ->
                switch (r.nextInt(40)) {
                  case 0 -> Double.NaN;
                  case 1 -> Double.POSITIVE_INFINITY;
                  case 2 -> Double.NEGATIVE_INFINITY;
                  case 3 -> -0.0;
                  case 4, 5 -> 0.0;
                  default -> (r.nextInt(400) - 200) / 16.0;
                };
          };
      Numbers.set(b, i, v);
    }
    return b.freeze();
  }

  /** rtol = atol = 1e-5 (half, bfloat16: 1e-2). */
  static Tolerance tolerance(Case c) {
    String d = c.description();
    double tol = d.contains(" half") || d.contains(" bfloat16") ? 1e-2 : 1e-5;
    return Tolerance.newBuilder().setRtol(tol).setAtol(tol).build();
  }

  /**
   * How a binary case's floats compare; bit-exact but for the known, documented differences
   * (README, "Known differences"): Pow goes through libm (C++ std::pow vs Java's Math.pow); complex
   * division is Eigen's scaled SIMD formula in float, 1 ulp from rawops' double-rounded quotient;
   * Maximum/Minimum of -0.0 and 0.0 give either zero in TF, depending on the SIMD lane (numeric
   * equality: tolerance 0 treats -0.0 and 0.0 as equal, NaN as NaN).
   */
  static Tolerance binaryTolerance(Case c) {
    String d = c.description();
    if (d.startsWith("Pow ")
        || (d.contains(" complex") && (d.startsWith("Div") || d.startsWith("RealDiv")))) {
      return tolerance(c);
    }
    if (d.startsWith("Maximum ") || d.startsWith("Minimum ")) {
      return Tolerance.newBuilder().setRtol(0).setAtol(0).build();
    }
    return null;
  }
}
