package dev.rawops.tfgen;

import static dev.rawops.tfgen.SparseOpCaseKit.REAL;
import static dev.rawops.tfgen.SparseOpCaseKit.i32;
import static dev.rawops.tfgen.SparseOpCaseKit.ix;
import static dev.rawops.tfgen.SparseOpCaseKit.join;
import static dev.rawops.tfgen.SparseOpCaseKit.node;
import static dev.rawops.tfgen.SparseOpCaseKit.randomSparse;
import static dev.rawops.tfgen.SparseOpCaseKit.reversedSparse;
import static dev.rawops.tfgen.SparseOpCaseKit.sp;
import static dev.rawops.tfgen.SparseOpCaseKit.vals;
import static dev.rawops.tfgen.SparseOpCaseKit.vec;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.SparseOpCaseKit.Sp;
import java.util.Random;

/**
 * The sparse family's arithmetic: SparseAdd (thresh, overlapping and disjoint entries),
 * SparseSoftmax, SparseReduceSum/Max and their Sparse forms (keep_dims, negative and repeated
 * axes), SparseDenseCwiseAdd/Mul/Div (dense broadcast to the sparse shape) and
 * SparseSparseMaximum/Minimum, for every dtype TF registers, with TF's errors.
 */
final class SparseMathCases {
  private SparseMathCases() {}

  static final DType[] ADD =
      new DType[] {
        DType.INT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.FLOAT,
        DType.DOUBLE,
        DType.COMPLEX64,
        DType.COMPLEX128
      };

  static final DType[] SUM =
      new DType[] {
        DType.INT8,
        DType.INT16,
        DType.INT32,
        DType.INT64,
        DType.UINT8,
        DType.UINT16,
        DType.UINT32,
        DType.UINT64,
        DType.HALF,
        DType.BFLOAT16,
        DType.FLOAT,
        DType.DOUBLE,
        DType.COMPLEX64,
        DType.COMPLEX128
      };

  static void all(CaseList out) {
    adds(out, new Random(5151));
    softmaxes(out, new Random(5252));
    reduces(out, new Random(5353));
    SparseElementwiseCases.cwise(out, new Random(5454));
    SparseElementwiseCases.sparseSparse(out, new Random(5555));
  }

  private static Tensor thresh(DType t, double v) {
    DType real =
        switch (t) {
          case COMPLEX64 -> DType.FLOAT;
          case COMPLEX128 -> DType.DOUBLE;
          default -> t;
        };
    return vals(real, Shape.scalar(), v);
  }

  private static void add(CaseList out, String what, DType t, Sp a, Sp b, Tensor th) {
    node(
        out,
        what,
        "SparseAdd",
        g -> {
          g.attr("T", t);
          g.attr("Treal", th.dtype());
        },
        3,
        join(a.parts(), b.parts(), new Tensor[] {th}));
  }

