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

/** SparseFillEmptyRows against TF's documented example and its errors. */
class SparseFillEmptyRowsTest {
  /** tf.sparse.fill_empty_rows' docs: rows 1 and 4 of a [5, 6] tensor are empty. */
  @Test
  void documentedExample() {
    List<Tensor> out =
        OneOp.of("SparseFillEmptyRows")
            .inputs(
                Tensor.ofLongs(Shape.of(4, 2), 0, 1, 0, 3, 2, 0, 3, 1),
                Tensor.ofStrings(Shape.of(4), "a", "b", "c", "d"),
                Tensor.ofLongs(Shape.of(2), 5, 6),
                Tensor.ofStrings(Shape.scalar(), "x"))
            .attr("T", DType.STRING)
            .runAll(4);
    assertArrayEquals(new long[] {0, 1, 0, 3, 1, 0, 2, 0, 3, 1, 4, 0}, out.get(0).toLongArray());
    assertArrayEquals(new String[] {"a", "b", "x", "c", "d", "x"}, out.get(1).toStringArray());
    assertArrayEquals(new boolean[] {false, true, false, false, true}, out.get(2).toBooleanArray());
    assertArrayEquals(new long[] {0, 1, 3, 4}, out.get(3).toLongArray());
  }

  @Test
  void rowOutOfRangeNamesTheNode() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("SparseFillEmptyRows")
                    .named("fill")
                    .inputs(
                        Tensor.ofLongs(Shape.of(1, 2), 7, 0),
                        Tensor.ofFloats(Shape.of(1), 1),
                        Tensor.ofLongs(Shape.of(2), 3, 2),
                        Tensor.ofFloats(Shape.scalar(), 0))
                    .attr("T", DType.FLOAT)
                    .runAll(4));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("fill"), e.getMessage());
    assertTrue(e.getMessage().contains("indices(0, 0) is invalid: 7 >= 3"), e.getMessage());
  }
}
