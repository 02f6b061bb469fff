package dev.rawops.tfgen;

import static dev.rawops.tfgen.CountCases.INDEX;
import static dev.rawops.tfgen.CountCases.WEIGHTS;
import static dev.rawops.tfgen.CountCases.ints;
import static dev.rawops.tfgen.CountCases.ix;
import static dev.rawops.tfgen.CountCases.none;
import static dev.rawops.tfgen.CountCases.typed;
import static dev.rawops.tfgen.CountCases.values;
import static dev.rawops.tfgen.CountCases.vec;
import static dev.rawops.tfgen.CountCases.weightsOf;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.Random;

/**
 * DenseCountSparseOutput, SparseCountSparseOutput and RaggedCountSparseOutput (minlength,
 * maxlength, binary_output, weights of every output type, empty inputs, and their errors, a
 * negative value among them), appended by {@link CountCases} after the bin counts with the same
 * Random.
 */
final class CountSparseOutputCases {
  private CountSparseOutputCases() {}

  static void add(CaseList out, Random r) {
    denseCount(out, r);
    sparseCount(out, r);
    raggedCount(out, r);
  }

  private static void countAttrs(
      dev.rawops.graph.GraphDefBuilder g,
      DType t,
      DType w,
      long minlength,
      long maxlength,
      boolean binary) {
    g.attr("T", t)
        .attr("output_type", w)
        .attr("minlength", minlength)
        .attr("maxlength", maxlength)
        .attr("binary_output", binary);
  }

  private static void denseCount(
      CaseList out,
      String what,
      Tensor values,
      Tensor weights,
      long minlength,
      long maxlength,
      boolean binary) {
    OneNodeCases.add(
        out,
        what,
        "DenseCountSparseOutput",
        g -> countAttrs(g, values.dtype(), weights.dtype(), minlength, maxlength, binary),
        3,
        values,
        weights);
  }

  private static void denseCount(CaseList out, Random r) {
    for (DType t : INDEX) {
      for (DType w : WEIGHTS) {
        Shape m = Shape.of(3, 5);
        denseCount(
            out,
            "rank 2, weighted " + w.tfName() + ", " + t.tfName() + " values",
            ints(t, m, values(r, 15, 0, 8)),
            weightsOf(r, w, m),
            -1,
            -1,
            false);
      }
      denseCount(
          out,
          "rank 1 counts, " + t.tfName(),
          ints(t, Shape.of(10), values(r, 10, 0, 6)),
          none(DType.INT64),
          -1,
          -1,
          false);
      denseCount(
          out,
          "rank 2, maxlength 4, " + t.tfName(),
          ints(t, Shape.of(2, 6), values(r, 12, 0, 7)),
          none(DType.INT32),
          -1,
          4,
          false);
      denseCount(
          out,
          "rank 2, minlength 9, " + t.tfName(),
          ints(t, Shape.of(2, 6), values(r, 12, 0, 7)),
          none(DType.FLOAT),
          9,
          -1,
          false);
      denseCount(
          out,
          "rank 2, binary with weights, " + t.tfName(),
          ints(t, Shape.of(2, 6), values(r, 12, 0, 4)),
          weightsOf(r, DType.DOUBLE, Shape.of(2, 6)),
          -1,
          -1,
          true);
    }
    denseCount(
        out,
        "TF's example without maxlength",
        ints(DType.INT32, Shape.of(2, 3), 3, 2, 1, 5, 4, 4),
        none(DType.INT64),
        -1,
        -1,
        false);
    denseCount(
        out,
        "minlength below the largest value, maxlength above",
        ints(DType.INT64, Shape.of(6), 3, 2, 1, 7, 0, 4),
        none(DType.INT64),
        2,
        20,
        false);
    denseCount(
        out,
        "a negative value",
        ints(DType.INT32, Shape.of(3), 1, -5, 2),
        none(DType.INT32),
        -1,
        -1,
        false);
    denseCount(
        out, "empty rank 1", ints(DType.INT32, Shape.of(0)), none(DType.FLOAT), -1, -1, false);
    denseCount(
        out,
        "empty rank 1, minlength 3",
        ints(DType.INT64, Shape.of(0)),
        none(DType.FLOAT),
        3,
        -1,
        false);
    denseCount(
        out,
        "rank 2, no columns",
        ints(DType.INT32, Shape.of(2, 0)),
        none(DType.INT32),
        -1,
        -1,
        false);
    denseCount(
        out,
        "rank 2, no rows",
        ints(DType.INT32, Shape.of(0, 2)),
        none(DType.INT32),
        -1,
        -1,
        false);
    denseCount(
        out,
        "scalar values",
        ints(DType.INT32, Shape.scalar(), 1),
        none(DType.INT32),
        -1,
        -1,
        false);
    denseCount(
        out,
        "rank 3 values",
        ints(DType.INT32, Shape.of(1, 1, 2), 1, 2),
        none(DType.INT32),
        -1,
        -1,
        false);
    denseCount(
        out,
        "weights not matching values",
        ints(DType.INT32, Shape.of(2, 2), 1, 2, 3, 4),
        typed(DType.FLOAT, Shape.of(4), 1, 2, 3, 4),
        -1,
        -1,
        false);
  }

