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
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * EncodeWav against TF 2.18: the canonical 44-byte header and the int16 samples (wav_io.cc:
 * roundf(x·32768) clamped), and messages from the audio fixtures (graphs/conformance/audio).
 */
class EncodeWavTest {
  private static OneOp encode(Tensor audio, int rate) {
    return OneOp.of("EncodeWav").input(audio).input(Tensor.ofInts(Shape.scalar(), rate));
  }

  private static int le(byte[] b, int at, int n) {
    int v = 0;
    for (int i = n - 1; i >= 0; i--) {
      v = (v << 8) | (b[at + i] & 0xFF);
    }
    return v;
  }

  @Test
  void headerAndRoundedClampedSamples() {
    float half = 0.5f / 32768f;
    Tensor audio = Tensor.ofFloats(Shape.of(3, 2), 1f, -1.5f, half, -half, 0.25f, 2f);
    byte[] wav = encode(audio, 8000).run().getString(0);
    assertEquals(44 + 12, wav.length);
    String ascii = new String(wav, StandardCharsets.ISO_8859_1);
    assertEquals("RIFF", ascii.substring(0, 4));
    assertEquals(48, le(wav, 4, 4));
    assertEquals("WAVEfmt ", ascii.substring(8, 16));
    assertEquals(16, le(wav, 16, 4));
    assertEquals(1, le(wav, 20, 2));
    assertEquals(2, le(wav, 22, 2));
    assertEquals(8000, le(wav, 24, 4));
    assertEquals(32000, le(wav, 28, 4));
    assertEquals(4, le(wav, 32, 2));
    assertEquals(16, le(wav, 34, 2));
    assertEquals("data", ascii.substring(36, 40));
    assertEquals(12, le(wav, 40, 4));
    short[] samples = new short[6];
    for (int i = 0; i < 6; i++) {
      samples[i] = (short) le(wav, 44 + 2 * i, 2);
    }
    // 1.0 clamps to 32767, -1.5 to -32768, ±half a step rounds away from zero.
    assertArrayEquals(new short[] {32767, -32768, 1, -1, 8192, 32767}, samples);
  }

  @Test
  void roundTripsThroughDecodeWav() {
    float[] v = {0.5f, -0.25f, 0f, 32767f / 32768f};
    byte[] wav = encode(Tensor.ofFloats(Shape.of(4, 1), v), 16000).run().getString(0);
    Tensor back = OneOp.of("DecodeWav").input(Tensor.ofByteStrings(Shape.scalar(), wav)).run();
    assertArrayEquals(v, back.toFloatArray(), 0f);
  }

  @Test
  void zeroChannelsIsTfsMessage() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> encode(Tensor.ofFloats(Shape.of(4, 0)), 16000).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(
        e.getMessage().contains("num_channels must be in (0, 2^16), got: 0"), e.getMessage());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
  }

  @Test
  void negativeRateReadsAsSizeT() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> encode(Tensor.ofFloats(Shape.of(2, 1), 0f, 0f), -5).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(
        e.getMessage().contains("sample_rate must be in (0, 2^32), got: 18446744073709551611"),
        e.getMessage());
    assertTrue(Arrays.asList(e.getMessage().split("\\W+")).contains("out"), e.getMessage());
  }
}
