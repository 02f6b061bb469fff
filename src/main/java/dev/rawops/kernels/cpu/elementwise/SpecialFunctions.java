package dev.rawops.kernels.cpu.elementwise;

/**
 * Special functions in double precision, following the algorithms Eigen's SpecialFunctionsImpl.h
 * takes from Cephes (Hurwitz zeta by Euler-Maclaurin summation), with lgamma and digamma by
 * recurrence plus Stirling/asymptotic series and erf by its Taylor series and erfc's continued
 * fraction; the incomplete gamma and beta functions are in {@link IncompleteGamma} and {@link
 * IncompleteBeta}, which share the Cephes constants here. Float results are these rounded once,
 * which is within a few float ulps of Eigen's float code paths.
 */
final class SpecialFunctions {
  private SpecialFunctions() {}

  static final double MACHEP = 1.1102230246251565E-16;
  static final double MAXLOG = 709.782712893384;
  static final double BIG = 4.503599627370496e15;
  static final double BIGINV = 2.220446049250313E-16;
  private static final double HALF_LOG_2PI = 0.9189385332046728;

  /** Bernoulli numbers B2, B4, ..., B24. */
  private static final double[] B2K = {
    1.0 / 6,
    -1.0 / 30,
    1.0 / 42,
    -1.0 / 30,
    5.0 / 66,
    -691.0 / 2730,
    7.0 / 6,
    -3617.0 / 510,
    43867.0 / 798,
    -174611.0 / 330,
    854513.0 / 138,
    -236364091.0 / 2730
  };

  /** Cephes zeta's A[i] = (2i + 2)! / B(2i + 2). */
  private static final double[] ZETA_A = new double[12];

  static {
    double f = 1;
    for (int i = 0; i < 12; i++) {
      int m = 2 * i + 2;
      f *= (m - 1) * (double) m;
      ZETA_A[i] = f / B2K[i];
    }
  }

  // ---- erf, erfc

  static double erf(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    double a = Math.abs(x);
    if (a >= 2) {
      double r = 1 - erfcPositive(a);
      return Math.copySign(r, x);
    }
    // Taylor series: 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1))
    double x2 = x * x;
    double term = x;
    double sum = x;
    for (int n = 1; n < 200; n++) {
      term *= -x2 / n;
      double t = term / (2 * n + 1);
      sum += t;
      if (Math.abs(t) < 1e-17 * Math.abs(sum)) {
        break;
      }
    }
    return sum * 1.1283791670955126;
  }

  static double erfc(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    if (x < 0.5) {
      return 1 - erf(x);
    }
    return erfcPositive(x);
  }

  /** erfc(x) for x >= 0.5 by its continued fraction (modified Lentz). */
  private static double erfcPositive(double x) {
    if (x > 27.3) {
      return 0;
    }
    // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...)))))
    double tiny = 1e-300;
    double f = x;
    double c = x;
    double d = 0;
    for (int k = 1; k < 5000; k++) {
      double ak = k / 2.0;
      d = x + ak * d;
      d = d == 0 ? tiny : d;
      c = x + ak / c;
      c = c == 0 ? tiny : c;
      d = 1 / d;
      double delta = c * d;
      f *= delta;
      if (Math.abs(delta - 1) < 1e-16) {
        break;
      }
    }
    return Math.exp(-x * x) / f * 0.5641895835477563;
  }

  // ---- lgamma, digamma

  static double lgamma(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    if (Double.isInfinite(x)) {
      return Double.POSITIVE_INFINITY;
    }
    if (x <= 0) {
      if (x == Math.floor(x)) {
        return Double.POSITIVE_INFINITY;
      }
      if (x > -1e-300) {
        return -Math.log(-x);
      }
      // Reflection: lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1 - x)
      double s = Math.abs(sinPi(x));
      return Math.log(Math.PI / s) - lgamma(1 - x);
    }
    if (x < 1e-300) {
      return -Math.log(x);
    }
    double shift = 0;
    double z = x;
    double prod = 1;
    while (z < 15) {
      prod *= z;
      z += 1;
      if (prod > 1e280) {
        shift += Math.log(prod);
        prod = 1;
      }
    }
    shift += Math.log(prod);
    return stirling(z) - shift;
  }

  /** lgamma(z) for z >= 15 by Stirling's series. */
  private static double stirling(double z) {
    double r = (z - 0.5) * Math.log(z) - z + HALF_LOG_2PI;
    double zinv = 1 / z;
    double z2 = zinv * zinv;
    double p = zinv;
    for (int k = 0; k < 10; k++) {
      int m = 2 * k + 2;
      r += B2K[k] / (m * (m - 1.0)) * p;
      p *= z2;
    }
    return r;
  }

  private static double sinPi(double x) {
    double r = x % 2;
    return Math.sin(Math.PI * r);
  }

  static double digamma(double x) {
    if (Double.isNaN(x) || x == Double.POSITIVE_INFINITY) {
      return x;
    }
    if (x == Double.NEGATIVE_INFINITY) {
      return Double.NaN;
    }
    double reflection = 0;
    if (x <= 0) {
      if (x == Math.floor(x)) {
        return Double.NaN;
      }
      // psi(x) = psi(1 - x) - pi / tan(pi x)
      double r = x - Math.floor(x);
      reflection = -Math.PI / Math.tan(Math.PI * r);
      x = 1 - x;
    }
    double acc = 0;
    while (x < 10) {
      acc -= 1 / x;
      x += 1;
    }
    double z2 = 1 / (x * x);
    double series = 0;
    double p = z2;
    for (int k = 0; k < 10; k++) {
      series += B2K[k] / (2 * k + 2) * p;
      p *= z2;
    }
    return reflection + acc + Math.log(x) - 0.5 / x - series;
  }

  // ---- zeta, polygamma

  /** Hurwitz zeta(x, q), Cephes' algorithm. */
  static double zeta(double x, double q) {
    if (Double.isNaN(x) || Double.isNaN(q)) {
      return Double.NaN;
    }
    if (x == 1) {
      return Double.POSITIVE_INFINITY;
    }
    if (x < 1) {
      return Double.NaN;
    }
    if (q <= 0) {
      if (q == Math.floor(q)) {
        return Double.POSITIVE_INFINITY;
      }
      if (x != Math.floor(x)) {
        return Double.NaN;
      }
    }
    double s = Math.pow(q, -x);
    double a = q;
    int i = 0;
    double b = 0;
    while (i < 9 || a <= 9) {
      i++;
      a += 1;
      b = Math.pow(a, -x);
      s += b;
      if (Math.abs(b / s) < MACHEP) {
        return s;
      }
    }
    double w = a;
    s += b * w / (x - 1);
    s -= 0.5 * b;
    a = 1;
    double k = 0;
    for (i = 0; i < 12; i++) {
      a *= x + k;
      b /= w;
      double t = a * b / ZETA_A[i];
      s += t;
      if (Math.abs(t / s) < MACHEP) {
        return s;
      }
      k += 1;
      a *= x + k;
      b /= w;
      k += 1;
    }
    return s;
  }

  static double polygamma(double n, double x) {
    if (Double.isNaN(n) || Double.isNaN(x)) {
      return Double.NaN;
    }
    if (n != Math.floor(n) || n < 0) {
      return Double.NaN;
    }
    if (n == 0) {
      return digamma(x);
    }
    double nplus = n + 1;
    double factorial = Math.exp(lgamma(nplus));
    return Math.pow(-1, nplus) * factorial * zeta(nplus, x);
  }
}
