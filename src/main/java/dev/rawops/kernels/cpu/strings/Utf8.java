package dev.rawops.kernels.cpu.strings;

import java.io.ByteArrayOutputStream;

/**
 * UTF-8 decoding as ICU's converter does it for TF's unicode ops: one code point per valid
 * sequence, and one error per maximal ill-formed subpart (a lead byte with as many of its
 * continuation bytes as are valid, or a lone invalid byte), so each error covers the bytes ICU
 * would report together.
 */
final class Utf8 {
  private Utf8() {}

  /** Marks an ill-formed subpart in {@link #next}'s result. */
  static final int INVALID = -1;

  /**
   * The code point starting at {@code i} (or {@link #INVALID}) in the high 32 bits' place: returns
   * {@code ((long) codePoint << 32) | length}.
   */
  static long next(byte[] s, int i) {
    int b = s[i] & 0xFF;
    if (b < 0x80) {
      return pack(b, 1);
    }
    int need;
    int lo = 0x80;
    int hi = 0xBF;
    int cp;
    if (b >= 0xC2 && b <= 0xDF) {
      need = 1;
      cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
      need = 2;
      cp = b & 0x0F;
      lo = b == 0xE0 ? 0xA0 : 0x80;
      hi = b == 0xED ? 0x9F : 0xBF;
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3;
      cp = b & 0x07;
      lo = b == 0xF0 ? 0x90 : 0x80;
      hi = b == 0xF4 ? 0x8F : 0xBF;
    } else {
      return pack(INVALID, 1);
    }
    int at = i + 1;
    for (int k = 0; k < need; k++, at++) {
      if (at >= s.length) {
        return pack(INVALID, at - i);
      }
      int c = s[at] & 0xFF;
      if (c < lo || c > hi) {
        return pack(INVALID, at - i);
      }
      lo = 0x80;
      hi = 0xBF;
      cp = cp << 6 | (c & 0x3F);
    }
    return pack(cp, need + 1);
  }

  private static long pack(int cp, int length) {
    return ((long) cp << 32) | length;
  }

  static int codePoint(long packed) {
    return (int) (packed >> 32);
  }

  static int length(long packed) {
    return (int) packed;
  }

  /** A code point's UTF-8 bytes; a surrogate becomes U+FFFD, as ICU's toUTF8String writes it. */
  static void write(ByteArrayOutputStream out, int cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) {
      cp = 0xFFFD;
    }
    if (cp < 0x80) {
      out.write(cp);
    } else if (cp < 0x800) {
      out.write(0xC0 | cp >> 6);
      out.write(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out.write(0xE0 | cp >> 12);
      out.write(0x80 | (cp >> 6 & 0x3F));
      out.write(0x80 | (cp & 0x3F));
    } else {
      out.write(0xF0 | cp >> 18);
      out.write(0x80 | (cp >> 12 & 0x3F));
      out.write(0x80 | (cp >> 6 & 0x3F));
      out.write(0x80 | (cp & 0x3F));
    }
  }
}
