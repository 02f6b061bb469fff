package dev.rawops.tfgen;

import static dev.rawops.tfgen.SparseOpCaseKit.REAL;
import static dev.rawops.tfgen.SparseOpCaseKit.ix;
import static dev.rawops.tfgen.SparseOpCaseKit.join;
import static dev.rawops.tfgen.SparseOpCaseKit.node;
import static dev.rawops.tfgen.SparseOpCaseKit.randomNumbers;
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
 * SparseDenseCwiseAdd/Mul/Div (the dense side broadcast to the sparse shape, division by zero) and
 * SparseSparseMaximum/Minimum (NaN on either side, unordered entries), for every real dtype, with
 * TF's errors.
 */
final class SparseElementwiseCases {
  private SparseElementwiseCases() {}

  private static void cwise(CaseList out, String what, String op, DType t, Sp s, Tensor dense) {
    node(out, what, op, g -> g.attr("T", t), 1, join(s.parts(), new Tensor[] {dense}));
  }

  private static Tensor denseNonZero(DType t, Random r, Shape s) {
    double[] v = randomNumbers(t, r, (int) s.numElements());
    for (int i = 0; i < v.length; i++) {
      if (v[i] == 0) {
        v[i] = 3;
      }
    }
    return vals(t, s, v);
  }

  static void cwise(CaseList out, Random r) {
    for (String op :
        new String[] {"SparseDenseCwiseAdd", "SparseDenseCwiseMul", "SparseDenseCwiseDiv"}) {
      for (DType t : REAL) {
        cwise(
            out,
            t.tfName() + " same shape",
            op,
            t,
            randomSparse(r, t, new long[] {3, 4}, 6),
            denseNonZero(t, r, Shape.of(3, 4)));
      }
      Sp s = randomSparse(r, DType.FLOAT, new long[] {2, 3, 4}, 10);
      cwise(
          out,
          "dense [4] broadcast",
          op,
          DType.FLOAT,
          s,
          denseNonZero(DType.FLOAT, r, Shape.of(4)));
      cwise(
          out,
          "dense [2, 1, 4] broadcast",
          op,
          DType.FLOAT,
          s,
          denseNonZero(DType.FLOAT, r, Shape.of(2, 1, 4)));
      cwise(out, "dense scalar", op, DType.FLOAT, s, denseNonZero(DType.FLOAT, r, Shape.scalar()));
      cwise(
          out,
          "rank 1",
          op,
          DType.INT32,
          randomSparse(r, DType.INT32, new long[] {6}, 3),
          denseNonZero(DType.INT32, r, Shape.of(6)));
      cwise(
          out,
          "unordered entries",
          op,
          DType.DOUBLE,
          reversedSparse(r, DType.DOUBLE, new long[] {3, 3}, 6),
          denseNonZero(DType.DOUBLE, r, Shape.of(3, 3)));
      cwise(
          out,
          "empty",
          op,
          DType.FLOAT,
          sp(DType.FLOAT, new long[] {2, 2}, new long[0]),
          denseNonZero(DType.FLOAT, r, Shape.of(2, 2)));
      cwise(
          out,
          "dense larger than sparse",
          op,
          DType.FLOAT,
          randomSparse(r, DType.FLOAT, new long[] {1, 4}, 2),
          denseNonZero(DType.FLOAT, r, Shape.of(3, 4)));
      cwise(
          out,
          "dense of higher rank",
          op,
          DType.FLOAT,
          randomSparse(r, DType.FLOAT, new long[] {4}, 2),
          denseNonZero(DType.FLOAT, r, Shape.of(2, 4)));
      cwise(
          out,
          "incompatible shapes",
          op,
          DType.FLOAT,
          randomSparse(r, DType.FLOAT, new long[] {3, 4}, 2),
          denseNonZero(DType.FLOAT, r, Shape.of(3, 3)));
      cwise(
          out,
          "an index out of range",
          op,
          DType.FLOAT,
          new Sp(ix(2, 0, 1, 2, 0), vals(DType.FLOAT, 1, 2), vec(2, 3)),
          denseNonZero(DType.FLOAT, r, Shape.of(2, 3)));
      cwise(
          out,
          "indices not a matrix",
          op,
          DType.FLOAT,
          new Sp(vec(0, 1), vals(DType.FLOAT, 1, 2), vec(2)),
          denseNonZero(DType.FLOAT, r, Shape.of(2)));
      cwise(
          out,
          "values fewer than indices",
          op,
          DType.FLOAT,
          new Sp(ix(2, 0, 1, 1, 1), vals(DType.FLOAT, 1), vec(2, 3)),
          denseNonZero(DType.FLOAT, r, Shape.of(2, 3)));
      cwise(
          out,
          "index rank not the shape's",
          op,
          DType.FLOAT,
          new Sp(ix(3, 0, 1, 0), vals(DType.FLOAT, 1), vec(2, 3)),
          denseNonZero(DType.FLOAT, r, Shape.of(2, 3)));
    }
    Sp s = sp(DType.INT32, new long[] {2, 2}, new long[] {0, 0, 1, 1}, 4, 6);
    cwise(
        out,
        "int division by zero",
        "SparseDenseCwiseDiv",
        DType.INT32,
        s,
        vals(DType.INT32, Shape.of(2, 2), 1, 2, 0, 3));
    cwise(
        out,
        "zero off the entries",
        "SparseDenseCwiseDiv",
        DType.INT32,
        s,
        vals(DType.INT32, Shape.of(2, 2), 2, 0, 0, -4));
    cwise(
        out,
        "float division by zero",
        "SparseDenseCwiseDiv",
        DType.FLOAT,
        sp(DType.FLOAT, new long[] {2, 2}, new long[] {0, 0, 1, 1}, 4, 6),
        vals(DType.FLOAT, Shape.of(2, 2), 1, 2, 5, 0));
    cwise(
        out,
        "int truncating division",
        "SparseDenseCwiseDiv",
        DType.INT32,
        sp(DType.INT32, new long[] {4}, new long[] {0, 1, 2, 3}, 7, -7, 7, -7),
        vals(DType.INT32, Shape.of(4), 2, 2, -2, -2));
  }

