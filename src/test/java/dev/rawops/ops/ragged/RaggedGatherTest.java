package dev.rawops.ops.ragged;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.ragged.RaggedTensor;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RaggedGather results, each expected value taken from TensorFlow 2.18 running the same graph.
 * Every case runs twice: with Const inputs (shapes known at build) and with Placeholders of unknown
 * shape (only the kernel sees them).
 */
class RaggedGatherTest {
  /** The seed page's params: [[1, 2], [], [3, 4, 5], [6]]. */
  private static final List<Tensor> SEED_SPLITS =
      List.of(Tensor.ofLongs(Shape.of(5), 0, 2, 2, 5, 6));

  private static final Tensor SEED_VALUES = Tensor.ofInts(Shape.of(6), 1, 2, 3, 4, 5, 6);

  @Test
  void seedExample_vectorIndices_gathersRowsInOrder() {
    var call = RaggedGatherCall.of(SEED_SPLITS, SEED_VALUES, Tensor.ofInts(Shape.of(3), 2, 0, 1));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 3, 5, 5);
      assertInts(out.get(1), 3, 4, 5, 1, 2);
      assertEquals("[[3, 4, 5], [1, 2], []]", RaggedTensor.fromComponents(out).format());
    }
  }

  @Test
  void seedExample_matrixIndices_addUniformOuterLevel() {
    var call =
        RaggedGatherCall.of(SEED_SPLITS, SEED_VALUES, Tensor.ofInts(Shape.of(2, 2), 2, 0, 3, 3));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 2, 4);
      assertInts(out.get(1), 0, 3, 5, 6, 7);
      assertInts(out.get(2), 3, 4, 5, 1, 2, 6, 6);
      assertEquals("[[[3, 4, 5], [1, 2]], [[6], [6]]]", RaggedTensor.fromComponents(out).format());
    }
  }

  @Test
  void seedExample_scalarIndex_returnsTheRowAsDenseValues() {
    var call = RaggedGatherCall.of(SEED_SPLITS, SEED_VALUES, Tensor.ofInts(Shape.scalar(), 2));
    for (List<Tensor> out : both(call)) {
      assertEquals(1, out.size());
      assertInts(out.get(0), 3, 4, 5);
    }
  }

  /** params [[[1, 2], [3]], [], [[4], [], [5, 6]]]. */
  private static final List<Tensor> TWO_LEVELS =
      List.of(Tensor.ofInts(Shape.of(4), 0, 2, 2, 5), Tensor.ofInts(Shape.of(6), 0, 2, 3, 4, 4, 6));

  @Test
  void twoRaggedLevels_vectorIndices() {
    var call =
        RaggedGatherCall.of(
            TWO_LEVELS,
            Tensor.ofInts(Shape.of(6), 1, 2, 3, 4, 5, 6),
            Tensor.ofInts(Shape.of(3), 2, 0, 1));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 3, 5, 5);
      assertInts(out.get(1), 0, 1, 1, 3, 5, 6);
      assertInts(out.get(2), 4, 5, 6, 1, 2, 3);
    }
  }

  @Test
  void twoRaggedLevels_scalarIndex() {
    var call =
        RaggedGatherCall.of(
            TWO_LEVELS,
            Tensor.ofInts(Shape.of(6), 1, 2, 3, 4, 5, 6),
            Tensor.ofInts(Shape.scalar(), 2));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 1, 1, 3);
      assertInts(out.get(1), 4, 5, 6);
    }
  }

  @Test
  void emptyIndices_giveEmptyResult() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 2, 5)),
            Tensor.ofInts(Shape.of(5), 1, 2, 3, 4, 5),
            Tensor.ofInts(Shape.of(0)));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0);
      assertEquals(Shape.of(0), out.get(1).shape());
    }
  }

  @Test
  void indicesWithZeroInnerDimension_giveEmptyRows() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 2, 5)),
            Tensor.ofInts(Shape.of(5), 1, 2, 3, 4, 5),
            Tensor.ofInts(Shape.of(2, 0)));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 0, 0);
      assertInts(out.get(1), 0);
      assertEquals(Shape.of(0), out.get(2).shape());
      assertEquals("[[], []]", RaggedTensor.fromComponents(out).format());
    }
  }

  @Test
  void onlyEmptyRows_giveEmptyValues() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 0, 0)),
            Tensor.ofFloats(Shape.of(0)),
            Tensor.ofInts(Shape.of(3), 1, 0, 1));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 0, 0, 0);
      assertEquals(Shape.of(0), out.get(1).shape());
      assertEquals("[[], [], []]", RaggedTensor.fromComponents(out).format());
    }
  }

  @Test
  void innerDimensions_copyWholeValueRows() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 1, 3)),
            Tensor.ofFloats(Shape.of(3, 2), 1, 2, 3, 4, 5, 6),
            Tensor.ofInts(Shape.of(3), 1, 0, 1));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 2, 3, 5);
      assertEquals(Shape.of(5, 2), out.get(1).shape());
      assertTrue(
          out.get(1).contentEquals(Tensor.ofFloats(Shape.of(5, 2), 3, 4, 5, 6, 1, 2, 3, 4, 5, 6)));
      assertEquals(
          "[[[3.0, 4.0], [5.0, 6.0]], [[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]]",
          RaggedTensor.fromComponents(out).format());
    }
  }

  @Test
  void zeroSizedInnerDimension_keepsInnerShape() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 1, 3)),
            Tensor.ofFloats(Shape.of(3, 0, 2)),
            Tensor.ofInts(Shape.of(2), 1, 1));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 2, 4);
      assertEquals(Shape.of(4, 0, 2), out.get(1).shape());
    }
  }

  @Test
  void stringValues_int64IndicesAndSplits() {
    var call =
        RaggedGatherCall.of(
            SEED_SPLITS,
            Tensor.ofStrings(Shape.of(6), "a", "bb", "c", "", "e'q", "f"),
            Tensor.ofLongs(Shape.of(3, 1), 3, 1, 0));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 1, 2, 3);
      assertInts(out.get(1), 0, 1, 1, 3);
      assertTrue(out.get(2).contentEquals(Tensor.ofStrings(Shape.of(3), "f", "a", "bb")));
      assertEquals("[[[b'f']], [[]], [[b'a', b'bb']]]", RaggedTensor.fromComponents(out).format());
    }
  }

  /** TF checks only that splits are non-negative, so a first split above 0 skips values. */
  @Test
  void splitsNotStartingAtZero_acceptedAsTfDoes() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 1, 2, 4)),
            Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4),
            Tensor.ofInts(Shape.of(2), 1, 0));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 2, 3);
      assertTrue(out.get(1).contentEquals(Tensor.ofFloats(Shape.of(3), 3, 4, 2)));
    }
  }

  /** TF reads an index as a Tsplits value: 2^32 + 1 is row 1 under int32 splits. */
  @Test
  void int64IndexWithInt32Splits_truncatedAsTfDoes() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 2, 4)),
            Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4),
            Tensor.ofLongs(Shape.of(2), (1L << 32) + 1, 0));
    for (List<Tensor> out : both(call)) {
      assertInts(out.get(0), 0, 2, 4);
      assertTrue(out.get(1).contentEquals(Tensor.ofFloats(Shape.of(4), 3, 4, 1, 2)));
    }
  }

  /** TF takes the rows from dimension 0 and reads the splits as flat elements. */
  @Test
  void matrixSplitsFedAtRunTime_readAsFlatElementsAsTfDoes() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(2, 2), 0, 2, 3, 4)),
            Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4),
            Tensor.ofInts(Shape.of(1), 0));
    List<Tensor> out = call.runFed();
    assertInts(out.get(0), 0, 2);
    assertTrue(out.get(1).contentEquals(Tensor.ofFloats(Shape.of(2), 1, 2)));
  }

  private static List<List<Tensor>> both(RaggedGatherCall call) {
    return List.of(call.run(), call.runFed());
  }

  static void assertInts(Tensor t, long... expected) {
    assertTrue(t.dtype() == DType.INT32 || t.dtype() == DType.INT64, "dtype " + t.dtype());
    assertEquals(Shape.of(expected.length), t.shape());
    assertArrayEquals(expected, t.toLongArray());
  }
}
