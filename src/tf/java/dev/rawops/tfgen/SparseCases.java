package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The Sparse family: SparseFillEmptyRows (ordered and unordered rows, empty rows first, last and
 * between, no empty row at all, string/bool/float/int values, zero rows, and its errors) and
 * SparseReshape (a -1 dimension, rank changes, same shape, empty inputs, and its errors). Every
 * input is fed.
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
    return out.cases();
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
}
