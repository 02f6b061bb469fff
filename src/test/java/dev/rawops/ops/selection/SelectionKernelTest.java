package dev.rawops.ops.selection;

import static dev.rawops.testing.OpTests.attrs;
import static dev.rawops.testing.OpTests.fails;
import static dev.rawops.testing.OpTests.floats;
import static dev.rawops.testing.OpTests.floatsOf;
import static dev.rawops.testing.OpTests.ints;
import static dev.rawops.testing.OpTests.run;
import static dev.rawops.testing.OpTests.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The selection family's values, orders and error rules on CPU (inputs fed through placeholders of
 * unknown shape, so the kernels check everything). Expected values are TensorFlow's: the examples
 * of TF 2.18's API docs (tf.unique, tf.where, tf.math.top_k, tf.math.in_top_k, tf.sets.difference /
 * ListDiff), and TF's messages from its CPU kernels.
 */
class SelectionKernelTest {
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
}
