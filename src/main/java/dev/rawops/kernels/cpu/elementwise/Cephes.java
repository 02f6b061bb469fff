package dev.rawops.kernels.cpu.elementwise;

import dev.rawops.kernels.cpu.support.Denormals;

/**
 * The evaluation steps Eigen's Cephes-derived special functions are built from, in the element
 * type: Chebyshev series ({@code pchebevl}), polynomials by Horner's rule ({@code ppolevl}) and the
 * elementary functions they call. TF's x86 builds compile Eigen without FMA contraction, so each
 * multiply-add here is a multiply and an add, each rounded; float functions stay in float
 * arithmetic throughout (Java's float operations are IEEE single precision), the elementary ones
 * are the double results rounded once (what glibc's float functions return in nearly every case).
 * Subnormal results of exp count as zero (TF's CPU threads run flush-to-zero).
 */
final class Cephes {
  private Cephes() {}

  /** Eigen's pchebevl: the series sum of c[i] T_i(x/2), coefficients from the highest order. */
  static float chebevl(float x, float[] c) {
    float b0 = c[0];
    float b1 = 0;
    float b2 = 0;
    for (int i = 1; i < c.length; i++) {
      b2 = b1;
      b1 = b0;
      b0 = x * b1 + c[i] - b2;
    }
    return 0.5f * (b0 - b2);
  }

  static double chebevl(double x, double[] c) {
    double b0 = c[0];
    double b1 = 0;
    double b2 = 0;
    for (int i = 1; i < c.length; i++) {
      b2 = b1;
      b1 = b0;
      b0 = x * b1 + c[i] - b2;
    }
    return 0.5 * (b0 - b2);
  }

  /** Eigen's ppolevl: c[0] x^n + ... + c[n] by Horner's rule. */
  static float polevl(float x, float[] c) {
    float r = c[0];
    for (int i = 1; i < c.length; i++) {
      r = r * x + c[i];
    }
    return r;
  }

  static double polevl(double x, double[] c) {
    double r = c[0];
    for (int i = 1; i < c.length; i++) {
      r = r * x + c[i];
    }
    return r;
  }

  /** 1 / sqrt(x) as Eigen's scalar path computes it: the square root rounded, then divided. */
  static float rsqrt(float x) {
    return 1f / (float) Math.sqrt(x);
  }

  static double rsqrt(double x) {
    return 1 / Math.sqrt(x);
  }

  static float exp(float x) {
    return Denormals.flush((float) Math.exp(x));
  }

  static double exp(double x) {
    return Denormals.flush(Math.exp(x));
  }

  static float log(float x) {
    return (float) Math.log(x);
  }

  static float sin(float x) {
    return (float) Math.sin(x);
  }

  static float cos(float x) {
    return (float) Math.cos(x);
  }
}
