package dev.rawops.kernels.cpu.lookup;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Numbers in TF's messages: tsl's FloatToBuffer and DoubleToBuffer (C's %g, then more digits). */
final class TfNumbers {
  private TfNumbers() {}

  /** %.6g, or %.9g when six digits do not read back as the same float. */
  static String floatText(float f) {
    String s = g(f, 6);
    return Float.parseFloat(s) == f || Float.isNaN(f) ? s : g(f, 9);
  }

  /** %.15g, or %.17g when fifteen digits do not read back as the same double. */
  static String doubleText(double d) {
    String s = g(d, 15);
    return Double.isNaN(d) || Double.parseDouble(s) == d ? s : g(d, 17);
  }

  /** C's printf("%.{p}g"): trailing zeros dropped, exponent of at least two digits. */
  static String g(double v, int p) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == 0) {
      return (1 / v < 0) ? "-0" : "0";
    }
    BigDecimal r = new BigDecimal(v).round(new MathContext(p, RoundingMode.HALF_EVEN));
    int exp = r.precision() - r.scale() - 1;
    if (exp < -4 || exp >= p) {
      String m = r.movePointLeft(exp).stripTrailingZeros().toPlainString();
      String e = Integer.toString(Math.abs(exp));
      return m + "e" + (exp < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
    }
    return r.stripTrailingZeros().toPlainString();
  }
}
