package dev.rawops.kernels.cpu.elementwise;

/**
 * Complex elementwise functions over interleaved (re, im) double arrays, following std::complex's
 * formulas (what Eigen calls for complex64 and complex128).
 */
final class ComplexMath {
  private ComplexMath() {}

  /** f(re, im) writing its result into out[2i], out[2i + 1]. */
  @FunctionalInterface
  interface Fn {
    void apply(double re, double im, double[] out, int i);
  }

  static CpuElementwise.D1 of(Fn f) {
    return (x, o, n) -> {
      for (int i = 0; i < n; i++) {
        f.apply(x[2 * i], x[2 * i + 1], o, i);
      }
    };
  }

  static void set(double[] o, int i, double re, double im) {
    o[2 * i] = re;
    o[2 * i + 1] = im;
  }

  static void mul(double a, double b, double c, double d, double[] o, int i) {
    set(o, i, a * c - b * d, a * d + b * c);
  }

  /** Smith's algorithm, as std::complex division. */
  static void div(double a, double b, double c, double d, double[] o, int i) {
    if (Math.abs(c) >= Math.abs(d)) {
      if (c == 0 && d == 0) {
        set(o, i, a / Math.abs(c), b / Math.abs(c));
        return;
      }
      double r = d / c;
      double den = c + d * r;
      set(o, i, (a + b * r) / den, (b - a * r) / den);
    } else {
      double r = c / d;
      double den = c * r + d;
      set(o, i, (a * r + b) / den, (b * r - a) / den);
    }
  }

  static void exp(double re, double im, double[] o, int i) {
    double e = Math.exp(re);
    set(o, i, e * Math.cos(im), e * Math.sin(im));
  }

  static void log(double re, double im, double[] o, int i) {
    set(o, i, Math.log(Math.hypot(re, im)), Math.atan2(im, re));
  }

  static void sqrt(double re, double im, double[] o, int i) {
    if (re == 0 && im == 0) {
      set(o, i, 0, im);
      return;
    }
    double t = Math.sqrt((Math.abs(re) + Math.hypot(re, im)) / 2);
    if (re >= 0) {
      set(o, i, t, im / (2 * t));
    } else {
      set(o, i, Math.abs(im) / (2 * t), Math.copySign(t, im));
    }
  }

  static void sin(double re, double im, double[] o, int i) {
    set(o, i, Math.sin(re) * Math.cosh(im), Math.cos(re) * Math.sinh(im));
  }

  static void cos(double re, double im, double[] o, int i) {
    set(o, i, Math.cos(re) * Math.cosh(im), -Math.sin(re) * Math.sinh(im));
  }

  static void sinh(double re, double im, double[] o, int i) {
    set(o, i, Math.sinh(re) * Math.cos(im), Math.cosh(re) * Math.sin(im));
  }

  static void cosh(double re, double im, double[] o, int i) {
    set(o, i, Math.cosh(re) * Math.cos(im), Math.sinh(re) * Math.sin(im));
  }

  static void tanh(double re, double im, double[] o, int i) {
    double[] t = new double[4];
    sinh(re, im, t, 0);
    cosh(re, im, t, 1);
    div(t[0], t[1], t[2], t[3], o, i);
  }

  static void tan(double re, double im, double[] o, int i) {
    // tan(z) = -i tanh(iz)
    double[] t = new double[2];
    tanh(-im, re, t, 0);
    set(o, i, t[1], -t[0]);
  }
}
