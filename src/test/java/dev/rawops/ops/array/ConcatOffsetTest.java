package dev.rawops.ops.array;

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

/** ConcatOffset: the example of tf.raw_ops.ConcatOffset's page and its errors. */
class ConcatOffsetTest {
  private static OneOp offsets(int dim, Tensor... shapes) {
    OneOp op = OneOp.of("ConcatOffset").input(Tensor.ofInts(Shape.scalar(), dim));
    for (Tensor s : shapes) {
      op.input(s);
    }
    return op.attr("N", shapes.length).attr("shape_type", DType.INT32);
  }

  @Test
  void offsetsTheDocsExample() {
    List<Tensor> y =
        offsets(
                1,
                Tensor.ofInts(Shape.of(3), 2, 2, 7),
                Tensor.ofInts(Shape.of(3), 2, 3, 7),
                Tensor.ofInts(Shape.of(3), 2, 5, 7))
            .runAll(3);
    assertArrayEquals(new int[] {0, 0, 0}, y.get(0).toIntArray());
    assertArrayEquals(new int[] {0, 2, 0}, y.get(1).toIntArray());
    assertArrayEquals(new int[] {0, 5, 0}, y.get(2).toIntArray());
  }

  @Test
  void refusesShapesThatDifferOffTheAxis() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                offsets(0, Tensor.ofInts(Shape.of(2), 2, 3), Tensor.ofInts(Shape.of(2), 2, 4))
                    .runAll(2));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains("All dimensions except 0 must match"), e.getMessage());
  }
}
