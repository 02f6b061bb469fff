package dev.rawops.ops.indexing;

import static dev.rawops.StridedSliceGraphs.slice;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.StridedSliceGraphs;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Build-time output shapes: exact with constant specs, partial otherwise, as TF's shape function.
 */
class StridedSliceShapeTest {
  private static final Tensor CUBE = Tensor.ofFloats(Shape.of(4, 5, 6), new float[120]);

  private static long[] v(long... x) {
    return x;
  }

  private static PartialShape inferred(StridedSliceGraphs s) {
    return s.build().node("out").orElseThrow().outputShapes().get(0);
  }

  @Test
  void constantSpec_onKnownInput_isExact() {
    Tensor foo = Tensor.ofFloats(Shape.of(5, 5, 5, 5, 5, 5), new float[15625]);
    assertEquals(
        PartialShape.of(2, 1, 5, 5, 2, 5),
        inferred(
            slice(foo, v(1, 2, 0, 0, 0, 0), v(2, 4, 0, 0, -3, 0), v(1, 1, 1, 1, -1, 1))
                .masks(48, 32, 8, 4, 1)));
  }

  @Test
  void constantSpec_onPartlyKnownInput_keepsKnowableDims() {
    assertEquals(
        PartialShape.of(-1, 3),
        inferred(
            slice(CUBE, v(1, 0, 0), v(3, 0, 1), v(1, 2, 1))
                .masks(2, 2, 0, 0, 4)
                .feedInput(PartialShape.of(-1, 5, -1))));
  }

  @Test
  void unknownInputRank_givesUnknownRank() {
    assertEquals(PartialShape.unknownRank(), inferred(slice(CUBE, v(1), v(3), v(1)).feedInput()));
  }

  @Test
  void fedVectorsOfKnownLength_giveRankNewAxesAndEllipsisDims() {
    // x[tf.newaxis, b:e:s, i] on (4,5,6) → (1, ?, 6): the implicit ellipsis keeps the last dim
    // whole.
    assertEquals(
        PartialShape.of(1, -1, 6),
        inferred(
            slice(CUBE, v(0, 0, 0), v(0, 0, 1), v(1, 1, 1))
                .masks(0, 0, 0, 1, 4)
                .feedVectorsOfKnownLength()));
  }

  @Test
  void fedVectorsOfUnknownLength_giveUnknownRank() {
    assertEquals(PartialShape.unknownRank(), inferred(slice(CUBE, v(0), v(1), v(1)).feedVectors()));
  }

  @Test
  void runMatchesTheInferredShape_whenFed() {
    StridedSliceGraphs s =
        slice(CUBE, v(0, 2, 3), v(0, 4, 4), v(1, 1, 1))
            .masks(0, 0, 0, 1, 4)
            .feedVectorsOfKnownLength();
    Tensor out = s.build().newSession().run(s.feeds(), List.of("out")).get(0);
    assertEquals(Shape.of(1, 2, 6), out.shape());
  }
}
