package dev.rawops.ops.image;

import static dev.rawops.testing.OpTests.assertFails;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import org.junit.jupiter.api.Test;

/**
 * Run-time error rules of the image kernels, with TF 2.18's codes and messages ("iou_threshold must
 * be in [0, 1]" as in the corpus fixture non_max_suppression/float32_with_thresholds_4).
 */
class NonMaxSuppressionTest {
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
}
