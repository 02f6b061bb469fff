package dev.rawops.tfgen;

import static dev.rawops.tfgen.SparseOpCaseKit.SET;
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
 * The set ops: DenseToDenseSetOperation, DenseToSparseSetOperation, SparseToSparseSetOperation
 * (a-b, b-a, intersection, union; every dtype TF registers; rank 2 and 3; groups present on one
 * side only; validate_indices on unordered, repeated and out-of-range entries) and SetSize, with
 * TF's errors.
 */
final class SparseSetCases {
  private SparseSetCases() {}

  static final String[] OPERATIONS = {"a-b", "b-a", "intersection", "union"};

  static void all(CaseList out) {
    denseDense(out, new Random(6161));
    denseSparse(out, new Random(6262));
    sparseSparse(out, new Random(6363));
    setSizes(out, new Random(6464));
    edges(out);
  }

  /** Where TF checks indices and where it does not: one probe per op. */
  private static void edges(CaseList out) {
    Sp rows = sp(DType.INT32, new long[] {4, 3}, new long[] {0, 0, 0, 2, 2, 1}, 1, 2, 3);
    Sp late = sp(DType.INT32, new long[] {4, 3}, new long[] {3, 0, 1, 2, 1, 1}, 1, 2, 3);
    setOp(
        out,
        "unordered set2",
        "SparseToSparseSetOperation",
        DType.INT32,
        "union",
        false,
        join(rows.parts(), late.parts()));
    Sp oob = sp(DType.FLOAT, new long[] {3, 4}, new long[] {0, 1, 1, 5}, 1, 2);
    node(
        out,
        "an index out of range",
        "SparseSlice",
        g -> g.attr("T", DType.FLOAT),
        3,
        join(oob.parts(), new Tensor[] {vec(0, 0), vec(2, 2)}));
    node(
        out,
        "an index out of range",
        "SparseSparseMaximum",
        g -> g.attr("T", DType.FLOAT),
        2,
        join(oob.parts(), sp(DType.FLOAT, new long[] {3, 4}, new long[] {0, 1}, 3).parts()));
    node(
        out,
        "an index out of range",
        "SparseConcat",
        g -> {
          g.attr("concat_dim", 0L);
          g.attr("N", 2L);
          g.attr("T", DType.FLOAT);
        },
        3,
        join(
            new Tensor[] {oob.ix(), oob.ix()},
            new Tensor[] {oob.values(), oob.values()},
            new Tensor[] {oob.shape(), oob.shape()}));
    node(
        out,
        "an index out of range",
        "SparseReduceSum",
        g -> {
          g.attr("T", DType.FLOAT);
          g.attr("keep_dims", false);
        },
        1,
        join(oob.parts(), new Tensor[] {Tensor.ofInts(Shape.of(1), 1)}));
    node(
        out,
        "int division by zero at an entry",
        "SparseDenseCwiseDiv",
        g -> g.attr("T", DType.INT32),
        1,
        join(
            sp(DType.INT32, new long[] {2, 2}, new long[] {0, 0, 1, 0}, 4, 6).parts(),
            new Tensor[] {vals(DType.INT32, Shape.of(2, 2), 1, 2, 0, 3)}));
  }

  private static void setOp(
      CaseList out,
      String what,
      String op,
      DType t,
      String operation,
      boolean validate,
      Tensor... in) {
    node(
        out,
        what + " " + operation + (validate ? "" : " validate_indices false"),
        op,
        g -> {
          g.attr("set_operation", operation);
          g.attr("validate_indices", validate);
          g.attr("T", t);
        },
        3,
        in);
  }

