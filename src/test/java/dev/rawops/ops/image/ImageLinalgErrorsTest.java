package dev.rawops.ops.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Run-time error rules of the image and linear-algebra kernels, with TF 2.18's codes and messages
 * (TF's kernels: "Input is not invertible." from matrix_inverse_op.cc and lu_op.cc, "Input matrix
 * is not invertible." from matrix_solve_op.cc, the Cholesky message from cholesky_op.cc, and
 * "iou_threshold must be in [0, 1]" as in the corpus fixture non_max_suppression/
 * float32_with_thresholds_4), plus values that follow from the ops' definitions.
 */
class ImageLinalgErrorsTest {
  private static List<Tensor> run(GraphDef g, Map<String, Tensor> feeds, String... fetches) {
    return Graph.build(g, Device.CPU).newSession().run(feeds, List.of(fetches));
  }

  private static GraphDef unary(String op) {
    return new GraphDefBuilder()
        .placeholder("x", DataType.DT_FLOAT, PartialShape.of(2, 2))
        .op("m", op, "x")
        .attr("T", DataType.DT_FLOAT)
        .build();
  }

  private static void assertFails(GraphDef g, Map<String, Tensor> feeds, String fetch, String msg) {
    RawOpsException e = assertThrows(RawOpsException.class, () -> run(g, feeds, fetch));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains(msg), e.getMessage());
    assertTrue(e.getMessage().contains(fetch.split(":")[0]), e.getMessage());
  }

  private static final Tensor SINGULAR = Tensor.ofFloats(Shape.of(2, 2), 1, 2, 2, 4);

  @Test
  void singularMatrixInverseIsInvalidArgument() {
    assertFails(unary("MatrixInverse"), Map.of("x", SINGULAR), "m", "Input is not invertible.");
  }

  @Test
  void singularLuIsInvalidArgument() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.of(2, 2))
            .op("m", "Lu", "x")
            .attr("T", DataType.DT_FLOAT)
            .attr("output_idx_type", DataType.DT_INT32)
            .build();
    assertFails(g, Map.of("x", SINGULAR), "m:0", "Input is not invertible.");
  }

  @Test
  void singularMatrixSolveIsInvalidArgument() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("a", DataType.DT_FLOAT, PartialShape.of(2, 2))
            .placeholder("b", DataType.DT_FLOAT, PartialShape.of(2, 1))
            .op("m", "MatrixSolve", "a", "b")
            .attr("T", DataType.DT_FLOAT)
            .build();
    Tensor b = Tensor.ofFloats(Shape.of(2, 1), 1, 1);
    assertFails(g, Map.of("a", SINGULAR, "b", b), "m", "Input matrix is not invertible.");
  }

  @Test
  void notPositiveDefiniteCholeskyIsInvalidArgument() {
    Tensor x = Tensor.ofFloats(Shape.of(2, 2), 1, 2, 2, 1);
    assertFails(
        unary("Cholesky"),
        Map.of("x", x),
        "m",
        "Cholesky decomposition was not successful. The input might not be valid.");
  }

  @Test
  void iouThresholdOutsideTheUnitIntervalIsInvalidArgument() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("boxes", DataType.DT_FLOAT, PartialShape.of(1, 4))
            .placeholder("scores", DataType.DT_FLOAT, PartialShape.of(1))
            .placeholder("iou", DataType.DT_FLOAT, PartialShape.of())
            .constant("max", Tensor.ofInts(Shape.of(), 1))
            .constant("score", Tensor.ofFloats(Shape.of(), 0f))
            .op("nms", "NonMaxSuppressionV3", "boxes", "scores", "max", "iou", "score")
            .attr("T", DataType.DT_FLOAT)
            .attr("T_threshold", DataType.DT_FLOAT)
            .build();
    Map<String, Tensor> feeds =
        Map.of(
            "boxes", Tensor.ofFloats(Shape.of(1, 4), 0, 0, 1, 1),
            "scores", Tensor.ofFloats(Shape.of(1), 0.5f),
            "iou", Tensor.ofFloats(Shape.of(), 1.5f));
    assertFails(g, feeds, "nms", "iou_threshold must be in [0, 1]");
  }

  @Test
  void inverseOfATwoByTwo() {
    // [[4, 7], [2, 6]]^-1 = [[0.6, -0.7], [-0.2, 0.4]] (determinant 10).
    Tensor x = Tensor.ofFloats(Shape.of(2, 2), 4, 7, 2, 6);
    Tensor inv = run(unary("MatrixInverse"), Map.of("x", x), "m").get(0);
    float[] got = new float[4];
    for (int i = 0; i < 4; i++) {
      got[i] = inv.getFloat(i);
    }
    assertArrayEquals(new float[] {0.6f, -0.7f, -0.2f, 0.4f}, got, 1e-6f);
  }
}
