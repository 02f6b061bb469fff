package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.IntraOpPool;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.testing.SplitRuns;
import dev.rawops.tfproto.DataType;
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
  private static Tensor runBoth(OneOp op, String fetch) {
    return SplitRuns.splitAndSequential(
        POOL,
        op.graph(),
        op.feeds(),
        fetch,
        "the work was not split over the pool",
        "parallel != sequential bytes");
  }

  private static Tensor runBoth(OneOp op) {
    return runBoth(op, "out");
  }

  /** Runs on the pool only (to see the error a split run reports). */
  private static Tensor runSplit(OneOp op) {
    return op.run(new SplitRuns.Splitting(POOL));
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

  private static OneOp gatherNd(Tensor params, Tensor indices) {
    return OneOp.of("GatherNd")
        .input(params)
        .input(indices)
        .attr("Tparams", DataType.DT_FLOAT)
        .attr("Tindices", DataType.DT_INT64);
  }

  private static OneOp tensorScatter(String op, Tensor tensor, Tensor indices, Tensor updates) {
    return OneOp.of(op)
        .inputs(tensor, indices, updates)
        .attr("T", DataType.DT_FLOAT)
        .attr("Tindices", DataType.DT_INT32);
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
    Tensor out =
        runBoth(
            gatherNd(
                iota(Shape.of(ROWS, COLS)), Tensor.ofIntegers(DType.INT64, Shape.of(n, 1), idx)));
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
    Tensor params = randomFloats(r, Shape.of(ROWS, COLS));
    Tensor out = runBoth(gatherNd(params, Tensor.ofIntegers(DType.INT64, Shape.of(n, 2), idx)));
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
    OneOp gather =
        gatherNd(iota(Shape.of(ROWS, COLS)), Tensor.ofIntegers(DType.INT64, Shape.of(n, 1), idx));
    RawOpsException e = assertThrows(RawOpsException.class, () -> runSplit(gather));
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
    Tensor out =
        runBoth(
            OneOp.of("GatherV2")
                .input(iota(Shape.of(ROWS, COLS)))
                .input(Tensor.ofIntegers(DType.INT64, Shape.of(n), idx))
                .constInput(Tensor.ofInts(Shape.scalar(), 1))
                .attr("Tparams", DataType.DT_FLOAT)
                .attr("Tindices", DataType.DT_INT64)
                .attr("Taxis", DataType.DT_INT32)
                .attr("batch_dims", 0L));
    assertEquals(Shape.of(ROWS, n), out.shape());
    for (int row = 0; row < ROWS; row += 311) {
      for (int j = 0; j < n; j++) {
        assertEquals(row * COLS + idx[j], out.getFloat((long) row * n + j));
      }
    }
  }

  @Test
  void stridedSliceStepReverse_everyOtherRowReversed() {
    Tensor out =
        runBoth(
            OneOp.of("StridedSlice")
                .input(iota(Shape.of(ROWS, COLS)))
                .constInput(Tensor.ofInts(Shape.of(2), 0, 0))
                .constInput(Tensor.ofInts(Shape.of(2), 0, 0))
                .constInput(Tensor.ofInts(Shape.of(2), 2, -1))
                .attr("T", DataType.DT_FLOAT)
                .attr("Index", DataType.DT_INT32)
                .attr("begin_mask", 3L)
                .attr("end_mask", 3L));
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
    Tensor t = randomFloats(new SplittableRandom(4), Shape.of(ROWS, COLS));
    Tensor u = iota(Shape.of(n, COLS));
    Tensor out =
        runBoth(tensorScatter("TensorScatterUpdate", t, Tensor.ofInts(Shape.of(n, 1), rows), u));
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
    runBoth(
        tensorScatter(
            "TensorScatterAdd",
            randomFloats(r, Shape.of(ROWS, COLS)),
            Tensor.ofInts(Shape.of(n, 1), rows),
            randomFloats(r, Shape.of(n, COLS))));
  }

  @Test
  void tensorScatterUpdateBadIndex_nothingWrittenAndTheLastReported() {
    int n = 5000;
    int[] rows = new int[n];
    rows[10] = ROWS;
    rows[4000] = -3;
    OneOp scatter =
        tensorScatter(
            "TensorScatterUpdate",
            iota(Shape.of(ROWS, COLS)),
            Tensor.ofInts(Shape.of(n, 1), rows),
            iota(Shape.of(n, COLS)));
    RawOpsException e = assertThrows(RawOpsException.class, () -> runSplit(scatter));
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
    Tensor values = iota(Shape.of(splits[rows]));
    OneOp gather =
        OneOp.of("RaggedGather")
            .input(Tensor.ofIntegers(DType.INT64, Shape.of(rows + 1), splits))
            .input(values)
            .input(Tensor.ofIntegers(DType.INT64, Shape.of(n), idx))
            .attr("Tvalues", DataType.DT_FLOAT)
            .attr("Tsplits", DataType.DT_INT64)
            .attr("Tindices", DataType.DT_INT64)
            .attr("PARAMS_RAGGED_RANK", 1L)
            .attr("OUTPUT_RAGGED_RANK", 1L);
    Tensor outValues = runBoth(gather, "out:1");
    Tensor outSplits = runBoth(gather, "out:0");
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
    runBoth(
        OneOp.of("MatMul")
            .input(randomFloats(r, Shape.of(300, 200)))
            .input(randomFloats(r, Shape.of(200, 150)))
            .attr("T", DataType.DT_FLOAT)
            .attr("transpose_a", false)
            .attr("transpose_b", false));
  }

  @Test
  void conv2d_randomInputs_sameBytes() {
    SplittableRandom r = new SplittableRandom(8);
    runBoth(
        OneOp.of("Conv2D")
            .input(randomFloats(r, Shape.of(4, 24, 24, 16)))
            .input(randomFloats(r, Shape.of(3, 3, 16, 32)))
            .attr("T", DataType.DT_FLOAT)
            .attrInts("strides", 1, 1, 1, 1)
            .attr("padding", "SAME"));
  }

  @Test
  void addV2Broadcast_randomInputs_elementwiseSums() {
    SplittableRandom r = new SplittableRandom(9);
    Tensor a = randomFloats(r, Shape.of(ROWS, COLS));
    Tensor b = randomFloats(r, Shape.of(COLS));
    Tensor out = runBoth(OneOp.of("AddV2").input(a).input(b).attr("T", DataType.DT_FLOAT));
    for (long i = 0; i < (long) ROWS * COLS; i += 37) {
      assertEquals(a.getFloat(i) + b.getFloat(i % COLS), out.getFloat(i));
    }
  }
}