  /** Small values (few distinct) so that sets overlap. */
  private static Tensor dense(DType t, Random r, Shape s) {
    double[] v = new double[(int) s.numElements()];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(6);
    }
    return vals(t, s, v);
  }

  private static Sp sparse(DType t, Random r, long[] shape, int nnz) {
    Sp s = randomSparse(r, t, shape, nnz);
    double[] v = new double[(int) s.values().numElements()];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(6);
    }
    return new Sp(s.ix(), vals(t, v), s.shape());
  }

  private static void denseDense(CaseList out, Random r) {
    String op = "DenseToDenseSetOperation";
    for (DType t : SET) {
      Tensor a = dense(t, r, Shape.of(3, 4));
      Tensor b = dense(t, r, Shape.of(3, 3));
      for (String operation : OPERATIONS) {
        setOp(out, t.tfName() + " rank 2", op, t, operation, true, a, b);
      }
    }
    Tensor a = dense(DType.INT32, r, Shape.of(2, 2, 3));
    Tensor b = dense(DType.INT32, r, Shape.of(2, 2, 4));
    setOp(out, "rank 3", op, DType.INT32, "union", true, a, b);
    setOp(out, "rank 3", op, DType.INT32, "intersection", true, a, b);
    setOp(
        out,
        "empty last dimension",
        op,
        DType.INT32,
        "a-b",
        true,
        dense(DType.INT32, r, Shape.of(2, 0)),
        dense(DType.INT32, r, Shape.of(2, 3)));
    setOp(
        out,
        "no groups",
        op,
        DType.INT64,
        "union",
        true,
        dense(DType.INT64, r, Shape.of(0, 3)),
        dense(DType.INT64, r, Shape.of(0, 2)));
    setOp(
        out,
        "upper-case set_operation",
        op,
        DType.INT32,
        "UNION",
        true,
        dense(DType.INT32, r, Shape.of(2, 2)),
        dense(DType.INT32, r, Shape.of(2, 2)));
    setOp(
        out,
        "an unknown set_operation",
        op,
        DType.INT32,
        "xor",
        true,
        dense(DType.INT32, r, Shape.of(2, 2)),
        dense(DType.INT32, r, Shape.of(2, 2)));
    setOp(
        out,
        "rank 1",
        op,
        DType.INT32,
        "union",
        true,
        dense(DType.INT32, r, Shape.of(3)),
        dense(DType.INT32, r, Shape.of(3)));
    setOp(
        out,
        "groups differ",
        op,
        DType.INT32,
        "union",
        true,
        dense(DType.INT32, r, Shape.of(2, 3)),
        dense(DType.INT32, r, Shape.of(3, 3)));
    setOp(
        out,
        "ranks differ",
        op,
        DType.INT32,
        "union",
        true,
        dense(DType.INT32, r, Shape.of(2, 3)),
        dense(DType.INT32, r, Shape.of(2, 1, 3)));
  }

  private static void denseSparse(CaseList out, Random r) {
    String op = "DenseToSparseSetOperation";
    for (DType t : SET) {
      Tensor a = dense(t, r, Shape.of(3, 3));
      Sp b = sparse(t, r, new long[] {3, 4}, 7);
      for (String operation : OPERATIONS) {
        setOp(
            out, t.tfName() + " rank 2", op, t, operation, true, join(new Tensor[] {a}, b.parts()));
      }
    }
    Tensor a3 = dense(DType.INT64, r, Shape.of(2, 3, 2));
    Sp b3 = sparse(DType.INT64, r, new long[] {2, 3, 5}, 9);
    setOp(out, "rank 3", op, DType.INT64, "union", true, join(new Tensor[] {a3}, b3.parts()));
    setOp(out, "rank 3", op, DType.INT64, "b-a", true, join(new Tensor[] {a3}, b3.parts()));
    Tensor a = dense(DType.INT32, r, Shape.of(3, 2));
    Sp rev = reversedSparse(r, DType.INT32, new long[] {3, 4}, 6);
    setOp(
        out, "unordered set2", op, DType.INT32, "union", true, join(new Tensor[] {a}, rev.parts()));
    setOp(
        out,
        "unordered set2",
        op,
        DType.INT32,
        "union",
        false,
        join(new Tensor[] {a}, rev.parts()));
    Sp rep = sp(DType.INT32, new long[] {3, 4}, new long[] {0, 1, 0, 1, 2, 0}, 1, 2, 3);
    setOp(
        out,
        "repeated set2 entry",
        op,
        DType.INT32,
        "union",
        true,
        join(new Tensor[] {a}, rep.parts()));
    setOp(
        out,
        "repeated set2 entry",
        op,
        DType.INT32,
        "union",
        false,
        join(new Tensor[] {a}, rep.parts()));
    Sp oob = sp(DType.INT32, new long[] {3, 4}, new long[] {0, 1, 2, 4}, 1, 2);
    setOp(
        out,
        "set2 index out of range",
        op,
        DType.INT32,
        "union",
        true,
        join(new Tensor[] {a}, oob.parts()));
    Sp empty = sp(DType.INT32, new long[] {3, 4}, new long[0]);
    setOp(out, "empty set2", op, DType.INT32, "a-b", true, join(new Tensor[] {a}, empty.parts()));
    setOp(
        out,
        "empty set2",
        op,
        DType.INT32,
        "intersection",
        true,
        join(new Tensor[] {a}, empty.parts()));
    setOp(
        out,
        "groups differ",
        op,
        DType.INT32,
        "union",
        true,
        join(new Tensor[] {a}, sparse(DType.INT32, r, new long[] {4, 4}, 3).parts()));
    setOp(
        out,
        "set2 rank 1",
        op,
        DType.INT32,
        "union",
        true,
        join(new Tensor[] {a}, sp(DType.INT32, new long[] {4}, new long[] {1}, 1).parts()));
    setOp(
        out,
        "set2 values fewer than indices",
        op,
        DType.INT32,
        "union",
        true,
        join(new Tensor[] {a}, new Sp(ix(2, 0, 1, 1, 1), vals(DType.INT32, 1), vec(3, 4)).parts()));
    setOp(
        out,
        "set2 shape not a vector",
        op,
        DType.INT32,
        "union",
        true,
        join(
            new Tensor[] {a},
            new Sp(ix(2, 0, 1), vals(DType.INT32, 1), Tensor.ofLongs(Shape.of(1, 2), 3, 4))
                .parts()));
  }

  private static void sparseSparse(CaseList out, Random r) {
    String op = "SparseToSparseSetOperation";
    for (DType t : SET) {
      Sp a = sparse(t, r, new long[] {4, 3}, 6);
      Sp b = sparse(t, r, new long[] {4, 5}, 8);
      for (String operation : OPERATIONS) {
        setOp(out, t.tfName() + " rank 2", op, t, operation, true, join(a.parts(), b.parts()));
      }
    }
    Sp a3 = sparse(DType.INT16, r, new long[] {2, 2, 3}, 6);
    Sp b3 = sparse(DType.INT16, r, new long[] {2, 2, 2}, 5);
    setOp(out, "rank 3", op, DType.INT16, "union", true, join(a3.parts(), b3.parts()));
    setOp(out, "rank 3", op, DType.INT16, "a-b", true, join(a3.parts(), b3.parts()));
    Sp rows = sp(DType.INT32, new long[] {4, 3}, new long[] {0, 0, 0, 2, 2, 1}, 1, 2, 3);
    Sp other = sp(DType.INT32, new long[] {4, 3}, new long[] {1, 0, 3, 1, 3, 2}, 4, 5, 3);
    for (String operation : OPERATIONS) {
      setOp(
          out,
          "rows on one side only",
          op,
          DType.INT32,
          operation,
          true,
          join(rows.parts(), other.parts()));
    }
    Sp rev = reversedSparse(r, DType.INT32, new long[] {4, 3}, 6);
    setOp(out, "unordered set1", op, DType.INT32, "union", true, join(rev.parts(), rows.parts()));
    setOp(out, "unordered set1", op, DType.INT32, "union", false, join(rev.parts(), other.parts()));
    Sp empty = sp(DType.INT32, new long[] {4, 3}, new long[0]);
    setOp(out, "both empty", op, DType.INT32, "union", true, join(empty.parts(), empty.parts()));
    setOp(out, "set2 empty", op, DType.INT32, "a-b", true, join(rows.parts(), empty.parts()));
    setOp(
        out,
        "group shapes differ",
        op,
        DType.INT32,
        "union",
        true,
        join(rows.parts(), sparse(DType.INT32, r, new long[] {5, 3}, 3).parts()));
    setOp(
        out,
        "set1 index out of range",
        op,
        DType.INT32,
        "union",
        true,
        join(sp(DType.INT32, new long[] {4, 3}, new long[] {0, 3}, 1).parts(), rows.parts()));
    setOp(
        out,
        "set1 index out of range",
        op,
        DType.INT32,
        "union",
        false,
        join(sp(DType.INT32, new long[] {4, 3}, new long[] {0, 3}, 1).parts(), rows.parts()));
    setOp(
        out,
        "set2 negative dimension",
        op,
        DType.INT32,
        "union",
        true,
        join(rows.parts(), new Sp(ix(2), vals(DType.INT32), vec(4, -1)).parts()));
  }

  private static void setSize(CaseList out, String what, DType t, boolean validate, Sp s) {
    node(
        out,
        what + (validate ? "" : " validate_indices false"),
        "SetSize",
        g -> {
          g.attr("validate_indices", validate);
          g.attr("T", t);
        },
        1,
        s.parts());
  }

  private static void setSizes(CaseList out, Random r) {
    for (DType t : SET) {
      setSize(out, t.tfName() + " rank 2", t, true, sparse(t, r, new long[] {4, 5}, 12));
    }
    setSize(out, "rank 3", DType.INT64, true, sparse(DType.INT64, r, new long[] {2, 3, 4}, 14));
    Sp rev = reversedSparse(r, DType.INT32, new long[] {3, 4}, 7);
    setSize(out, "unordered", DType.INT32, true, rev);
    setSize(out, "unordered", DType.INT32, false, rev);
    Sp rep = sp(DType.STRING, new long[] {2, 3}, new long[] {0, 1, 0, 1, 1, 2}, 1, 2, 1);
    setSize(out, "repeated entry", DType.STRING, true, rep);
    setSize(out, "repeated entry", DType.STRING, false, rep);
    Sp oob = sp(DType.INT32, new long[] {2, 3}, new long[] {0, 1, 2, 0}, 1, 2);
    setSize(out, "index out of range", DType.INT32, true, oob);
    setSize(out, "empty", DType.INT32, true, sp(DType.INT32, new long[] {2, 3}, new long[0]));
    setSize(
        out, "rank 1", DType.INT32, true, sp(DType.INT32, new long[] {3}, new long[] {0, 2}, 1, 2));
    setSize(
        out,
        "shape not a vector",
        DType.INT32,
        true,
        new Sp(ix(2, 0, 1), vals(DType.INT32, 1), Tensor.ofLongs(Shape.of(1, 2), 2, 3)));
    setSize(
        out,
        "values fewer than indices",
        DType.INT32,
        true,
        new Sp(ix(2, 0, 1, 1, 1), vals(DType.INT32, 1), vec(2, 3)));
    setSize(
        out,
        "index rank not the shape's",
        DType.INT32,
        true,
        new Sp(ix(3, 0, 1, 0), vals(DType.INT32, 1), vec(2, 3)));
  }
}
