package dev.rawops.ops.ragged;

import static dev.rawops.testing.OpTests.attrs;
import static dev.rawops.testing.OpTests.fails;
import static dev.rawops.testing.OpTests.ints;
import static dev.rawops.testing.OpTests.run;
import static dev.rawops.testing.OpTests.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.ByteString;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ragged family's values, orders and error rules on CPU (inputs fed through placeholders of
 * unknown shape, so the kernels check everything). Expected values are TensorFlow's: the examples
 * of TF 2.18's API docs (tf.ragged.range, RaggedTensor.to_tensor), and TF's messages from its CPU
 * kernels.
 */
class RaggedRangeTest {
  // tf.ragged.range docs: tf.ragged.range([0, 5, 8], [3, 3, 12], 2) -> [[0, 2], [], [8, 10]].
  @Test
  void raggedRange_docsExample() {
    List<Tensor> out =
        run(
            "RaggedRange",
            2,
            attrs("T", DType.INT32, "Tsplits", DType.INT64),
            ints(s(3), 0, 5, 8),
            ints(s(3), 3, 3, 12),
            ints(s(), 2));
    assertArrayEquals(new long[] {0, 2, 2, 4}, out.get(0).toLongArray());
    assertArrayEquals(new long[] {0, 2, 8, 10}, out.get(1).toLongArray());
    fails(
        "Requires delta != 0",
        () ->
            run(
                "RaggedRange",
                2,
                attrs("T", DType.INT32, "Tsplits", DType.INT64),
                ints(s(), 0),
                ints(s(), 3),
                ints(s(), 0)));
  }

  // tf.RaggedTensor.to_tensor docs: [[9, 8, 7], [], [6, 5], [4]].
  @Test
  void raggedTensorToTensor_docsExample() {
    Map<String, Object> a =
        attrs(
            "T", DType.INT32,
            "Tindex", DType.INT64,
            "Tshape", DType.INT64,
            "num_row_partition_tensors", 1L,
            "row_partition_types",
                AttrValue.newBuilder()
                    .setList(
                        AttrValue.ListValue.newBuilder()
                            .addS(ByteString.copyFromUtf8("ROW_SPLITS")))
                    .build());
    Tensor values = ints(s(6), 9, 8, 7, 6, 5, 4);
    Tensor splits = Tensor.ofLongs(Shape.of(5), 0, 3, 3, 5, 6);
    Tensor full =
        run(
                "RaggedTensorToTensor",
                1,
                a,
                Tensor.ofLongs(Shape.of(), -1),
                values,
                ints(s(), 0),
                splits)
            .get(0);
    assertEquals(Shape.of(4, 3), full.shape());
    assertArrayEquals(new long[] {9, 8, 7, 0, 0, 0, 6, 5, 0, 4, 0, 0}, full.toLongArray());
    Tensor cut =
        run(
                "RaggedTensorToTensor",
                1,
                a,
                Tensor.ofLongs(Shape.of(2), 5, 2),
                values,
                ints(s(), 0),
                splits)
            .get(0);
    assertEquals(Shape.of(5, 2), cut.shape());
    assertArrayEquals(new long[] {9, 8, 0, 0, 6, 5, 4, 0, 0, 0}, cut.toLongArray());
  }
}
