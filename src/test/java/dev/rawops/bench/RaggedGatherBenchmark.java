package dev.rawops.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.runtime.Session;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * RaggedGather throughput: 256K rows gathered from ragged params of 1M rows holding ~4.2M float
 * values (row lengths 0..8), int64 splits, int32 indices, inputs fed. TensorFlow 2.18 on CPU takes
 * 18.8 ms for this. Not part of the default suite (the class name does not end in "Test"); run
 * {@code ./mvnw -q test -Dtest=RaggedGatherBenchmark}.
 */
class RaggedGatherBenchmark {
  private static final int PARAMS_ROWS = 1 << 20;
  private static final int GATHERED_ROWS = 1 << 18;
  private static final int WARMUP = 30;
  private static final int RUNS = 40;

  @Test
  void gather256kRowsOf4mFloats() {
    Random r = new Random(42);
    long[] splits = new long[PARAMS_ROWS + 1];
    for (int i = 1; i < splits.length; i++) {
      splits[i] = splits[i - 1] + r.nextInt(9);
    }
    int numValues = Math.toIntExact(splits[PARAMS_ROWS]);
    float[] values = new float[numValues];
    for (int i = 0; i < numValues; i++) {
      values[i] = i;
    }
    int[] indices = new int[GATHERED_ROWS];
    long expectedValues = 0;
    for (int i = 0; i < indices.length; i++) {
      indices[i] = r.nextInt(PARAMS_ROWS);
      expectedValues += splits[indices[i] + 1] - splits[indices[i]];
    }
    OneOp gather =
        OneOp.of("RaggedGather")
            .input(Tensor.ofLongs(Shape.of(splits.length), splits), PartialShape.of(-1))
            .input(Tensor.ofFloats(Shape.of(numValues), values), PartialShape.of(-1))
            .input(Tensor.ofInts(Shape.of(indices.length), indices), PartialShape.of(-1))
            .attr("OUTPUT_RAGGED_RANK", 1)
            .attr("PARAMS_RAGGED_RANK", 1)
            .attr("Tindices", DataType.DT_INT32)
            .attr("Tsplits", DataType.DT_INT64)
            .attr("Tvalues", DataType.DT_FLOAT);
    Map<String, Tensor> feeds = gather.feeds();
    Session session = gather.build().newSession();
    List<String> fetches = List.of("out:0", "out:1");
    for (int i = 0; i < WARMUP; i++) {
      session.run(feeds, fetches);
    }
    double[] ms = new double[RUNS];
    List<Tensor> out = null;
    for (int i = 0; i < RUNS; i++) {
      long t0 = System.nanoTime();
      out = session.run(feeds, fetches);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(ms);
    System.out.printf(
        "RaggedGather: %d rows gathered from %d rows / %d float values -> %d values: "
            + "median %.2f ms, min %.2f ms over %d runs (TensorFlow 2.18 CPU: 18.8 ms)%n",
        GATHERED_ROWS, PARAMS_ROWS, numValues, expectedValues, ms[RUNS / 2], ms[0], RUNS);
    assertEquals(GATHERED_ROWS + 1, out.get(0).numElements());
    assertEquals(expectedValues, out.get(1).numElements());
    long at = 0;
    for (int index : indices) {
      for (long v = splits[index]; v < splits[index + 1]; v++) {
        assertEquals((float) v, out.get(1).getFloat(at++), "value " + at);
      }
    }
  }
}