  private static void adds(CaseList out, Random r) {
    for (DType t : ADD) {
      long[] shape = {3, 4};
      add(
          out,
          t.tfName() + " overlapping entries",
          t,
          randomSparse(r, t, shape, 6),
          randomSparse(r, t, shape, 6),
          thresh(t, 0));
    }
    long[] s = {2, 3};
    Sp a = sp(DType.FLOAT, s, new long[] {0, 0, 0, 2, 1, 1, 1, 2}, 1.5, -2, 3, 0.25);
    Sp b = sp(DType.FLOAT, s, new long[] {0, 0, 0, 1, 1, 1, 1, 2}, -1.5, 4, -2.75, 0.5);
    add(out, "thresh 0 keeps an exact zero sum", DType.FLOAT, a, b, thresh(DType.FLOAT, 0));
    add(out, "thresh 0.5 drops small sums", DType.FLOAT, a, b, thresh(DType.FLOAT, 0.5));
    add(out, "thresh 1 (inclusive)", DType.FLOAT, a, b, thresh(DType.FLOAT, 1));
    add(out, "a negative thresh", DType.FLOAT, a, b, thresh(DType.FLOAT, -1));
    add(
        out,
        "thresh on complex magnitudes",
        DType.COMPLEX64,
        randomSparse(r, DType.COMPLEX64, s, 4),
        randomSparse(r, DType.COMPLEX64, s, 4),
        thresh(DType.COMPLEX64, 5));
    add(
        out,
        "b's entries before a's",
        DType.INT32,
        sp(DType.INT32, s, new long[] {1, 0, 1, 2}, 1, 2),
        sp(DType.INT32, s, new long[] {0, 0, 0, 1}, 3, 4),
        thresh(DType.INT32, 0));
    add(
        out,
        "int thresh drops small sums",
        DType.INT64,
        randomSparse(r, DType.INT64, s, 5),
        randomSparse(r, DType.INT64, s, 5),
        thresh(DType.INT64, 10));
    add(
        out,
        "a empty",
        DType.DOUBLE,
        sp(DType.DOUBLE, s, new long[0]),
        randomSparse(r, DType.DOUBLE, s, 3),
        thresh(DType.DOUBLE, 0));
    add(
        out,
        "both empty",
        DType.DOUBLE,
        sp(DType.DOUBLE, s, new long[0]),
        sp(DType.DOUBLE, s, new long[0]),
        thresh(DType.DOUBLE, 0));
    add(
        out,
        "rank 1",
        DType.INT32,
        randomSparse(r, DType.INT32, new long[] {6}, 3),
        randomSparse(r, DType.INT32, new long[] {6}, 4),
        thresh(DType.INT32, 0));
    add(
        out,
        "rank 3",
        DType.FLOAT,
        randomSparse(r, DType.FLOAT, new long[] {2, 2, 3}, 6),
        randomSparse(r, DType.FLOAT, new long[] {2, 2, 3}, 6),
        thresh(DType.FLOAT, 0));
    add(
        out,
        "unordered a",
        DType.INT32,
        reversedSparse(r, DType.INT32, new long[] {3, 3}, 5),
        randomSparse(r, DType.INT32, new long[] {3, 3}, 4),
        thresh(DType.INT32, 0));
    add(
        out,
        "repeated entries",
        DType.INT32,
        sp(DType.INT32, s, new long[] {0, 1, 0, 1, 1, 1}, 1, 2, 3),
        sp(DType.INT32, s, new long[] {0, 1, 1, 1}, 10, 20),
        thresh(DType.INT32, 0));
    Sp g = randomSparse(r, DType.FLOAT, s, 3);
    add(
        out,
        "shapes differ",
        DType.FLOAT,
        g,
        randomSparse(r, DType.FLOAT, new long[] {2, 4}, 3),
        thresh(DType.FLOAT, 0));
    add(
        out,
        "ranks differ",
        DType.FLOAT,
        g,
        randomSparse(r, DType.FLOAT, new long[] {2, 3, 1}, 3),
        thresh(DType.FLOAT, 0));
    add(
        out,
        "indices not a matrix",
        DType.FLOAT,
        g,
        new Sp(vec(0, 1), vals(DType.FLOAT, 1, 2), vec(2, 3)),
        thresh(DType.FLOAT, 0));
    add(
        out,
        "values not a vector",
        DType.FLOAT,
        g,
        new Sp(ix(2, 0, 1), vals(DType.FLOAT, Shape.of(1, 1), 1), vec(2, 3)),
        thresh(DType.FLOAT, 0));
    add(
        out,
        "values fewer than indices",
        DType.FLOAT,
        g,
        new Sp(ix(2, 0, 1, 1, 1), vals(DType.FLOAT, 1), vec(2, 3)),
        thresh(DType.FLOAT, 0));
    add(
        out,
        "shape not a vector",
        DType.FLOAT,
        g,
        new Sp(ix(2, 0, 1), vals(DType.FLOAT, 1), Tensor.ofLongs(Shape.of(1, 2), 2, 3)),
        thresh(DType.FLOAT, 0));
    add(out, "thresh not a scalar", DType.FLOAT, g, g, vals(DType.FLOAT, 0));
    add(
        out,
        "an index out of range",
        DType.FLOAT,
        g,
        new Sp(ix(2, 0, 5), vals(DType.FLOAT, 1), vec(2, 3)),
        thresh(DType.FLOAT, 0));
    add(
        out,
        "index rank not the shape's",
        DType.FLOAT,
        g,
        new Sp(ix(3, 0, 1, 0), vals(DType.FLOAT, 1), vec(2, 3)),
        thresh(DType.FLOAT, 0));
  }