  private static void sparseCount(
      CaseList out,
      String what,
      Tensor indices,
      Tensor values,
      Tensor shape,
      Tensor weights,
      long minlength,
      long maxlength,
      boolean binary) {
    OneNodeCases.add(
        out,
        what,
        "SparseCountSparseOutput",
        g -> countAttrs(g, values.dtype(), weights.dtype(), minlength, maxlength, binary),
        3,
        indices,
        values,
        shape,
        weights);
  }

  private static void sparseCount(CaseList out, Random r) {
    long[] ixs = {0, 0, 0, 2, 0, 5, 1, 1, 1, 3, 3, 0, 3, 1, 3, 2, 3, 4};
    int n = ixs.length / 2;
    for (DType t : INDEX) {
      for (DType w : WEIGHTS) {
        sparseCount(
            out,
            "rank 2, weighted " + w.tfName() + ", " + t.tfName() + " values, an empty row",
            ix(2, ixs),
            ints(t, Shape.of(n), values(r, n, 0, 6)),
            vec(4, 6),
            weightsOf(r, w, Shape.of(n)),
            -1,
            -1,
            false);
      }
      sparseCount(
          out,
          "rank 1 counts, " + t.tfName(),
          ix(1, 0, 2, 3, 5, 8),
          ints(t, Shape.of(5), 4, 1, 4, 0, 2),
          vec(9),
          none(DType.INT64),
          -1,
          -1,
          false);
      sparseCount(
          out,
          "maxlength 3, " + t.tfName(),
          ix(2, ixs),
          ints(t, Shape.of(n), values(r, n, 0, 6)),
          vec(4, 6),
          none(DType.INT32),
          -1,
          3,
          false);
      sparseCount(
          out,
          "minlength 8, binary, " + t.tfName(),
          ix(2, ixs),
          ints(t, Shape.of(n), values(r, n, 0, 4)),
          vec(4, 6),
          weightsOf(r, DType.FLOAT, Shape.of(n)),
          8,
          -1,
          true);
    }
    sparseCount(
        out,
        "no entries",
        ix(2),
        ints(DType.INT32, Shape.of(0)),
        vec(3, 3),
        none(DType.FLOAT),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "a negative value",
        ix(2, 0, 0, 1, 1),
        ints(DType.INT64, Shape.of(2), 1, -2),
        vec(2, 3),
        none(DType.INT32),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "index past dense_shape",
        ix(2, 0, 0, 1, 4),
        ints(DType.INT32, Shape.of(2), 1, 2),
        vec(2, 3),
        none(DType.INT32),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "negative index",
        ix(2, 0, 0, -1, 1),
        ints(DType.INT32, Shape.of(2), 1, 2),
        vec(2, 3),
        none(DType.INT32),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "values not matching indices",
        ix(2, 0, 0, 1, 1),
        ints(DType.INT32, Shape.of(3), 1, 2, 3),
        vec(2, 3),
        none(DType.INT32),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "shape not matching indices",
        ix(2, 0, 0, 1, 1),
        ints(DType.INT32, Shape.of(2), 1, 2),
        vec(2, 3, 4),
        none(DType.INT32),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "indices not a matrix",
        vec(0, 1),
        ints(DType.INT32, Shape.of(2), 1, 2),
        vec(2),
        none(DType.INT32),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "weights not matching values",
        ix(2, 0, 0, 1, 1),
        ints(DType.INT32, Shape.of(2), 1, 2),
        vec(2, 3),
        typed(DType.INT64, Shape.of(3), 1, 1, 1),
        -1,
        -1,
        false);
    sparseCount(
        out,
        "zero batches",
        ix(2),
        ints(DType.INT32, Shape.of(0)),
        vec(0, 3),
        none(DType.INT32),
        -1,
        -1,
        false);
  }

