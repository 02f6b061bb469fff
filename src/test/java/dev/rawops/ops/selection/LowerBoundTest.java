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
import org.junit.jupiter.api.Test;

/** LowerBound: tf.searchsorted's documented example (side="left") and its errors. */
class LowerBoundTest {
  private static OneOp search(Tensor sorted, Tensor values) {
    return OneOp.of("LowerBound")
        .input(sorted)
        .input(values)
        .attr("T", sorted.dtype())
        .attr("out_type", DType.INT32);
  }

  @Test
  void searchesTheDocsExample() {
    Tensor sorted = Tensor.ofInts(Shape.of(2, 5), 0, 3, 9, 9, 10, 1, 2, 3, 4, 5);
    Tensor values = Tensor.ofInts(Shape.of(2, 3), 2, 4, 9, 0, 2, 6);
    assertArrayEquals(new int[] {1, 2, 2, 0, 1, 5}, search(sorted, values).run().toIntArray());
  }

  @Test
  void refusesBatchesOfDifferentSizes() {
    Tensor sorted = Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4);
    Tensor values = Tensor.ofInts(Shape.of(1, 2), 1, 2);
    RawOpsException e = assertThrows(RawOpsException.class, () -> search(sorted, values).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(
        e.getMessage().contains("Leading dim_size of both tensors must match."), e.getMessage());
  }
}