  private static void softmax(CaseList out, String what, DType t, Sp s) {
    node(out, what, "SparseSoftmax", g -> g.attr("T", t), 1, s.parts());
  }

  private static void softmaxes(CaseList out, Random r) {
    for (DType t : new DType[] {DType.HALF, DType.FLOAT, DType.DOUBLE}) {
      softmax(out, t.tfName() + " rank 2", t, randomSparse(r, t, new long[] {4, 5}, 12));
    }
    softmax(
        out,
        "TF's documented example",
        DType.FLOAT,
        sp(
            DType.FLOAT,
            new long[] {2, 3},
            new long[] {0, 0, 0, 2, 1, 0, 1, 1, 1, 2},
            1,
            2,
            3,
            4,
            5));
    softmax(out, "rank 3", DType.DOUBLE, randomSparse(r, DType.DOUBLE, new long[] {2, 3, 4}, 15));
    softmax(
        out,
        "unordered entries (output in index order)",
        DType.FLOAT,
        reversedSparse(r, DType.FLOAT, new long[] {3, 4}, 8));
    softmax(
        out,
        "large values",
        DType.FLOAT,
        sp(DType.FLOAT, new long[] {1, 3}, new long[] {0, 0, 0, 1, 0, 2}, 1000, 999, -1000));
    softmax(out, "empty", DType.FLOAT, sp(DType.FLOAT, new long[] {2, 2}, new long[0]));
    softmax(
        out, "rank 1 shape", DType.FLOAT, sp(DType.FLOAT, new long[] {3}, new long[] {0, 1}, 1, 2));
    softmax(
        out,
        "indices not a matrix",
        DType.FLOAT,
        new Sp(vec(0, 1), vals(DType.FLOAT, 1, 2), vec(2, 3)));
    softmax(
        out,
        "values not a vector",
        DType.FLOAT,
        new Sp(ix(2, 0, 1), vals(DType.FLOAT, Shape.of(1, 1), 1), vec(2, 3)));
    softmax(
        out,
        "values fewer than indices",
        DType.FLOAT,
        new Sp(ix(2, 0, 1, 1, 1), vals(DType.FLOAT, 1), vec(2, 3)));
  }

  private static void reduce(
      CaseList out, String what, String op, DType t, Sp s, Tensor axes, boolean keep) {
    node(
        out,
        what + (keep ? " keep_dims" : ""),
        op,
        g -> {
          g.attr("T", t);
          g.attr("keep_dims", keep);
        },
        op.endsWith("Sparse") ? 3 : 1,
        join(s.parts(), new Tensor[] {axes}));
  }

