package dev.rawops.ops.linalg;

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

/** Cross: tf.linalg.cross's example ([1, 2, 3] × [4, 5, 6] = [-3, 6, -3]) and its errors. */
class CrossTest {
  private static OneOp cross(Tensor a, Tensor b) {
    return OneOp.of("Cross").input(a).input(b).attr("T", a.dtype());
  }

  @Test
  void crossesTheDocsExample() {
    Tensor y =
        cross(Tensor.ofFloats(Shape.of(3), 1, 2, 3), Tensor.ofFloats(Shape.of(3), 4, 5, 6)).run();
    assertArrayEquals(new float[] {-3, 6, -3}, y.toFloatArray());
  }

  @Test
  void refusesVectorsThatAreNotThreeLong() {
    Tensor four = Tensor.ofInts(Shape.of(4), 1, 2, 3, 4);
    RawOpsException e = assertThrows(RawOpsException.class, () -> cross(four, four).run());
    assertEquals(Code.FAILED_PRECONDITION, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains("only defined for 3-element vectors"), e.getMessage());
  }

  @Test
  void refusesConstantsOfTheWrongLengthAtBuildTime() {
    Tensor four = Tensor.ofInts(Shape.of(4), 1, 2, 3, 4);
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> cross(four, four).constInputs().build());
    assertTrue(e.getMessage().contains("Dimension must be 3 but is 4"), e.getMessage());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
  }
}