  private static void raggedCount(
      CaseList out,
      String what,
      Tensor splits,
      Tensor values,
      Tensor weights,
      long minlength,
      long maxlength,
      boolean binary) {
    OneNodeCases.add(
        out,
        what,
        "RaggedCountSparseOutput",
        g -> countAttrs(g, values.dtype(), weights.dtype(), minlength, maxlength, binary),
        3,
        splits,
        values,
        weights);
  }

  private static void raggedCount(CaseList out, Random r) {
    Tensor splits = vec(0, 4, 4, 9, 11);
    for (DType t : INDEX) {
      for (DType w : WEIGHTS) {
        raggedCount(
            out,
            "weighted " + w.tfName() + ", " + t.tfName() + " values, an empty row",
            splits,
            ints(t, Shape.of(11), values(r, 11, 0, 7)),
            weightsOf(r, w, Shape.of(11)),
            -1,
            -1,
            false);
      }
      raggedCount(
          out,
          "maxlength 3, minlength 5, " + t.tfName(),
          splits,
          ints(t, Shape.of(11), values(r, 11, 0, 6)),
          none(DType.INT64),
          5,
          3,
          false);
      raggedCount(
          out,
          "binary, " + t.tfName(),
          splits,
          ints(t, Shape.of(11), values(r, 11, 0, 4)),
          weightsOf(r, DType.INT32, Shape.of(11)),
          -1,
          -1,
          true);
    }
    raggedCount(
        out,
        "no values",
        vec(0, 0),
        ints(DType.INT32, Shape.of(0)),
        none(DType.FLOAT),
        -1,
        -1,
        false);
    raggedCount(
        out,
        "a negative value",
        vec(0, 1, 2),
        ints(DType.INT32, Shape.of(2), 3, -1),
        none(DType.FLOAT),
        -1,
        -1,
        false);
    raggedCount(
        out, "one split", vec(0), ints(DType.INT32, Shape.of(0)), none(DType.FLOAT), -1, -1, false);
    raggedCount(
        out,
        "splits not starting at 0",
        vec(1, 2),
        ints(DType.INT32, Shape.of(2), 1, 1),
        none(DType.FLOAT),
        -1,
        -1,
        false);
    raggedCount(
        out,
        "splits not ending at the value count",
        vec(0, 3),
        ints(DType.INT32, Shape.of(2), 1, 1),
        none(DType.FLOAT),
        -1,
        -1,
        false);
    raggedCount(
        out,
        "weights not matching values",
        vec(0, 2),
        ints(DType.INT32, Shape.of(2), 1, 1),
        typed(DType.FLOAT, Shape.of(1), 1),
        -1,
        -1,
        false);
  }
}
