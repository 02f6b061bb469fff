package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.AttrValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The indexing family's values, orders and error rules on CPU. Inputs are fed through placeholders
 * of unknown shape, so the kernels check everything. Expected values are TensorFlow's: the examples
 * of TF 2.18's API docs (tf.gather, tf.scatter_nd, tf.tensor_scatter_nd_add, tf.unique,
 * tf.math.bincount, tf.histogram_fixed_width, tf.dynamic_partition, tf.dynamic_stitch, tf.where,
 * tf.math.top_k, tf.math.in_top_k) and TF's messages from its CPU kernels.
 */
class IndexingKernelTest {
  /** Runs {@code op} on the inputs (fed), with attrs (DType, Long, Boolean or String values). */
  static List<Tensor> run(String op, int outputs, Map<String, Object> attrs, Tensor... inputs) {
    return OneOp.of(op).inputs(inputs).attrs(attrs).runAll(outputs);
  }

  static Map<String, Object> attrs(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  static void fails(String tfMessage, Runnable r) {
    RawOpsException e = assertThrows(RawOpsException.class, r::run);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals("out", e.node().orElseThrow(), e.getMessage());
    assertEquals(tfMessage, e.detail());
  }

  static Tensor ints(long[] shape, int... v) {
    return Tensor.ofInts(Shape.of(shape), v);
  }

  static Tensor floats(long[] shape, float... v) {
    return Tensor.ofFloats(Shape.of(shape), v);
  }

  static long[] s(long... dims) {
    return dims;
  }

  static float[] floatsOf(Tensor t) {
    float[] f = new float[(int) t.numElements()];
    for (int i = 0; i < f.length; i++) {
      f[i] = t.getFloat(i);
    }
    return f;
  }

  private static final Map<String, Object> GATHER_V2 =
      attrs("Tparams", DType.FLOAT, "Tindices", DType.INT32, "Taxis", DType.INT32);

  // tf.gather docs: params [[0,1,2],[10,11,12],[20,21,22],[30,31,32]].
  private static final Tensor PARAMS = floats(s(4, 3), 0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32);

  @Test
  void gatherV2_axis0_rows() {
    Tensor out = run("GatherV2", 1, GATHER_V2, PARAMS, ints(s(2), 3, 1), ints(s(), 0)).get(0);
    assertEquals(Shape.of(2, 3), out.shape());
    assertArrayEquals(new float[] {30, 31, 32, 10, 11, 12}, floatsOf(out));
  }

  @Test
  void gatherV2_axis1_andNegativeAxis() {
    float[] want = {2, 0, 2, 1, 12, 10, 12, 11, 22, 20, 22, 21, 32, 30, 32, 31};
    for (int axis : new int[] {1, -1}) {
      Tensor out =
          run("GatherV2", 1, GATHER_V2, PARAMS, ints(s(4), 2, 0, 2, 1), ints(s(), axis)).get(0);
      assertEquals(Shape.of(4, 4), out.shape());
      assertArrayEquals(want, floatsOf(out));
    }
  }

  /** tf.gather(batch_dims=1): result[i] = gather(params[i], indices[i]). */
  @Test
  void gatherV2_batchDims() {
    Map<String, Object> a = new LinkedHashMap<>(GATHER_V2);
    a.put("batch_dims", 1L);
    Tensor out =
        run(
                "GatherV2",
                1,
                a,
                floats(s(2, 3), 1, 2, 3, 4, 5, 6),
                ints(s(2, 2), 2, 0, 1, 1),
                ints(s(), 1))
            .get(0);
    assertEquals(Shape.of(2, 2), out.shape());
    assertArrayEquals(new float[] {3, 1, 5, 5}, floatsOf(out));
  }

  @Test
  void gatherV2_outOfRange_namesFirstBadPosition() {
    fails(
        "indices[1,2] = 7 is not in [0, 4)",
        () -> run("GatherV2", 1, GATHER_V2, PARAMS, ints(s(2, 3), 0, 1, 2, 3, 0, 7), ints(s(), 0)));
    fails(
        "indices[0] = -1 is not in [0, 4)",
        () -> run("GatherV2", 1, GATHER_V2, PARAMS, ints(s(2), -1, 9), ints(s(), 0)));
  }

  @Test
  void gatherV2_badAxis() {
    fails(
        "Expected axis in the range [-2, 2), but got 2",
        () -> run("GatherV2", 1, GATHER_V2, PARAMS, ints(s(1), 0), ints(s(), 2)));
  }

  // tf.scatter_nd docs: indices [[4],[3],[1],[7]], updates [9,10,11,12], shape [8].
  @Test
  void scatterNd_docsExample_andDuplicatesAdd() {
    Map<String, Object> a = attrs("T", DType.INT32, "Tindices", DType.INT32);
    Tensor out =
        run("ScatterNd", 1, a, ints(s(4, 1), 4, 3, 1, 7), ints(s(4), 9, 10, 11, 12), ints(s(1), 8))
            .get(0);
    assertArrayEquals(new long[] {0, 11, 0, 10, 9, 0, 0, 12}, out.toLongArray());
    Tensor dup =
        run("ScatterNd", 1, a, ints(s(3, 1), 1, 1, 2), ints(s(3), 5, 6, 7), ints(s(1), 4)).get(0);
    assertArrayEquals(new long[] {0, 11, 7, 0}, dup.toLongArray());
  }

  @Test
  void scatterNd_outOfRange() {
    Map<String, Object> a = attrs("T", DType.INT32, "Tindices", DType.INT32);
    fails(
        "indices[1] = [8] does not index into shape [8]",
        () -> run("ScatterNd", 1, a, ints(s(2, 1), 0, 8), ints(s(2), 1, 2), ints(s(1), 8)));
  }

  // tf.tensor_scatter_nd_add docs: tensor [1..8], indices [[4],[3],[1],[7]], updates [9..12].
  @Test
  void tensorScatterAdd_docsExample() {
    Map<String, Object> a = attrs("T", DType.FLOAT, "Tindices", DType.INT32);
    Tensor out =
        run(
                "TensorScatterAdd",
                1,
                a,
                floats(s(8), 1, 2, 3, 4, 5, 6, 7, 8),
                ints(s(4, 1), 4, 3, 1, 7),
                floats(s(4), 9, 10, 11, 12))
            .get(0);
    assertArrayEquals(new float[] {1, 13, 3, 14, 14, 6, 7, 20}, floatsOf(out));
  }

  @Test
  void tensorScatterMinMax() {
    Map<String, Object> a = attrs("T", DType.INT32, "Tindices", DType.INT32);
    Tensor t = ints(s(4), 5, 5, 5, 5);
    Tensor ix = ints(s(3, 1), 0, 1, 1);
    Tensor up = ints(s(3), 3, 9, 1);
    assertArrayEquals(
        new long[] {3, 1, 5, 5}, run("TensorScatterMin", 1, a, t, ix, up).get(0).toLongArray());
    assertArrayEquals(
        new long[] {5, 9, 5, 5}, run("TensorScatterMax", 1, a, t, ix, up).get(0).toLongArray());
  }

  // tf.unique docs: [1, 1, 2, 4, 4, 4, 7, 8, 8].
  @Test
  void uniqueWithCounts_firstOccurrenceOrder() {
    List<Tensor> out =
        run(
            "UniqueWithCounts",
            3,
            attrs("T", DType.INT32, "out_idx", DType.INT32),
            ints(s(9), 1, 1, 2, 4, 4, 4, 7, 8, 8));
    assertArrayEquals(new long[] {1, 2, 4, 7, 8}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {0, 0, 1, 2, 2, 2, 3, 4, 4}, out.get(1).toLongArray());
    assertArrayEquals(new long[] {2, 1, 3, 1, 2}, out.get(2).toLongArray());
  }

  // tf.compat.v1.setdiff1d docs: x = [1, 2, 3, 4, 5, 6], y = [1, 3, 5].
  @Test
  void listDiff() {
    List<Tensor> out =
        run(
            "ListDiff",
            2,
            attrs("T", DType.INT32, "out_idx", DType.INT32),
            ints(s(6), 1, 2, 3, 4, 5, 6),
            ints(s(3), 1, 3, 5));
    assertArrayEquals(new long[] {2, 4, 6}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {1, 3, 5}, out.get(1).toLongArray());
  }

  // tf.where docs: tf.where([True, False, False, True]) -> [[0], [3]].
  @Test
  void where_coordinates() {
    Tensor out =
        run(
                "Where",
                1,
                attrs("T", DType.BOOL),
                Tensor.ofBooleans(Shape.of(4), true, false, false, true))
            .get(0);
    assertEquals(DType.INT64, out.dtype());
    assertEquals(Shape.of(2, 1), out.shape());
    assertArrayEquals(new long[] {0, 3}, out.toLongArray());
    Tensor two = run("Where", 1, attrs("T", DType.FLOAT), floats(s(2, 2), 0, 1, -0f, 2)).get(0);
    assertArrayEquals(new long[] {0, 1, 1, 1}, two.toLongArray());
  }

  /** TF: equal values keep index order (lower index first), sorted or not when k == columns. */
  @Test
  void topK_tiesLowerIndexFirst() {
    Map<String, Object> a = attrs("T", DType.FLOAT, "sorted", true, "index_type", DType.INT32);
    List<Tensor> out = run("TopKV2", 2, a, floats(s(5), 1, 3, 3, 2, 3), ints(s(), 3));
    assertArrayEquals(new float[] {3, 3, 3}, floatsOf(out.get(0)));
    assertArrayEquals(new long[] {1, 2, 4}, out.get(1).toLongArray());
    List<Tensor> one = run("TopKV2", 2, a, floats(s(4), 1, 3, 2, 3), ints(s(), 1));
    assertArrayEquals(new long[] {1}, one.get(1).toLongArray());
  }

  /**
   * sorted=false leaves gtl::TopN's heap order: TF 2.18's answer from the corpus fixture
   * dl4j/topk/rank1_k5.
   */
  @Test
  void topK_unsortedHeapOrder() {
    Map<String, Object> a = attrs("T", DType.FLOAT, "sorted", false, "index_type", DType.INT32);
    float[] in = {
      0.7787855863571167f, 0.8011977672576904f, 0.7243746519088745f, 0.2308943271636963f,
      0.727141261100769f, 0.18039071559906006f, 0.505634069442749f, 0.892522931098938f,
      0.5461208820343018f, 0.9233672618865967f
    };
    List<Tensor> out = run("TopKV2", 2, a, floats(s(10), in), ints(s(), 5));
    assertArrayEquals(new long[] {4, 1, 0, 7, 9}, out.get(1).toLongArray());
    // Row 8 of dl4j/topk/rank3_k3 (k = 3).
    float[] row = {
      0.8428094387054443f,
      0.7493553161621094f,
      0.07545185089111328f,
      0.6245074272155762f,
      0.34907960891723633f
    };
    List<Tensor> three = run("TopKV2", 2, a, floats(s(5), row), ints(s(), 3));
    assertArrayEquals(new long[] {3, 1, 0}, three.get(1).toLongArray());
  }

  @Test
  void topK_tooFewColumns() {
    Map<String, Object> a = attrs("T", DType.FLOAT, "sorted", true, "index_type", DType.INT32);
    fails(
        "input must have at least k columns. Had 2, needed 3",
        () -> run("TopKV2", 2, a, floats(s(2), 1, 2), ints(s(), 3)));
  }

  // tf.math.bincount docs: values [1, 1, 2, 3, 2, 4, 4, 5] -> [0, 2, 2, 1, 2, 1].
  @Test
  void bincount_countsAndNegative() {
    Map<String, Object> a = attrs("T", DType.INT32);
    Tensor out =
        run("Bincount", 1, a, ints(s(8), 1, 1, 2, 3, 2, 4, 4, 5), ints(s(), 6), ints(s(0))).get(0);
    assertArrayEquals(new long[] {0, 2, 2, 1, 2, 1}, out.toLongArray());
    fails(
        "Input arr must be non-negative!",
        () -> run("Bincount", 1, a, ints(s(2), 1, -1), ints(s(), 3), ints(s(0))));
  }

  // tf.histogram_fixed_width docs: [-1.0, 0.0, 1.5, 2.0, 5.0, 15], range [0, 5], 5 bins.
  @Test
  void histogramFixedWidth_docsExample() {
    Tensor out =
        run(
                "HistogramFixedWidth",
                1,
                attrs("T", DType.FLOAT, "dtype", DType.INT32),
                floats(s(6), -1, 0, 1.5f, 2, 5, 15),
                floats(s(2), 0, 5),
                ints(s(), 5))
            .get(0);
    assertArrayEquals(new long[] {2, 1, 1, 0, 2}, out.toLongArray());
  }

  // tf.dynamic_partition docs: data [10, 20, 30, 40, 50], partitions [0, 0, 1, 1, 0].
  @Test
  void dynamicPartition_docsExample_andBadPartition() {
    Map<String, Object> a = attrs("T", DType.INT32, "num_partitions", 2L);
    List<Tensor> out =
        run("DynamicPartition", 2, a, ints(s(5), 10, 20, 30, 40, 50), ints(s(5), 0, 0, 1, 1, 0));
    assertArrayEquals(new long[] {10, 20, 50}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {30, 40}, out.get(1).toLongArray());
    fails(
        "partitions[1] = 2 is not in [0, 2)",
        () -> run("DynamicPartition", 2, a, ints(s(2), 10, 20), ints(s(2), 0, 2)));
  }

  // tf.dynamic_stitch docs.
  @Test
  void dynamicStitch_docsExample() {
    Tensor out =
        run(
                "DynamicStitch",
                1,
                attrs("T", DType.INT32, "N", 3L),
                ints(s(), 6),
                ints(s(2), 4, 1),
                ints(s(2, 2), 5, 2, 0, 3),
                ints(s(2), 61, 62),
                ints(s(2, 2), 41, 42, 11, 12),
                ints(s(2, 2, 2), 51, 52, 21, 22, 1, 2, 31, 32))
            .get(0);
    assertEquals(Shape.of(7, 2), out.shape());
    assertArrayEquals(
        new long[] {1, 2, 11, 12, 21, 22, 31, 32, 41, 42, 51, 52, 61, 62}, out.toLongArray());
  }

  /** tf.math.in_top_k: a tie straddling the k boundary counts as in the top k. */
  @Test
  void inTopK_ties() {
    Tensor out =
        run(
                "InTopKV2",
                1,
                attrs("T", DType.INT32),
                floats(s(2, 3), 0.5f, 0.5f, 0.1f, 0.2f, 0.7f, 0.1f),
                ints(s(2), 1, 0),
                ints(s(), 1))
            .get(0);
    assertEquals(1, out.getByte(0));
    assertEquals(0, out.getByte(1));
  }

  // tf.ragged.range docs: tf.ragged.range([0, 5, 8], [3, 3, 12], 2) -> [[0, 2], [], [8, 10]].
  @Test
  void raggedRange_docsExample() {
    List<Tensor> out =
        run(
            "RaggedRange",
            2,
            attrs("T", DType.INT32, "Tsplits", DType.INT64),
            ints(s(3), 0, 5, 8),
            ints(s(3), 3, 3, 12),
            ints(s(), 2));
    assertArrayEquals(new long[] {0, 2, 2, 4}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {0, 2, 8, 10}, out.get(1).toLongArray());
    fails(
        "Requires delta != 0",
        () ->
            run(
                "RaggedRange",
                2,
                attrs("T", DType.INT32, "Tsplits", DType.INT64),
                ints(s(), 0),
                ints(s(), 3),
                ints(s(), 0)));
  }

  // tf.RaggedTensor.to_tensor docs: [[9, 8, 7], [], [6, 5], [4]].
  @Test
  void raggedTensorToTensor_docsExample() {
    Map<String, Object> a =
        attrs(
            "T", DType.INT32,
            "Tindex", DType.INT64,
            "Tshape", DType.INT64,
            "num_row_partition_tensors", 1L,
            "row_partition_types",
                AttrValue.newBuilder()
                    .setList(
                        AttrValue.ListValue.newBuilder()
                            .addS(ByteString.copyFromUtf8("ROW_SPLITS")))
                    .build());
    Tensor values = ints(s(6), 9, 8, 7, 6, 5, 4);
    Tensor splits = Tensor.ofLongs(Shape.of(5), 0, 3, 3, 5, 6);
    Tensor full =
        run(
                "RaggedTensorToTensor",
                1,
                a,
                Tensor.ofLongs(Shape.of(), -1),
                values,
                ints(s(), 0),
                splits)
            .get(0);
    assertEquals(Shape.of(4, 3), full.shape());
    assertArrayEquals(new long[] {9, 8, 7, 0, 0, 0, 6, 5, 0, 4, 0, 0}, full.toLongArray());
    Tensor cut =
        run(
                "RaggedTensorToTensor",
                1,
                a,
                Tensor.ofLongs(Shape.of(2), 5, 2),
                values,
                ints(s(), 0),
                splits)
            .get(0);
    assertEquals(Shape.of(5, 2), cut.shape());
    assertArrayEquals(new long[] {9, 8, 0, 0, 6, 5, 4, 0, 0, 0}, cut.toLongArray());
  }
}
