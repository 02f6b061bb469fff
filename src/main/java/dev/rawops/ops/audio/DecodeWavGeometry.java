package dev.rawops.ops.audio;

import dev.rawops.ops.NodeInfo;
import java.nio.charset.StandardCharsets;

/**
 * TF's DecodeLin16WaveAsFloatVector (wav_io.cc): the RIFF/WAVE header, optional padding chunks
 * before "fmt ", a 16 or 18 byte PCM format chunk of 16-bit samples, then chunks up to the end of
 * the string, exactly one of them "data". Offsets are 32-bit ints as in TF, with its checks, their
 * order and their messages (all INVALID_ARGUMENT).
 */
public final class DecodeWavGeometry {
  private DecodeWavGeometry() {}

  /** The decoded WAV: interleaved samples (sample/32768), frame and channel count, rate. */
  public static final class Wav {
    private final float[] samples;
    private final long sampleCount;
    private final int channels;
    private final long sampleRate;

    Wav(float[] samples, long sampleCount, int channels, long sampleRate) {
      this.samples = samples;
      this.sampleCount = sampleCount;
      this.channels = channels;
      this.sampleRate = sampleRate;
    }

    /** Interleaved samples, frame by frame. */
    public float[] samples() {
      return samples;
    }

    public long sampleCount() {
      return sampleCount;
    }

    public int channels() {
      return channels;
    }

    public long sampleRate() {
      return sampleRate;
    }
  }

  private static final String[] PADDING_CHUNKS = {
    "JUNK", "bext", "iXML", "qlty", "mext", "levl", "link", "axml"
  };

  /** Parses {@code data} as TF does. */
  public static Wav decode(NodeInfo node, byte[] data) {
    return new Reader(node, data).decode();
  }

  private static final class Reader {
    private final NodeInfo node;
    private final byte[] data;
    private int offset;

    Reader(NodeInfo node, byte[] data) {
      this.node = node;
      this.data = data;
    }

    /** TF's IncrementOffset: the new offset, or its error. */
    private int increment(int old, long increment) {
      if (old < 0) {
        throw node.invalidArgument("Negative offsets are not allowed: " + old);
      }
      if (increment < 0) {
        throw node.invalidArgument("Negative increment is not allowed: " + increment);
      }
      if (old > data.length) {
        throw node.invalidArgument("Initial offset is outside data range: " + old);
      }
      int next = (int) (old + increment);
      // TF compares the int with the size_t size: a negative (overflowed) offset is "too short".
      if (next < 0 || next > data.length) {
        throw node.invalidArgument("Data too short when trying to read string");
      }
      return next;
    }

    private String readString(int length) {
      int next = increment(offset, length);
      String s = new String(data, offset, next - offset, StandardCharsets.ISO_8859_1);
      offset = next;
      return s;
    }

    private void expect(String text) {
      int next = increment(offset, text.length());
      String found = new String(data, offset, next - offset, StandardCharsets.ISO_8859_1);
      if (!found.equals(text)) {
        throw node.invalidArgument("Header mismatch: Expected " + text + " but found " + found);
      }
      offset = next;
    }

    private long readLe(int bytes) {
      int next = increment(offset, bytes);
      long v = 0;
      for (int i = bytes - 1; i >= 0; i--) {
        v = (v << 8) | (data[offset + i] & 0xFF);
      }
      offset = next;
      return v;
    }

    private long u32() {
      return readLe(4);
    }

    private int u16() {
      return (int) readLe(2);
    }

    Wav decode() {
      expect("RIFF");
      u32(); // total file size, unused
      expect("WAVE");
      String found = readString(4);
      while (!found.equals("fmt ")) {
        if (!isPadding(found)) {
          throw node.invalidArgument("Unexpected field " + found);
        }
        long size = u32();
        offset = increment(offset, size);
        found = readString(4);
      }
      long formatSize = u32();
      if (formatSize != 16 && formatSize != 18) {
        throw node.invalidArgument(
            "Bad format chunk size for WAV: Expected 16 or 18, but got" + formatSize);
      }
      int format = u16();
      if (format != 1) {
        throw node.invalidArgument("Bad audio format for WAV: Expected 1 (PCM), but got" + format);
      }
      int channels = u16();
      if (channels < 1) {
        throw node.invalidArgument(
            "Bad number of channels for WAV: Expected at least 1, but got " + channels);
      }
      long sampleRate = u32();
      long bytesPerSecond = u32();
      int bytesPerSample = u16();
      int bitsPerSample = u16();
      if (bitsPerSample != 16) {
        throw node.invalidArgument("Can only read 16-bit WAV files, but received " + bitsPerSample);
      }
      long expectedBytesPerSample = (bitsPerSample * (long) channels + 7) / 8;
      if (bytesPerSample != expectedBytesPerSample) {
        throw node.invalidArgument(
            "Bad bytes per sample in WAV header: Expected "
                + expectedBytesPerSample
                + " but got "
                + bytesPerSample);
      }
      long expectedBytesPerSecond = (bytesPerSample * sampleRate) & 0xFFFFFFFFL;
      if (bytesPerSecond != expectedBytesPerSecond) {
        throw node.invalidArgument(
            "Bad bytes per second in WAV header: Expected "
                + expectedBytesPerSecond
                + " but got "
                + bytesPerSecond
                + " (sample_rate="
                + sampleRate
                + ", bytes_per_sample="
                + bytesPerSample
                + ")");
      }
      if (formatSize == 18) {
        offset += 2;
      }
      float[] samples = null;
      long sampleCount = 0;
      // TF compares the int offset with the size_t size.
      while (Integer.toUnsignedLong(offset) < data.length) {
        String id = readString(4);
        long size = u32();
        if (size > Integer.MAX_VALUE) {
          throw node.invalidArgument(
              "WAV data chunk '"
                  + id
                  + "' is too large: "
                  + size
                  + " bytes, but the limit is "
                  + Integer.MAX_VALUE);
        }
        if (id.equals("data")) {
          if (samples != null) {
            throw node.invalidArgument("More than one data chunk found in WAV");
          }
          sampleCount = size / bytesPerSample;
          long count = (sampleCount * channels) & 0xFFFFFFFFL;
          increment(offset, 2 * count);
          samples = new float[(int) count];
          for (int i = 0; i < count; i++) {
            samples[i] = (short) readLe(2) * (1.0f / 32768);
          }
        } else {
          offset = (int) (offset + size);
        }
      }
      if (samples == null) {
        throw node.invalidArgument("No data chunk found in WAV");
      }
      return new Wav(samples, sampleCount, channels, sampleRate);
    }

    private static boolean isPadding(String id) {
      for (String p : PADDING_CHUNKS) {
        if (p.equals(id)) {
          return true;
        }
      }
      return false;
    }
  }
}
