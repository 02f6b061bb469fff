package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.BIG;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.BIGINV;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.MACHEP;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.MAXLOG;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.lgamma;

/**
 * The regularized incomplete gamma functions P(a, x) ({@link #igamma}) and Q(a, x) ({@link
 * #igammac}) in double precision, as Eigen's SpecialFunctionsImpl.h computes them after Cephes: by
 * series, or by continued fraction where that converges faster.
 */
final class IncompleteGamma {
  private IncompleteGamma() {}

  static double igamma(double a, double x) {
    if (Double.isNaN(x) || Double.isNaN(a)) {
      return Double.NaN;
    }
    if (x == 0) {
      return 0;
    }
    if (x < 0 || a <= 0) {
      return Double.NaN;
    }
    if (x == Double.POSITIVE_INFINITY) {
      return 1;
    }
    if (x > 1 && x > a) {
      return 1 - igammacContinuedFraction(a, x);
    }
    return igammaSeries(a, x);
  }

  static double igammac(double a, double x) {
    if (Double.isNaN(x) || Double.isNaN(a)) {
      return Double.NaN;
    }
    if (x < 0 || a <= 0) {
      return Double.NaN;
    }
    if (x == Double.POSITIVE_INFINITY) {
      return 0;
    }
    if (x < 1 || x < a) {
      return 1 - igammaSeries(a, x);
    }
    return igammacContinuedFraction(a, x);
  }

  private static double igammaSeries(double a, double x) {
    if (x == 0) {
      return 0;
    }
    double ax = a * Math.log(x) - x - lgamma(a);
    if (ax < -MAXLOG) {
      return 0;
    }
    ax = Math.exp(ax);
    double r = a;
    double c = 1;
    double ans = 1;
    // At most 2000 terms, as Eigen's igamma_series_impl (igamma_num_iterations for VALUE): for a
    // huge a, r + 1 == r and the terms never shrink (found by OpFuzzTest: Igamma hung).
    int iter = 0;
    do {
      r += 1;
      c *= x / r;
      ans += c;
    } while (c / ans > MACHEP && ++iter < 2000);
    return ans * ax / a;
  }

  private static double igammacContinuedFraction(double a, double x) {
    double ax = a * Math.log(x) - x - lgamma(a);
    if (ax < -MAXLOG) {
      return 0;
    }
    ax = Math.exp(ax);
    double y = 1 - a;
    double z = x + y + 1;
    double c = 0;
    double pkm2 = 1;
    double qkm2 = x;
    double pkm1 = x + 1;
    double qkm1 = z * x;
    double ans = pkm1 / qkm1;
    double t;
    int iter = 0;
    do {
      c += 1;
      y += 1;
      z += 2;
      double yc = y * c;
      double pk = pkm1 * z - pkm2 * yc;
      double qk = qkm1 * z - qkm2 * yc;
      if (qk != 0) {
        double r = pk / qk;
        t = Math.abs((ans - r) / r);
        ans = r;
      } else {
        t = 1;
      }
      pkm2 = pkm1;
      pkm1 = pk;
      qkm2 = qkm1;
      qkm1 = qk;
      if (Math.abs(pk) > BIG) {
        pkm2 *= BIGINV;
        pkm1 *= BIGINV;
        qkm2 *= BIGINV;
        qkm1 *= BIGINV;
      }
    } while (t > MACHEP && ++iter < 2000);
    return ans * ax;
  }
}
