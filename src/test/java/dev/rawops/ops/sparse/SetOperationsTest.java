package dev.rawops.ops.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The set ops against the example of TF's tf.sets documentation: a = [[{1, 2}, {3}], [{4}, {5, 6}]]
 * and b = [[{1}, {}], [{4}, {5, 6, 7, 8}]] as sparse tensors.
 */
class SetOperationsTest {
  private static final Tensor[] A = {
    Tensor.ofLongs(Shape.of(6, 3), 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1),
    Tensor.ofInts(Shape.of(6), 1, 2, 3, 4, 5, 6),
    Tensor.ofLongs(Shape.of(3), 2, 2, 2)
  };
  private static final Tensor[] B = {
    Tensor.ofLongs(Shape.of(6, 3), 0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 2, 1, 1, 3),
    Tensor.ofInts(Shape.of(6), 1, 4, 5, 6, 7, 8),
    Tensor.ofLongs(Shape.of(3), 2, 2, 4)
  };

  private static List<Tensor> sparseToSparse(String operation) {
    return OneOp.of("SparseToSparseSetOperation")
        .inputs(A[0], A[1], A[2], B[0], B[1], B[2])
        .attr("set_operation", operation)
        .attr("T", DType.INT32)
        .runAll(3);
  }

  @Test
  void intersection() {
    List<Tensor> out = sparseToSparse("intersection");
    assertArrayEquals(new long[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1}, out.get(0).toLongArray());
    assertArrayEquals(new int[] {1, 4, 5, 6}, out.get(1).toIntArray());
    assertArrayEquals(new long[] {2, 2, 2}, out.get(2).toLongArray());
  }

  @Test
  void union() {
    List<Tensor> out = sparseToSparse("union");
    assertArrayEquals(
        new long[] {0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 2, 1, 1, 3},
        out.get(0).toLongArray());
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7, 8}, out.get(1).toIntArray());
    assertArrayEquals(new long[] {2, 2, 4}, out.get(2).toLongArray());
  }

  @Test
  void difference() {
    List<Tensor> out = sparseToSparse("a-b");
    assertArrayEquals(new long[] {0, 0, 0, 0, 1, 0}, out.get(0).toLongArray());
    assertArrayEquals(new int[] {2, 3}, out.get(1).toIntArray());
    assertArrayEquals(new long[] {2, 2, 1}, out.get(2).toLongArray());
  }

  @Test
  void setSizeCountsEachGroup() {
    Tensor size = OneOp.of("SetSize").inputs(A[0], A[1], A[2]).attr("T", DType.INT32).run();
    assertEquals(Shape.of(2, 2), size.shape());
    assertArrayEquals(new int[] {2, 1, 1, 2}, size.toIntArray());
  }

  @Test
  void unknownOperationNamesTheNode() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("SparseToSparseSetOperation")
                    .named("sets")
                    .inputs(A[0], A[1], A[2], B[0], B[1], B[2])
                    .attr("set_operation", "xor")
                    .attr("T", DType.INT32)
                    .runAll(3));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("sets"), e.getMessage());
    assertTrue(e.getMessage().contains("Invalid set_operation xor."), e.getMessage());
  }
}
