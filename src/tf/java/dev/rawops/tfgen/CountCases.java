package dev.rawops.tfgen;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;
import java.util.Random;

/**
 * Bin counting: Bincount, DenseBincount, SparseBincount and RaggedBincount (every weight dtype and
 * index dtype, with and without weights, binary_output, rank 1 and 2, duplicates, values at or past
 * size dropped, empty inputs, and their errors), and DenseCountSparseOutput,
 * SparseCountSparseOutput and RaggedCountSparseOutput (minlength, maxlength, binary_output, weights
 * of every output type, negative values dropped, empty inputs, and their errors). Every input is
 * fed.
 */
public final class CountCases implements CaseFamily {
  static final List<DType> WEIGHTS = List.of(DType.INT32, DType.INT64, DType.FLOAT, DType.DOUBLE);
  static final List<DType> INDEX = List.of(DType.INT32, DType.INT64);

  @Override
  public String directory() {
    return "bincount";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    bincount(out, r);
    denseBincount(out, r);
    sparseBincount(out, r);
    raggedBincount(out, r);
    CountSparseOutputCases.add(out, r);
    return out.cases();
  }

  /** A tensor of dtype t holding v (integers truncated, floats rounded to t). */
  static Tensor typed(DType t, Shape s, double... v) {
    TensorBuffer b = TensorBuffer.allocate(t, s);
    for (int i = 0; i < v.length; i++) {
      if (t.isInteger()) {
        b.setIndex(i, (long) v[i]);
      } else {
        Numbers.set(b, i, v[i]);
      }
    }
    return b.freeze();
  }

  static Tensor ints(DType t, Shape s, long... v) {
    return Tensor.ofIntegers(t, s, v);
  }

  static Tensor vec(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  static Tensor ix(int cols, long... v) {
    return Tensor.ofLongs(Shape.of(v.length / cols, cols), v);
  }

  /** n values in [lo, hi). */
  static long[] values(Random r, int n, int lo, int hi) {
    return r.longs(n, lo, hi).toArray();
  }

  /** n weights: quarters in [-2, 2] (exact in every dtype, so sums do not depend on order). */
  private static double[] weights(Random r, int n) {
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      w[i] = (r.nextInt(17) - 8) / 4.0;
    }
    return w;
  }

  static Tensor weightsOf(Random r, DType t, Shape s) {
    return typed(t, s, weights(r, Math.toIntExact(s.numElements())));
  }

  static Tensor none(DType t) {
    return typed(t, Shape.of(0));
  }

  private static void bincount(CaseList out, Random r) {
    for (DType t : WEIGHTS) {
      long[] v = values(r, 12, 0, 8);
      OneNodeCases.add(
          out,
          "weighted " + t.tfName() + ", values past size 6 dropped",
          "Bincount",
          g -> g.attr("T", t),
          1,
          ints(DType.INT32, Shape.of(12), v),
          Tensor.ofInts(Shape.scalar(), 6),
          weightsOf(r, t, Shape.of(12)));
      OneNodeCases.add(
          out,
          "counts " + t.tfName() + " (no weights)",
          "Bincount",
          g -> g.attr("T", t),
          1,
          ints(DType.INT32, Shape.of(10), values(r, 10, 0, 5)),
          Tensor.ofInts(Shape.scalar(), 5),
          none(t));
    }
    bin(out, "rank-2 arr", ints(DType.INT32, Shape.of(2, 3), 1, 1, 2, 0, 4, 1), 4, DType.FLOAT);
    bin(out, "empty arr", ints(DType.INT32, Shape.of(0)), 3, DType.INT32);
    bin(out, "size 0", ints(DType.INT32, Shape.of(3), 0, 1, 2), 0, DType.INT64);
    bin(out, "negative value", ints(DType.INT32, Shape.of(3), 0, -1, 2), 3, DType.INT32);
    bin(out, "negative size", ints(DType.INT32, Shape.of(3), 0, 1, 2), -1, DType.INT32);
    OneNodeCases.add(
        out,
        "size not a scalar",
        "Bincount",
        g -> g.attr("T", DType.FLOAT),
        1,
        ints(DType.INT32, Shape.of(2), 0, 1),
        Tensor.ofInts(Shape.of(1), 3),
        none(DType.FLOAT));
    OneNodeCases.add(
        out,
        "weights not matching arr",
        "Bincount",
        g -> g.attr("T", DType.FLOAT),
        1,
        ints(DType.INT32, Shape.of(3), 0, 1, 1),
        Tensor.ofInts(Shape.scalar(), 3),
        typed(DType.FLOAT, Shape.of(2), 1, 2));
  }

