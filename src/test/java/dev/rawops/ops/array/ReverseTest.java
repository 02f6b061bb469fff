package dev.rawops.ops.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import org.junit.jupiter.api.Test;

/** Reverse: tf.reverse's documented example (the last of four dims reversed) and its errors. */
class ReverseTest {
  private static OneOp reverse(Tensor x, boolean... dims) {
    return OneOp.of("Reverse")
        .input(x)
        .constInput(Tensor.ofBooleans(Shape.of(dims.length), dims))
        .attr("T", x.dtype());
  }

  @Test
  void reversesTheDocsExample() {
    int[] v = new int[24];
    for (int i = 0; i < v.length; i++) {
      v[i] = i;
    }
    Tensor y = reverse(Tensor.ofInts(Shape.of(1, 2, 3, 4), v), false, false, false, true).run();
    assertEquals(Shape.of(1, 2, 3, 4), y.shape());
    assertArrayEquals(
        new int[] {
          3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20
        },
        y.toIntArray());
  }

  @Test
  void refusesAMaskOfTheWrongLength() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> reverse(Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4), true).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(
        e.getMessage().contains("'dims' must have the same number of values"), e.getMessage());
  }
}
