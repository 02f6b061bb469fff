package dev.rawops.ops.dataflow;

import static dev.rawops.testing.OpTests.attrs;
import static dev.rawops.testing.OpTests.fails;
import static dev.rawops.testing.OpTests.ints;
import static dev.rawops.testing.OpTests.run;
import static dev.rawops.testing.OpTests.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dataflow family's values, orders and error rules on CPU (inputs fed through placeholders of
 * unknown shape, so the kernels check everything). Expected values are TensorFlow's: the examples
 * of TF 2.18's API docs (tf.dynamic_partition, tf.dynamic_stitch), and TF's messages from its CPU
 * kernels.
 */
class PartitionStitchTest {
  // tf.dynamic_partition docs: data [10, 20, 30, 40, 50], partitions [0, 0, 1, 1, 0].
  @Test
  void dynamicPartition_docsExample_andBadPartition() {
    Map<String, Object> a = attrs("T", DType.INT32, "num_partitions", 2L);
    List<Tensor> out =
        run("DynamicPartition", 2, a, ints(s(5), 10, 20, 30, 40, 50), ints(s(5), 0, 0, 1, 1, 0));
    assertArrayEquals(new long[] {10, 20, 50}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {30, 40}, out.get(1).toLongArray());
    fails(
        "partitions[1] = 2 is not in [0, 2)",
        () -> run("DynamicPartition", 2, a, ints(s(2), 10, 20), ints(s(2), 0, 2)));
  }

  // tf.dynamic_stitch docs.
  @Test
  void dynamicStitch_docsExample() {
    Tensor out =
        run(
                "DynamicStitch",
                1,
                attrs("T", DType.INT32, "N", 3L),
                ints(s(), 6),
                ints(s(2), 4, 1),
                ints(s(2, 2), 5, 2, 0, 3),
                ints(s(2), 61, 62),
                ints(s(2, 2), 41, 42, 11, 12),
                ints(s(2, 2, 2), 51, 52, 21, 22, 1, 2, 31, 32))
            .get(0);
    assertEquals(Shape.of(7, 2), out.shape());
    assertArrayEquals(
        new long[] {1, 2, 11, 12, 21, 22, 31, 32, 41, 42, 51, 52, 61, 62}, out.toLongArray());
  }
}
