package dev.rawops.ops.indexing;

import static dev.rawops.StridedSliceGraphs.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * Every example of the seed page (tf.raw_ops.StridedSlice, 002_*). Expected values come from the
 * page's definitions, written out as index arithmetic here; where the page itself is wrong (two
 * known TF doc errata) the test follows TensorFlow and says so.
 */
class StridedSliceSeedTest {
  private static long[] v(long... x) {
    return x;
  }

  private static Tensor iota(long... dims) {
    Shape s = Shape.of(dims);
    long[] values = new long[Math.toIntExact(s.numElements())];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
    }
    return Tensor.ofIntegers(DType.INT64, s, values);
  }

  @Test
  void workedExample_foo_1_2to4_newaxis_ellipsis_minus3reversed_all() {
    // foo[1, 2:4, None, ..., :-3:-1, :] on shape (5,5,5,5,5,5).
    Tensor out =
        slice(
                iota(5, 5, 5, 5, 5, 5),
                v(1, 2, 0, 0, 0, 0),
                v(2, 4, 0, 0, -3, 0),
                v(1, 1, 1, 1, -1, 1))
            .masks(48, 32, 8, 4, 1)
            .run();
    assertEquals(Shape.of(2, 1, 5, 5, 2, 5), out.shape());
    long k = 0;
    for (int a = 0; a < 2; a++) {
      for (int c = 0; c < 5; c++) {
        for (int d = 0; d < 5; d++) {
          for (int e = 0; e < 2; e++) {
            for (int f = 0; f < 5; f++) {
              // foo[1, 2 + a, c, d, 4 - e, f]: ":-3:-1" walks 4, 3 and stops before 5 - 3 = 2.
              long flat = ((((1L * 5 + 2 + a) * 5 + c) * 5 + d) * 5 + (4 - e)) * 5 + f;
              assertEquals(flat, out.getLong(k++), "element " + (k - 1));
            }
          }
        }
      }
    }
  }

  @Test
  void reverseFromSecondToLast_foo_minus2_colon_colon_minus1() {
    // The page prints [4,3]; TensorFlow (and Python) give [3,2,1]: start at index 4-2 = 2, walk
    // down to 0.
    Tensor foo = Tensor.ofInts(Shape.of(4), 1, 2, 3, 4);
    Tensor out = slice(foo, v(-2), v(0), v(-1)).masks(0, 1, 0, 0, 0).run();
    assertEquals(Shape.of(3), out.shape());
    assertArrayEquals(new long[] {3, 2, 1}, out.toLongArray());
  }

  @Test
  void ellipsisAlone_isTheIdentity() {
    Tensor foo = iota(3, 4);
    Tensor out = slice(foo, v(0), v(0), v(1)).masks(0, 0, 1, 0, 0).run();
    assertEquals(Shape.of(3, 4), out.shape());
    assertArrayEquals(foo.toLongArray(), out.toLongArray());
  }

  @Test
  void newAxisThenEllipsis_on3x4_gives1x3x4() {
    // foo[tf.newaxis, ...]: what the page's new-axis sentence means.
    Tensor foo = iota(3, 4);
    Tensor out = slice(foo, v(0, 0), v(0, 0), v(1, 1)).masks(0, 0, 2, 1, 0).run();
    assertEquals(Shape.of(1, 3, 4), out.shape());
    assertArrayEquals(foo.toLongArray(), out.toLongArray());
  }

  @Test
  void fullRangeThenEllipsis_on3x4_keeps3x4() {
    // The page writes foo[:, ...] for the (1,3,4) example; literally, ":" adds no axis (TF gives
    // (3,4)).
    Tensor foo = iota(3, 4);
    Tensor out = slice(foo, v(0, 0), v(0, 0), v(1, 1)).masks(1, 1, 2, 0, 0).run();
    assertEquals(Shape.of(3, 4), out.shape());
    assertArrayEquals(foo.toLongArray(), out.toLongArray());
  }

  @Test
  void colon_onShape3_takesBegin0End3() {
    Tensor foo = Tensor.ofInts(Shape.of(3), 7, 8, 9);
    Tensor out = slice(foo, v(0), v(0), v(1)).masks(1, 1, 0, 0, 0).run();
    assertArrayEquals(new long[] {7, 8, 9}, out.toLongArray());
  }

  @Test
  void zeroToMinusOne_onShape3_takesBegin0End2() {
    Tensor foo = Tensor.ofInts(Shape.of(3), 7, 8, 9);
    Tensor out = slice(foo, v(0), v(-1), v(1)).run();
    assertArrayEquals(new long[] {7, 8}, out.toLongArray());
  }

  @Test
  void colonEqualsZeroColonColonOne() {
    // ":" and "::" encode identically (both bounds masked, stride 1); "0::1" masks only the end.
    Tensor foo = iota(4);
    long[] colon = slice(foo, v(0), v(0), v(1)).masks(1, 1, 0, 0, 0).run().toLongArray();
    long[] zeroColonColonOne =
        slice(foo, v(0), v(0), v(1)).masks(0, 1, 0, 0, 0).index(DType.INT64).run().toLongArray();
    assertArrayEquals(new long[] {0, 1, 2, 3}, colon);
    assertArrayEquals(colon, zeroColonColonOne);
  }

  @Test
  void singleIndex_foo_2_colon_on5x6_givesRow2OfShape6() {
    Tensor foo = iota(5, 6);
    Tensor out = slice(foo, v(2, 0), v(3, 0), v(1, 1)).masks(2, 2, 0, 0, 1).run();
    assertEquals(Shape.of(6), out.shape());
    assertArrayEquals(new long[] {12, 13, 14, 15, 16, 17}, out.toLongArray());
  }
}
