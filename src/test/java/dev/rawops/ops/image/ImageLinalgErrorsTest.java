package dev.rawops.ops.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Run-time error rules of the image and linear-algebra kernels, with TF 2.18's codes and messages
 * (TF's kernels: "Input is not invertible." from matrix_inverse_op.cc and lu_op.cc, "Input matrix
 * is not invertible." from matrix_solve_op.cc, the Cholesky message from cholesky_op.cc, and
 * "iou_threshold must be in [0, 1]" as in the corpus fixture non_max_suppression/
 * float32_with_thresholds_4), plus values that follow from the ops' definitions.
 */
class ImageLinalgErrorsTest {
  /** Node "m" = {@code op} of a fed float [2, 2] matrix. */
  private static OneOp unary(String op, Tensor x) {
    return OneOp.of(op).named("m").input(x, PartialShape.of(2, 2)).attr("T", DataType.DT_FLOAT);
  }

  private static void assertFails(OneOp op, String fetch, String msg) {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> op.build().newSession().run(op.feeds(), List.of(fetch)));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains(msg), e.getMessage());
    assertTrue(e.getMessage().contains(fetch.split(":")[0]), e.getMessage());
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
  void iouThresholdOutsideTheUnitIntervalIsInvalidArgument() {
    OneOp nms =
        OneOp.of("NonMaxSuppressionV3")
            .named("nms")
            .input(Tensor.ofFloats(Shape.of(1, 4), 0, 0, 1, 1), PartialShape.of(1, 4)) // boxes
            .input(Tensor.ofFloats(Shape.of(1), 0.5f), PartialShape.of(1)) // scores
            .constInput(Tensor.ofInts(Shape.of(), 1)) // max_output_size
            .input(Tensor.ofFloats(Shape.of(), 1.5f), PartialShape.of()) // iou_threshold
            .constInput(Tensor.ofFloats(Shape.of(), 0f)) // score_threshold
            .attr("T", DataType.DT_FLOAT)
            .attr("T_threshold", DataType.DT_FLOAT);
    assertFails(nms, "nms", "iou_threshold must be in [0, 1]");
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
