package dev.rawops.tfgen;

import static dev.rawops.tfgen.SparseOpCaseKit.ALL;
import static dev.rawops.tfgen.SparseOpCaseKit.ix;
import static dev.rawops.tfgen.SparseOpCaseKit.join;
import static dev.rawops.tfgen.SparseOpCaseKit.node;
import static dev.rawops.tfgen.SparseOpCaseKit.randomSparse;
import static dev.rawops.tfgen.SparseOpCaseKit.reversedSparse;
import static dev.rawops.tfgen.SparseOpCaseKit.sp;
import static dev.rawops.tfgen.SparseOpCaseKit.vals;
import static dev.rawops.tfgen.SparseOpCaseKit.vec;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.SparseOpCaseKit.Sp;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The sparse family's structural ops: SparseConcat, SparseSlice and SparseSplit (every dtype TF
 * registers but resource and variant, ranks 1 to 3, negative dims, unordered and repeated entries,
 * empty inputs, and their errors).
 */
final class SparseOpCases {
  private SparseOpCases() {}

  static void all(CaseList out) {
    concats(out, new Random(4242));
    slices(out, new Random(4343));
    splits(out, new Random(4444));
  }

  private static void concat(CaseList out, String what, long dim, DType t, Sp... in) {
    Tensor[] ixs = new Tensor[in.length];
    Tensor[] values = new Tensor[in.length];
    Tensor[] shapes = new Tensor[in.length];
    for (int i = 0; i < in.length; i++) {
      ixs[i] = in[i].ix();
      values[i] = in[i].values();
      shapes[i] = in[i].shape();
    }
    Consumer<GraphDefBuilder> attrs =
        g -> {
          g.attr("concat_dim", dim);
          g.attr("N", (long) in.length);
          g.attr("T", t);
        };
    node(out, what, "SparseConcat", attrs, 3, join(ixs, values, shapes));
  }

  private static void concats(CaseList out, Random r) {
    concat(
        out,
        "TF's documented example (concat_dim 1, string)",
        1,
        DType.STRING,
        new Sp(ix(2, 0, 2, 1, 0, 1, 1), Tensor.ofStrings(Shape.of(3), "a", "b", "c"), vec(2, 3)),
        new Sp(ix(2, 0, 1, 0, 2), Tensor.ofStrings(Shape.of(2), "d", "e"), vec(2, 4)));
    for (DType t : ALL) {
      concat(
          out,
          t.tfName() + " rank 2 along dim 1",
          1,
          t,
          randomSparse(r, t, new long[] {3, 2}, 3),
          randomSparse(r, t, new long[] {3, 4}, 5));
    }
    concat(
        out,
        "three rank-3 inputs along dim 0, one empty",
        0,
        DType.INT32,
        randomSparse(r, DType.INT32, new long[] {2, 2, 3}, 4),
        sp(DType.INT32, new long[] {1, 2, 3}, new long[0]),
        randomSparse(r, DType.INT32, new long[] {3, 2, 3}, 6));
    concat(
        out,
        "rank 3 along dim -1",
        -1,
        DType.FLOAT,
        randomSparse(r, DType.FLOAT, new long[] {2, 3, 2}, 5),
        randomSparse(r, DType.FLOAT, new long[] {2, 3, 3}, 5));
    concat(
        out,
        "rank 1",
        0,
        DType.DOUBLE,
        randomSparse(r, DType.DOUBLE, new long[] {4}, 2),
        randomSparse(r, DType.DOUBLE, new long[] {3}, 3));
    concat(
        out,
        "unordered inputs",
        1,
        DType.INT64,
        reversedSparse(r, DType.INT64, new long[] {3, 3}, 5),
        reversedSparse(r, DType.INT64, new long[] {3, 2}, 4));
    concat(
        out,
        "repeated entries",
        0,
        DType.INT32,
        sp(DType.INT32, new long[] {2, 2}, new long[] {0, 1, 0, 1, 1, 0}, 1, 2, 3),
        sp(DType.INT32, new long[] {1, 2}, new long[] {0, 0, 0, 0}, 4, 5));
    concat(
        out,
        "all inputs empty",
        0,
        DType.FLOAT,
        sp(DType.FLOAT, new long[] {2, 2}, new long[0]),
        sp(DType.FLOAT, new long[] {0, 2}, new long[0]));
    Sp a = randomSparse(r, DType.FLOAT, new long[] {2, 3}, 3);
    concat(
        out,
        "concat_dim 2 of rank 2",
        2,
        DType.FLOAT,
        a,
        randomSparse(r, DType.FLOAT, new long[] {2, 3}, 2));
    concat(
        out,
        "concat_dim -3 of rank 2",
        -3,
        DType.FLOAT,
        a,
        randomSparse(r, DType.FLOAT, new long[] {2, 3}, 2));
    concat(
        out,
        "ranks differ",
        0,
        DType.FLOAT,
        a,
        randomSparse(r, DType.FLOAT, new long[] {2, 3, 1}, 2));
    concat(
        out,
        "other dims differ",
        0,
        DType.FLOAT,
        a,
        randomSparse(r, DType.FLOAT, new long[] {2, 4}, 2));
    concat(
        out,
        "indices not a matrix",
        0,
        DType.FLOAT,
        a,
        new Sp(vec(0, 1), vals(DType.FLOAT, 1), vec(2, 3)));
    concat(
        out,
        "values not a vector",
        0,
        DType.FLOAT,
        a,
        new Sp(ix(2, 0, 1), vals(DType.FLOAT, Shape.of(1, 1), 1), vec(2, 3)));
    concat(
        out,
        "shape not a vector",
        0,
        DType.FLOAT,
        a,
        new Sp(ix(2, 0, 1), vals(DType.FLOAT, 1), Tensor.ofLongs(Shape.of(1, 2), 2, 3)));
    concat(
        out,
        "values fewer than indices",
        0,
        DType.FLOAT,
        a,
        new Sp(ix(2, 0, 1, 1, 1), vals(DType.FLOAT, 1), vec(2, 3)));
    concat(
        out,
        "index rank not the shape's",
        0,
        DType.FLOAT,
        a,
        new Sp(ix(3, 0, 1, 0), vals(DType.FLOAT, 1), vec(2, 3)));
    concat(
        out,
        "a negative dimension",
        0,
        DType.FLOAT,
        new Sp(ix(2), vals(DType.FLOAT), vec(-1, 3)),
        randomSparse(r, DType.FLOAT, new long[] {2, 3}, 2));
  }

