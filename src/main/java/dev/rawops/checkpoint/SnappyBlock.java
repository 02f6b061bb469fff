package dev.rawops.checkpoint;

import java.nio.file.Path;

/**
 * Uncompresses one Snappy-compressed table block (the raw Snappy format of google/snappy's {@code
 * format_description.txt}: the uncompressed length as a varint, then literals and back-references
 * with 1-, 2- or 4-byte offsets). Our own, not a library's: the Java Snappy decoders at hand
 * (aircompressor 2 and 3) read through {@code sun.misc.Unsafe}, which JDK 25 warns about on stderr
 * at first use and is removing; a checkpoint index needs only this small, bounds-checked decoder.
 * Every malformed input is TF's DATA_LOSS "corrupted compressed block contents" naming the file.
 */
final class SnappyBlock {
  private SnappyBlock() {}

  static byte[] uncompress(byte[] in, int offset, int length, Path file) {
    int end = offset + length;
    int pos = offset;
    long want = 0;
    int shift = 0;
    while (true) {
      if (pos >= end || shift > 28) {
        throw corrupt(file);
      }
      int b = in[pos++] & 0xff;
      want |= (long) (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) == 0) {
        break;
      }
    }
    // A block is at most a few MB; each input byte yields at most 64 output bytes (a 3-byte copy
    // of 64), so a larger claim is damage, caught before allocating.
    if (want > Integer.MAX_VALUE - 8 || want > 64L * length) {
      throw corrupt(file);
    }
    byte[] out = new byte[(int) want];
    int o = 0;
    while (pos < end) {
      int tag = in[pos++] & 0xff;
      int len;
      int back;
      switch (tag & 3) {
        case 0 -> {
          len = tag >>> 2;
          if (len >= 60) {
            int bytes = len - 59;
            if (pos + bytes > end) {
              throw corrupt(file);
            }
            long l = 0;
            for (int i = 0; i < bytes; i++) {
              l |= (long) (in[pos++] & 0xff) << (8 * i);
            }
            if (l > Integer.MAX_VALUE - 1) {
              throw corrupt(file);
            }
            len = (int) l;
          }
          len += 1;
          if (len > end - pos || len > out.length - o) {
            throw corrupt(file);
          }
          System.arraycopy(in, pos, out, o, len);
          pos += len;
          o += len;
          continue;
        }
        case 1 -> {
          if (pos >= end) {
            throw corrupt(file);
          }
          len = 4 + ((tag >>> 2) & 7);
          back = ((tag >>> 5) << 8) | (in[pos++] & 0xff);
        }
        case 2 -> {
          if (pos + 2 > end) {
            throw corrupt(file);
          }
          len = 1 + (tag >>> 2);
          back = (in[pos] & 0xff) | (in[pos + 1] & 0xff) << 8;
          pos += 2;
        }
        default -> {
          if (pos + 4 > end) {
            throw corrupt(file);
          }
          len = 1 + (tag >>> 2);
          back =
              (in[pos] & 0xff)
                  | (in[pos + 1] & 0xff) << 8
                  | (in[pos + 2] & 0xff) << 16
                  | (in[pos + 3] & 0xff) << 24;
          pos += 4;
        }
      }
      if (back <= 0 || back > o || len > out.length - o) {
        throw corrupt(file);
      }
      if (back >= len) {
        System.arraycopy(out, o - back, out, o, len);
      } else {
        // an overlapping copy repeats the last `back` bytes, byte by byte as Snappy defines it
        for (int i = 0; i < len; i++) {
          out[o + i] = out[o - back + i];
        }
      }
      o += len;
    }
    if (o != out.length) {
      throw corrupt(file);
    }
    return out;
  }

  private static dev.rawops.RawOpsException corrupt(Path file) {
    return TensorBundle.corrupt(file, "corrupted compressed block contents");
  }
}
