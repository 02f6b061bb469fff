package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The Array family (shape glue and data movement): every dtype through Transpose, Pack, ConcatV2,
 * Tile, Pad, MirrorPad, ReverseV2, Roll, Slice, Split, Unpack, BroadcastTo, ExpandDims, Squeeze and
 * Reshape with random shapes, empty dimensions and negative axes; the matrix-diagonal ops with
 * random bands and alignments; space/batch/depth rearrangements, image patches, Range, LinSpace and
 * OneHot; and the run-time errors of those ops. The data input is always fed (no constant folding).
 */
public final class ArrayCases implements CaseFamily {
  @Override
  public String directory() {
    return "array";
  }

  private static final DataType I32 = DataType.DT_INT32;

  /** How "x" reaches the op: fed without a shape, fed with its static shape, or a Const. */
  private enum Mode {
    FED,
    SHAPED,
    CONST
  }

  private static Mode mode = Mode.FED;

  private static void addX(GraphDefBuilder g, Tensor x, Map<String, TensorProto> feeds) {
    switch (mode) {
      case FED -> Input.fedNoShape(x, Encoding.TYPED, false).addTo(g, "x", feeds);
      case SHAPED ->
          Input.fed(x, x.shape().toPartial(), Encoding.TYPED, false).addTo(g, "x", feeds);
      case CONST -> Input.constant(x, Encoding.CONTENT).addTo(g, "x", feeds);
    }
  }