  private static void bin(CaseList out, String what, Tensor arr, int size, DType t) {
    OneNodeCases.add(
        out,
        what,
        "Bincount",
        g -> g.attr("T", t),
        1,
        arr,
        Tensor.ofInts(Shape.scalar(), size),
        none(t));
  }

  private static void dense(
      CaseList out, String what, Tensor input, long size, Tensor weights, boolean binary) {
    DType tidx = input.dtype();
    OneNodeCases.add(
        out,
        what,
        "DenseBincount",
        g -> g.attr("Tidx", tidx).attr("T", weights.dtype()).attr("binary_output", binary),
        1,
        input,
        ints(tidx, Shape.scalar(), size),
        weights);
  }

  private static void denseBincount(CaseList out, Random r) {
    for (DType tidx : INDEX) {
      for (DType t : WEIGHTS) {
        Shape s = Shape.of(14);
        dense(
            out,
            "rank 1, weighted " + t.tfName() + ", " + tidx.tfName() + " input",
            ints(tidx, s, values(r, 14, 0, 9)),
            7,
            weightsOf(r, t, s),
            false);
        Shape m = Shape.of(3, 5);
        dense(
            out,
            "rank 2, weighted " + t.tfName() + ", " + tidx.tfName() + " input",
            ints(tidx, m, values(r, 15, 0, 6)),
            5,
            weightsOf(r, t, m),
            false);
      }
      dense(
          out,
          "rank 1 counts, " + tidx.tfName(),
          ints(tidx, Shape.of(9), values(r, 9, 0, 4)),
          4,
          none(DType.INT32),
          false);
      dense(
          out,
          "rank 2 counts, " + tidx.tfName(),
          ints(tidx, Shape.of(4, 3), values(r, 12, 0, 5)),
          6,
          none(DType.INT64),
          false);
      dense(
          out,
          "rank 1 binary, weights ignored, " + tidx.tfName(),
          ints(tidx, Shape.of(8), values(r, 8, 0, 6)),
          5,
          weightsOf(r, DType.FLOAT, Shape.of(8)),
          true);
      dense(
          out,
          "rank 2 binary, " + tidx.tfName(),
          ints(tidx, Shape.of(3, 4), values(r, 12, 0, 6)),
          5,
          none(DType.DOUBLE),
          true);
    }
    dense(
        out,
        "int64 value past int32",
        ints(DType.INT64, Shape.of(3), 1, 1L << 33, 2),
        4,
        none(DType.INT32),
        false);
    dense(out, "empty rank 1", ints(DType.INT32, Shape.of(0)), 3, none(DType.FLOAT), false);
    dense(out, "rank 2, no rows", ints(DType.INT32, Shape.of(0, 3)), 3, none(DType.FLOAT), false);
    dense(out, "rank 2, no columns", ints(DType.INT64, Shape.of(2, 0)), 2, none(DType.INT32), true);
    dense(
        out, "size 0", ints(DType.INT32, Shape.of(2, 2), 0, 1, 1, 0), 0, none(DType.INT32), false);
    dense(out, "scalar input", ints(DType.INT32, Shape.scalar(), 2), 4, none(DType.INT32), false);
    dense(
        out,
        "rank 3 input",
        ints(DType.INT32, Shape.of(1, 1, 2), 0, 1),
        3,
        none(DType.INT32),
        false);
    dense(
        out,
        "negative value, rank 1",
        ints(DType.INT64, Shape.of(3), 2, -4, 1),
        3,
        none(DType.INT32),
        false);
    dense(
        out,
        "negative value, rank 1 binary",
        ints(DType.INT32, Shape.of(3), 2, -4, 1),
        3,
        none(DType.INT32),
        true);
    dense(out, "negative size", ints(DType.INT32, Shape.of(2), 0, 1), -2, none(DType.INT32), false);
    dense(
        out,
        "weights not matching input, rank 1",
        ints(DType.INT32, Shape.of(3), 0, 1, 2),
        3,
        typed(DType.FLOAT, Shape.of(4), 1, 2, 3, 4),
        false);
  }

