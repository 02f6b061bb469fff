package dev.rawops.kernels.cpu.support;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * TF's string-to-number rules (tsl/platform/numbers.cc). Integers (safe_strto32/64/u32/u64):
 * optional ASCII whitespace, a '-' for the signed types only, decimal digits, optional whitespace,
 * nothing else, in range. Floats (safe_strtof/strtod): shorter than 32 bytes, parsed by
 * double-conversion's StringToDoubleConverter with leading and trailing spaces, hex integers
 * ("0x1F") and case-insensitive "inf"/"nan" allowed; only whitespace parses as 0. Parsed values are
 * correctly rounded, as double-conversion's are. Each method returns null when TF fails.
 */
public final class NumberParsing {
  private NumberParsing() {}

  private static boolean space(byte b) {
    return b == ' ' || (b >= '\t' && b <= '\r');
  }

  /** safe_strto32/64 (signed) or u32/u64: the value, or null. */
  public static Long parseInteger(byte[] s, boolean signed, BigInteger min, BigInteger max) {
    int at = 0;
    int n = s.length;
    while (at < n && space(s[at])) {
      at++;
    }
    boolean negative = false;
    if (signed && at < n && s[at] == '-') {
      negative = true;
      at++;
    }
    int start = at;
    while (at < n && s[at] >= '0' && s[at] <= '9') {
      at++;
      if (at - start > 25) {
        return null;
      }
    }
    if (at == start) {
      return null;
    }
    BigInteger v = new BigInteger(new String(s, start, at - start, StandardCharsets.US_ASCII));
    if (negative) {
      v = v.negate();
    }
    while (at < n && space(s[at])) {
      at++;
    }
    if (at != n || v.compareTo(min) < 0 || v.compareTo(max) > 0) {
      return null;
    }
    return v.longValue();
  }

  /** double-conversion's whitespace for 8-bit input. */
  private static boolean dcSpace(byte b) {
    return b == ' ' || b == '\r' || b == '\n' || b == '\t' || b == 0x0B || b == 0x0C;
  }

  /** safe_strtod ({@code asFloat} false) or safe_strtof: the value, or null. */
  public static Double parseFloating(byte[] s, boolean asFloat) {
    int n = s.length;
    if (n >= 32 || n == 0) {
      return null;
    }
    int at = 0;
    while (at < n && dcSpace(s[at])) {
      at++;
    }
    if (at == n) {
      return 0.0;
    }
    boolean negative = false;
    if (s[at] == '+' || s[at] == '-') {
      negative = s[at] == '-';
      at++;
      if (at == n || dcSpace(s[at])) {
        return null;
      }
    }
    int end = n;
    while (end > at && dcSpace(s[end - 1])) {
      end--;
    }
    String body = new String(s, at, end - at, StandardCharsets.ISO_8859_1);
    String lower = body.toLowerCase(java.util.Locale.ROOT);
    double v;
    if (lower.equals("inf")) {
      v = Double.POSITIVE_INFINITY;
    } else if (lower.equals("nan")) {
      v = Double.NaN;
    } else if (lower.startsWith("0x")) {
      String hex = body.substring(2);
      if (hex.isEmpty() || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0 && c < 128)) {
        return null;
      }
      BigInteger h = new BigInteger(hex, 16);
      v = asFloat ? h.floatValue() : h.doubleValue();
    } else if (decimal(body)) {
      v = asFloat ? Float.parseFloat(body) : Double.parseDouble(body);
    } else {
      return null;
    }
    if (Double.isNaN(v)) {
      // the sign bit set explicitly: Java's negation of a NaN need not flip it
      return Double.longBitsToDouble(negative ? 0xFFF8000000000000L : 0x7FF8000000000000L);
    }
    return negative ? -v : v;
  }

  /** digits [. digits] [(e|E) [+|-] digits], at least one mantissa digit. */
  private static boolean decimal(String b) {
    int i = 0;
    int n = b.length();
    int digits = 0;
    while (i < n && Character.isDigit(b.charAt(i)) && b.charAt(i) < 128) {
      i++;
      digits++;
    }
    if (i < n && b.charAt(i) == '.') {
      i++;
      while (i < n && b.charAt(i) >= '0' && b.charAt(i) <= '9') {
        i++;
        digits++;
      }
    }
    if (digits == 0) {
      return false;
    }
    if (i < n && (b.charAt(i) == 'e' || b.charAt(i) == 'E')) {
      i++;
      if (i < n && (b.charAt(i) == '+' || b.charAt(i) == '-')) {
        i++;
      }
      int e = i;
      while (i < n && b.charAt(i) >= '0' && b.charAt(i) <= '9') {
        i++;
      }
      if (i == e) {
        return false;
      }
    }
    return i == n;
  }
}
