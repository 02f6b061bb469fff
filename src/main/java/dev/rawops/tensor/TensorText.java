package dev.rawops.tensor;

/**
 * Text pieces shared by every place that prints or parses elements (NumPy-style arrays, Python-list
 * ragged tensors, CLI literals): Python's bytes literals, non-finite floats, bfloat16 bits.
 */
public final class TensorText {
  private TensorText() {}

  /**
   * Appends {@code bytes} as Python's repr of a bytes object: {@code b'…'}, or {@code b"…"} when
   * the bytes hold a single quote and no double quote (as Python chooses).
   */
  public static void appendBytesLiteral(StringBuilder sb, byte[] bytes) {
    boolean hasSingle = false;
    boolean hasDouble = false;
    for (byte b : bytes) {
      hasSingle |= b == '\'';
      hasDouble |= b == '"';
    }
    char quote = hasSingle && !hasDouble ? '"' : '\'';
    sb.append('b').append(quote);
    for (byte b : bytes) {
      int c = b & 0xff;
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '\t' -> sb.append("\\t");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        default -> {
          if (c == quote) {
            sb.append('\\').append(quote);
          } else if (c >= 0x20 && c < 0x7f) {
            sb.append((char) c);
          } else {
            sb.append("\\x")
                .append(Character.forDigit(c >> 4, 16))
                .append(Character.forDigit(c & 0xf, 16));
          }
        }
      }
    }
    sb.append(quote);
  }

  /** "nan", "inf" or "-inf", as NumPy and Python spell them. */
  public static String nonFinite(double d) {
    return Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf";
  }

  /** A bfloat16's value: its 16 bits are the top half of a float32. */
  public static float bfloat16ToFloat(short bits) {
    return Float.intBitsToFloat((bits & 0xFFFF) << 16);
  }

  /** The bfloat16 nearest to {@code f} (round to nearest even; NaN stays a quiet NaN). */
  public static short floatToBfloat16(float f) {
    int bits = Float.floatToRawIntBits(f);
    if (Float.isNaN(f)) {
      return (short) ((bits >>> 16) | 0x40);
    }
    int rounding = 0x7FFF + ((bits >>> 16) & 1);
    return (short) ((bits + rounding) >>> 16);
  }
}