  /**
   * A case: "x" fed, params as Consts p0.., node "out" with the attrs, fetching {@code fetches}.
   */
  private static void add(
      CaseList out,
      String what,
      String op,
      Tensor x,
      Object[] attrs,
      List<String> fetches,
      Tensor... params) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    addX(g, x, feeds);
    String[] inputs = new String[params.length + 1];
    inputs[0] = "x";
    for (int i = 0; i < params.length; i++) {
      g.constant("p" + i, params[i]);
      inputs[i + 1] = "p" + i;
    }
    g.op("out", op, inputs);
    for (int i = 0; i < attrs.length; i += 2) {
      String name = (String) attrs[i];
      Object v = attrs[i + 1];
      switch (v) {
        case DataType t -> g.attr(name, t);
        case Integer n -> g.attr(name, (long) n);
        case Long n -> g.attr(name, n);
        case String s -> g.attr(name, s);
        case AttrValue a -> g.attr(name, a);
        default -> throw new IllegalArgumentException(String.valueOf(v));
      }
    }
    out.add(
        op + " " + what + ". x: " + mode + " " + x.dtype().tfName() + x.shape(),
        g.build(),
        feeds,
        fetches);
  }

  private static void add(
      CaseList out, String what, String op, Tensor x, Object[] attrs, Tensor... params) {
    add(out, what, op, x, attrs, List.of("out"), params);
  }

  private static Object[] a(Object... kv) {
    return kv;
  }

  private static Tensor vec(long... v) {
    return Tensor.ofIntegers(DType.INT32, Shape.of(v.length), v);
  }

  private static Tensor scalar(long v) {
    return Tensor.ofIntegers(DType.INT32, Shape.scalar(), v);
  }

  private static Tensor matrix(int rows, long... v) {
    return Tensor.ofIntegers(DType.INT32, Shape.of(rows, v.length / rows), v);
  }

  private static AttrValue ilist(long... v) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (long x : v) {
      l.addI(x);
    }
    return AttrValue.newBuilder().setList(l).build();
  }

  private static List<String> outs(int n) {
    List<String> f = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      f.add(i == 0 ? "out" : "out:" + i);
    }
    return f;
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    mode = Mode.FED;
    for (DType t : DType.dataTypes()) {
      movement(out, r, t);
    }
    for (int i = 0; i < 6; i++) {
      movement(out, r, i % 2 == 0 ? DType.FLOAT : DType.INT32);
    }
    empties(out, r);
    diagonals(out, r);
    spaceBatch(out, r);
    values(out);
    errors(out);
    more(out, r);
    for (Mode m : List.of(Mode.SHAPED, Mode.CONST)) {
      mode = m;
      for (DType t : List.of(DType.FLOAT, DType.INT32, DType.STRING, DType.BOOL)) {
        movement(out, r, t);
      }
      empties(out, r);
      diagonals(out, r);
      spaceBatch(out, r);
      values(out);
      errors(out);
      more(out, r);
    }
    mode = Mode.FED;
    permutations(out, new Random(25));
    ArrayVariantCases.add(out, new Random(26));
    return out.cases();
  }

  /**
   * InvertPermutation: random permutations of int32 and int64 (empty included), the docs' example,
   * and TF's errors for a value out of range, a negative or repeated value and a non-vector, fed
   * (run time) and as a Const (the shape function's rank check at build time).
   */
  private static void permutations(CaseList out, Random r) {
    for (DataType t : List.of(DataType.DT_INT32, DataType.DT_INT64)) {
      DType dt = DType.fromProto(t);
      for (int n : new int[] {0, 1, 5, 257}) {
        List<Long> p = new ArrayList<>();
        for (long i = 0; i < n; i++) {
          p.add(i);
        }
        java.util.Collections.shuffle(p, r);
        long[] v = p.stream().mapToLong(Long::longValue).toArray();
        add(out, "n=" + n, "InvertPermutation", Tensor.ofIntegers(dt, Shape.of(n), v), a("T", t));
      }
      add(
          out,
          "docs",
          "InvertPermutation",
          Tensor.ofIntegers(dt, Shape.of(5), 3, 4, 0, 2, 1),
          a("T", t));
    }
    DataType t = DataType.DT_INT32;
    add(out, "error: out of range", "InvertPermutation", vec(0, 3, 1), a("T", t));
    add(out, "error: negative", "InvertPermutation", vec(1, -1, 0), a("T", t));
    add(out, "error: duplicated", "InvertPermutation", vec(1, 0, 1), a("T", t));
    add(out, "error: scalar", "InvertPermutation", scalar(0), a("T", t));
    add(out, "error: matrix", "InvertPermutation", matrix(2, 0, 1, 1, 0), a("T", t));
    mode = Mode.CONST;
    add(out, "error: scalar", "InvertPermutation", scalar(0), a("T", t));
    add(out, "const", "InvertPermutation", vec(2, 0, 1), a("T", t));
    mode = Mode.FED;
  }

  private static Shape shape(Random r, int rank, int max) {
    return RandomTensors.shape(r, rank, 1, max);
  }

  private static void movement(CaseList out, Random r, DType t) {
    DataType dt = t.proto();
    Shape s = shape(r, 3, 4);
    Tensor x = RandomTensors.of(r, t, s, true);
    long[] d = s.dims();
    int[][] perms = {{0, 1, 2}, {2, 0, 1}, {1, 2, 0}, {2, 1, 0}, {0, 2, 1}, {1, 0, 2}};
    int[] p = perms[r.nextInt(perms.length)];
    add(
        out,
        "perm " + java.util.Arrays.toString(p),
        "Transpose",
        x,
        a("T", dt, "Tperm", I32),
        vec(p[0], p[1], p[2]));
    int axis = r.nextInt(7) - 3;
    {
      // ConcatV2 of x with itself through a second input edge.
      GraphDefBuilder g = new GraphDefBuilder();
      Map<String, TensorProto> feeds = new LinkedHashMap<>();
      addX(g, x, feeds);
      int ax = r.nextInt(6) - 3;
      g.constant("axis", scalar(ax));
      g.op("out", "ConcatV2", "x", "x", "axis").attr("T", dt).attr("N", 2).attr("Tidx", I32);
      out.add("ConcatV2 x with x, axis " + ax, g.build(), feeds, List.of("out"));
      g = new GraphDefBuilder();
      feeds = new LinkedHashMap<>();
      addX(g, x, feeds);
      g.op("out", "Pack", "x", "x", "x").attr("T", dt).attr("N", 3).attr("axis", axis);
      out.add("Pack x three times, axis " + axis, g.build(), feeds, List.of("out"));
    }
    add(
        out,
        "",
        "Tile",
        x,
        a("T", dt, "Tmultiples", I32),
        vec(1 + r.nextInt(2), r.nextInt(3), 1 + r.nextInt(3)));
    Tensor pads = matrix(3, r.nextInt(3), r.nextInt(2), r.nextInt(2), r.nextInt(3), 0, 1);
    add(out, "", "Pad", x, a("T", dt, "Tpaddings", I32), pads);
    Tensor mp =
        matrix(
            3,
            r.nextInt((int) d[0]),
            r.nextInt((int) d[0]),
            r.nextInt((int) d[1]),
            0,
            0,
            r.nextInt((int) d[2]));
    add(out, "REFLECT", "MirrorPad", x, a("T", dt, "Tpaddings", I32, "mode", "REFLECT"), mp);
    Tensor ms =
        matrix(
            3,
            r.nextInt((int) d[0] + 1),
            0,
            r.nextInt((int) d[1] + 1),
            r.nextInt((int) d[1] + 1),
            0,
            r.nextInt((int) d[2] + 1));
    add(out, "SYMMETRIC", "MirrorPad", x, a("T", dt, "Tpaddings", I32, "mode", "SYMMETRIC"), ms);
    add(out, "", "ReverseV2", x, a("T", dt, "Tidx", I32), vec(r.nextInt(3), -1));
    add(
        out,
        "",
        "Roll",
        x,
        a("T", dt, "Tshift", I32, "Taxis", I32),
        vec(r.nextInt(11) - 5, r.nextInt(7) - 3),
        vec(r.nextInt(3), -1));
    long b0 = r.nextInt((int) d[0]);
    long b2 = r.nextInt((int) d[2]);
    add(
        out,
        "",
        "Slice",
        x,
        a("T", dt, "Index", I32),
        vec(b0, 0, b2),
        vec(-1, r.nextInt((int) d[1] + 1), d[2] - b2));
    int sd = r.nextInt(3);
    {
      GraphDefBuilder g = new GraphDefBuilder();
      Map<String, TensorProto> feeds = new LinkedHashMap<>();
      addX(g, x, feeds);
      g.constant("axis", scalar(sd - 3));
      g.op("out", "Split", "axis", "x").attr("T", dt).attr("num_split", d[sd]);
      out.add("Split into " + d[sd] + " along " + (sd - 3), g.build(), feeds, outs((int) d[sd]));
    }
    add(
        out,
        "axis " + (sd - 3),
        "Unpack",
        x,
        a("T", dt, "num", d[sd], "axis", sd - 3),
        outs((int) d[sd]));
    add(out, "", "BroadcastTo", x, a("T", dt, "Tidx", I32), vec(2, d[0], d[1], d[2]));
    add(out, "", "ExpandDims", x, a("T", dt, "Tdim", I32), scalar(r.nextInt(9) - 4));
    add(out, "", "Reshape", x, a("T", dt, "Tshape", I32), vec(d[0] * d[1], -1));
    Tensor ones = RandomTensors.of(r, t, Shape.of(1, d[1], 1), true);
    add(out, "all", "Squeeze", ones, a("T", dt));
    add(out, "dim -1", "Squeeze", ones, a("T", dt, "squeeze_dims", ilist(-1)));
    add(out, "", "DeepCopy", x, a("T", dt));
    add(
        out,
        "",
        "SpaceToDepth",
        RandomTensors.of(r, t, Shape.of(1, 4, 2, 3), true),
        a("T", dt, "block_size", 2));
    add(
        out,
        "",
        "DepthToSpace",
        RandomTensors.of(r, t, Shape.of(2, 1, 2, 8), true),
        a("T", dt, "block_size", 2));
    add(
        out,
        "",
        "MatrixBandPart",
        x,
        a("T", dt, "Tindex", I32),
        scalar(r.nextInt(3) - 1),
        scalar(r.nextInt(3) - 1));
    add(
        out,
        "",
        "ReverseSequence",
        x,
        a("T", dt, "Tlen", I32, "seq_dim", 2, "batch_dim", 0),
        lens(r, (int) d[0], (int) d[2]));
  }

  private static Tensor lens(Random r, int n, int max) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(max + 1);
    }
    return Tensor.ofIntegers(DType.INT64, Shape.of(n), v);
  }

  private static void empties(CaseList out, Random r) {
    DataType f = DataType.DT_FLOAT;
    Tensor e = RandomTensors.of(r, DType.FLOAT, Shape.of(2, 0, 3), true);
    add(out, "empty", "Transpose", e, a("T", f, "Tperm", I32), vec(2, 1, 0));
    add(out, "empty", "Tile", e, a("T", f, "Tmultiples", I32), vec(2, 3, 1));
    add(out, "empty", "Pad", e, a("T", f, "Tpaddings", I32), matrix(3, 0, 1, 1, 1, 0, 0));
    add(out, "empty", "Reshape", e, a("T", f, "Tshape", I32), vec(0, -1, 2));
    add(out, "empty", "Reshape", e, a("T", f, "Tshape", I32), vec(-1, 5));
    add(out, "empty", "Unpack", e, a("T", f, "num", 2, "axis", 0), outs(2));
    Tensor s = Tensor.ofFloats(Shape.scalar(), 2.5f);
    add(out, "scalar", "ExpandDims", s, a("T", f, "Tdim", I32), scalar(-1));
    add(out, "scalar", "Reshape", s, a("T", f, "Tshape", I32), vec(1, 1, -1));
    add(out, "scalar", "Transpose", s, a("T", f, "Tperm", I32), vec());
    add(out, "scalar", "BroadcastTo", s, a("T", f, "Tidx", I32), vec(2, 0, 3));
  }

  private static void diagonals(CaseList out, Random r) {
    String[] aligns = {"LEFT_LEFT", "LEFT_RIGHT", "RIGHT_LEFT", "RIGHT_RIGHT"};
    for (int i = 0; i < 8; i++) {
      DType t = i % 2 == 0 ? DType.INT32 : DType.DOUBLE;
      DataType dt = t.proto();
      String align = aligns[r.nextInt(4)];
      int rows = 2 + r.nextInt(3);
      int cols = 2 + r.nextInt(3);
      int lo = -r.nextInt(rows);
      int hi = lo + r.nextInt(cols - lo);
      Tensor m = RandomTensors.of(r, t, Shape.of(2, rows, cols), true);
      Tensor pad = RandomTensors.of(r, t, Shape.scalar(), true);
      add(
          out,
          "k (" + lo + ", " + hi + ") " + align,
          "MatrixDiagPartV3",
          m,
          a("T", dt, "align", align),
          vec(lo, hi),
          pad);
      long maxLen = Math.min(rows + Math.min(hi, 0), cols - Math.max(lo, 0));
      Shape ds = lo == hi ? Shape.of(2, maxLen) : Shape.of(2, hi - lo + 1, maxLen);
      Tensor diag = RandomTensors.of(r, t, ds, true);
      add(
          out,
          "k (" + lo + ", " + hi + ") " + align,
          "MatrixSetDiagV3",
          m,
          a("T", dt, "align", align),
          List.of("out"),
          diag,
          vec(lo, hi));
      add(
          out,
          "k (" + lo + ", " + hi + ") " + align,
          "MatrixDiagV3",
          diag,
          a("T", dt, "align", align),
          vec(lo, hi),
          scalar(-1),
          scalar(-1),
          pad);
      add(
          out,
          "k " + lo + " rows " + (rows + 1),
          "MatrixDiagV2",
          RandomTensors.of(r, t, Shape.of(3), true),
          a("T", dt),
          scalar(lo),
          scalar(-1),
          scalar(3 + Math.max(lo, 0)),
          pad);
      add(out, "", "MatrixDiag", RandomTensors.of(r, t, Shape.of(2, 3), true), a("T", dt));
      add(out, "", "MatrixDiagPart", m, a("T", dt));
      add(
          out,
          "",
          "MatrixSetDiag",
          m,
          a("T", dt),
          List.of("out"),
          RandomTensors.of(r, t, Shape.of(2, Math.min(rows, cols)), true));
    }
    add(
        out,
        "",
        "Diag",
        RandomTensors.of(r, DType.FLOAT, Shape.of(2, 3), true),
        a("T", DataType.DT_FLOAT));
    add(
        out,
        "",
        "DiagPart",
        RandomTensors.of(r, DType.INT64, Shape.of(3, 2, 3, 2), true),
        a("T", DataType.DT_INT64));
  }

  private static void spaceBatch(CaseList out, Random r) {
    for (int i = 0; i < 6; i++) {
      DType t = i % 2 == 0 ? DType.FLOAT : DType.INT64;
      DataType dt = t.proto();
      int bh = 1 + r.nextInt(3);
      int bw = 1 + r.nextInt(2);
      int pt = r.nextInt(2);
      int pl = r.nextInt(2);
      int h = bh * (1 + r.nextInt(2)) - pt;
      int w = bw * (1 + r.nextInt(3)) - pl;
      Tensor x = RandomTensors.of(r, t, Shape.of(2, Math.max(h, 1), w, 2), true);
      long ph = x.shape().dim(1) + pt;
      long padB = (bh - ph % bh) % bh;
      add(
          out,
          "block [" + bh + "," + bw + "]",
          "SpaceToBatchND",
          x,
          a("T", dt, "Tblock_shape", I32, "Tpaddings", I32),
          vec(bh, bw),
          matrix(2, pt, padB, pl, 0));
      Tensor y = RandomTensors.of(r, t, Shape.of(2L * bh * bw, 2, 3, 1), true);
      add(
          out,
          "block [" + bh + "," + bw + "]",
          "BatchToSpaceND",
          y,
          a("T", dt, "Tblock_shape", I32, "Tcrops", I32),
          vec(bh, bw),
          matrix(2, r.nextInt(2), 0, 0, r.nextInt(2)));
    }
    for (String padding : List.of("SAME", "VALID")) {
      Tensor img = RandomTensors.of(r, DType.FLOAT, Shape.of(1, 5, 4, 2), true);
      add(
          out,
          padding,
          "ExtractImagePatches",
          img,
          a(
              "T",
              DataType.DT_FLOAT,
              "ksizes",
              ilist(1, 2, 3, 1),
              "strides",
              ilist(1, 2, 1, 1),
              "rates",
              ilist(1, 1, 2, 1),
              "padding",
              padding));
    }
  }

  private static void values(CaseList out) {
    add(out, "int", "Range", scalar(-3), a("Tidx", I32), List.of("out"), scalar(11), scalar(4));
    add(
        out,
        "int down",
        "Range",
        scalar(10),
        a("Tidx", I32),
        List.of("out"),
        scalar(-3),
        scalar(-4));
    Tensor f0 = Tensor.ofFloats(Shape.scalar(), 0.1f);
    add(
        out,
        "float",
        "Range",
        f0,
        a("Tidx", DataType.DT_FLOAT),
        List.of("out"),
        Tensor.ofFloats(Shape.scalar(), 2.35f),
        Tensor.ofFloats(Shape.scalar(), 0.3f));
    add(
        out,
        "double",
        "Range",
        Tensor.ofDoubles(Shape.scalar(), -1.5),
        a("Tidx", DataType.DT_DOUBLE),
        List.of("out"),
        Tensor.ofDoubles(Shape.scalar(), 7.3),
        Tensor.ofDoubles(Shape.scalar(), 0.7));
    add(
        out,
        "float",
        "LinSpace",
        f0,
        a("T", DataType.DT_FLOAT, "Tidx", I32),
        List.of("out"),
        Tensor.ofFloats(Shape.scalar(), 3.7f),
        scalar(7));
    add(
        out,
        "double",
        "LinSpace",
        Tensor.ofDoubles(Shape.scalar(), -2.1),
        a("T", DataType.DT_DOUBLE, "Tidx", I32),
        List.of("out"),
        Tensor.ofDoubles(Shape.scalar(), 5.3),
        scalar(9));
    Tensor idx = Tensor.ofIntegers(DType.INT64, Shape.of(2, 3), 0, 3, -1, 2, 1, 5);
    for (int axis : new int[] {-1, 0, 1}) {
      add(
          out,
          "axis " + axis,
          "OneHot",
          idx,
          a("T", DataType.DT_FLOAT, "TI", DataType.DT_INT64, "axis", axis),
          scalar(4),
          Tensor.ofFloats(Shape.scalar(), 2f),
          Tensor.ofFloats(Shape.scalar(), -1f));
    }
    add(out, "", "BroadcastArgs", vec(2, 1, 3), a("T", I32), vec(4, 1));
    add(
        out,
        "",
        "BroadcastGradientArgs",
        vec(2, 1, 3),
        a("T", I32),
        List.of("out", "out:1"),
        vec(1, 4, 1));
    add(
        out,
        "",
        "Shape",
        RandomTensors.of(new Random(1), DType.BOOL, Shape.of(3, 0, 2), true),
        a("T", DataType.DT_BOOL, "out_type", DataType.DT_INT64));
  }

  private static void more(CaseList out, Random r) {
    Tensor x = RandomTensors.of(r, DType.FLOAT, Shape.of(2, 7), true);
    DataType f = DataType.DT_FLOAT;
    add(
        out,
        "",
        "SplitV",
        x,
        a("T", f, "Tlen", I32, "num_split", 3),
        outs(3),
        vec(2, -1, 1),
        scalar(-1));
    add(
        out,
        "",
        "SplitV",
        x,
        a("T", f, "Tlen", I32, "num_split", 2),
        outs(2),
        vec(3, 4),
        scalar(1));
    add(
        out,
        "error: sizes",
        "SplitV",
        x,
        a("T", f, "Tlen", I32, "num_split", 2),
        outs(2),
        vec(3, 5),
        scalar(1));
    add(
        out,
        "",
        "PadV2",
        x,
        a("T", f, "Tpaddings", I32),
        matrix(2, 1, 0, 2, 3),
        Tensor.ofFloats(Shape.scalar(), -7.5f));
    add(out, "", "Size", x, a("T", f, "out_type", DataType.DT_INT64));
    add(out, "", "Rank", x, a("T", f));
    Tensor c = RandomTensors.of(r, DType.COMPLEX64, Shape.of(2, 3), true);
    add(out, "", "ConjugateTranspose", c, a("T", DataType.DT_COMPLEX64, "Tperm", I32), vec(1, 0));
    Tensor one = RandomTensors.of(r, DType.INT32, Shape.of(1, 3), true);
    add(
        out,
        "",
        "ParallelConcat",
        one,
        a(
            "T",
            I32,
            "N",
            1,
            "shape",
            AttrValue.newBuilder().setShape(Shape.of(1, 3).toPartial().toProto()).build()));
    {
      GraphDefBuilder g = new GraphDefBuilder();
      Map<String, TensorProto> feeds = new LinkedHashMap<>();
      addX(g, x, feeds);
      g.constant("dim", scalar(0));
      g.op("out", "Concat", "dim", "x", "x").attr("T", f).attr("N", 2);
      g.op("shapes", "ShapeN", "x", "out").attr("T", f).attr("N", 2).attr("out_type", I32);
      out.add(
          "Concat v1 and ShapeN. x: " + mode,
          g.build(),
          feeds,
          List.of("out", "shapes", "shapes:1"));
    }
    Tensor seq = RandomTensors.of(r, DType.INT32, Shape.of(3, 4, 2), true);
    add(
        out,
        "batch 2 seq 1",
        "ReverseSequence",
        seq,
        a("T", I32, "Tlen", I32, "seq_dim", 1, "batch_dim", 2),
        vec(4, 1));
  }

  private static void errors(CaseList out) {
    Tensor x = Tensor.ofFloats(Shape.of(2, 3), 1, 2, 3, 4, 5, 6);
    DataType f = DataType.DT_FLOAT;
    add(out, "error: element count", "Reshape", x, a("T", f, "Tshape", I32), vec(4));
    add(out, "error: two -1", "Reshape", x, a("T", f, "Tshape", I32), vec(-1, -1));
    add(out, "error: not a multiple", "Reshape", x, a("T", f, "Tshape", I32), vec(-1, 4));
    add(out, "error: axis", "ConcatV2", x, a("T", f, "N", 1, "Tidx", I32), scalar(2));
    add(out, "error: perm", "Transpose", x, a("T", f, "Tperm", I32), vec(0, 0));
    add(out, "error: multiples", "Tile", x, a("T", f, "Tmultiples", I32), vec(1));
    add(
        out,
        "error: negative padding",
        "Pad",
        x,
        a("T", f, "Tpaddings", I32),
        matrix(2, -1, 0, 0, 0));
    add(
        out,
        "error: reflect too far",
        "MirrorPad",
        x,
        a("T", f, "Tpaddings", I32, "mode", "REFLECT"),
        matrix(2, 0, 2, 0, 0));
    add(out, "error: slice size", "Slice", x, a("T", f, "Index", I32), vec(1, 1), vec(2, 1));
    add(out, "error: squeeze", "Squeeze", x, a("T", f, "squeeze_dims", ilist(0)));
    add(out, "error: expand", "ExpandDims", x, a("T", f, "Tdim", I32), scalar(-4));
    add(out, "error: broadcast", "BroadcastTo", x, a("T", f, "Tidx", I32), vec(3, 3));
    add(out, "error: reverse axis", "ReverseV2", x, a("T", f, "Tidx", I32), vec(2));
    add(out, "error: roll axis", "Roll", x, a("T", f, "Tshift", I32, "Taxis", I32), vec(1), vec(2));
    add(out, "error: unpack num", "Unpack", x, a("T", f, "num", 3, "axis", 0), outs(3));
    add(
        out,
        "error: delta sign",
        "Range",
        scalar(5),
        a("Tidx", I32),
        List.of("out"),
        scalar(1),
        scalar(1));
    add(
        out,
        "error: zero delta",
        "Range",
        scalar(5),
        a("Tidx", I32),
        List.of("out"),
        scalar(9),
        scalar(0));
    add(
        out,
        "error: block",
        "SpaceToDepth",
        Tensor.ofFloats(Shape.of(1, 3, 2, 1), 1, 2, 3, 4, 5, 6),
        a("T", f, "block_size", 2));
    add(
        out,
        "error: NCHW",
        "DepthToSpace",
        Tensor.ofFloats(Shape.of(1, 4, 1, 1), 1, 2, 3, 4),
        a("T", f, "block_size", 2, "data_format", "NCHW"));
    add(out, "error: band", "MatrixBandPart", x, a("T", f, "Tindex", I32), scalar(3), scalar(0));
  }
}
