package dev.rawops.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What `run` prints stays bounded whatever the tensor: NumPy's rules, then a character cap. */
class TensorFormatBoundsTest {
  @Test
  @Timeout(5)
  void emptyTensorsPrintAsNumpyDoesWhateverTheirShape() {
    // np.zeros((2**40, 0)) prints "[]".
    Tensor t = TensorBuffer.allocate(DType.FLOAT, Shape.of(1L << 40, 0)).freeze();
    assertEquals("[]", TensorFormat.format(t));
  }

  @Test
  @Timeout(10)
  void shortAxesThatNumpyNeverElidesStillStopAtTheCharacterCap() {
    long[] dims = new long[10];
    java.util.Arrays.fill(dims, 6); // 60 million elements, no axis longer than 6
    Tensor t = TensorBuffer.allocate(DType.BOOL, Shape.of(dims)).freeze();
    String s = TensorFormat.format(t);
    assertTrue(s.length() < TensorFormat.MAX_CHARS + 200, "printed " + s.length() + " chars");
    assertTrue(s.endsWith("writes the whole tensor as .npy)"), s.substring(s.length() - 100));
  }

  @Test
  @Timeout(5)
  void longTensorsAreSummarizedLikeNumpy() {
    Tensor t = TensorBuffer.allocate(DType.INT32, Shape.of(1 << 24)).freeze();
    assertEquals("[0 0 0 ... 0 0 0]", TensorFormat.format(t));
  }
}
