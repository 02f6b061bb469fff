package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The Sparse family: SparseFillEmptyRows (ordered and unordered rows, empty rows first, last and
 * between, no empty row at all, string/bool/float/int values, zero rows, and its errors) and
 * SparseReshape (a -1 dimension, rank changes, same shape, empty inputs, and its errors),
 * SparseTensorDenseMatMul (every real dtype, both index types, each adjoint, outputs narrower and
 * wider than TF's 32-column vectorisation threshold, repeated entries, empty operands, errors) and
 * SparseReorder (shuffled entries of several dtypes, already ordered, errors) and the feature
 * crosses SparseCross (string and hashed output, both internal types, hash_key, num_buckets),
 * SparseCrossV2 (a custom separator) and SparseCrossHashed (farmhash and SipHash salts), mixing
 * string and int64, sparse and dense columns, empty batch rows, and their errors; then the cases of
 * {@link SparseOpCases}, {@link SparseMathCases} and {@link SparseSetCases}. Every input is fed.
 */
public final class SparseCases implements CaseFamily {
  @Override
  public String directory() {
    return "sparse";
  }

  private static Tensor ix(int cols, long... v) {
    return Tensor.ofLongs(Shape.of(v.length / cols, cols), v);
  }

  private static Tensor vec(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  private static void add(CaseList out, String what, String op, int outputs, Tensor... inputs) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    String[] names = new String[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      names[i] = "in" + i;
      Input.fed(inputs[i], PartialShape.unknownRank(), Encoding.TYPED, false)
          .addTo(g, names[i], feeds);
    }
    g.op("s", op, names);
    if (op.equals("SparseFillEmptyRows")) {
      g.attr("T", inputs[1].dtype());
    }
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < outputs; i++) {
      fetches.add("s:" + i);
    }
    out.add(what, g.build(), feeds, fetches);
  }

  private static void fill(
      CaseList out, String what, Tensor ix, Tensor values, Tensor shape, Tensor dflt) {
    add(out, "SparseFillEmptyRows " + what, "SparseFillEmptyRows", 4, ix, values, shape, dflt);
  }

  private static void reshape(CaseList out, String what, Tensor ix, Tensor shape, Tensor target) {
    add(out, "SparseReshape " + what, "SparseReshape", 2, ix, shape, target);
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    fillEmptyRows(out, r);
    reshapes(out, r);
    matMuls(out, new Random(2718));
    reorders(out, new Random(3141));
    crosses(out, new Random(1618));
    SparseOpCases.all(out);
    SparseMathCases.all(out);
    SparseSetCases.all(out);
    return out.cases();
  }

  /**
   * SparseSoftmax exponentiates with Eigen's vectorized exp, which is not libm's in the last bit:
   * 1e-6 for float, 1e-12 for double, 1e-2 for half. Every other case is exact.
   */
  @Override
  public java.util.Optional<dev.rawops.fixtureproto.Tolerance> tolerance(Case c) {
    String d = c.description();
    if (!d.startsWith("SparseSoftmax ")) {
      return java.util.Optional.empty();
    }
    double tol =
        d.contains("half") ? 1e-2 : d.contains("double") || d.contains("rank 3") ? 1e-12 : 1e-6;
    return java.util.Optional.of(
        dev.rawops.fixtureproto.Tolerance.newBuilder().setRtol(tol).setAtol(tol).build());
  }

  private static void fillEmptyRows(CaseList out, Random r) {
    fill(
        out,
        "TF's documented example (rows 1 and 4 empty)",
        ix(2, 0, 1, 0, 3, 2, 0, 3, 1),
        Tensor.ofStrings(Shape.of(4), "a", "b", "c", "d"),
        vec(5, 6),
        Tensor.ofStrings(Shape.scalar(), "x"));
    fill(
        out,
        "no empty row, ordered: passed through",
        ix(2, 0, 0, 1, 2, 2, 1),
        Tensor.ofFloats(Shape.of(3), 1.5f, -2f, Float.NaN),
        vec(3, 4),
        Tensor.ofFloats(Shape.scalar(), 9f));
    fill(
        out,
        "no empty row, rows out of order",
        ix(2, 1, 0, 0, 2, 1, 1, 0, 0),
        Tensor.ofInts(Shape.of(4), 1, 2, 3, 4),
        vec(2, 3),
        Tensor.ofInts(Shape.scalar(), -1));
    fill(
        out,
        "unordered rows with empty ones, rank 3",
        ix(3, 3, 0, 1, 0, 1, 1, 3, 0, 0),
        Tensor.ofDoubles(Shape.of(3), 0.25, 1e300, -0.0),
        vec(5, 2, 2),
        Tensor.ofDoubles(Shape.scalar(), 7));
    fill(
        out,
        "every row empty",
        ix(2),
        Tensor.ofBooleans(Shape.of(0)),
        vec(3, 5),
        Tensor.ofBooleans(Shape.scalar(), true));
    fill(
        out,
        "zero rows, no entries",
        ix(2),
        Tensor.ofLongs(Shape.of(0)),
        vec(0, 4),
        Tensor.ofLongs(Shape.scalar(), 1));
    long[] big = new long[40];
    long[] vals = new long[20];
    for (int i = 0; i < 20; i++) {
      big[2 * i] = r.nextInt(30);
      big[2 * i + 1] = r.nextInt(4);
      vals[i] = r.nextLong();
    }
    fill(
        out,
        "20 random entries over 30 rows",
        ix(2, big),
        vec(vals),
        vec(30, 4),
        Tensor.ofLongs(Shape.scalar(), 0));
    fill(
        out,
        "a row out of range",
        ix(2, 0, 0, 3, 1),
        Tensor.ofFloats(Shape.of(2), 1, 2),
        vec(3, 2),
        Tensor.ofFloats(Shape.scalar(), 0));
    fill(
        out,
        "a negative row",
        ix(2, -1, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(3, 2),
        Tensor.ofFloats(Shape.scalar(), 0));
    fill(
        out,
        "zero rows but entries",
        ix(2, 0, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(0, 2),
        Tensor.ofFloats(Shape.scalar(), 0));
    fill(
        out,
        "values not matching indices",
        ix(2, 0, 0, 1, 1),
        Tensor.ofFloats(Shape.of(3), 1, 2, 3),
        vec(3, 2),
        Tensor.ofFloats(Shape.scalar(), 0));
    fill(
        out,
        "default not a scalar",
        ix(2, 0, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(3, 2),
        Tensor.ofFloats(Shape.of(1), 0));
    fill(
        out,
        "indices not a matrix",
        vec(0, 1),
        Tensor.ofFloats(Shape.of(2), 1, 2),
        vec(3),
        Tensor.ofFloats(Shape.scalar(), 0));
    fill(
        out,
        "dense_shape not a vector",
        ix(2, 0, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        Tensor.ofLongs(Shape.of(1, 2), 3, 2),
        Tensor.ofFloats(Shape.scalar(), 0));
    fill(
        out,
        "empty dense_shape",
        Tensor.ofLongs(Shape.of(0, 0)),
        Tensor.ofFloats(Shape.of(0)),
        vec(),
        Tensor.ofFloats(Shape.scalar(), 0));
  }

  private static void reshapes(CaseList out, Random r) {
    long[] ix = new long[24];
    for (int i = 0; i < 8; i++) {
      ix[3 * i] = r.nextInt(2);
      ix[3 * i + 1] = r.nextInt(3);
      ix[3 * i + 2] = r.nextInt(4);
    }
    reshape(out, "[2,3,4] to [6,-1]", ix(3, ix), vec(2, 3, 4), vec(6, -1));
    reshape(out, "[2,3,4] to [-1]", ix(3, ix), vec(2, 3, 4), vec(-1));
    reshape(out, "[2,3,4] to [4,3,2]", ix(3, ix), vec(2, 3, 4), vec(4, 3, 2));
    reshape(out, "[2,3,4] to [2,3,4]: unchanged", ix(3, ix), vec(2, 3, 4), vec(2, 3, 4));
    reshape(out, "[2,3,4] to [1,24,1,-1]", ix(3, ix), vec(2, 3, 4), vec(1, 24, 1, -1));
    reshape(out, "no entries, [0,5] to [5,0]", ix(2), vec(0, 5), vec(5, 0));
    reshape(out, "to a scalar shape", ix(2, 0, 0), vec(1, 1), vec());
    reshape(out, "two -1", ix(2, 0, 0), vec(2, 2), vec(-1, -1));
    reshape(out, "-1 with a zero dimension", ix(2), vec(0, 2), vec(0, -1));
    reshape(out, "not a multiple", ix(2, 0, 1), vec(2, 3), vec(4, -1));
    reshape(out, "wrong size", ix(2, 0, 1), vec(2, 3), vec(5));
    reshape(out, "negative dimension", ix(2, 0, 1), vec(2, 3), vec(-2, -3));
    reshape(out, "indices rank not the shape's", ix(2, 0, 1), vec(2, 3, 1), vec(6));
    reshape(out, "indices not a matrix", vec(0, 1), vec(2), vec(2));
    reshape(out, "target not a vector", ix(2, 0, 1), vec(2, 3), Tensor.ofLongs(Shape.of(1, 1), 6));
  }

  private static Tensor numbers(DType t, Random r, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = t == DType.INT32 ? r.nextInt(21) - 10 : r.nextGaussian();
    }
    return NodeCase.numbers(t, Shape.of(n), v);
  }

  private static void matMul(
      CaseList out,
      String what,
      Tensor ix,
      Tensor values,
      Tensor shape,
      Tensor b,
      boolean adjA,
      boolean adjB) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Tensor[] in = {ix, values, shape, b};
    for (int i = 0; i < in.length; i++) {
      Input.fed(in[i], PartialShape.unknownRank(), Encoding.TYPED, false).addTo(g, "in" + i, feeds);
    }
    g.op("s", "SparseTensorDenseMatMul", "in0", "in1", "in2", "in3");
    g.attr("T", values.dtype());
    g.attr("Tindices", ix.dtype());
    g.attr("adjoint_a", adjA);
    g.attr("adjoint_b", adjB);
    out.add("SparseTensorDenseMatMul " + what, g.build(), feeds, List.of("s"));
  }

  private static Tensor entries(Random r, int nnz, long rows, long cols, DType idx) {
    long[] v = new long[2 * nnz];
    for (int i = 0; i < nnz; i++) {
      v[2 * i] = r.nextInt((int) rows);
      v[2 * i + 1] = r.nextInt((int) cols);
    }
    Tensor t = Tensor.ofLongs(Shape.of(nnz, 2), v);
    return idx == DType.INT64 ? t : NodeCase.numbers(DType.INT32, Shape.of(nnz, 2), toDoubles(v));
  }

  private static double[] toDoubles(long[] v) {
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = v[i];
    }
    return d;
  }

  private static void matMuls(CaseList out, Random r) {
    for (DType t : List.of(DType.FLOAT, DType.DOUBLE, DType.INT32, DType.HALF, DType.BFLOAT16)) {
      for (int cols : new int[] {5, 40}) {
        DType idx = cols == 5 ? DType.INT64 : DType.INT32;
        matMul(
            out,
            t.tfName() + " [6,7]x[7," + cols + "], " + idx.tfName() + " indices",
            entries(r, 12, 6, 7, idx),
            numbers(t, r, 12),
            vec(6, 7),
            NodeCase.numbers(t, Shape.of(7, cols), randoms(t, r, 7 * cols)),
            false,
            false);
      }
    }
    for (boolean adjA : new boolean[] {false, true}) {
      for (boolean adjB : new boolean[] {false, true}) {
        long[] a = adjA ? new long[] {7, 6} : new long[] {6, 7};
        Shape b = adjB ? Shape.of(3, 7) : Shape.of(7, 3);
        matMul(
            out,
            "float adjoint_a=" + adjA + " adjoint_b=" + adjB,
            entries(r, 10, a[0], a[1], DType.INT64),
            numbers(DType.FLOAT, r, 10),
            vec(a),
            NodeCase.numbers(DType.FLOAT, b, randoms(DType.FLOAT, r, 21)),
            adjA,
            adjB);
      }
    }
    matMul(
        out,
        "no entries",
        Tensor.ofLongs(Shape.of(0, 2)),
        Tensor.ofFloats(Shape.of(0)),
        vec(3, 2),
        Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4),
        false,
        false);
    matMul(
        out,
        "empty output",
        ix(2, 0, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(3, 2),
        Tensor.ofFloats(Shape.of(2, 0)),
        false,
        false);
    matMul(
        out,
        "inner dimensions differ",
        ix(2, 0, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(3, 2),
        Tensor.ofFloats(Shape.of(3, 1), 1, 2, 3),
        false,
        false);
    matMul(
        out,
        "column index out of range",
        ix(2, 0, 0, 1, 5),
        Tensor.ofFloats(Shape.of(2), 1, 2),
        vec(3, 2),
        Tensor.ofFloats(Shape.of(2, 1), 1, 2),
        false,
        false);
    matMul(
        out,
        "row index out of range",
        ix(2, 4, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(3, 2),
        Tensor.ofFloats(Shape.of(2, 1), 1, 2),
        false,
        false);
    matMul(
        out,
        "values not matching indices",
        ix(2, 0, 0),
        Tensor.ofFloats(Shape.of(2), 1, 2),
        vec(3, 2),
        Tensor.ofFloats(Shape.of(2, 1), 1, 2),
        false,
        false);
    matMul(
        out,
        "a_shape of three",
        Tensor.ofLongs(Shape.of(1, 3), 0, 0, 0),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(3, 2, 1),
        Tensor.ofFloats(Shape.of(2, 1), 1, 2),
        false,
        false);
  }

  private static double[] randoms(DType t, Random r, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = t == DType.INT32 ? r.nextInt(2001) - 1000 : r.nextGaussian() * 3;
    }
    return v;
  }

  private static void reorder(CaseList out, String what, Tensor ix, Tensor values, Tensor shape) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Tensor[] in = {ix, values, shape};
    for (int i = 0; i < in.length; i++) {
      Input.fed(in[i], PartialShape.unknownRank(), Encoding.TYPED, false).addTo(g, "in" + i, feeds);
    }
    g.op("s", "SparseReorder", "in0", "in1", "in2");
    g.attr("T", values.dtype());
    out.add("SparseReorder " + what, g.build(), feeds, List.of("s:0", "s:1"));
  }

  private static void reorders(CaseList out, Random r) {
    int n = 12;
    long[] cells = new long[60];
    for (int i = 0; i < cells.length; i++) {
      cells[i] = i;
    }
    for (int i = cells.length - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      long x = cells[i];
      cells[i] = cells[j];
      cells[j] = x;
    }
    long[] v = new long[3 * n];
    for (int i = 0; i < n; i++) {
      v[3 * i] = cells[i] / 20;
      v[3 * i + 1] = cells[i] / 5 % 4;
      v[3 * i + 2] = cells[i] % 5;
    }
    for (DType t : List.of(DType.FLOAT, DType.INT64, DType.INT32, DType.DOUBLE)) {
      reorder(
          out,
          t.tfName() + " shuffled rank 3",
          ix(3, v),
          NodeCase.numbers(t, Shape.of(n), randoms(DType.INT32, r, n)),
          vec(3, 4, 5));
    }
    reorder(
        out,
        "string, shuffled",
        ix(2, 1, 0, 0, 1, 0, 0),
        Tensor.ofStrings(Shape.of(3), "c", "b", "a"),
        vec(2, 2));
    reorder(
        out,
        "already ordered",
        ix(2, 0, 0, 0, 1, 1, 0),
        Tensor.ofInts(Shape.of(3), 1, 2, 3),
        vec(2, 2));
    reorder(out, "empty", Tensor.ofLongs(Shape.of(0, 2)), Tensor.ofFloats(Shape.of(0)), vec(2, 2));
    reorder(out, "indices not a matrix", vec(0, 1), Tensor.ofFloats(Shape.of(2), 1, 2), vec(2));
    reorder(out, "values not a vector", ix(2, 0, 1), Tensor.ofFloats(Shape.of(1, 1), 1), vec(2, 2));
    reorder(
        out,
        "values not matching indices",
        ix(2, 0, 1),
        Tensor.ofFloats(Shape.of(2), 1, 2),
        vec(2, 2));
    reorder(
        out,
        "shape rank not the indices'",
        ix(2, 0, 1),
        Tensor.ofFloats(Shape.of(1), 1),
        vec(2, 2, 2));
  }

  /** A cross's inputs: sparse columns (indices, values, shape) and dense columns. */
  private record Cross(
      List<Tensor> ix, List<Tensor> values, List<Tensor> shapes, List<Tensor> dense) {
    Cross sparse(Tensor i, Tensor v, Tensor shape) {
      List<Tensor> a = new ArrayList<>(ix);
      List<Tensor> b = new ArrayList<>(values);
      List<Tensor> c = new ArrayList<>(shapes);
      a.add(i);
      b.add(v);
      c.add(shape);
      return new Cross(a, b, c, dense);
    }

    Cross dense(Tensor d) {
      List<Tensor> a = new ArrayList<>(dense);
      a.add(d);
      return new Cross(ix, values, shapes, a);
    }
  }

  private static Cross cols() {
    return new Cross(List.of(), List.of(), List.of(), List.of());
  }

  private static DataType[] types(List<Tensor> ts) {
    DataType[] out = new DataType[ts.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ts.get(i).dtype().proto();
    }
    return out;
  }

  /** The cross node "s" with every column fed, then the op's own attrs and extra inputs. */
  private static GraphDefBuilder crossGraph(
      String op, Cross c, Map<String, TensorProto> feeds, Tensor... extra) {
    GraphDefBuilder g = new GraphDefBuilder();
    List<Tensor> all = new ArrayList<>();
    all.addAll(c.ix());
    all.addAll(c.values());
    all.addAll(c.shapes());
    all.addAll(c.dense());
    all.addAll(List.of(extra));
    String[] names = new String[all.size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = "in" + i;
      Input.fed(all.get(i), PartialShape.unknownRank(), Encoding.TYPED, false)
          .addTo(g, names[i], feeds);
    }
    g.op("s", op, names);
    g.attr("N", (long) c.ix().size());
    g.attrTypes("sparse_types", types(c.values()));
    g.attrTypes("dense_types", types(c.dense()));
    return g;
  }

  private static final List<String> CROSS_FETCHES = List.of("s:0", "s:1", "s:2");

  private static void sparseCross(
      CaseList out, String what, Cross c, DType outType, DType internal, long buckets, long key) {
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    GraphDefBuilder g = crossGraph("SparseCross", c, feeds);
    g.attr("hashed_output", outType == DType.INT64);
    g.attr("num_buckets", buckets);
    g.attr("hash_key", key);
    g.attr("out_type", outType);
    g.attr("internal_type", internal);
    out.add("SparseCross " + what, g.build(), feeds, CROSS_FETCHES);
  }

  private static void crossV2(CaseList out, String what, Cross c, String sep) {
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    GraphDefBuilder g =
        crossGraph("SparseCrossV2", c, feeds, Tensor.ofStrings(Shape.scalar(), sep));
    out.add("SparseCrossV2 " + what, g.build(), feeds, CROSS_FETCHES);
  }

  private static void crossHashed(
      CaseList out, String what, Cross c, long buckets, boolean strong, Tensor salt) {
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    GraphDefBuilder g =
        crossGraph(
            "SparseCrossHashed",
            c,
            feeds,
            Tensor.ofLongs(Shape.scalar(), buckets),
            Tensor.ofBooleans(Shape.scalar(), strong),
            salt);
    out.add("SparseCrossHashed " + what, g.build(), feeds, CROSS_FETCHES);
  }

  private static String word(Random r) {
    StringBuilder sb = new StringBuilder();
    int len = 1 + r.nextInt(12);
    for (int i = 0; i < len; i++) {
      sb.append((char) ('a' + r.nextInt(26)));
    }
    return sb.toString();
  }

  private static void crosses(CaseList out, Random r) {
    // TF's documented example: batch row 0 has a, b x c; row 1 has d, e, f x g
    Cross doc =
        cols()
            .sparse(
                ix(2, 0, 0, 1, 0, 1, 1), Tensor.ofStrings(Shape.of(3), "a", "d", "e"), vec(2, 2))
            .sparse(
                ix(2, 0, 0, 0, 1, 1, 0), Tensor.ofStrings(Shape.of(3), "b", "c", "f"), vec(2, 2))
            .sparse(ix(2, 0, 0, 1, 0), Tensor.ofStrings(Shape.of(2), "g", "h"), vec(2, 1));
    sparseCross(out, "strings, TF's shape of example", doc, DType.STRING, DType.STRING, 0, 0);
    sparseCross(out, "strings hashed", doc, DType.INT64, DType.STRING, 0, 0);
    sparseCross(
        out,
        "strings hashed, 100 buckets, hash_key",
        doc,
        DType.INT64,
        DType.STRING,
        100,
        956888297470L);
    Cross mixed =
        doc.sparse(ix(2, 0, 3, 1, 0, 1, 1), vec(7, -12, Long.MIN_VALUE), vec(2, 5))
            .dense(Tensor.ofStrings(Shape.of(2, 2), "x", "y", "z", "w"))
            .dense(Tensor.ofLongs(Shape.of(2, 1), 42, -1));
    sparseCross(out, "mixed sparse and dense, string out", mixed, DType.STRING, DType.INT64, 0, 0);
    sparseCross(out, "mixed sparse and dense, hashed", mixed, DType.INT64, DType.INT64, 1000, 1);
    sparseCross(out, "mixed, negative hash_key", mixed, DType.INT64, DType.INT64, 7, -3);
    Cross onlyDense =
        cols()
            .dense(Tensor.ofLongs(Shape.of(3, 2), 1, 2, 3, 4, 5, 6))
            .dense(Tensor.ofStrings(Shape.of(3, 1), "p", "q", "r"));
    sparseCross(out, "dense only", onlyDense, DType.STRING, DType.INT64, 0, 0);
    sparseCross(out, "dense only hashed", onlyDense, DType.INT64, DType.INT64, 0, 0);
    Cross gaps =
        cols()
            .sparse(
                ix(2, 0, 0, 2, 0, 2, 1), Tensor.ofStrings(Shape.of(3), "a", "b", "c"), vec(4, 2))
            .sparse(ix(2, 1, 0, 2, 0, 3, 0), vec(1, 2, 3), vec(4, 1));
    sparseCross(out, "rows missing in a column", gaps, DType.STRING, DType.INT64, 0, 0);
    crossV2(out, "strings and ints, custom separator", mixed, "#");
    crossV2(out, "empty separator", gaps, "");
    crossHashed(out, "farmhash", mixed, 0, false, vec(1, 2));
    crossHashed(out, "farmhash, 50 buckets", mixed, 50, false, vec(1, 2));
    // TF 2.18 segfaults strongly hashing a dense column, so strong cases stay sparse
    Cross sparseMixed = doc.sparse(ix(2, 0, 3, 1, 0, 1, 1), vec(7, -12, Long.MIN_VALUE), vec(2, 5));
    crossHashed(out, "strong hash", sparseMixed, 0, true, vec(137, 173));
    crossHashed(out, "strong hash, 13 buckets", sparseMixed, 13, true, vec(-5, Long.MAX_VALUE));
    crossHashed(out, "dense only, weak", onlyDense, 0, false, vec(3, 4));
    int batch = 40;
    Cross big = cols();
    for (int col = 0; col < 3; col++) {
      List<Long> ixs = new ArrayList<>();
      List<String> words = new ArrayList<>();
      for (int b = 0; b < batch; b++) {
        int k = r.nextInt(4);
        for (int j = 0; j < k; j++) {
          ixs.add((long) b);
          ixs.add((long) j);
          words.add(word(r));
        }
      }
      long[] ixv = new long[ixs.size()];
      for (int i = 0; i < ixv.length; i++) {
        ixv[i] = ixs.get(i);
      }
      Tensor values =
          col == 1
              ? Tensor.ofLongs(Shape.of(words.size()), r.longs(words.size(), -1000, 1000).toArray())
              : Tensor.ofStrings(Shape.of(words.size()), words.toArray(String[]::new));
      big = big.sparse(ix(2, ixv), values, vec(batch, 4));
    }
    sparseCross(out, "40 random rows, string", big, DType.STRING, DType.INT64, 0, 0);
    sparseCross(out, "40 random rows, hashed", big, DType.INT64, DType.INT64, 1 << 20, 77);
    crossHashed(out, "40 random rows, strong", big, 0, true, vec(r.nextLong(), r.nextLong()));
    crossHashed(out, "40 random rows, weak", big, 999, false, vec(0, 0));
    // errors
    sparseCross(
        out, "int64 values under string internal_type", mixed, DType.STRING, DType.STRING, 0, 0);
    sparseCross(
        out,
        "indices not a matrix",
        cols().sparse(vec(0, 0), Tensor.ofStrings(Shape.of(1), "a"), vec(1, 1)),
        DType.STRING,
        DType.STRING,
        0,
        0);
    sparseCross(
        out,
        "indices of rank 3",
        cols().sparse(ix(3, 0, 0, 0), Tensor.ofStrings(Shape.of(1), "a"), vec(1, 1)),
        DType.STRING,
        DType.STRING,
        0,
        0);
    sparseCross(
        out,
        "values not matching indices",
        cols().sparse(ix(2, 0, 0), Tensor.ofStrings(Shape.of(2), "a", "b"), vec(1, 1)),
        DType.STRING,
        DType.STRING,
        0,
        0);
    crossV2(
        out,
        "shape of three",
        cols().sparse(ix(2, 0, 0), Tensor.ofStrings(Shape.of(1), "a"), vec(1, 1, 1)),
        "_");
    crossV2(
        out,
        "batch sizes differ",
        cols()
            .sparse(ix(2, 0, 0), Tensor.ofStrings(Shape.of(1), "a"), vec(1, 1))
            .sparse(ix(2, 0, 0), Tensor.ofStrings(Shape.of(1), "a"), vec(2, 1)),
        "_");
    crossV2(
        out,
        "dense batch differs",
        cols()
            .sparse(ix(2, 0, 0), Tensor.ofStrings(Shape.of(1), "a"), vec(1, 1))
            .dense(Tensor.ofStrings(Shape.of(2, 1), "x", "y")),
        "_");
    crossV2(out, "dense not a matrix", cols().dense(Tensor.ofStrings(Shape.of(2), "x", "y")), "_");
    crossHashed(out, "salt of three", onlyDense, 0, false, vec(1, 2, 3));
  }
}
