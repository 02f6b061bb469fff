package dev.rawops.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Snappy table blocks: streams built by hand from google/snappy's format_description.txt, and the
 * Snappy-compressed checkpoint indexes TF Serving's test SavedModels ship (graphs/savedmodels).
 */
class SnappyBlockTest {
  private static final Path FILE = Path.of("some.index");

  private static byte[] bytes(int... v) {
    byte[] b = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      b[i] = (byte) v[i];
    }
    return b;
  }

  private static String uncompress(byte[] b) {
    return new String(SnappyBlock.uncompress(b, 0, b.length, FILE), StandardCharsets.ISO_8859_1);
  }

  @Test
  void literalsAndEveryKindOfCopy() {
    // "abcd" literal (tag (4-1)<<2), then a 1-byte-offset copy of 4 at offset 4 (tag 0b000_000_01),
    // a 2-byte-offset copy of 2 at offset 8 (tag (2-1)<<2|2), a 4-byte-offset copy of 1 at 3.
    byte[] b = bytes(11, 3 << 2, 'a', 'b', 'c', 'd', 0x01, 4, (1 << 2) | 2, 8, 0, 3, 3, 0, 0, 0);
    assertEquals("abcdabcdabd", uncompress(b));
  }

  @Test
  void overlappingCopyRepeatsTheLastBytes() {
    // "ab" then a copy of 7 at offset 2: "ababababa"
    assertEquals("ababababa", uncompress(bytes(9, 1 << 2, 'a', 'b', ((7 - 4) << 2) | 1, 2)));
  }

  @Test
  void longLiteralWithALengthByte() {
    byte[] b = new byte[3 + 100];
    b[0] = 100;
    b[1] = (byte) (60 << 2); // length - 1 in the next byte
    b[2] = 99;
    for (int i = 0; i < 100; i++) {
      b[3 + i] = (byte) ('0' + i % 10);
    }
    String s = uncompress(b);
    assertEquals(100, s.length());
    assertEquals("0123456789", s.substring(90));
  }

  private static void assertCorrupt(int... v) {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> SnappyBlock.uncompress(bytes(v), 0, v.length, FILE));
    assertEquals(Code.DATA_LOSS, e.code());
    assertTrue(
        e.getMessage().contains("corrupted compressed block contents")
            && e.getMessage().contains(FILE.toString()),
        e.getMessage());
  }

  @Test
  void damageIsDataLossNamingTheFile() {
    assertCorrupt(); // no length
    assertCorrupt(5, 1 << 2, 'a', 'b'); // shorter than its length
    assertCorrupt(1, 1 << 2, 'a', 'b'); // longer than its length
    assertCorrupt(4, 0, 'a', 0x01, 2); // copy from before the start
    assertCorrupt(4, 0, 'a', 0x01, 0); // offset 0
    assertCorrupt(8, 3 << 2, 'a'); // literal runs past the input
    assertCorrupt(8, 0, 'a', 2, 1); // truncated 2-byte offset
    assertCorrupt(0xff, 0xff, 0xff, 0xff, 0x7f, 0); // absurd length, caught before allocating
  }

  @Test
  void tfServingSnappyIndexesRead() {
    TensorBundle tf1 =
        TensorBundle.open("graphs/savedmodels/tf_serving_half_plus_two_cpu/variables/variables");
    assertEquals(List.of("a", "a2", "b", "c", "c2"), List.copyOf(tf1.keys()));
    // the model's variables as its script made them: a = 0.5, b = 2, c = 3
    assertTrue(Tensor.ofFloats(Shape.scalar(), 0.5f).contentEquals(tf1.read("a")));
    assertTrue(Tensor.ofFloats(Shape.scalar(), 2f).contentEquals(tf1.read("b")));
    assertTrue(Tensor.ofFloats(Shape.scalar(), 3f).contentEquals(tf1.read("c2")));
    TensorBundle tf2 =
        TensorBundle.open(
            "graphs/savedmodels/tf_serving_half_plus_two_tf2_cpu/variables/variables");
    assertTrue(tf2.contains("_CHECKPOINTABLE_OBJECT_GRAPH"));
    assertTrue(
        Tensor.ofFloats(Shape.scalar(), 0.5f)
            .contentEquals(tf2.read("a/.ATTRIBUTES/VARIABLE_VALUE")));
  }
}