  private static void sparse(
      CaseList out,
      String what,
      Tensor indices,
      Tensor values,
      Tensor shape,
      long size,
      Tensor weights,
      boolean binary) {
    DType tidx = values.dtype();
    OneNodeCases.add(
        out,
        what,
        "SparseBincount",
        g -> g.attr("Tidx", tidx).attr("T", weights.dtype()).attr("binary_output", binary),
        1,
        indices,
        values,
        shape,
        ints(tidx, Shape.scalar(), size),
        weights);
  }

  private static void sparseBincount(CaseList out, Random r) {
    // a [4, 6] sparse tensor with 2 to 4 entries per row, in row-major order
    long[] ixs = {0, 0, 0, 2, 0, 5, 1, 1, 1, 3, 2, 0, 2, 1, 2, 2, 2, 4, 3, 3, 3, 5};
    int n = ixs.length / 2;
    for (DType tidx : INDEX) {
      for (DType t : WEIGHTS) {
        sparse(
            out,
            "rank 2, weighted " + t.tfName() + ", " + tidx.tfName() + " values",
            ix(2, ixs),
            ints(tidx, Shape.of(n), values(r, n, 0, 5)),
            vec(4, 6),
            5,
            weightsOf(r, t, Shape.of(n)),
            false);
      }
      long[] ix1 = {0, 1, 3, 4, 6, 7, 9};
      sparse(
          out,
          "rank 1, weighted, " + tidx.tfName(),
          ix(1, ix1),
          ints(tidx, Shape.of(7), values(r, 7, 0, 5)),
          vec(10),
          4,
          weightsOf(r, DType.DOUBLE, Shape.of(7)),
          false);
      sparse(
          out,
          "rank 1 counts, " + tidx.tfName(),
          ix(1, ix1),
          ints(tidx, Shape.of(7), values(r, 7, 0, 5)),
          vec(10),
          4,
          none(DType.INT64),
          false);
      sparse(
          out,
          "rank 2 counts, " + tidx.tfName(),
          ix(2, ixs),
          ints(tidx, Shape.of(n), values(r, n, 0, 4)),
          vec(4, 6),
          4,
          none(DType.INT32),
          false);
      sparse(
          out,
          "rank 2 binary, " + tidx.tfName(),
          ix(2, ixs),
          ints(tidx, Shape.of(n), values(r, n, 0, 3)),
          vec(4, 6),
          3,
          weightsOf(r, DType.FLOAT, Shape.of(n)),
          true);
      sparse(
          out,
          "rank 1 binary, " + tidx.tfName(),
          ix(1, ix1),
          ints(tidx, Shape.of(7), 1, 1, 3, 0, 3, 9, 1),
          vec(10),
          4,
          none(DType.FLOAT),
          true);
    }
    sparse(
        out,
        "empty, rank 2",
        ix(2),
        ints(DType.INT32, Shape.of(0)),
        vec(3, 4),
        2,
        none(DType.FLOAT),
        false);
    sparse(
        out,
        "empty, rank 1",
        ix(1),
        ints(DType.INT64, Shape.of(0)),
        vec(5),
        2,
        none(DType.INT32),
        false);
    sparse(
        out,
        "size 0, rank 2",
        ix(2, 0, 0, 1, 1),
        ints(DType.INT32, Shape.of(2), 0, 1),
        vec(2, 2),
        0,
        none(DType.INT32),
        false);
    sparse(
        out,
        "negative value, rank 1",
        ix(1, 0, 1),
        ints(DType.INT32, Shape.of(2), 0, -1),
        vec(2),
        2,
        none(DType.INT32),
        false);
    sparse(
        out,
        "negative size",
        ix(1, 0, 1),
        ints(DType.INT32, Shape.of(2), 0, 1),
        vec(2),
        -1,
        none(DType.INT32),
        false);
    sparse(
        out,
        "value at size, rank 2",
        ix(2, 0, 0, 1, 1),
        ints(DType.INT32, Shape.of(2), 0, 2),
        vec(2, 2),
        2,
        none(DType.INT32),
        false);
    sparse(
        out,
        "value at size, rank 1 (dropped)",
        ix(1, 0, 1),
        ints(DType.INT64, Shape.of(2), 0, 2),
        vec(2),
        2,
        none(DType.INT32),
        false);
    sparse(
        out,
        "batch index past dense_shape",
        ix(2, 0, 0, 3, 1),
        ints(DType.INT32, Shape.of(2), 0, 1),
        vec(2, 2),
        2,
        none(DType.INT32),
        false);
    sparse(
        out,
        "rank 3 dense_shape",
        ix(3, 0, 0, 0, 1, 1, 1),
        ints(DType.INT64, Shape.of(2), 0, 1),
        vec(2, 2, 2),
        2,
        none(DType.INT32),
        false);
    sparse(
        out,
        "weights not matching values",
        ix(2, 0, 0, 1, 1),
        ints(DType.INT32, Shape.of(2), 0, 1),
        vec(2, 2),
        2,
        typed(DType.FLOAT, Shape.of(3), 1, 2, 3),
        false);
  }

