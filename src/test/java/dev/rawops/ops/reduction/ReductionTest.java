package dev.rawops.ops.reduction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reduction family (reductions, arg reductions, scans, softmax, segments). Expected values come
 * from TensorFlow's API documentation examples (tf.math.reduce_*, tf.math.segment_*,
 * tf.math.unsorted_segment_*, tf.math.cumsum, tf.math.argmax) and from TF 2.18's answers in the
 * dl4j corpus fixtures (empty inputs); error rules are TF's kernels' checks.
 */
class ReductionTest {
  /** Runs {@code op} on fed inputs x0, x1, … (so kernels run at RUN time), attrs as given. */
  private static Tensor run(String op, Map<String, Object> attrs, Tensor... inputs) {
    return OneOp.of(op).inputs(inputs).attrs(attrs).run();
  }

  private static Map<String, Object> reduceAttrs(Tensor x, boolean keepDims) {
    return Map.of("T", x.dtype().proto(), "Tidx", DataType.DT_INT32, "keep_dims", keepDims);
  }

  private static Tensor reduce(String op, Tensor x, boolean keepDims, int... axes) {
    Tensor ax =
        axes.length == 1
            ? Tensor.ofInts(Shape.scalar(), axes)
            : Tensor.ofInts(Shape.of(axes.length), axes);
    return run(op, reduceAttrs(x, keepDims), x, ax);
  }

  private static Tensor ints(long[] shape, int... v) {
    return Tensor.ofInts(Shape.of(shape), v);
  }

  private static Tensor floats(long[] shape, float... v) {
    return Tensor.ofFloats(Shape.of(shape), v);
  }

  private static long[] dims(long... d) {
    return d;
  }

  private static void assertTensor(Tensor want, Tensor got) {
    assertEquals(want.dtype(), got.dtype());
    assertEquals(want.shape(), got.shape());
    assertTrue(want.contentEquals(got), () -> "want " + want + " got " + got);
  }

