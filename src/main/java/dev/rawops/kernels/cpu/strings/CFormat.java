package dev.rawops.kernels.cpu.strings;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One C {@code printf} conversion as glibc writes it, for AsString's formats {@code
 * %[flag][width][.precision](d|u|f|e|g|s)}: at most one flag (AsString's fill), exact decimal
 * expansion of the double (glibc rounds the exact binary value, half to even only on exact ties,
 * which {@link BigDecimal} reproduces), "inf"/"nan" (with the sign bit's minus) padded with spaces
 * even under '0'.
 */
final class CFormat {
  private final char flag; // 0 for none
  private final int width; // -1 for none
  private final int precision; // -1 for none
  private final char conversion;

  CFormat(char flag, int width, int precision, char conversion) {
    this.flag = flag;
    this.width = width;
    this.precision = precision;
    this.conversion = conversion;
  }

  byte[] formatSigned(long v) {
    String digits = v < 0 ? Long.toString(v).substring(1) : Long.toString(v);
    return pad(sign(v < 0), digits, true);
  }

  byte[] formatUnsigned(long v) {
    return pad("", Long.toUnsignedString(v), true);
  }

  byte[] formatDouble(double v) {
    boolean negative = (Double.doubleToRawLongBits(v) < 0);
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return pad(sign(negative), Double.isNaN(v) ? "nan" : "inf", false);
    }
    BigDecimal x = new BigDecimal(v).abs();
    int p = precision < 0 ? 6 : precision;
    String body =
        switch (conversion) {
          case 'f' -> fixed(x, p);
          case 'e' -> scientific(x, p);
          default -> general(x, p);
        };
    return pad(sign(negative), body, true);
  }

  /** {@code %s} of the bytes up to the first NUL (TF passes {@code c_str()}). */
  byte[] formatString(byte[] s) {
    int n = 0;
    while (n < s.length && s[n] != 0) {
      n++;
    }
    if (precision >= 0) {
      n = Math.min(n, precision);
    }
    byte[] body = Arrays.copyOf(s, n);
    if (width <= n) {
      return body;
    }
    byte[] out = new byte[width];
    if (flag == '-') {
      System.arraycopy(body, 0, out, 0, n);
      Arrays.fill(out, n, width, (byte) ' ');
    } else {
      Arrays.fill(out, 0, width - n, (byte) ' ');
      System.arraycopy(body, 0, out, width - n, n);
    }
    return out;
  }

  private String sign(boolean negative) {
    if (negative) {
      return "-";
    }
    return flag == '+' ? "+" : flag == ' ' ? " " : "";
  }

  private String fixed(BigDecimal x, int p) {
    String s = x.setScale(p, RoundingMode.HALF_EVEN).toPlainString();
    return p == 0 && flag == '#' ? s + "." : s;
  }

  private String scientific(BigDecimal x, int p) {
    String digits;
    int exponent;
    if (x.signum() == 0) {
      digits = "0".repeat(p + 1);
      exponent = 0;
    } else {
      BigDecimal r = x.round(new MathContext(p + 1, RoundingMode.HALF_EVEN));
      String u = r.unscaledValue().toString();
      exponent = u.length() - 1 - r.scale();
      digits = u.length() >= p + 1 ? u.substring(0, p + 1) : u + "0".repeat(p + 1 - u.length());
    }
    StringBuilder sb = new StringBuilder().append(digits.charAt(0));
    if (p > 0 || flag == '#') {
      sb.append('.');
    }
    sb.append(digits, 1, digits.length()).append('e').append(exponent < 0 ? '-' : '+');
    int e = Math.abs(exponent);
    if (e < 10) {
      sb.append('0');
    }
    return sb.append(e).toString();
  }

  private String general(BigDecimal x, int precision) {
    int p = precision == 0 ? 1 : precision;
    int exponent = 0;
    if (x.signum() != 0) {
      BigDecimal r = x.round(new MathContext(p, RoundingMode.HALF_EVEN));
      exponent = r.precision() - 1 - r.scale();
    }
    String s = p > exponent && exponent >= -4 ? fixed(x, p - 1 - exponent) : scientific(x, p - 1);
    if (flag == '#') {
      return s;
    }
    int e = s.indexOf('e');
    String mantissa = e < 0 ? s : s.substring(0, e);
    String tail = e < 0 ? "" : s.substring(e);
    if (mantissa.indexOf('.') >= 0) {
      int end = mantissa.length();
      while (mantissa.charAt(end - 1) == '0') {
        end--;
      }
      if (mantissa.charAt(end - 1) == '.') {
        end--;
      }
      mantissa = mantissa.substring(0, end);
    }
    return mantissa + tail;
  }

  /** Sign and body padded to the width: spaces before, zeros after the sign, or spaces after. */
  private byte[] pad(String sign, String body, boolean zeroable) {
    int n = sign.length() + body.length();
    String s;
    if (width <= n) {
      s = sign + body;
    } else if (flag == '-') {
      s = sign + body + " ".repeat(width - n);
    } else if (flag == '0' && zeroable) {
      s = sign + "0".repeat(width - n) + body;
    } else {
      s = " ".repeat(width - n) + sign + body;
    }
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