  private static void ragged(
      CaseList out,
      String what,
      Tensor splits,
      Tensor values,
      long size,
      Tensor weights,
      boolean binary) {
    DType tidx = values.dtype();
    OneNodeCases.add(
        out,
        what,
        "RaggedBincount",
        g -> g.attr("Tidx", tidx).attr("T", weights.dtype()).attr("binary_output", binary),
        1,
        splits,
        values,
        ints(tidx, Shape.scalar(), size),
        weights);
  }

  private static void raggedBincount(CaseList out, Random r) {
    Tensor splits = vec(0, 3, 3, 7, 12);
    for (DType tidx : INDEX) {
      for (DType t : WEIGHTS) {
        ragged(
            out,
            "weighted " + t.tfName() + ", " + tidx.tfName() + " values, an empty row",
            splits,
            ints(tidx, Shape.of(12), values(r, 12, 0, 7)),
            5,
            weightsOf(r, t, Shape.of(12)),
            false);
      }
      ragged(
          out,
          "counts, " + tidx.tfName(),
          splits,
          ints(tidx, Shape.of(12), values(r, 12, 0, 4)),
          4,
          none(DType.INT32),
          false);
      ragged(
          out,
          "binary, " + tidx.tfName(),
          splits,
          ints(tidx, Shape.of(12), values(r, 12, 0, 4)),
          3,
          weightsOf(r, DType.DOUBLE, Shape.of(12)),
          true);
    }
    ragged(
        out,
        "no values, two empty rows",
        vec(0, 0, 0),
        ints(DType.INT32, Shape.of(0)),
        3,
        none(DType.FLOAT),
        false);
    ragged(
        out,
        "one split: no rows",
        vec(0),
        ints(DType.INT32, Shape.of(0)),
        3,
        none(DType.FLOAT),
        false);
    ragged(
        out,
        "negative value",
        vec(0, 2),
        ints(DType.INT32, Shape.of(2), 1, -1),
        3,
        none(DType.INT32),
        false);
    ragged(
        out,
        "negative size",
        vec(0, 2),
        ints(DType.INT32, Shape.of(2), 1, 1),
        -3,
        none(DType.INT32),
        false);
    ragged(
        out,
        "splits not starting at 0",
        vec(1, 2),
        ints(DType.INT32, Shape.of(2), 1, 1),
        3,
        none(DType.INT32),
        false);
    ragged(
        out,
        "splits not ending at the value count",
        vec(0, 1),
        ints(DType.INT32, Shape.of(2), 1, 1),
        3,
        none(DType.INT32),
        false);
    ragged(
        out,
        "weights not matching values",
        vec(0, 2),
        ints(DType.INT32, Shape.of(2), 1, 1),
        3,
        typed(DType.INT32, Shape.of(3), 1, 1, 1),
        false);
  }
}
