package dev.rawops.kernels.cpu.quantization;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;

/** Floats as TF's StrCat prints them in messages: up to six significant digits, "1" for 1.0. */
final class TfFloats {
  private TfFloats() {}

  static String str(double v) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    String s = String.format(java.util.Locale.ROOT, "%.6g", v);
    if (s.contains("e")) {
      String mantissa = s.substring(0, s.indexOf('e'));
      String exp = s.substring(s.indexOf('e'));
      return trim(mantissa) + exp;
    }
    return trim(s);
  }

  static String str(Tensor t, long i) {
    return str(t.dtype() == DType.FLOAT ? t.getFloat(i) : t.getDouble(i));
  }

  private static String trim(String s) {
    if (!s.contains(".")) {
      return s;
    }
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
