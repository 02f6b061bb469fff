package dev.rawops.ops.strings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The string hashes against TF 2.18: bucket values from the strings fixtures
 * (graphs/conformance/strings/0004–0006, 0045), covering ASCII, UTF-8, invalid UTF-8, NUL and 0xFF
 * bytes.
 */
class StringHashTest {
  private static final Tensor WORDS =
      Tensor.ofByteStrings(
          Shape.of(12),
          b(""),
          b("a"),
          b("hello world"),
          b("  padded\t\n"),
          b("ünïcödé"),
          b("日本語テキスト"),
          b("emoji 😀!"),
          new byte[] {(byte) 0xFF, (byte) 0xFE, 'x'},
          new byte[] {'a', (byte) 0xC3},
          new byte[] {'a', 0, 'b'},
          new byte[] {0, 1, 2, (byte) 0x80, (byte) 0xFF},
          b("The quick brown fox jumps over the lazy dog, 1234567890 times."));

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void fastIsFarmhashFingerprint64() {
    Tensor out = OneOp.of("StringToHashBucketFast").input(WORDS).attr("num_buckets", 10L).run();
    assertArrayEquals(new long[] {3, 9, 1, 1, 8, 3, 7, 7, 1, 0, 7, 6}, out.toLongArray());
  }

  @Test
  void legacyIsTfsHash64() {
    Tensor out = OneOp.of("StringToHashBucket").input(WORDS).attr("num_buckets", 10L).run();
    assertArrayEquals(new long[] {9, 8, 5, 6, 5, 8, 1, 8, 6, 8, 5, 7}, out.toLongArray());
  }

  @Test
  void strongIsSipHashKeyedByTheAttr() {
    Tensor out =
        OneOp.of("StringToHashBucketStrong")
            .input(WORDS)
            .attr("num_buckets", 10L)
            .attrInts("key", 1, 2)
            .run();
    assertArrayEquals(new long[] {5, 6, 6, 5, 1, 4, 7, 1, 9, 5, 5, 9}, out.toLongArray());
  }

  @Test
  void strongNeedsTwoKeyElements() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("StringToHashBucketStrong")
                    .named("hash")
                    .input(WORDS)
                    .attr("num_buckets", 10L)
                    .attrInts("key", 5)
                    .run());
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("hash"), e.getMessage());
    assertTrue(e.getMessage().contains("Key must have 2 elements"), e.getMessage());
  }

  @Test
  void fingerprintOfInt32RowsIsLittleEndianFarmhash() {
    Tensor data = Tensor.ofInts(Shape.of(4), 666793870, 393872118, 1695591837, -319672391);
    Tensor out =
        OneOp.of("Fingerprint")
            .input(data)
            .input(Tensor.ofStrings(Shape.scalar(), "farmhash64"))
            .attr("T", data.dtype())
            .run();
    assertEquals(Shape.of(4, 8), out.shape());
    assertArrayEquals(
        new long[] {
          103, 71, 123, 223, 96, 167, 105, 119, 188, 155, 168, 102, 60, 165, 240, 185, 64, 17, 207,
          243, 159, 128, 91, 105, 81, 17, 241, 122, 81, 213, 235, 225
        },
        out.toLongArray());
  }

  @Test
  void fingerprintRejectsOtherMethods() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("Fingerprint")
                    .named("fp")
                    .input(WORDS)
                    .input(Tensor.ofStrings(Shape.scalar(), "sha256"))
                    .attr("T", WORDS.dtype())
                    .run());
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("fp"), e.getMessage());
    assertTrue(e.getMessage().contains("Unsupported fingerprint method: sha256"), e.getMessage());
  }
}
