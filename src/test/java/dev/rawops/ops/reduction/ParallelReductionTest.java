package dev.rawops.ops.reduction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.kernels.IntraOpPool;
import dev.rawops.kernels.Parallel;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.testing.SplitRuns;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Reductions split over a 2-thread intra-op pool (inputs above the split threshold): the same bytes
 * as on one thread for every fold, finisher, dtype family and axis pattern, the work really split,
 * and values that do not depend on summation order checked against the ops' definitions.
 */
class ParallelReductionTest {
  private static final IntraOpPool POOL = new IntraOpPool(2);

  @AfterAll
  static void closePool() {
    POOL.close();
  }

  private static Tensor run(Tensor x, String op, int[] axes, boolean keepDims, Parallel p) {
    OneOp r =
        OneOp.of(op)
            .input(x)
            .constInput(Tensor.ofInts(Shape.of(axes.length), axes))
            .attr("Tidx", DType.INT32)
            .attr("keep_dims", keepDims);
    if (!op.equals("All") && !op.equals("Any")) { // All and Any have no T: bool only
      r.attr("T", x.dtype());
    }
    return r.run(p);
  }

  /** Parallel (asserting a split) and sequential: equal dtype, shape and bytes. */
  private static Tensor both(Tensor x, String op, int... axes) {
    SplitRuns.Splitting p = new SplitRuns.Splitting(POOL);
    Tensor par = run(x, op, axes, false, p);
    assertTrue(p.split.get(), op + " over " + List.of(axes) + " was not split");
    Tensor seq = run(x, op, axes, false, Parallel.SEQUENTIAL);
    assertEquals(seq.dtype(), par.dtype());
    assertEquals(seq.shape(), par.shape());
    assertEquals(-1, seq.data().mismatch(par.data()), op + ": parallel != sequential bytes");
    return par;
  }

  private static Tensor randomFloats(Shape shape, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] v = new float[Math.toIntExact(shape.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (r.nextDouble() * 2 - 1);
    }
    return Tensor.ofFloats(shape, v);
  }

  @Test
  void floatFolds_sameBytesAsSequential_everyAxisPattern() {
    Tensor x2 = randomFloats(Shape.of(256, 256), 1);
    Tensor x3 = randomFloats(Shape.of(16, 64, 48), 2);
    for (String op : List.of("Sum", "Prod", "Max", "Min", "Mean", "EuclideanNorm")) {
      both(x2, op, 0);
      both(x2, op, 1);
      both(x3, op, 0, 2);
      both(x3, op, 1);
      both(x3, op, 2);
      both(x3, op, 0, 1);
    }
  }

  @Test
  void integerAndBoolFolds_sameBytesAsSequential() {
    int n = 200 * 300;
    int[] iv = new int[n];
    long[] uv = new long[n];
    boolean[] bv = new boolean[n];
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < n; i++) {
      iv[i] = r.nextInt(-1000, 1000);
      uv[i] = r.nextLong();
      bv[i] = r.nextInt(5) != 0;
    }
    Tensor ints = Tensor.ofInts(Shape.of(200, 300), iv);
    Tensor u64 = Tensor.ofIntegers(DType.UINT64, Shape.of(200, 300), uv);
    Tensor bools = Tensor.ofBooleans(Shape.of(200, 300), bv);
    for (String op : List.of("Sum", "Prod", "Max", "Min", "Mean", "EuclideanNorm")) {
      both(ints, op, 0);
      both(ints, op, 1);
      both(u64, op, 0);
      both(u64, op, 1);
    }
    for (String op : List.of("All", "Any")) {
      both(bools, op, 0);
      both(bools, op, 1);
    }
  }

  @Test
  void values_matchTheDefinitions() {
    // Sum of integers and Max of floats do not depend on the order of accumulation: TF's values.
    int rows = 128;
    int cols = 512;
    int[] iv = new int[rows * cols];
    for (int i = 0; i < iv.length; i++) {
      iv[i] = i % 7 - 3;
    }
    Tensor ints = Tensor.ofInts(Shape.of(rows, cols), iv);
    Tensor rowSums = both(ints, "Sum", 1);
    Tensor colSums = both(ints, "Sum", 0);
    for (int i = 0; i < rows; i++) {
      long s = 0;
      for (int j = 0; j < cols; j++) {
        s += iv[i * cols + j];
      }
      assertEquals(s, rowSums.getInt(i));
    }
    for (int j = 0; j < cols; j++) {
      long s = 0;
      for (int i = 0; i < rows; i++) {
        s += iv[i * cols + j];
      }
      assertEquals(s, colSums.getInt(j));
    }
    Tensor f = randomFloats(Shape.of(rows, cols), 4);
    Tensor colMax = both(f, "Max", 0);
    for (int j = 0; j < cols; j++) {
      float m = Float.NEGATIVE_INFINITY;
      for (int i = 0; i < rows; i++) {
        m = Math.max(m, f.getFloat((long) i * cols + j));
      }
      assertEquals(m, colMax.getFloat(j));
    }
  }

  private static Tensor arg(Tensor x, String op, int axis, Parallel p) {
    return OneOp.of(op)
        .input(x)
        .constInput(Tensor.ofInts(Shape.scalar(), axis))
        .attr("T", x.dtype())
        .attr("Tidx", DType.INT32)
        .attr("output_type", DType.INT64)
        .run(p);
  }

  @Test
  void argMaxArgMin_splitAndMatchTheDefinition() {
    int rows = 256;
    int cols = 256;
    Tensor f = randomFloats(Shape.of(rows, cols), 5);
    for (String op : List.of("ArgMax", "ArgMin")) {
      for (int axis : new int[] {0, 1}) {
        SplitRuns.Splitting p = new SplitRuns.Splitting(POOL);
        Tensor par = arg(f, op, axis, p);
        assertTrue(p.split.get(), op + " was not split");
        Tensor seq = arg(f, op, axis, Parallel.SEQUENTIAL);
        assertEquals(-1, seq.data().mismatch(par.data()), op + ": parallel != sequential bytes");
        // TF's definition: the index of the largest (smallest) value, the first one on ties.
        int outN = axis == 0 ? cols : rows;
        int n = axis == 0 ? rows : cols;
        for (int o = 0; o < outN; o++) {
          int best = 0;
          for (int k = 1; k < n; k++) {
            float v = f.getFloat(axis == 0 ? (long) k * cols + o : (long) o * cols + k);
            float b = f.getFloat(axis == 0 ? (long) best * cols + o : (long) o * cols + best);
            if (op.equals("ArgMax") ? v > b : v < b) {
              best = k;
            }
          }
          assertEquals(best, par.getLong(o), op + " axis " + axis + " output " + o);
        }
      }
    }
  }
}
