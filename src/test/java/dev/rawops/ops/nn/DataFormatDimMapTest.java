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

/** DataFormatDimMap: its tf.raw_ops page's example (NHWC to NCHW, negative dims) and errors. */
class DataFormatDimMapTest {
  private static OneOp map(Tensor x, String src, String dst) {
    return OneOp.of("DataFormatDimMap")
        .input(x)
        .attr("T", x.dtype())
        .attr("src_format", src)
        .attr("dst_format", dst);
  }

  @Test
  void mapsTheDocsExample() {
    Tensor x = Tensor.ofInts(Shape.of(8), -4, -3, -2, -1, 0, 1, 2, 3);
    assertArrayEquals(
        new int[] {0, 2, 3, 1, 0, 2, 3, 1}, map(x, "NHWC", "NCHW").run().toIntArray());
  }

  @Test
  void refusesFormatsThatAreNotAPermutation() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> map(Tensor.ofInts(Shape.of(1), 0), "NHWC", "NHWW").run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains("must determine a permutation"), e.getMessage());
  }
}
