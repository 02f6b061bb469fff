package dev.rawops.kernels.cpu.lookup;

import java.util.Locale;

/**
 * Numbers in vocabulary files as TF's strings::safe_strto32/64 and safe_strtof/d read them:
 * surrounding spaces allowed, an optional '-' (no '+'), decimal digits, no overflow; reals in
 * double-conversion's syntax with "inf" and "nan" in any case. {@code null} where TF refuses.
 */
final class TextNumbers {
  private TextNumbers() {}

  static Long parseInt(String token, long min, long max) {
    String s = token.strip();
    boolean negative = s.startsWith("-");
    String digits = negative ? s.substring(1) : s;
    if (digits.isEmpty()) {
      return null;
    }
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        return null;
      }
    }
    try {
      long v = Long.parseLong(negative ? "-" + digits : digits);
      return v < min || v > max ? null : v;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static String real(String token) {
    String s = token.strip();
    if (s.isEmpty()) {
      return null;
    }
    String lower = s.toLowerCase(Locale.ROOT);
    String body = lower.startsWith("-") || lower.startsWith("+") ? lower.substring(1) : lower;
    if (body.equals("inf") || body.equals("infinity")) {
      return lower.startsWith("-") ? "-Infinity" : "Infinity";
    }
    if (body.equals("nan")) {
      return "NaN";
    }
    // Java also reads "1f", "1d" and "Infinity" spelled its own way; C does not.
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (!(Character.isDigit(c) || c == '.' || c == 'e' || c == '-' || c == '+')) {
        return null;
      }
    }
    return s;
  }

  static Float parseFloat(String token) {
    String s = real(token);
    try {
      return s == null ? null : Float.parseFloat(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Double parseDouble(String token) {
    String s = real(token);
    try {
      return s == null ? null : Double.parseDouble(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
