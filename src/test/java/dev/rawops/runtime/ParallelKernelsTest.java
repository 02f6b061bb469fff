package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.IntraOpPool;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.SplitRuns;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The hot kernels' parallel paths: run on a 2-thread intra-op pool with inputs above the split
 * threshold, they give TF's values (computed here from the ops' definitions in TF's docs) and the
 * same bytes as on one thread; each test also checks that the work was really split.
 */
class ParallelKernelsTest {
  private static final IntraOpPool POOL = new IntraOpPool(2);

  @AfterAll
  static void closePool() {
    POOL.close();
  }

  /** Runs on the pool (asserting a split) and on one thread; asserts equal bytes; returns one. */
  private static Tensor runBoth(GraphDef def, Map<String, Tensor> feeds, String fetch) {
    return SplitRuns.splitAndSequential(
        POOL,
        def,
        feeds,
        fetch,
        "the work was not split over the pool",
        "parallel != sequential bytes");
  }

  private static Tensor randomFloats(SplittableRandom r, Shape shape) {
    float[] v = new float[Math.toIntExact(shape.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (r.nextDouble() * 2 - 1);
    }
    return Tensor.ofFloats(shape, v);
  }

  /** params[i] = i, so a gathered element's value names where it came from. */
  private static Tensor iota(Shape shape) {
    float[] v = new float[Math.toIntExact(shape.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = i;
    }
    return Tensor.ofFloats(shape, v);
  }

  private static GraphDefBuilder twoFeeds(DType a, DType b) {
    return new GraphDefBuilder()
        .placeholder("a", a.proto(), PartialShape.unknownRank())
        .placeholder("b", b.proto(), PartialShape.unknownRank());
  }

  private static final int ROWS = 4096;
  private static final int COLS = 64;

  @Test
  void gatherNdRows_gatherTheIndexedRows() {
    SplittableRandom r = new SplittableRandom(1);
    int n = 3000;
    long[] idx = new long[n];
    for (int i = 0; i < n; i++) {
      idx[i] = r.nextInt(ROWS);
    }
    GraphDef def =
        twoFeeds(DType.FLOAT, DType.INT64)
            .op("out", "GatherNd", "a", "b")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT64)
            .build();
    Tensor out =
        runBoth(
            def,
            Map.of(
                "a", iota(Shape.of(ROWS, COLS)),
                "b", Tensor.ofIntegers(DType.INT64, Shape.of(n, 1), idx)),
            "out");
    assertEquals(Shape.of(n, COLS), out.shape());
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < COLS; c += 21) {
        assertEquals(idx[i] * COLS + c, out.getFloat((long) i * COLS + c), "row " + i);
      }
    }
  }

  @Test
  void gatherNdScalars_randomInputs_sameBytes() {
    SplittableRandom r = new SplittableRandom(2);
    int n = 20_000;
    long[] idx = new long[2 * n];
    for (int i = 0; i < n; i++) {
      idx[2 * i] = r.nextInt(ROWS);
      idx[2 * i + 1] = r.nextInt(COLS);
    }
    GraphDef def =
        twoFeeds(DType.FLOAT, DType.INT64)
            .op("out", "GatherNd", "a", "b")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT64)
            .build();
    Tensor params = randomFloats(r, Shape.of(ROWS, COLS));
    Tensor out =
        runBoth(
            def,
            Map.of("a", params, "b", Tensor.ofIntegers(DType.INT64, Shape.of(n, 2), idx)),
            "out");
    for (int i = 0; i < n; i += 997) {
      assertEquals(params.getFloat(idx[2 * i] * COLS + idx[2 * i + 1]), out.getFloat(i));
    }
  }

  @Test
  void gatherNdBadIndices_theFirstInRowMajorOrderIsReported() {
    int n = 3000;
    long[] idx = new long[n];
    idx[2900] = ROWS + 5; // in the second half: another thread's range
    idx[2950] = -1;
    GraphDef def =
        twoFeeds(DType.FLOAT, DType.INT64)
            .op("out", "GatherNd", "a", "b")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT64)
            .build();
    Map<String, Tensor> feeds =
        Map.of(
            "a", iota(Shape.of(ROWS, COLS)),
            "b", Tensor.ofIntegers(DType.INT64, Shape.of(n, 1), idx));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> SplitRuns.run(def, feeds, "out", new SplitRuns.Splitting(POOL)));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    // TF: "indices[2900] = [4101] does not index into param shape [4096,64]"
    assertTrue(
        e.getMessage().contains("indices[2900] = [4101] does not index into param shape [4096,64]"),
        e.getMessage());
  }

  @Test
  void gatherV2Axis1_randomInputs_gatherColumns() {
    SplittableRandom r = new SplittableRandom(3);
    int n = 40;
    long[] idx = new long[n];
    for (int i = 0; i < n; i++) {
      idx[i] = r.nextInt(COLS);
    }
    GraphDef def =
        twoFeeds(DType.FLOAT, DType.INT64)
            .constant("axis", Tensor.ofInts(Shape.scalar(), 1))
            .op("out", "GatherV2", "a", "b", "axis")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT64)
            .attr("Taxis", DataType.DT_INT32)
            .attr("batch_dims", 0L)
            .build();
    Tensor out =
        runBoth(
            def,
            Map.of(
                "a", iota(Shape.of(ROWS, COLS)),
                "b", Tensor.ofIntegers(DType.INT64, Shape.of(n), idx)),
            "out");
    assertEquals(Shape.of(ROWS, n), out.shape());
    for (int row = 0; row < ROWS; row += 311) {
      for (int j = 0; j < n; j++) {
        assertEquals(row * COLS + idx[j], out.getFloat((long) row * n + j));
      }
    }
  }

  @Test
  void stridedSliceStepReverse_everyOtherRowReversed() {
    GraphDef def =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_FLOAT, PartialShape.unknownRank())
            .constant("begin", Tensor.ofInts(Shape.of(2), 0, 0))
            .constant("end", Tensor.ofInts(Shape.of(2), 0, 0))
            .constant("strides", Tensor.ofInts(Shape.of(2), 2, -1))
            .op("out", "StridedSlice", "x", "begin", "end", "strides")
            .attr("T", DataType.DT_FLOAT)
            .attr("Index", DataType.DT_INT32)
            .attr("begin_mask", 3L)
            .attr("end_mask", 3L)
            .build();
    Tensor out = runBoth(def, Map.of("x", iota(Shape.of(ROWS, COLS))), "out");
    assertEquals(Shape.of(ROWS / 2, COLS), out.shape());
    for (int i = 0; i < ROWS / 2; i += 7) {
      for (int j = 0; j < COLS; j++) {
        assertEquals(2 * i * COLS + (COLS - 1 - j), out.getFloat((long) i * COLS + j));
      }
    }
  }

  @Test
  void tensorScatterUpdateWithDuplicates_lastUpdateWins() {
    // Rows 0..n-1 of indices each target row (i % 1000): every target row is updated several
    // times, by updates from both halves of the index list; TF's CPU loop order: the last wins.
    int n = 5000;
    int[] rows = new int[n];
    for (int i = 0; i < n; i++) {
      rows[i] = (i * 7919) % 1000 * 4;
    }
    GraphDef def =
        new GraphDefBuilder()
            .placeholder("t", DataType.DT_FLOAT, PartialShape.unknownRank())
            .placeholder("i", DataType.DT_INT32, PartialShape.unknownRank())
            .placeholder("u", DataType.DT_FLOAT, PartialShape.unknownRank())
            .op("out", "TensorScatterUpdate", "t", "i", "u")
            .attr("T", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32)
            .build();
    Tensor t = randomFloats(new SplittableRandom(4), Shape.of(ROWS, COLS));
    Tensor u = iota(Shape.of(n, COLS));
    Tensor out =
        runBoth(def, Map.of("t", t, "i", Tensor.ofInts(Shape.of(n, 1), rows), "u", u), "out");
    int[] last = new int[ROWS];
    java.util.Arrays.fill(last, -1);
    for (int i = 0; i < n; i++) {
      last[rows[i]] = i;
    }
    for (int row = 0; row < ROWS; row++) {
      for (int c = 0; c < COLS; c += 13) {
        long at = (long) row * COLS + c;
        float expected = last[row] < 0 ? t.getFloat(at) : (float) last[row] * COLS + c;
        assertEquals(expected, out.getFloat(at), "row " + row);
      }
    }
  }

  @Test
  void tensorScatterAddWithDuplicates_randomInputs_sameBytes() {
    SplittableRandom r = new SplittableRandom(5);
    int n = 6000;
    int[] rows = new int[n];
    for (int i = 0; i < n; i++) {
      rows[i] = r.nextInt(ROWS / 8);
    }
    GraphDef def =
        new GraphDefBuilder()
            .placeholder("t", DataType.DT_FLOAT, PartialShape.unknownRank())
            .placeholder("i", DataType.DT_INT32, PartialShape.unknownRank())
            .placeholder("u", DataType.DT_FLOAT, PartialShape.unknownRank())
            .op("out", "TensorScatterAdd", "t", "i", "u")
            .attr("T", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32)
            .build();
    runBoth(
        def,
        Map.of(
            "t", randomFloats(r, Shape.of(ROWS, COLS)),
            "i", Tensor.ofInts(Shape.of(n, 1), rows),
            "u", randomFloats(r, Shape.of(n, COLS))),
        "out");
  }

  @Test
  void tensorScatterUpdateBadIndex_nothingWrittenAndTheLastReported() {
    int n = 5000;
    int[] rows = new int[n];
    rows[10] = ROWS;
    rows[4000] = -3;
    GraphDef def =
        new GraphDefBuilder()
            .placeholder("t", DataType.DT_FLOAT, PartialShape.unknownRank())
            .placeholder("i", DataType.DT_INT32, PartialShape.unknownRank())
            .placeholder("u", DataType.DT_FLOAT, PartialShape.unknownRank())
            .op("out", "TensorScatterUpdate", "t", "i", "u")
            .attr("T", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32)
            .build();
    Map<String, Tensor> feeds =
        Map.of(
            "t", iota(Shape.of(ROWS, COLS)),
            "i", Tensor.ofInts(Shape.of(n, 1), rows),
            "u", iota(Shape.of(n, COLS)));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> SplitRuns.run(def, feeds, "out", new SplitRuns.Splitting(POOL)));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("indices[4000] = [-3]"), e.getMessage());
  }

  @Test
  void raggedGather_randomInputs_sameBytesAndRows() {
    SplittableRandom r = new SplittableRandom(6);
    int rows = 20_000;
    long[] splits = new long[rows + 1];
    for (int i = 0; i < rows; i++) {
      splits[i + 1] = splits[i] + r.nextInt(9);
    }
    int n = 30_000;
    long[] idx = new long[n];
    for (int i = 0; i < n; i++) {
      idx[i] = r.nextInt(rows);
    }
    GraphDef def =
        new GraphDefBuilder()
            .placeholder("splits", DataType.DT_INT64, PartialShape.unknownRank())
            .placeholder("values", DataType.DT_FLOAT, PartialShape.unknownRank())
            .placeholder("indices", DataType.DT_INT64, PartialShape.unknownRank())
            .op("out", "RaggedGather", "splits", "values", "indices")
            .attr("Tvalues", DataType.DT_FLOAT)
            .attr("Tsplits", DataType.DT_INT64)
            .attr("Tindices", DataType.DT_INT64)
            .attr("PARAMS_RAGGED_RANK", 1L)
            .attr("OUTPUT_RAGGED_RANK", 1L)
            .build();
    Tensor values = iota(Shape.of(splits[rows]));
    Map<String, Tensor> feeds =
        Map.of(
            "splits", Tensor.ofIntegers(DType.INT64, Shape.of(rows + 1), splits),
            "values", values,
            "indices", Tensor.ofIntegers(DType.INT64, Shape.of(n), idx));
    Tensor outValues = runBoth(def, feeds, "out:1");
    Tensor outSplits = runBoth(def, feeds, "out:0");
    // Output row i is params row idx[i]: splits[idx+1] - splits[idx] values from splits[idx].
    assertEquals(0, outSplits.getIndex(0));
    for (int i = 0; i < n; i += 101) {
      long start = outSplits.getIndex(i);
      long len = splits[(int) idx[i] + 1] - splits[(int) idx[i]];
      assertEquals(start + len, outSplits.getIndex(i + 1));
      for (long j = 0; j < len; j++) {
        assertEquals(splits[(int) idx[i]] + j, outValues.getFloat(start + j));
      }
    }
  }

  @Test
  void matMul_randomInputs_sameBytes() {
    SplittableRandom r = new SplittableRandom(7);
    GraphDef def =
        twoFeeds(DType.FLOAT, DType.FLOAT)
            .op("out", "MatMul", "a", "b")
            .attr("T", DataType.DT_FLOAT)
            .attr("transpose_a", false)
            .attr("transpose_b", false)
            .build();
    runBoth(
        def,
        Map.of("a", randomFloats(r, Shape.of(300, 200)), "b", randomFloats(r, Shape.of(200, 150))),
        "out");
  }

  @Test
  void conv2d_randomInputs_sameBytes() {
    SplittableRandom r = new SplittableRandom(8);
    GraphDef def =
        twoFeeds(DType.FLOAT, DType.FLOAT)
            .op("out", "Conv2D", "a", "b")
            .attr("T", DataType.DT_FLOAT)
            .attr(
                "strides",
                AttrValue.newBuilder()
                    .setList(AttrValue.ListValue.newBuilder().addAllI(List.of(1L, 1L, 1L, 1L)))
                    .build())
            .attr("padding", "SAME")
            .build();
    runBoth(
        def,
        Map.of(
            "a", randomFloats(r, Shape.of(4, 24, 24, 16)),
            "b", randomFloats(r, Shape.of(3, 3, 16, 32))),
        "out");
  }

  @Test
  void addV2Broadcast_randomInputs_elementwiseSums() {
    SplittableRandom r = new SplittableRandom(9);
    Tensor a = randomFloats(r, Shape.of(ROWS, COLS));
    Tensor b = randomFloats(r, Shape.of(COLS));
    GraphDef def =
        twoFeeds(DType.FLOAT, DType.FLOAT)
            .op("out", "AddV2", "a", "b")
            .attr("T", DataType.DT_FLOAT)
            .build();
    Tensor out = runBoth(def, Map.of("a", a, "b", b), "out");
    for (long i = 0; i < (long) ROWS * COLS; i += 37) {
      assertEquals(a.getFloat(i) + b.getFloat(i % COLS), out.getFloat(i));
    }
  }
}
