package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Literal feeds read as Python (and so NumPy/TF's conversion) reads the same text: integers must
 * fit the dtype (np.array([256], np.uint8) and tf.constant(2**31, tf.int32) raise, they never
 * wrap), string and bytes literals take Python's escapes, complex numbers are written 1+2j.
 */
class LiteralsTest {
  private static RawOpsException rejects(String literal, DType expected) {
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> Literals.parse(literal, expected), literal);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    return e;
  }

  @Test
  void integersOutOfTheDtypesRangeAreRefusedNotWrapped() {
    RawOpsException e = rejects("[2147483648, 4294967297]", DType.INT32);
    assertTrue(e.getMessage().contains("2147483648 is out of range for int32"), e.getMessage());
    rejects("[1,255,256]", DType.UINT8);
    rejects("[-1]", DType.UINT8);
    rejects("[-129]", DType.INT8);
    rejects("[18446744073709551616]", DType.UINT64);
    rejects("[9223372036854775808]", DType.INT64);
    Tensor ok = Literals.parse("[0, 255]", DType.UINT8);
    assertEquals(255, ok.getIndex(1));
    assertEquals(-1L, Literals.parse("[18446744073709551615]", DType.UINT64).getLong(0));
    assertEquals(Long.MIN_VALUE, Literals.parse("[-9223372036854775808]", DType.INT64).getLong(0));
  }

  @Test
  void onlyAsciiDigitsAreNumbers() {
    rejects("[\u0660]", DType.INT32); // Arabic-Indic zero
    rejects("[\uff10]", DType.INT32); // fullwidth zero
    rejects("[\uff11.5]", DType.FLOAT);
  }

  @Test
  void bytesAndStringLiteralsTakePythonEscapes() {
    Tensor t =
        Literals.parse("[b'\\xff', '\\x00f', 'e\\'q', \"a\\\\b\", 'caf\\u00e9', b'\\n']", null);
    assertEquals(DType.STRING, t.dtype());
    assertArrayEquals(new byte[] {(byte) 0xff}, t.getString(0));
    assertArrayEquals(new byte[] {0, 'f'}, t.getString(1));
    assertArrayEquals("e'q".getBytes(StandardCharsets.UTF_8), t.getString(2));
    assertArrayEquals("a\\b".getBytes(StandardCharsets.UTF_8), t.getString(3));
    assertArrayEquals("café".getBytes(StandardCharsets.UTF_8), t.getString(4));
    assertArrayEquals(new byte[] {'\n'}, t.getString(5));
    rejects("[b'é']", null);
  }

  @Test
  void complexLiterals() {
    Tensor t = Literals.parse("[1+2j, -2.5j, (3-1j), 4, 1e-1+1e1j]", null);
    assertEquals(DType.COMPLEX128, t.dtype());
    assertEquals(Shape.of(5), t.shape());
    double[] want = {1, 2, 0, -2.5, 3, -1, 4, 0, 0.1, 10};
    for (int k = 0; k < want.length; k++) {
      assertEquals(want[k], t.getDouble(k), "component " + k);
    }
    Tensor c64 = Literals.parse("[1+2j]", DType.COMPLEX64);
    assertEquals(2f, c64.getFloat(1));
  }

  @Test
  void nestingDeeperThanTfsLargestRankIsAnErrorNotAStackOverflow() {
    String deep = "[".repeat(10_000) + "1" + "]".repeat(10_000);
    RawOpsException e = rejects(deep, DType.INT32);
    assertTrue(e.getMessage().contains("254"), e.getMessage());
    assertEquals(254, Literals.parse("[".repeat(254) + "1" + "]".repeat(254), null).shape().rank());
  }

  @Test
  void unquotedElementsAreNotStrings() {
    // TF: tf.constant([1, 2], dtype=tf.string) raises TypeError; rawops never turns 1 into b'1'
    RawOpsException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            RawOpsException.class, () -> Literals.parse("[1, 2]", DType.STRING));
    assertTrue(e.getMessage().contains("1 is not a string"), e.getMessage());
    org.junit.jupiter.api.Assertions.assertThrows(
        RawOpsException.class, () -> Literals.parse("['a', True]", null));
  }
}
