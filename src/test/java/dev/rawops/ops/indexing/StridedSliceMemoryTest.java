package dev.rawops.ops.indexing;

import static dev.rawops.StridedSliceGraphs.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.StridedSliceGraphs;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Zero-copy views where the slice is contiguous, copies otherwise, and inputs never change. */
class StridedSliceMemoryTest {
  private static long[] v(long... x) {
    return x;
  }

  /** A fed float tensor [rows, cols] holding 0, 1, 2, …. */
  private static Tensor matrix(int rows, int cols) {
    float[] f = new float[rows * cols];
    for (int i = 0; i < f.length; i++) {
      f[i] = i;
    }
    return Tensor.ofFloats(Shape.of(rows, cols), f);
  }

  private static long address(Tensor t) {
    return t.data().address();
  }

  @Test
  void innerRowsSlice_x1toMinus1_isAViewAtRow1() {
    Tensor x = matrix(4, 3);
    Tensor out = slice(x, v(1), v(-1), v(1)).feedInput().run();
    assertEquals(Shape.of(2, 3), out.shape());
    assertEquals(address(x) + 3 * Float.BYTES, address(out));
    assertEquals(3f, out.getFloat(0));
    assertEquals(8f, out.getFloat(5));
  }

  @Test
  void singleIndexOnOuterDims_x3_isAViewAtRow3() {
    Tensor x = matrix(5, 4);
    Tensor out = slice(x, v(3), v(4), v(1)).masks(0, 0, 0, 0, 1).feedInput().run();
    assertEquals(Shape.of(4), out.shape());
    assertEquals(address(x) + 12 * Float.BYTES, address(out));
  }

  @Test
  void identitySlice_sharesTheWholeBuffer() {
    Tensor x = matrix(3, 3);
    Tensor out = slice(x, v(0), v(0), v(1)).masks(0, 0, 1, 0, 0).feedInput().run();
    assertEquals(address(x), address(out));
    assertEquals(x.shape(), out.shape());
  }

  @Test
  void rowOfAColumnRange_isContiguousToo() {
    // x[2, 1:3] is two neighbours in memory.
    Tensor x = matrix(4, 4);
    Tensor out = slice(x, v(2, 1), v(3, 3), v(1, 1)).masks(0, 0, 0, 0, 1).feedInput().run();
    assertEquals(address(x) + 9 * Float.BYTES, address(out));
    assertEquals(9f, out.getFloat(0));
  }

  @Test
  void columnSlice_isCopied() {
    Tensor x = matrix(3, 4);
    Tensor out = slice(x, v(0, 1), v(0, 3), v(1, 1)).masks(1, 1, 0, 0, 0).feedInput().run();
    assertTrue(
        address(out) < address(x) || address(out) >= address(x) + x.byteSize(),
        "a copy, not a view");
    assertArrayEquals(new float[] {1, 2, 5, 6, 9, 10}, floats(out));
  }

  @Test
  void stringRows_sliceToo() {
    Tensor x = Tensor.ofStrings(Shape.of(3, 2), "a", "b", "c", "d", "e", "f");
    Tensor rows = slice(x, v(1), v(3), v(1)).run();
    Tensor reversed = slice(x, v(0, 0), v(0, 0), v(1, -1)).masks(3, 3, 0, 0, 0).run();
    assertEquals(List.of("c", "d", "e", "f"), strings(rows));
    assertEquals(List.of("b", "a", "d", "c", "f", "e"), strings(reversed));
  }

  @Test
  void feedAndConstInputs_areNeverModified() {
    Tensor x = matrix(6, 5);
    float[] before = floats(x);
    StridedSliceGraphs[] slices = {
      slice(x, v(1), v(-1), v(1)).feedInput(),
      slice(x, v(0, 0), v(0, 0), v(2, -1)).masks(3, 3, 0, 0, 0).feedInput(),
      slice(x, v(-1, 4), v(0, 0), v(-2, -3)).masks(0, 3, 0, 0, 0),
      slice(x, v(0), v(0), v(1)).masks(0, 0, 1, 0, 0)
    };
    for (StridedSliceGraphs s : slices) {
      s.run();
      assertArrayEquals(before, floats(x));
    }
    // A fetched Const slice is a view, yet fetching the Const afterwards gives its original values.
    var session = slices[2].build().newSession();
    List<Tensor> both = session.run(slices[2].feeds(), List.of("out", "input"));
    assertArrayEquals(new float[] {29, 26, 19, 16, 9, 6}, floats(both.get(0)));
    assertArrayEquals(before, floats(both.get(1)));
  }

  @Test
  void reversedStepsOnEveryElementSize_matchIndexArithmetic() {
    for (DType t : new DType[] {DType.INT8, DType.INT16, DType.INT32, DType.INT64}) {
      long[] values = new long[24];
      for (int i = 0; i < values.length; i++) {
        values[i] = i;
      }
      Tensor x = Tensor.ofIntegers(t, Shape.of(2, 3, 4), values);
      // x[::-1, 1:, ::-3] → rows 1,0; cols 1,2; elements 3,0.
      Tensor out = slice(x, v(0, 1, 0), v(0, 0, 0), v(-1, 1, -3)).masks(5, 7, 0, 0, 0).run();
      assertEquals(Shape.of(2, 2, 2), out.shape(), t.tfName());
      assertArrayEquals(new long[] {19, 16, 23, 20, 7, 4, 11, 8}, out.toLongArray(), t.tfName());
    }
  }

  @Test
  void reversedRows_onEveryIntegerSize_includingPartialWords() {
    for (DType t : new DType[] {DType.INT8, DType.UINT16, DType.INT32, DType.UINT64}) {
      long[] values = new long[33];
      for (int i = 0; i < values.length; i++) {
        values[i] = i;
      }
      Tensor x = Tensor.ofIntegers(t, Shape.of(3, 11), values);
      // x[..., ::-1]: each row of 11 reversed.
      long[] rows = slice(x, v(0, 0), v(0, 0), v(1, -1)).masks(2, 2, 1, 0, 0).run().toLongArray();
      // x[::-1, ::-1]: all 33 reversed (the two dimensions merge into one reversed run).
      long[] all = slice(x, v(0, 0), v(0, 0), v(-1, -1)).masks(3, 3, 0, 0, 0).run().toLongArray();
      for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 11; c++) {
          assertEquals(r * 11 + 10 - c, rows[r * 11 + c], t.tfName() + " row " + r + " col " + c);
        }
      }
      for (int i = 0; i < 33; i++) {
        assertEquals(32 - i, all[i], t.tfName() + " element " + i);
      }
    }
  }

  private static float[] floats(Tensor t) {
    float[] f = new float[(int) t.numElements()];
    for (int i = 0; i < f.length; i++) {
      f[i] = t.getFloat(i);
    }
    return f;
  }

  private static List<String> strings(Tensor t) {
    List<String> out = new java.util.ArrayList<>();
    for (int i = 0; i < t.numElements(); i++) {
      out.add(new String(t.getString(i), StandardCharsets.UTF_8));
    }
    return out;
  }
}
