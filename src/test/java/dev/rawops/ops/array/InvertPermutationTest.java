package dev.rawops.ops.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * InvertPermutation: the example of TF's API page (tf.math.invert_permutation: [3, 4, 0, 2, 1] →
 * [2, 4, 3, 0, 1]) for both dtypes, and one test per error rule with TF's code and the node's name.
 * TF 2.18's answers for random permutations and the same errors are fixtures in
 * graphs/conformance/array/ (ArrayCases.permutations).
 */
class InvertPermutationTest {
  private static OneOp invert(Tensor x) {
    return OneOp.of("InvertPermutation").input(x).attr("T", x.dtype());
  }

  @ParameterizedTest
  @EnumSource(
      value = DType.class,
      names = {"INT32", "INT64"})
  void invertsTheDocsExample(DType t) {
    Tensor y = invert(Tensor.ofIntegers(t, Shape.of(5), 3, 4, 0, 2, 1)).run();
    assertEquals(t, y.dtype());
    assertEquals(Shape.of(5), y.shape());
    assertArrayEquals(new long[] {2, 4, 3, 0, 1}, y.toLongArray());
  }

  private static void assertRunError(Tensor x, String message) {
    RawOpsException e = assertThrows(RawOpsException.class, () -> invert(x).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void refusesValuesOutOfRangeNegativeOrRepeated() {
    assertRunError(Tensor.ofInts(Shape.of(3), 0, 3, 1), "3 is not between 0 and 3");
    assertRunError(Tensor.ofInts(Shape.of(3), 1, -1, 0), "-1 is not between 0 and 3");
    assertRunError(Tensor.ofInts(Shape.of(3), 1, 0, 1), "1 is duplicated in the input.");
  }

  @Test
  void refusesAFedNonVectorAtRunTime() {
    assertRunError(Tensor.ofInts(Shape.scalar(), 0), "invert_permutation expects a 1D vector.");
  }

  @Test
  void refusesAConstantNonVectorAtBuildTime() {
    GraphBuildException e =
        assertThrows(
            GraphBuildException.class,
            () -> invert(Tensor.ofInts(Shape.scalar(), 0)).constInputs().build());
    assertTrue(e.getMessage().contains("Shape must be rank 1 but is rank 0"), e.getMessage());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
  }
}
