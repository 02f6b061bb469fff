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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Unicode ops against TF's documented examples (tf.strings.unicode_encode, unicode_decode,
 * unicode_transcode) and TF's strict-mode message (graphs/conformance/strings).
 */
class UnicodeOpsTest {
  private static final int[] GOODNIGHT = {71, 246, 246, 100, 110, 105, 103, 104, 116, 128522};

  @Test
  void encodeDocs() {
    Tensor out =
        OneOp.of("UnicodeEncode")
            .input(Tensor.ofInts(Shape.of(10), GOODNIGHT))
            .input(Tensor.ofLongs(Shape.of(3), 0, 9, 10))
            .attr("output_encoding", "UTF-8")
            .run();
    assertArrayEquals(new String[] {"Göödnight", "\uD83D\uDE0A"}, out.toStringArray());
  }

  @Test
  void decodeDocs() {
    List<Tensor> out =
        OneOp.of("UnicodeDecodeWithOffsets")
            .input(Tensor.ofStrings(Shape.of(2), "Göödnight", "\uD83D\uDE0A"))
            .attr("input_encoding", "UTF-8")
            .runAll(3);
    assertArrayEquals(new long[] {0, 9, 10}, out.get(0).toLongArray());
    assertArrayEquals(GOODNIGHT, out.get(1).toIntArray());
    assertArrayEquals(new long[] {0, 1, 3, 5, 6, 7, 8, 9, 10, 0}, out.get(2).toLongArray());
  }

  @Test
  void transcodeDocs() {
    Tensor out =
        OneOp.of("UnicodeTranscode")
            .input(Tensor.ofStrings(Shape.of(1), "Hello"))
            .attr("input_encoding", "UTF-8")
            .attr("output_encoding", "UTF-16-BE")
            .run();
    assertArrayEquals(
        "\0H\0e\0l\0l\0o".getBytes(StandardCharsets.ISO_8859_1), out.toBytesArray()[0]);
  }

  @Test
  void strictFailsOnInvalidUtf8() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                OneOp.of("UnicodeDecode")
                    .named("dec")
                    .input(Tensor.ofByteStrings(Shape.of(1), new byte[] {(byte) 0xFF}))
                    .attr("input_encoding", "UTF-8")
                    .attr("errors", "strict")
                    .runAll(2));
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("dec"), e.getMessage());
    assertTrue(e.getMessage().contains("Invalid formatting on input string"), e.getMessage());
  }
}