  private static RawOpsException assertInvalid(Runnable r) {
    RawOpsException e = assertThrows(RawOpsException.class, r::run);
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElseThrow(), "the message names the node");
    return e;
  }

  // tf.math.reduce_sum: x = [[1, 1, 1], [1, 1, 1]].
  @Test
  void reduceSumDocExamples() {
    Tensor x = ints(dims(2, 3), 1, 1, 1, 1, 1, 1);
    assertTensor(ints(dims(), 6), reduce("Sum", x, false, 0, 1));
    assertTensor(ints(dims(3), 2, 2, 2), reduce("Sum", x, false, 0));
    assertTensor(ints(dims(2), 3, 3), reduce("Sum", x, false, 1));
    assertTensor(ints(dims(2, 1), 3, 3), reduce("Sum", x, true, 1));
    // negative axes count from the end
    assertTensor(ints(dims(2), 3, 3), reduce("Sum", x, false, -1));
    assertTensor(ints(dims(), 6), reduce("Sum", x, false, 1, -2));
    // an empty axis list is the identity
    assertTensor(x, run("Sum", reduceAttrs(x, false), x, Tensor.ofInts(Shape.of(0))));
  }

  // tf.math.reduce_mean: integer means truncate ([1, 0, 1, 0] → 0); [[1., 1.], [2., 2.]].
  @Test
  void reduceMeanDocExamples() {
    assertTensor(ints(dims(), 0), reduce("Mean", ints(dims(4), 1, 0, 1, 0), false, 0));
    Tensor x = floats(dims(2, 2), 1, 1, 2, 2);
    assertTensor(floats(dims(), 1.5f), reduce("Mean", x, false, 0, 1));
    assertTensor(floats(dims(2), 1.5f, 1.5f), reduce("Mean", x, false, 0));
    assertTensor(floats(dims(2), 1, 2), reduce("Mean", x, false, 1));
  }

  // tf.math.reduce_euclidean_norm: x = [[1, 2, 3], [1, 1, 1]] (int32: the root truncates).
  @Test
  void euclideanNormDocExamples() {
    Tensor x = ints(dims(2, 3), 1, 2, 3, 1, 1, 1);
    assertTensor(ints(dims(), 4), reduce("EuclideanNorm", x, false, 0, 1));
    assertTensor(ints(dims(3), 1, 2, 3), reduce("EuclideanNorm", x, false, 0));
    assertTensor(ints(dims(2, 1), 3, 1), reduce("EuclideanNorm", x, true, 1));
  }

  // tf.math.reduce_max / reduce_min / reduce_prod docs; reduce_all / reduce_any docs.
  @Test
  void maxMinProdAllAny() {
    Tensor x = ints(dims(2, 2), 1, 2, 3, 4);
    assertTensor(ints(dims(2), 3, 4), reduce("Max", x, false, 0));
    assertTensor(ints(dims(2), 1, 3), reduce("Min", x, false, 1));
    assertTensor(ints(dims(), 24), reduce("Prod", x, false, 0, 1));
    Tensor b = Tensor.ofBooleans(Shape.of(2, 2), true, true, false, false);
    Map<String, Object> ba = Map.of("Tidx", DataType.DT_INT32, "keep_dims", false);
    assertTensor(
        Tensor.ofBooleans(Shape.of(2), false, false),
        run("All", ba, b, Tensor.ofInts(Shape.scalar(), 0)));
    assertTensor(
        Tensor.ofBooleans(Shape.of(2), true, false),
        run("All", ba, b, Tensor.ofInts(Shape.scalar(), 1)));
    assertTensor(
        Tensor.ofBooleans(Shape.of(2), true, true),
        run("Any", ba, b, Tensor.ofInts(Shape.scalar(), 0)));
  }

  // TF 2.18 in the dl4j corpus (emptyArrayTests/reduce_*): reducing an empty axis gives the
  // reduction's identity: Max -inf, Min +inf, Sum 0, Prod 1; Mean of nothing is NaN.
  @Test
  void emptyInputsGiveTheIdentity() {
    Tensor e = floats(dims(0, 2));
    assertTensor(
        floats(dims(2), Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY),
        reduce("Max", e, false, 0));
    assertTensor(
        floats(dims(1, 2), Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY),
        reduce("Min", e, true, 0));
    assertTensor(floats(dims(), 0), reduce("Sum", e, false, 0, 1));
    assertTensor(floats(dims(), 1), reduce("Prod", e, false, 0, 1));
    assertTensor(floats(dims(0)), reduce("Sum", e, false, 1));
    Tensor mean = reduce("Mean", e, false, 0);
    assertTrue(Float.isNaN(mean.getFloat(0)) && Float.isNaN(mean.getFloat(1)), mean.toString());
    Map<String, Object> ba = Map.of("Tidx", DataType.DT_INT32, "keep_dims", false);
    Tensor eb = Tensor.ofBooleans(Shape.of(0));
    assertTensor(
        Tensor.ofBooleans(Shape.scalar(), true),
        run("All", ba, eb, Tensor.ofInts(Shape.scalar(), 0)));
    assertTensor(
        Tensor.ofBooleans(Shape.scalar(), false),
        run("Any", ba, eb, Tensor.ofInts(Shape.scalar(), 0)));
  }

  @Test
  void integerSumsWrap() {
    Tensor x = ints(dims(2), Integer.MAX_VALUE, 1);
    assertTensor(ints(dims(), Integer.MIN_VALUE), reduce("Sum", x, false, 0));
  }

  // TF's ReductionHelper: "Invalid reduction dimension (5 for input with 2 dimension(s)".
  @Test
  void axisOutOfRangeIsInvalidArgument() {
    Tensor x = ints(dims(2, 3), 1, 2, 3, 4, 5, 6);
    RawOpsException e = assertInvalid(() -> reduce("Sum", x, false, 5));
    assertTrue(
        e.getMessage().contains("Invalid reduction dimension (5 for input with 2"), e.getMessage());
    assertInvalid(() -> reduce("Max", x, false, -3));
    // TF 2.18 (ReductionDifferentialTest): "Invalid reduction arguments: Axes contains duplicate
    // dimension: 1"
    e = assertInvalid(() -> reduce("Sum", x, false, 1, -1));
    assertTrue(e.getMessage().contains("Axes contains duplicate dimension: 1"), e.getMessage());
  }

  // tf.math.argmax: A = [2, 20, 30, 3, 6] → 2; ties take the first index.
  @Test
  void argMaxArgMin() {
    Map<String, Object> a =
        Map.of("T", DataType.DT_INT32, "Tidx", DataType.DT_INT32, "output_type", DataType.DT_INT64);
    Tensor x = ints(dims(5), 2, 20, 30, 3, 6);
    Tensor zero = Tensor.ofInts(Shape.scalar(), 0);
    assertTensor(Tensor.ofLongs(Shape.scalar(), 2), run("ArgMax", a, x, zero));
    assertTensor(Tensor.ofLongs(Shape.scalar(), 0), run("ArgMin", a, x, zero));
    Tensor ties = ints(dims(2, 3), 1, 5, 5, 7, 7, 0);
    assertTensor(
        Tensor.ofLongs(Shape.of(2), 1, 0),
        run("ArgMax", a, ties, Tensor.ofInts(Shape.scalar(), 1)));
    assertTensor(Tensor.ofLongs(Shape.of(3), 0, 0, 1), run("ArgMin", a, ties, zero));
    assertInvalid(() -> run("ArgMax", a, x, Tensor.ofInts(Shape.scalar(), 1)));
    assertInvalid(() -> run("ArgMax", a, ints(dims(0)), zero));
  }

  // tf.math.cumsum: [2, 4, 6, 8] with exclusive / reverse.
  @Test
  void cumsumDocExamples() {
    Tensor x = ints(dims(4), 2, 4, 6, 8);
    Tensor zero = Tensor.ofInts(Shape.scalar(), 0);
    assertTensor(ints(dims(4), 2, 6, 12, 20), run("Cumsum", scanAttrs(false, false), x, zero));
    assertTensor(ints(dims(4), 0, 2, 6, 12), run("Cumsum", scanAttrs(true, false), x, zero));
    assertTensor(ints(dims(4), 20, 18, 14, 8), run("Cumsum", scanAttrs(false, true), x, zero));
    assertTensor(ints(dims(4), 18, 14, 8, 0), run("Cumsum", scanAttrs(true, true), x, zero));
    assertInvalid(
        () -> run("Cumsum", scanAttrs(false, false), x, Tensor.ofInts(Shape.scalar(), 1)));
  }

  private static Map<String, Object> scanAttrs(boolean exclusive, boolean reverse) {
    return Map.of(
        "T",
        DataType.DT_INT32,
        "Tidx",
        DataType.DT_INT32,
        "exclusive",
        exclusive,
        "reverse",
        reverse);
  }

  private static Map<String, Object> segAttrs(boolean unsorted) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("T", DataType.DT_INT32);
    m.put("Tindices", DataType.DT_INT32);
    if (unsorted) {
      m.put("Tnumsegments", DataType.DT_INT32);
    }
    return m;
  }

  // tf.math.segment_sum / segment_max docs: c = [[1,2,3,4], [4,3,2,1], [5,6,7,8]], ids [0, 0, 1].
  @Test
  void sortedSegmentDocExamples() {
    Tensor c = ints(dims(3, 4), 1, 2, 3, 4, 4, 3, 2, 1, 5, 6, 7, 8);
    Tensor ids = ints(dims(3), 0, 0, 1);
    assertTensor(
        ints(dims(2, 4), 5, 5, 5, 5, 5, 6, 7, 8), run("SegmentSum", segAttrs(false), c, ids));
    assertTensor(
        ints(dims(2, 4), 4, 3, 3, 4, 5, 6, 7, 8), run("SegmentMax", segAttrs(false), c, ids));
    assertTensor(
        ints(dims(2, 4), 2, 2, 2, 2, 5, 6, 7, 8), run("SegmentMean", segAttrs(false), c, ids));
    // a skipped id is an empty segment: 0 (docs: "If the sum is empty ... output[i] = 0")
    assertTensor(
        ints(dims(3, 4), 5, 5, 5, 5, 0, 0, 0, 0, 5, 6, 7, 8),
        run("SegmentSum", segAttrs(false), c, ints(dims(3), 0, 0, 2)));
  }

  @Test
  void sortedSegmentErrors() {
    Tensor c = ints(dims(3, 2), 1, 2, 3, 4, 5, 6);
    RawOpsException e =
        assertInvalid(() -> run("SegmentSum", segAttrs(false), c, ints(dims(3), 1, 0, 1)));
    assertTrue(e.getMessage().contains("segment ids are not increasing"), e.getMessage());
    e = assertInvalid(() -> run("SegmentSum", segAttrs(false), c, ints(dims(2), 0, 1)));
    assertTrue(
        e.getMessage().contains("segment_ids should be the same size as dimension 0 of input"),
        e.getMessage());
  }

  // tf.math.unsorted_segment_sum / _max docs: c = [[1,2,3,4], [5,6,7,8], [4,3,2,1]], ids [0,1,0].
  @Test
  void unsortedSegmentDocExamples() {
    Tensor c = ints(dims(3, 4), 1, 2, 3, 4, 5, 6, 7, 8, 4, 3, 2, 1);
    Tensor ids = ints(dims(3), 0, 1, 0);
    Tensor two = Tensor.ofInts(Shape.scalar(), 2);
    assertTensor(
        ints(dims(2, 4), 5, 5, 5, 5, 5, 6, 7, 8),
        run("UnsortedSegmentSum", segAttrs(true), c, ids, two));
    assertTensor(
        ints(dims(2, 4), 4, 3, 3, 4, 5, 6, 7, 8),
        run("UnsortedSegmentMax", segAttrs(true), c, ids, two));
    assertTensor(
        ints(dims(2, 4), 4, 6, 6, 4, 5, 6, 7, 8),
        run("UnsortedSegmentProd", segAttrs(true), c, ids, two));
    // negative ids are dropped; an empty segment of Max holds the type's lowest value
    Tensor three = Tensor.ofInts(Shape.scalar(), 3);
    List<Integer> want = new ArrayList<>(List.of(4, 3, 3, 4));
    for (int i = 0; i < 4; i++) {
      want.add(Integer.MIN_VALUE);
    }
    want.addAll(List.of(5, 6, 7, 8));
    assertTensor(
        ints(dims(3, 4), want.stream().mapToInt(Integer::intValue).toArray()),
        run("UnsortedSegmentMax", segAttrs(true), c, ints(dims(3), 0, 2, 0), three));
    assertTensor(
        ints(dims(2, 4), 1, 2, 3, 4, 0, 0, 0, 0),
        run("UnsortedSegmentSum", segAttrs(true), c, ints(dims(3), 0, -1, -5), two));
  }

  @Test
  void unsortedSegmentIdOutOfRange() {
    Tensor c = ints(dims(3), 1, 2, 3);
    RawOpsException e =
        assertInvalid(
            () ->
                run(
                    "UnsortedSegmentSum",
                    segAttrs(true),
                    c,
                    ints(dims(3), 0, 2, 1),
                    Tensor.ofInts(Shape.scalar(), 2)));
    assertTrue(
        e.getMessage().contains("segment_ids[1] = 2 is out of range [0, 2)"), e.getMessage());
  }

  // Softmax of equal logits is uniform; LogSoftmax of [0, 0] is log(1/2) (TF's definition).
  @Test
  void softmax() {
    Map<String, Object> a = Map.of("T", DataType.DT_DOUBLE);
    Tensor x = Tensor.ofDoubles(Shape.of(2, 2), 3, 3, 1000, 1000);
    assertTensor(Tensor.ofDoubles(Shape.of(2, 2), 0.5, 0.5, 0.5, 0.5), run("Softmax", a, x));
    Tensor ls = run("LogSoftmax", a, x);
    assertArrayEquals(
        new double[] {Math.log(0.5), Math.log(0.5)},
        new double[] {ls.getDouble(0), ls.getDouble(3)},
        1e-15);
    assertInvalid(() -> run("Softmax", a, Tensor.ofDoubles(Shape.scalar(), 1)));
  }

  // tf.nn.l2_loss: sum(t ** 2) / 2.
  @Test
  void l2Loss() {
    Tensor x = floats(dims(3), 1, 2, 3);
    assertTensor(floats(dims(), 7), run("L2Loss", Map.of("T", DataType.DT_FLOAT), x));
  }

  // TF >= 2.4 propagates NaN through Max/Min (tensorflow/tfjs#4883 shows
  // tf.raw_ops.Max([2, nan, 2]) == nan). Segment Max/Min in TF 2.18 fold as std::max(value, acc)
  // (checked by ReductionDifferentialTest): a NaN replaces the running value, the next value
  // replaces a NaN.
  @Test
  void maxAndMinPropagateNaNAndSegmentsFoldLikeStdMax() {
    Tensor x = floats(dims(3), 2, Float.NaN, 2);
    assertTrue(Float.isNaN(reduce("Max", x, false, 0).getFloat(0)));
    assertTrue(Float.isNaN(reduce("Min", x, false, 0).getFloat(0)));
    Map<String, Object> a = new LinkedHashMap<>(segAttrs(true));
    a.put("T", DataType.DT_FLOAT);
    Tensor out =
        run(
            "UnsortedSegmentMax",
            a,
            floats(dims(4), Float.NaN, 10, -78, Float.NaN),
            ints(dims(4), 0, 0, 1, 1),
            Tensor.ofInts(Shape.scalar(), 2));
    assertEquals(10f, out.getFloat(0));
    assertTrue(Float.isNaN(out.getFloat(1)), out.toString());
  }

  // With a constant axis the shape function checks it at build time, as TF's ReductionShape.
  @Test
  void constantAxisOutOfRangeFailsAtBuild() {
    OneOp sum =
        OneOp.of("Sum")
            .placeholder(DataType.DT_FLOAT, PartialShape.of(2, 3))
            .constInput(Tensor.ofInts(Shape.scalar(), 2))
            .attr("T", DataType.DT_FLOAT)
            .attr("Tidx", DataType.DT_INT32);
    RawOpsException e = assertThrows(RawOpsException.class, sum::build);
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElseThrow());
  }

  /**
   * Sum and Mean over the inner axis of long float rows (above the split threshold, a row length
   * that is not a multiple of the kernel's lane count): tf.math.reduce_sum's definition, the sum of
   * the row rounded to float. The values are small integers, so the exact sum is known; an in-order
   * float accumulation would drift from it above 2^24.
   */
  @Test
  void innerAxisFloatSumOfLongRowsIsTheRoundedExactSum() {
    int rows = 4;
    int cols = 40_003;
    float[] v = new float[rows * cols];
    long[] exact = new long[rows];
    for (int r = 0; r < rows; r++) {
      for (int k = 0; k < cols; k++) {
        int x = (k * 7 + r) % 1000;
        v[r * cols + k] = x;
        exact[r] += x;
      }
    }
    Tensor x = floats(dims(rows, cols), v);
    float[] sums = new float[rows];
    float[] means = new float[rows];
    for (int r = 0; r < rows; r++) {
      sums[r] = (float) exact[r];
      means[r] = (float) (exact[r] / (double) cols);
    }
    assertTensor(floats(dims(rows), sums), reduce("Sum", x, false, 1));
    assertTensor(floats(dims(rows), means), reduce("Mean", x, false, -1));
    Tensor ones = Tensor.ofHalfs(Shape.of(40, 1001), filled(40 * 1001, 1f));
    assertTensor(Tensor.ofHalfs(Shape.of(40), filled(40, 1001f)), reduce("Sum", ones, false, 1));
  }

  private static float[] filled(int n, float value) {
    float[] v = new float[n];
    java.util.Arrays.fill(v, value);
    return v;
  }
}
