package dev.rawops.ops.ragged;

import static dev.rawops.testing.OpTests.attrs;
import static dev.rawops.testing.OpTests.fails;
import static dev.rawops.testing.OpTests.ints;
import static dev.rawops.testing.OpTests.run;
import static dev.rawops.testing.OpTests.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * RaggedTensorToSparse, the RaggedTensorToVariant/FromVariant round trip and RaggedCross: TF 2.18's
 * documented examples (tf.RaggedTensor.to_sparse, tf.ragged.cross) and TF's kernel messages.
 */
class RaggedConversionsTest {
  private static Tensor longs(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  // tf.RaggedTensor.to_sparse docs: [[1, 2, 3], [4], [], [5, 6]]
  @Test
  void toSparse_docsExample() {
    Map<String, Object> a = attrs("RAGGED_RANK", 1L, "T", DType.INT32, "Tsplits", DType.INT64);
    List<Tensor> out =
        run("RaggedTensorToSparse", 3, a, longs(0, 3, 4, 4, 6), ints(s(6), 1, 2, 3, 4, 5, 6));
    assertArrayEquals(new long[] {0, 0, 0, 1, 0, 2, 1, 0, 3, 0, 3, 1}, out.get(0).toLongArray());
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, out.get(1).toIntArray());
    assertArrayEquals(new long[] {4, 3}, out.get(2).toLongArray());
  }

  @Test
  void toSparse_decreasingSplits() {
    Map<String, Object> a = attrs("RAGGED_RANK", 1L, "T", DType.INT32, "Tsplits", DType.INT64);
    fails(
        "Ragged splits should be non decreasing, but we got 2 followed by 1",
        () -> run("RaggedTensorToSparse", 3, a, longs(0, 2, 1, 2), ints(s(2), 1, 2)));
  }

  // [[1, 2, 3], [], [4, 5, 6]] batched into three variants and stacked back, through Identity
  @Test
  void variant_batchedRoundTripThroughIdentity() {
    GraphDefBuilder g = new GraphDefBuilder();
    g.placeholder("splits", DType.INT64, PartialShape.unknownRank());
    g.placeholder("values", DType.FLOAT, PartialShape.unknownRank());
    g.op("enc", "RaggedTensorToVariant", "splits", "values")
        .attr("RAGGED_RANK", 1)
        .attr("Tvalues", DType.FLOAT)
        .attr("Tsplits", DType.INT64)
        .attr("batched_input", true);
    g.op("id", "Identity", "enc").attr("T", DataType.DT_VARIANT);
    g.op("out", "RaggedTensorFromVariant", "id")
        .attr("input_ragged_rank", 0)
        .attr("output_ragged_rank", 1)
        .attr("Tvalues", DType.FLOAT)
        .attr("Tsplits", DType.INT64);
    List<Tensor> out =
        Graph.build(g.build(), Device.CPU)
            .newSession()
            .run(
                Map.of(
                    "splits",
                    longs(0, 3, 3, 6),
                    "values",
                    Tensor.ofFloats(Shape.of(6), 1, 2, 3, 4, 5, 6)),
                List.of("out:0", "out:1"));
    assertArrayEquals(new long[] {0, 3, 3, 6}, out.get(0).toLongArray());
    assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, out.get(1).toFloatArray());
  }

  // tf.ragged.cross docs: [['a', 'b'], ['c']] x [['d'], ['e']] x [['f'], ['g']]
  @Test
  void cross_docsExample() {
    Map<String, Object> a =
        attrs(
            "Nsparse",
            0L,
            "input_order",
            "RRR",
            "hashed_output",
            false,
            "num_buckets",
            0L,
            "hash_key",
            0L,
            "out_values_type",
            DType.STRING,
            "out_row_splits_type",
            DType.INT64);
    List<Tensor> out =
        dev.rawops.testing.OneOp.of("RaggedCross")
            .inputs(
                Tensor.ofStrings(Shape.of(3), "a", "b", "c"),
                Tensor.ofStrings(Shape.of(2), "d", "e"),
                Tensor.ofStrings(Shape.of(2), "f", "g"),
                longs(0, 2, 3),
                longs(0, 1, 2),
                longs(0, 1, 2))
            .attrs(a)
            .attrTypes(
                "ragged_values_types", DataType.DT_STRING, DataType.DT_STRING, DataType.DT_STRING)
            .attrTypes(
                "ragged_splits_types", DataType.DT_INT64, DataType.DT_INT64, DataType.DT_INT64)
            .attrTypes("sparse_values_types")
            .attrTypes("dense_types")
            .runAll(2);
    assertArrayEquals(
        new String[] {"a_X_d_X_f", "b_X_d_X_f", "c_X_e_X_g"}, out.get(0).toStringArray());
    assertArrayEquals(new long[] {0, 2, 3}, out.get(1).toLongArray());
  }
}
