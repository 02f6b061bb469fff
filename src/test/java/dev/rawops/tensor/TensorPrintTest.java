package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Tensor#format()} and {@link Tensor#toString()}: values as NumPy's {@code str()}. */
class TensorPrintTest {
  @Test
  void formatPrintsLikeNumpyStr() {
    // str(np.array([[1, 2], [3, 4]], np.float32))
    assertEquals("[[1. 2.]\n [3. 4.]]", Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4).format());
    // str(np.array([b'a', b"'"]))
    assertEquals("[b'a' b\"'\"]", Tensor.ofStrings(Shape.of(2), "a", "'").format());
    assertEquals("7", Tensor.ofInts(Shape.of(), 7).format());
  }

  @Test
  void aSummarizedOuterAxisKeepsTheSeparatorBetweenItems() {
    // str(np.zeros((1001, 2, 2), np.int32)): "..." stands between blank lines like the items.
    String s = TensorBuffer.allocate(DType.INT32, Shape.of(1001, 2, 2)).freeze().format();
    assertTrue(s.contains("\n [[0 0]\n  [0 0]]\n\n ...\n\n [[0 0]\n  [0 0]]"), s);
    assertEquals(6 * 2, s.split("\\[0 0\\]", -1).length - 1);
  }

  @Test
  void printOptionsAreNumpys() {
    // np.set_printoptions(threshold=5, edgeitems=1); str(np.arange(10).reshape(2, 5))
    long[] v = new long[10];
    for (int i = 0; i < v.length; i++) {
      v[i] = i;
    }
    Tensor t = Tensor.ofLongs(Shape.of(2, 5), v);
    assertEquals("[[0 ... 4]\n [5 ... 9]]", TensorFormat.format(t, 5, 1));
    assertEquals("[[0 1 2 3 4]\n [5 6 7 8 9]]", t.format()); // 10 <= the default 1000
    assertThrows(IllegalArgumentException.class, () -> TensorFormat.format(t, -1, 3));
    assertThrows(IllegalArgumentException.class, () -> TensorFormat.format(t, 5, 0));
  }

  @Test
  void toStringNamesDtypeAndShapeThenTheValues() {
    assertEquals("Tensor(dtype=int32, shape=[], 7)", Tensor.ofInts(Shape.of(), 7).toString());
    assertEquals(
        "Tensor(dtype=string, shape=[2], [b'a' b\"'\"])",
        Tensor.ofStrings(Shape.of(2), "a", "'").toString());
    assertEquals(
        "Tensor(dtype=float, shape=[2,2],\n[[1. 2.]\n [3. 4.]])",
        Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4).toString());
  }

  @Test
  void toStringOfAHugeTensorIsSummarized() {
    Tensor t = TensorBuffer.allocate(DType.FLOAT, Shape.of(1 << 20)).freeze();
    assertEquals("Tensor(dtype=float, shape=[1048576], [0. 0. 0. ... 0. 0. 0.])", t.toString());
  }
}
