package dev.rawops.ops.indexing;

import static dev.rawops.StridedSliceGraphs.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.StridedSliceGraphs;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random specs (every mask combination, ranks 0–6, empty dims, clamping, negative strides), checked
 * element by element against {@link NaiveStridedSlice}, with the spec known at build time and only
 * at run time, on every element size.
 */
class StridedSliceRandomTest {
  private static final DType[] TYPES = {
    DType.BOOL, DType.INT16, DType.FLOAT, DType.INT64, DType.COMPLEX128, DType.STRING
  };

  @Test
  void randomSpecsMatchTheNaiveReading() {
    Random r = new Random(20240518);
    int valid = 0;
    for (int c = 0; c < 3000; c++) {
      DType t = TYPES[c % TYPES.length];
      long[] shape = shape(r);
      int entries = r.nextInt(shape.length + 3);
      long[] b = bounds(r, entries, shape);
      long[] e = bounds(r, entries, shape);
      long[] s = new long[entries];
      for (int i = 0; i < entries; i++) {
        s[i] = r.nextInt(20) == 0 ? 0 : (r.nextInt(4) + 1) * (r.nextBoolean() ? 1 : -1);
      }
      // A leading ellipsis makes the remaining entries slice the innermost dimensions.
      int ellipsis =
          switch (r.nextInt(4)) {
            case 0 -> 1;
            case 1 -> 1 << r.nextInt(4);
            default -> 0;
          };
      int[] masks = {
        r.nextInt(64),
        r.nextInt(64),
        ellipsis,
        r.nextInt(4) == 0 ? r.nextInt(64) : 0,
        r.nextInt(4) == 0 ? r.nextInt(64) : 0
      };
      Tensor input = input(t, shape, r);
      StridedSliceGraphs g =
          slice(input, b, e, s)
              .masks(masks[0], masks[1], masks[2], masks[3], masks[4])
              .index(c % 3 == 0 ? DType.INT16 : c % 3 == 1 ? DType.INT32 : DType.INT64);
      if (c % 2 == 1) {
        g.feedInput().feedVectors();
      }
      valid += check("case " + c, g, input, shape, b, e, s, masks) ? 1 : 0;
    }
    assertEquals(true, valid > 1500, "too few valid cases: " + valid);
  }

  private static boolean check(
      String what,
      StridedSliceGraphs g,
      Tensor input,
      long[] shape,
      long[] b,
      long[] e,
      long[] s,
      int[] masks) {
    NaiveStridedSlice.Result want;
    try {
      want = NaiveStridedSlice.apply(shape, b, e, s, masks);
    } catch (NaiveStridedSlice.Invalid invalid) {
      RawOpsException ex =
          assertThrows(RawOpsException.class, g::run, what + ": " + invalid.getMessage());
      assertEquals(Code.INVALID_ARGUMENT, ex.code(), what + ": " + ex.getMessage());
      return false;
    }
    Tensor out;
    try {
      out = g.run();
    } catch (RawOpsException ex) {
      throw new AssertionError(what + ": unexpected " + ex.getMessage(), ex);
    }
    assertArrayEquals(want.shape(), out.shape().dims(), what);
    for (int k = 0; k < want.sources().length; k++) {
      if (!sameElement(input, want.sources()[k], out, k)) {
        fail(what + ": element " + k + " should be input element " + want.sources()[k]);
      }
    }
    return true;
  }

  private static boolean sameElement(Tensor in, long i, Tensor out, long k) {
    if (in.dtype() == DType.STRING) {
      return java.util.Arrays.equals(in.getString(i), out.getString(k));
    }
    long esz = in.dtype().byteSize();
    return MemorySegment.mismatch(
            in.data(), i * esz, (i + 1) * esz, out.data(), k * esz, (k + 1) * esz)
        == -1;
  }

  private static long[] shape(Random r) {
    long[] d = new long[r.nextInt(7)];
    for (int i = 0; i < d.length; i++) {
      d[i] = r.nextInt(12) == 0 ? 0 : 1 + r.nextInt(4);
    }
    return d;
  }

  private static long[] bounds(Random r, int n, long[] shape) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      long dim = i < shape.length ? shape[i] : 3;
      v[i] = r.nextInt((int) (2 * dim + 5)) - dim - 2;
    }
    return v;
  }

  private static Tensor input(DType t, long[] dims, Random r) {
    Shape shape = Shape.of(dims);
    int n = Math.toIntExact(shape.numElements());
    if (t == DType.STRING) {
      String[] v = new String[n];
      for (int i = 0; i < n; i++) {
        v[i] = "s" + i;
      }
      return Tensor.ofStrings(shape, v);
    }
    byte[] bytes = new byte[n * t.byteSize()];
    r.nextBytes(bytes);
    if (t == DType.BOOL) {
      for (int i = 0; i < n; i++) {
        bytes[i] &= 1;
      }
    }
    return Tensor.fromBytes(
        t, shape, Arena.ofAuto().allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, bytes));
  }
}