  private static void slice(CaseList out, String what, DType t, Sp s, Tensor start, Tensor size) {
    node(
        out,
        what,
        "SparseSlice",
        g -> g.attr("T", t),
        3,
        join(s.parts(), new Tensor[] {start, size}));
  }

  private static void slices(CaseList out, Random r) {
    Sp doc =
        sp(
            DType.INT32,
            new long[] {4, 6},
            new long[] {0, 0, 0, 2, 0, 4, 0, 5, 1, 1, 2, 3, 3, 0},
            1,
            2,
            3,
            4,
            5,
            6,
            7);
    slice(
        out,
        "TF's documented example, start [0, 0] size [2, 4]",
        DType.INT32,
        doc,
        vec(0, 0),
        vec(2, 4));
    slice(
        out,
        "TF's documented example, start [0, 4] size [4, 2]",
        DType.INT32,
        doc,
        vec(0, 4),
        vec(4, 2));
    for (DType t : ALL) {
      slice(
          out,
          t.tfName() + " rank 2",
          t,
          randomSparse(r, t, new long[] {4, 5}, 9),
          vec(1, 1),
          vec(2, 3));
    }
    Sp f = randomSparse(r, DType.FLOAT, new long[] {3, 4, 2}, 12);
    slice(out, "rank 3, size past the end (clipped)", DType.FLOAT, f, vec(1, 2, 1), vec(5, 5, 5));
    slice(out, "rank 3, nothing inside", DType.FLOAT, f, vec(0, 0, 0), vec(3, 0, 2));
    slice(out, "start at the end", DType.FLOAT, f, vec(3, 0, 0), vec(1, 4, 2));
    slice(out, "start past the end", DType.FLOAT, f, vec(0, 5, 0), vec(3, 2, 2));
    slice(
        out,
        "rank 1",
        DType.INT64,
        randomSparse(r, DType.INT64, new long[] {10}, 6),
        vec(3),
        vec(4));
    slice(
        out,
        "unordered entries keep their order",
        DType.DOUBLE,
        reversedSparse(r, DType.DOUBLE, new long[] {4, 4}, 10),
        vec(1, 0),
        vec(2, 3));
    slice(
        out,
        "repeated entries",
        DType.INT32,
        sp(DType.INT32, new long[] {3, 3}, new long[] {1, 1, 1, 1, 2, 2, 1, 1}, 1, 2, 3, 4),
        vec(1, 1),
        vec(2, 2));
    slice(
        out,
        "empty input",
        DType.FLOAT,
        sp(DType.FLOAT, new long[] {3, 3}, new long[0]),
        vec(0, 0),
        vec(2, 2));
    slice(out, "a negative start", DType.FLOAT, f, vec(-1, 0, 0), vec(2, 2, 2));
    slice(out, "a negative size", DType.FLOAT, f, vec(0, 0, 0), vec(2, -1, 2));
    slice(out, "start of the wrong length", DType.FLOAT, f, vec(0, 0), vec(2, 2, 2));
    slice(out, "size of the wrong length", DType.FLOAT, f, vec(0, 0, 0), vec(2, 2));
    slice(
        out,
        "start not a vector",
        DType.FLOAT,
        f,
        Tensor.ofLongs(Shape.of(1, 3), 0, 0, 0),
        vec(2, 2, 2));
    slice(
        out,
        "indices not a matrix",
        DType.FLOAT,
        new Sp(vec(0, 1), vals(DType.FLOAT, 1, 2), vec(3)),
        vec(0),
        vec(2));
    slice(
        out,
        "values not a vector",
        DType.FLOAT,
        new Sp(ix(1, 0), vals(DType.FLOAT, Shape.of(1, 1), 1), vec(3)),
        vec(0),
        vec(2));
    slice(
        out,
        "values fewer than indices",
        DType.FLOAT,
        new Sp(ix(1, 0, 1), vals(DType.FLOAT, 1), vec(3)),
        vec(0),
        vec(2));
    slice(
        out,
        "index rank not the shape's",
        DType.FLOAT,
        new Sp(ix(2, 0, 1), vals(DType.FLOAT, 1), vec(3)),
        vec(0),
        vec(2));
  }