  private static void reduces(CaseList out, Random r) {
    for (DType t : SUM) {
      reduce(
          out,
          t.tfName() + " rank 2 axis 1",
          "SparseReduceSum",
          t,
          randomSparse(r, t, new long[] {4, 3}, 7),
          i32(1),
          false);
    }
    for (DType t : REAL) {
      reduce(
          out,
          t.tfName() + " rank 2 axis 1",
          "SparseReduceMax",
          t,
          randomSparse(r, t, new long[] {4, 3}, 7),
          i32(1),
          false);
    }
    for (DType t : new DType[] {DType.INT32, DType.FLOAT, DType.COMPLEX128, DType.UINT8}) {
      reduce(
          out,
          t.tfName() + " rank 2 axis 0",
          "SparseReduceSumSparse",
          t,
          randomSparse(r, t, new long[] {3, 4}, 6),
          i32(0),
          false);
    }
    for (DType t : new DType[] {DType.INT64, DType.DOUBLE, DType.HALF, DType.UINT16}) {
      reduce(
          out,
          t.tfName() + " rank 2 axis 0",
          "SparseReduceMaxSparse",
          t,
          randomSparse(r, t, new long[] {3, 4}, 6),
          i32(0),
          false);
    }
    Sp f = randomSparse(r, DType.INT32, new long[] {3, 2, 4}, 12);
    Sp rev = reversedSparse(r, DType.INT32, new long[] {3, 4}, 7);
    for (String op :
        new String[] {
          "SparseReduceSum", "SparseReduceMax", "SparseReduceSumSparse", "SparseReduceMaxSparse"
        }) {
      for (boolean keep : new boolean[] {false, true}) {
        reduce(out, "rank 3 axes [0, 2]", op, DType.INT32, f, i32(0, 2), keep);
        reduce(out, "rank 3 axis -1", op, DType.INT32, f, i32(-1), keep);
      }
      reduce(
          out, "rank 3 scalar axis 1", op, DType.INT32, f, Tensor.ofInts(Shape.scalar(), 1), false);
      reduce(out, "all axes", op, DType.INT32, f, i32(0, 1, 2), false);
      reduce(out, "all axes", op, DType.INT32, f, i32(2, -2, 0), true);
      reduce(out, "no axes", op, DType.INT32, f, i32(), false);
      reduce(out, "a repeated axis", op, DType.INT32, f, i32(1, 1), false);
      reduce(out, "unordered entries", op, DType.INT32, rev, i32(0), false);
      reduce(
          out,
          "repeated entries",
          op,
          DType.INT32,
          sp(DType.INT32, new long[] {2, 2}, new long[] {0, 1, 0, 1, 1, 0}, 5, 7, 9),
          i32(1),
          false);
      reduce(
          out,
          "empty input",
          op,
          DType.FLOAT,
          sp(DType.FLOAT, new long[] {2, 3}, new long[0]),
          i32(1),
          false);
      reduce(out, "axis equal to the rank", op, DType.INT32, f, i32(3), false);
      reduce(out, "axis below -rank", op, DType.INT32, f, i32(-4), false);
    }
    reduce(
        out,
        "negative values (max not 0)",
        "SparseReduceMax",
        DType.FLOAT,
        sp(DType.FLOAT, new long[] {2, 3}, new long[] {0, 0, 0, 2, 1, 1}, -3, -1.5, -2),
        i32(1),
        false);
    reduce(
        out,
        "axes not a vector",
        "SparseReduceSum",
        DType.INT32,
        f,
        Tensor.ofInts(Shape.of(1, 1), 0),
        false);
    reduce(
        out,
        "shape not a vector",
        "SparseReduceSum",
        DType.INT32,
        new Sp(ix(2, 0, 1), vals(DType.INT32, 1), Tensor.ofLongs(Shape.of(1, 2), 2, 3)),
        i32(0),
        false);
    reduce(
        out,
        "values fewer than indices",
        "SparseReduceSum",
        DType.INT32,
        new Sp(ix(2, 0, 1, 1, 1), vals(DType.INT32, 1), vec(2, 3)),
        i32(0),
        false);
    reduce(
        out,
        "a negative dimension",
        "SparseReduceSumSparse",
        DType.INT32,
        new Sp(ix(2), vals(DType.INT32), vec(2, -3)),
        i32(0),
        false);
    reduce(
        out,
        "index rank not the shape's",
        "SparseReduceMax",
        DType.INT32,
        new Sp(ix(3, 0, 1, 0), vals(DType.INT32, 1), vec(2, 3)),
        i32(0),
        false);
  }
}
