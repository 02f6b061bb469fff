package dev.rawops.ops.nn;

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

/** DataFormatVecPermute: the examples of its tf.raw_ops page (NHWC to NCHW) and its errors. */
class DataFormatVecPermuteTest {
  private static OneOp permute(Tensor x, String src, String dst) {
    return OneOp.of("DataFormatVecPermute")
        .input(x)
        .attr("T", x.dtype())
        .attr("src_format", src)
        .attr("dst_format", dst);
  }

  @Test
  void permutesTheDocsExamples() {
    assertArrayEquals(
        new int[] {1, 4, 2, 3},
        permute(Tensor.ofInts(Shape.of(4), 1, 2, 3, 4), "NHWC", "NCHW").run().toIntArray());
    assertArrayEquals(
        new int[] {1, 2, 7, 8, 3, 4, 5, 6},
        permute(Tensor.ofInts(Shape.of(4, 2), 1, 2, 3, 4, 5, 6, 7, 8), "NHWC", "NCHW")
            .run()
            .toIntArray());
  }

  @Test
  void refusesAVectorOfTheWrongSize() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> permute(Tensor.ofInts(Shape.of(3), 1, 2, 3), "NHWC", "NCHW").run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains("1D input must be of size 2 or 4"), e.getMessage());
  }
}