  private static void split(CaseList out, String what, DType t, long dim, int n, Sp s) {
    node(
        out,
        what,
        "SparseSplit",
        g -> {
          g.attr("num_split", (long) n);
          g.attr("T", t);
        },
        3 * n,
        join(new Tensor[] {Tensor.ofLongs(Shape.scalar(), dim)}, s.parts()));
  }

  private static void splits(CaseList out, Random r) {
    split(
        out,
        "TF's documented example (dim 1 of [2, 7] in 2)",
        DType.STRING,
        1,
        2,
        new Sp(
            ix(2, 0, 2, 0, 4, 1, 0, 1, 2, 1, 6),
            Tensor.ofStrings(Shape.of(5), "a", "b", "c", "d", "e"),
            vec(2, 7)));
    for (DType t : ALL) {
      split(out, t.tfName() + " rank 2 in 2", t, 1, 2, randomSparse(r, t, new long[] {3, 4}, 7));
    }
    Sp f = randomSparse(r, DType.FLOAT, new long[] {7, 3, 2}, 20);
    split(out, "7 rows in 3 (a residual)", DType.FLOAT, 0, 3, f);
    split(out, "7 rows in 7", DType.FLOAT, 0, 7, f);
    split(out, "dim -1 in 2", DType.FLOAT, -1, 2, f);
    split(out, "dim -3 in 1", DType.FLOAT, -3, 1, f);
    split(out, "rank 1 in 3", DType.INT32, 0, 3, randomSparse(r, DType.INT32, new long[] {8}, 5));
    split(
        out,
        "unordered entries keep their order",
        DType.INT64,
        1,
        2,
        reversedSparse(r, DType.INT64, new long[] {3, 5}, 8));
    split(
        out,
        "repeated entries",
        DType.INT32,
        0,
        2,
        sp(DType.INT32, new long[] {4, 2}, new long[] {3, 1, 0, 0, 3, 1, 0, 0}, 1, 2, 3, 4));
    split(out, "empty input", DType.FLOAT, 1, 3, sp(DType.FLOAT, new long[] {2, 3}, new long[0]));
    split(out, "num_split above the dimension", DType.FLOAT, 1, 4, f);
    split(out, "split_dim equal to the rank", DType.FLOAT, 3, 2, f);
    split(out, "split_dim below -rank", DType.FLOAT, -4, 2, f);
    split(
        out,
        "indices not a matrix",
        DType.FLOAT,
        0,
        2,
        new Sp(vec(0, 1), vals(DType.FLOAT, 1, 2), vec(3)));
    split(
        out,
        "values not a vector",
        DType.FLOAT,
        0,
        2,
        new Sp(ix(1, 0), vals(DType.FLOAT, Shape.of(1, 1), 1), vec(3)));
    split(
        out,
        "shape not a vector",
        DType.FLOAT,
        0,
        2,
        new Sp(ix(1, 0), vals(DType.FLOAT, 1), Tensor.ofLongs(Shape.of(1, 1), 3)));
    split(
        out,
        "values fewer than indices",
        DType.FLOAT,
        0,
        2,
        new Sp(ix(1, 0, 1), vals(DType.FLOAT, 1), vec(3)));
    split(
        out,
        "an index out of range",
        DType.FLOAT,
        0,
        2,
        new Sp(ix(1, 0, 5), vals(DType.FLOAT, 1, 2), vec(3)));
  }
}