  private static void sparseSparse(CaseList out, String what, String op, DType t, Sp a, Sp b) {
    node(out, what, op, g -> g.attr("T", t), 2, join(a.parts(), b.parts()));
  }

  static void sparseSparse(CaseList out, Random r) {
    for (String op : new String[] {"SparseSparseMaximum", "SparseSparseMinimum"}) {
      for (DType t : REAL) {
        sparseSparse(
            out,
            t.tfName() + " overlapping entries",
            op,
            t,
            randomSparse(r, t, new long[] {3, 4}, 6),
            randomSparse(r, t, new long[] {3, 4}, 6));
      }
      sparseSparse(
          out,
          "rank 3",
          op,
          DType.FLOAT,
          randomSparse(r, DType.FLOAT, new long[] {2, 2, 3}, 6),
          randomSparse(r, DType.FLOAT, new long[] {2, 2, 3}, 6));
      sparseSparse(
          out,
          "NaN on either side",
          op,
          DType.FLOAT,
          new Sp(ix(1, 0, 1, 2), Tensor.ofFloats(Shape.of(3), Float.NaN, 1, -2), vec(4)),
          new Sp(ix(1, 0, 1, 3), Tensor.ofFloats(Shape.of(3), 5, Float.NaN, 7), vec(4)));
      sparseSparse(
          out,
          "a empty",
          op,
          DType.INT32,
          sp(DType.INT32, new long[] {2, 3}, new long[0]),
          randomSparse(r, DType.INT32, new long[] {2, 3}, 3));
      sparseSparse(
          out,
          "unordered b",
          op,
          DType.INT64,
          randomSparse(r, DType.INT64, new long[] {3, 3}, 4),
          reversedSparse(r, DType.INT64, new long[] {3, 3}, 5));
      Sp g = randomSparse(r, DType.FLOAT, new long[] {2, 3}, 3);
      sparseSparse(
          out,
          "shapes differ",
          op,
          DType.FLOAT,
          g,
          randomSparse(r, DType.FLOAT, new long[] {2, 4}, 3));
      sparseSparse(
          out,
          "ranks differ",
          op,
          DType.FLOAT,
          g,
          randomSparse(r, DType.FLOAT, new long[] {2, 3, 1}, 3));
      sparseSparse(
          out,
          "indices not a matrix",
          op,
          DType.FLOAT,
          g,
          new Sp(vec(0, 1), vals(DType.FLOAT, 1, 2), vec(2, 3)));
      sparseSparse(
          out,
          "values fewer than indices",
          op,
          DType.FLOAT,
          g,
          new Sp(ix(2, 0, 1, 1, 1), vals(DType.FLOAT, 1), vec(2, 3)));
      sparseSparse(
          out,
          "index rank not the shape's",
          op,
          DType.FLOAT,
          new Sp(ix(3, 0, 1, 0), vals(DType.FLOAT, 1), vec(2, 3)),
          g);
    }
  }
}
