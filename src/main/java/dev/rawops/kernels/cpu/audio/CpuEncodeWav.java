package dev.rawops.kernels.cpu.audio;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * EncodeWav on CPU (encode_wav_op.cc, wav_io.cc's EncodeAudioAsS16LEWav): a 44-byte canonical
 * header then each sample as round-half-away(x·32768) clamped to int16, little-endian. TF checks
 * the rate and channel count as size_t, so a negative rate reads as 2^64 + rate in its message.
 */
final class CpuEncodeWav {
  private CpuEncodeWav() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("EncodeWav", Device.CPU).build(n -> ctx -> encode(n, ctx)));

  private static final int HEADER = 44;

  private static void encode(NodeInfo node, KernelContext ctx) {
    Tensor audio = ctx.input(0);
    if (audio.shape().rank() != 2) {
      throw node.invalidArgument("audio must be 2-dimensional" + audio.shape());
    }
    Tensor rateTensor = ctx.input(1);
    if (rateTensor.shape().rank() != 0) {
      throw node.invalidArgument(
          "Input sample_rate should be a scalar tensor, got " + rateTensor.shape() + " instead.");
    }
    int rate = rateTensor.data().getAtIndex(Layouts.I32, 0);
    long count = audio.shape().numElements();
    if (count >= Integer.MAX_VALUE) {
      throw node.invalidArgument("Cannot encode audio with >= max int32 elements");
    }
    // TF narrows both dims to int32 and widens them again to size_t.
    long channels = (int) audio.shape().dim(1);
    long frames = (int) audio.shape().dim(0);
    if (rate <= 0) {
      throw node.invalidArgument(
          "sample_rate must be in (0, 2^32), got: " + Long.toUnsignedString(rate));
    }
    if (channels == 0 || channels > 0xFFFF) {
      throw node.invalidArgument(
          "num_channels must be in (0, 2^16), got: " + Long.toUnsignedString(channels));
    }
    long samples = frames * channels;
    long fileSize = HEADER + samples * 2;
    if (fileSize > 0xFFFFFFFFL) {
      throw node.invalidArgument("Provided channels and frames cannot be encoded as a WAV.");
    }
    byte[] out = new byte[(int) fileSize];
    ascii(out, 0, "RIFF");
    le(out, 4, fileSize - 8, 4);
    ascii(out, 8, "WAVEfmt ");
    le(out, 16, 16, 4);
    le(out, 20, 1, 2);
    le(out, 22, channels, 2);
    le(out, 24, rate, 4);
    le(out, 28, (long) rate * 2 * channels, 4);
    le(out, 32, 2 * channels, 2);
    le(out, 34, 16, 2);
    ascii(out, 36, "data");
    le(out, 40, samples * 2, 4);
    MemorySegment src = audio.data();
    for (long i = 0; i < samples; i++) {
      short s = toInt16(src.getAtIndex(Layouts.F32, i));
      out[HEADER + (int) (2 * i)] = (byte) s;
      out[HEADER + (int) (2 * i) + 1] = (byte) (s >> 8);
    }
    ctx.setOutput(0, Tensor.ofByteStrings(Shape.scalar(), out));
  }

  /**
   * TF's FloatToInt16Sample: roundf(x·32768) (half away from zero, in float), clamped with
   * std::max/min, which let NaN through; x86's float-to-int conversion makes NaN 0x80000000, whose
   * low 16 bits are 0.
   */
  static short toInt16(float x) {
    float scaled = x * 32768f;
    if (Float.isNaN(scaled)) {
      return 0;
    }
    float r = roundHalfAway(scaled);
    r = Math.min(Math.max(r, -32768f), 32767f);
    return (short) (int) r;
  }

  private static float roundHalfAway(float v) {
    float t = (float) Math.floor(Math.abs(v));
    if (Math.abs(v) - t >= 0.5f) {
      t += 1f;
    }
    return Math.copySign(t, v);
  }

  private static void ascii(byte[] b, int at, String s) {
    for (int i = 0; i < s.length(); i++) {
      b[at + i] = (byte) s.charAt(i);
    }
  }

  private static void le(byte[] b, int at, long v, int n) {
    for (int i = 0; i < n; i++) {
      b[at + i] = (byte) (v >> (8 * i));
    }
  }
}
