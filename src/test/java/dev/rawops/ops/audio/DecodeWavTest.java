package dev.rawops.ops.audio;

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
 * DecodeWav against TF 2.18: the scaling (sample / 32768, TF's docs: -32768..32767 to -1..1), the
 * last channel repeated for extra desired_channels (TF's docs), and messages from the audio
 * fixtures (graphs/conformance/audio).
 */
class DecodeWavTest {
  /** A canonical 16-bit PCM mono WAV at 16 kHz holding {@code samples}. */
  private static byte[] wav(String riff, short... samples) {
    byte[] b = new byte[44 + 2 * samples.length];
    put(b, 0, riff);
    le(b, 4, 36 + 2 * samples.length, 4);
    put(b, 8, "WAVEfmt ");
    le(b, 16, 16, 4);
    le(b, 20, 1, 2);
    le(b, 22, 1, 2);
    le(b, 24, 16000, 4);
    le(b, 28, 32000, 4);
    le(b, 32, 2, 2);
    le(b, 34, 16, 2);
    put(b, 36, "data");
    le(b, 40, 2 * samples.length, 4);
    for (int i = 0; i < samples.length; i++) {
      le(b, 44 + 2 * i, samples[i], 2);
    }
    return b;
  }

  private static void put(byte[] b, int at, String s) {
    byte[] t = s.getBytes(StandardCharsets.ISO_8859_1);
    System.arraycopy(t, 0, b, at, t.length);
  }

  private static void le(byte[] b, int at, long v, int n) {
    for (int i = 0; i < n; i++) {
      b[at + i] = (byte) (v >> (8 * i));
    }
  }

  private static OneOp decode(byte[] wav) {
    return OneOp.of("DecodeWav").input(Tensor.ofByteStrings(Shape.scalar(), wav));
  }

  @Test
  void scalesAndRepeatsTheLastChannel() {
    Tensor audio =
        decode(wav("RIFF", (short) -32768, (short) 16384, (short) 32767))
            .attr("desired_channels", 2L)
            .attr("desired_samples", 4L)
            .run();
    assertEquals(Shape.of(4, 2), audio.shape());
    float top = 32767f / 32768f;
    assertArrayEquals(
        new float[] {-1f, -1f, 0.5f, 0.5f, top, top, 0f, 0f}, audio.toFloatArray(), 0f);
  }

  @Test
  void badRiffHeaderIsTfsMessage() {
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> decode(wav("RIFX", (short) 1)).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(
        e.getMessage().contains("Header mismatch: Expected RIFF but found RIFX"), e.getMessage());
  }

  @Test
  void tooShortIsTfsMessage() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> decode("RIFF".getBytes(StandardCharsets.ISO_8859_1)).run());
    assertTrue(
        e.getMessage().contains("Data too short when trying to read string"), e.getMessage());
  }
}
