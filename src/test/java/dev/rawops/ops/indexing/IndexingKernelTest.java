package dev.rawops.ops.indexing;

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
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The indexing family's values, orders and error rules on CPU. Inputs are fed through placeholders
 * of unknown shape, so the kernels check everything. Expected values are TensorFlow's: the examples
 * of TF 2.18's API docs (tf.gather, tf.scatter_nd, tf.tensor_scatter_nd_add) and TF's messages from
 * its CPU kernels.
 */
class IndexingKernelTest {
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
}
