package dev.rawops.ops.linalg;

import static dev.rawops.testing.OpTests.assertFails;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import org.junit.jupiter.api.Test;

/**
 * Run-time error rules of the linear-algebra kernels, with TF 2.18's codes and messages (TF's
 * kernels: "Input is not invertible." from matrix_inverse_op.cc and lu_op.cc, "Input matrix is not
 * invertible." from matrix_solve_op.cc, the Cholesky message from cholesky_op.cc), plus values that
 * follow from the ops' definitions.
 */
class LinalgErrorsTest {
  /** Node "m" = {@code op} of a fed float [2, 2] matrix. */
  private static OneOp unary(String op, Tensor x) {
    return OneOp.of(op).named("m").input(x, PartialShape.of(2, 2)).attr("T", DataType.DT_FLOAT);
  }

  private static final Tensor SINGULAR = Tensor.ofFloats(Shape.of(2, 2), 1, 2, 2, 4);

  @Test
  void singularMatrixInverseIsInvalidArgument() {
    assertFails(unary("MatrixInverse", SINGULAR), "m", "Input is not invertible.");
  }

  @Test
  void singularLuIsInvalidArgument() {
    OneOp lu =
        OneOp.of("Lu")
            .named("m")
            .input(SINGULAR, PartialShape.of(2, 2))
            .attr("T", DataType.DT_FLOAT)
            .attr("output_idx_type", DataType.DT_INT32);
    assertFails(lu, "m:0", "Input is not invertible.");
  }

  @Test
  void singularMatrixSolveIsInvalidArgument() {
    Tensor b = Tensor.ofFloats(Shape.of(2, 1), 1, 1);
    OneOp solve =
        OneOp.of("MatrixSolve")
            .named("m")
            .input(SINGULAR, PartialShape.of(2, 2))
            .input(b, PartialShape.of(2, 1))
            .attr("T", DataType.DT_FLOAT);
    assertFails(solve, "m", "Input matrix is not invertible.");
  }

  @Test
  void notPositiveDefiniteCholeskyIsInvalidArgument() {
    Tensor x = Tensor.ofFloats(Shape.of(2, 2), 1, 2, 2, 1);
    assertFails(
        unary("Cholesky", x),
        "m",
        "Cholesky decomposition was not successful. The input might not be valid.");
  }

  @Test
  void inverseOfATwoByTwo() {
    // [[4, 7], [2, 6]]^-1 = [[0.6, -0.7], [-0.2, 0.4]] (determinant 10).
    Tensor x = Tensor.ofFloats(Shape.of(2, 2), 4, 7, 2, 6);
    Tensor inv = unary("MatrixInverse", x).run();
    float[] got = new float[4];
    for (int i = 0; i < 4; i++) {
      got[i] = inv.getFloat(i);
    }
    assertArrayEquals(new float[] {0.6f, -0.7f, -0.2f, 0.4f}, got, 1e-6f);
  }
}
