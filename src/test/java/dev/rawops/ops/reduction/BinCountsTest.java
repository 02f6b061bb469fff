package dev.rawops.ops.reduction;

import static dev.rawops.testing.OpTests.attrs;
import static dev.rawops.testing.OpTests.fails;
import static dev.rawops.testing.OpTests.ints;
import static dev.rawops.testing.OpTests.run;
import static dev.rawops.testing.OpTests.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DenseBincount, RaggedBincount and the *CountSparseOutput ops: TF 2.18's documented examples
 * (tf.math.bincount with weights and binary_output, tf.sparse.bincount's test cases) and TF's
 * messages from its CPU kernels, inputs fed so the kernels check everything.
 */
class BinCountsTest {
  private static Tensor longs(long[] shape, long... v) {
    return Tensor.ofLongs(Shape.of(shape), v);
  }

  // tf.math.bincount docs: weights [1, 5, 0, 1, 0, 5, 4, 5] -> [0, 6, 0, 1, 9, 5]
  @Test
  void denseBincount_weightedDocsExample() {
    Map<String, Object> a = attrs("Tidx", DType.INT32, "T", DType.INT32, "binary_output", false);
    Tensor out =
        run(
                "DenseBincount",
                1,
                a,
                ints(s(8), 1, 1, 2, 3, 2, 4, 4, 5),
                ints(s(), 6),
                ints(s(8), 1, 5, 0, 1, 0, 5, 4, 5))
            .get(0);
    assertArrayEquals(new long[] {0, 6, 0, 1, 9, 5}, out.toLongArray());
  }

  // tf.math.bincount docs: [[1, 1, 2, 3], [2, 4, 4, 5]], axis=-1, binary_output=True
  @Test
  void denseBincount_binaryRowsDocsExample() {
    Map<String, Object> a = attrs("Tidx", DType.INT32, "T", DType.INT32, "binary_output", true);
    Tensor out =
        run("DenseBincount", 1, a, ints(s(2, 4), 1, 1, 2, 3, 2, 4, 4, 5), ints(s(), 6), ints(s(0)))
            .get(0);
    assertArrayEquals(new long[] {0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1}, out.toLongArray());
  }

  @Test
  void denseBincount_errors() {
    Map<String, Object> a = attrs("Tidx", DType.INT32, "T", DType.INT32, "binary_output", false);
    fails(
        "Shape must be at most rank 2 but is rank 3",
        () -> run("DenseBincount", 1, a, ints(s(1, 1, 1), 0), ints(s(), 2), ints(s(0))));
    fails(
        "size (-2) must be non-negative",
        () -> run("DenseBincount", 1, a, ints(s(1), 0), ints(s(), -2), ints(s(0))));
    fails(
        "Input arr must be non-negative!",
        () -> run("DenseBincount", 1, a, ints(s(2), 0, -1), ints(s(), 2), ints(s(0))));
  }

  @Test
  void raggedBincount_rowsAndSplitChecks() {
    Map<String, Object> a = attrs("Tidx", DType.INT32, "T", DType.INT32, "binary_output", false);
    Tensor out =
        run(
                "RaggedBincount",
                1,
                a,
                longs(s(3), 0, 3, 3),
                ints(s(3), 1, 1, 0),
                ints(s(), 3),
                ints(s(0)))
            .get(0);
    assertArrayEquals(new long[] {1, 2, 0, 0, 0, 0}, out.toLongArray());
    fails(
        "Splits must start with 0, not with 1",
        () ->
            run(
                "RaggedBincount",
                1,
                a,
                longs(s(2), 1, 2),
                ints(s(2), 1, 1),
                ints(s(), 3),
                ints(s(0))));
  }

  // tf.sparse.bincount's test "_no_maxlength": [[3, 2, 1], [5, 4, 4]]
  @Test
  void denseCountSparseOutput_testCase() {
    Map<String, Object> a =
        attrs(
            "T",
            DType.INT32,
            "output_type",
            DType.INT64,
            "minlength",
            -1L,
            "maxlength",
            -1L,
            "binary_output",
            false);
    List<Tensor> out =
        run("DenseCountSparseOutput", 3, a, ints(s(2, 3), 3, 2, 1, 5, 4, 4), longs(s(0)));
    assertArrayEquals(new long[] {0, 1, 0, 2, 0, 3, 1, 4, 1, 5}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {1, 1, 1, 2, 1}, out.get(1).toLongArray());
    assertArrayEquals(new long[] {2, 6}, out.get(2).toLongArray());
  }

  @Test
  void countSparseOutput_errors() {
    Map<String, Object> a =
        attrs(
            "T",
            DType.INT32,
            "output_type",
            DType.INT64,
            "minlength",
            -1L,
            "maxlength",
            -1L,
            "binary_output",
            false);
    fails(
        "Input must be a 1 or 2-dimensional tensor. Got: []",
        () -> run("DenseCountSparseOutput", 3, a, ints(s(), 1), longs(s(0))));
    fails(
        "Input values must all be non-negative",
        () -> run("DenseCountSparseOutput", 3, a, ints(s(2), 1, -1), longs(s(0))));
    fails(
        "Must provide at least 2 elements for the splits argument",
        () -> run("RaggedCountSparseOutput", 3, a, longs(s(1), 0), ints(s(0)), longs(s(0))));
  }
}
