package dev.rawops.ops.nn;

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

/**
 * LRN's radius rules beyond the fixtures (graphs/conformance/nn holds TF's answers for radii past
 * int32, negative, INT_MAX and 2^30): a radius whose sum with the depth passes int32, where TF's
 * own check overflows in int and its band matrix then skips all channels but the first.
 */
class LrnTest {
  private static OneOp lrn(long radius) {
    return OneOp.of("LRN")
        .named("lrn")
        .input(Tensor.ofFloats(Shape.of(1, 1, 1, 3), 1, 2, 3))
        .attr("T", DType.FLOAT)
        .attr("depth_radius", radius);
  }

  @Test
  void refusesARadiusWhoseSumWithTheDepthPassesInt32() {
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> lrn(Integer.MAX_VALUE - 1L).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("'lrn'"), e.getMessage());
    assertTrue(
        e.getMessage().contains("depth 3 + depth_radius 2147483646 exceeds int max."),
        e.getMessage());
  }
}
