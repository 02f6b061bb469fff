package dev.rawops.ops.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SparseConcat, SparseSlice, SparseSplit and SparseReduceSum against the examples of TF's
 * documentation (tf.sparse.concat, tf.sparse.slice, tf.sparse.split, tf.sparse.reduce_sum).
 */
class SparseStructureTest {
  /** The docs' [2, 7] tensor: a at [0, 2], d e at [0, 4] [0, 5], b c at [1, 0] [1, 1]. */
  private static final Tensor IX = Tensor.ofLongs(Shape.of(5, 2), 0, 2, 0, 4, 0, 5, 1, 0, 1, 1);

  private static final Tensor VALUES = Tensor.ofStrings(Shape.of(5), "a", "d", "e", "b", "c");
  private static final Tensor SHAPE = Tensor.ofLongs(Shape.of(2), 2, 7);

  @Test
  void concatAlongColumns() {
    List<Tensor> out =
        OneOp.of("SparseConcat")
            .inputs(
                Tensor.ofLongs(Shape.of(3, 2), 0, 2, 1, 0, 1, 1),
                Tensor.ofLongs(Shape.of(2, 2), 0, 1, 0, 2),
                Tensor.ofStrings(Shape.of(3), "a", "b", "c"),
                Tensor.ofStrings(Shape.of(2), "d", "e"),
                Tensor.ofLongs(Shape.of(2), 2, 3),
                Tensor.ofLongs(Shape.of(2), 2, 4))
            .attr("concat_dim", 1L)
            .attr("N", 2L)
            .attr("T", DType.STRING)
            .runAll(3);
    assertArrayEquals(new long[] {0, 2, 0, 4, 0, 5, 1, 0, 1, 1}, out.get(0).toLongArray());
    assertArrayEquals(new String[] {"a", "d", "e", "b", "c"}, out.get(1).toStringArray());
    assertArrayEquals(new long[] {2, 7}, out.get(2).toLongArray());
  }

  @Test
  void sliceKeepsWhatFallsInside() {
    List<Tensor> left =
        OneOp.of("SparseSlice")
            .inputs(
                IX,
                VALUES,
                SHAPE,
                Tensor.ofLongs(Shape.of(2), 0, 0),
                Tensor.ofLongs(Shape.of(2), 2, 4))
            .attr("T", DType.STRING)
            .runAll(3);
    assertArrayEquals(new long[] {0, 2, 1, 0, 1, 1}, left.get(0).toLongArray());
    assertArrayEquals(new String[] {"a", "b", "c"}, left.get(1).toStringArray());
    assertArrayEquals(new long[] {2, 4}, left.get(2).toLongArray());
    List<Tensor> right =
        OneOp.of("SparseSlice")
            .inputs(
                IX,
                VALUES,
                SHAPE,
                Tensor.ofLongs(Shape.of(2), 0, 4),
                Tensor.ofLongs(Shape.of(2), 2, 3))
            .attr("T", DType.STRING)
            .runAll(3);
    assertArrayEquals(new long[] {0, 0, 0, 1}, right.get(0).toLongArray());
    assertArrayEquals(new String[] {"d", "e"}, right.get(1).toStringArray());
    assertArrayEquals(new long[] {2, 3}, right.get(2).toLongArray());
  }

  @Test
  void splitGivesTheFirstPartTheExtraColumn() {
    List<Tensor> out =
        OneOp.of("SparseSplit")
            .inputs(Tensor.ofLongs(Shape.scalar(), 1), IX, VALUES, SHAPE)
            .attr("num_split", 2L)
            .attr("T", DType.STRING)
            .runAll(6);
    assertArrayEquals(new long[] {0, 2, 1, 0, 1, 1}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {0, 0, 0, 1}, out.get(1).toLongArray());
    assertArrayEquals(new String[] {"a", "b", "c"}, out.get(2).toStringArray());
    assertArrayEquals(new String[] {"d", "e"}, out.get(3).toStringArray());
    assertArrayEquals(new long[] {2, 4}, out.get(4).toLongArray());
    assertArrayEquals(new long[] {2, 3}, out.get(5).toLongArray());
  }

  /** tf.sparse.reduce_sum's docs: x = [[1, ?, 1], [?, 1, ?]]. */
  @Test
  void reduceSumOfTheDocumentedExample() {
    Tensor ix = Tensor.ofLongs(Shape.of(3, 2), 0, 0, 0, 2, 1, 1);
    Tensor v = Tensor.ofInts(Shape.of(3), 1, 1, 1);
    Tensor shape = Tensor.ofLongs(Shape.of(2), 2, 3);
    assertArrayEquals(new int[] {3}, reduceSum(ix, v, shape, new int[] {0, 1}, false).toIntArray());
    assertArrayEquals(
        new int[] {1, 1, 1}, reduceSum(ix, v, shape, new int[] {0}, false).toIntArray());
    assertArrayEquals(new int[] {2, 1}, reduceSum(ix, v, shape, new int[] {1}, false).toIntArray());
    Tensor kept = reduceSum(ix, v, shape, new int[] {1}, true);
    assertEquals(Shape.of(2, 1), kept.shape());
    assertArrayEquals(new int[] {2, 1}, kept.toIntArray());
    assertArrayEquals(
        new int[] {2, 1}, reduceSum(ix, v, shape, new int[] {-1}, false).toIntArray());
  }

  private static Tensor reduceSum(Tensor ix, Tensor v, Tensor shape, int[] axes, boolean keep) {
    return OneOp.of("SparseReduceSum")
        .inputs(ix, v, shape, Tensor.ofInts(Shape.of(axes.length), axes))
        .attr("T", DType.INT32)
        .attr("keep_dims", keep)
        .run();
  }

  @Test
  void concatDimOutOfRangeNamesTheNode() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("SparseConcat")
                    .named("cat")
                    .inputs(IX, IX, VALUES, VALUES, SHAPE, SHAPE)
                    .attr("concat_dim", 2L)
                    .attr("N", 2L)
                    .attr("T", DType.STRING)
                    .runAll(3));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("cat"), e.getMessage());
    assertTrue(e.getMessage().contains("Concat dimension must be in range [-2, 2), got 2"));
  }
}
