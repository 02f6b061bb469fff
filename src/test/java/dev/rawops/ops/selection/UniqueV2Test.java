package dev.rawops.ops.selection;

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

/** UniqueV2: the axis examples of tf.raw_ops.UniqueV2's page and its errors. */
class UniqueV2Test {
  private static final Tensor X = Tensor.ofInts(Shape.of(3, 3), 1, 0, 0, 1, 0, 0, 2, 0, 0);

  private static OneOp unique(Tensor x, long... axis) {
    return OneOp.of("UniqueV2")
        .input(x)
        .constInput(Tensor.ofLongs(Shape.of(axis.length), axis))
        .attr("T", x.dtype())
        .attr("Taxis", DType.INT64)
        .attr("out_idx", DType.INT32);
  }

  @Test
  void uniqueRowsAndColumnsOfTheDocsExample() {
    List<Tensor> rows = unique(X, 0).runAll(2);
    assertEquals(Shape.of(2, 3), rows.get(0).shape());
    assertArrayEquals(new int[] {1, 0, 0, 2, 0, 0}, rows.get(0).toIntArray());
    assertArrayEquals(new int[] {0, 0, 1}, rows.get(1).toIntArray());
    List<Tensor> cols = unique(X, 1).runAll(2);
    assertEquals(Shape.of(3, 2), cols.get(0).shape());
    assertArrayEquals(new int[] {1, 0, 1, 0, 2, 0}, cols.get(0).toIntArray());
    assertArrayEquals(new int[] {0, 1, 1}, cols.get(1).toIntArray());
  }

  @Test
  void refusesAnAxisOutOfRange() {
    RawOpsException e = assertThrows(RawOpsException.class, () -> unique(X, 2).runAll(2));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains("axis has to be between [0, 2)"), e.getMessage());
  }
}
