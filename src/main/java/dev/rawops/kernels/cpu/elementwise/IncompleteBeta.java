package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.BIG;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.BIGINV;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.MACHEP;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.MAXLOG;
import static dev.rawops.kernels.cpu.elementwise.SpecialFunctions.lgamma;

/**
 * The regularized incomplete beta function I_x(a, b) ({@link #betainc}) in double precision, by
 * Cephes' incbet (as Eigen's SpecialFunctionsImpl.h): its two continued fractions and power series.
 */
final class IncompleteBeta {
  private IncompleteBeta() {}

  private static final double MINLOG = -708.3964185322641;
  private static final double MAXGAM = 171.6243769563027;

  static double betainc(double a, double b, double x) {
    if (Double.isNaN(a) || Double.isNaN(b) || Double.isNaN(x)) {
      return Double.NaN;
    }
    if (a <= 0 || b <= 0 || x < 0 || x > 1) {
      return Double.NaN;
    }
    if (x == 0) {
      return 0;
    }
    if (x == 1) {
      return 1;
    }
    if (b * x <= 1 && x <= 0.95) {
      return pseries(a, b, x);
    }
    double w = 1 - x;
    boolean flag = false;
    double xc;
    if (x > a / (a + b)) {
      flag = true;
      double t = a;
      a = b;
      b = t;
      xc = x;
      x = w;
    } else {
      xc = w;
    }
    double t;
    if (flag && b * x <= 1 && x <= 0.95) {
      t = pseries(a, b, x);
    } else {
      double y = x * (a + b - 2) - (a - 1);
      w = y < 0 ? incbcf(a, b, x) : incbd(a, b, x) / xc;
      y = a * Math.log(x);
      t = b * Math.log(xc);
      if (a + b < MAXGAM && Math.abs(y) < MAXLOG && Math.abs(t) < MAXLOG) {
        t = Math.pow(xc, b);
        t *= Math.pow(x, a);
        t /= a;
        t *= w;
        t *= 1 / beta(a, b);
      } else {
        y += t - lbeta(a, b);
        y += Math.log(w / a);
        t = y < MINLOG ? 0 : Math.exp(y);
      }
    }
    if (flag) {
      t = t <= MACHEP ? 1 - MACHEP : 1 - t;
    }
    return t;
  }

  private static double beta(double a, double b) {
    return Math.exp(lbeta(a, b));
  }

  private static double lbeta(double a, double b) {
    return lgamma(a) + lgamma(b) - lgamma(a + b);
  }

  private static double incbcf(double a, double b, double x) {
    double k1 = a;
    double k2 = a + b;
    double k3 = a;
    double k4 = a + 1;
    double k5 = 1;
    double k6 = b - 1;
    double k7 = k4;
    double k8 = a + 2;
    double pkm2 = 0;
    double qkm2 = 1;
    double pkm1 = 1;
    double qkm1 = 1;
    double ans = 1;
    double r = 1;
    double thresh = 3 * MACHEP;
    for (int n = 0; n < 300; n++) {
      double xk = -(x * k1 * k2) / (k3 * k4);
      double pk = pkm1 + pkm2 * xk;
      double qk = qkm1 + qkm2 * xk;
      pkm2 = pkm1;
      pkm1 = pk;
      qkm2 = qkm1;
      qkm1 = qk;
      xk = (x * k5 * k6) / (k7 * k8);
      pk = pkm1 + pkm2 * xk;
      qk = qkm1 + qkm2 * xk;
      pkm2 = pkm1;
      pkm1 = pk;
      qkm2 = qkm1;
      qkm1 = qk;
      if (qk != 0) {
        r = pk / qk;
      }
      double t;
      if (r != 0) {
        t = Math.abs((ans - r) / r);
        ans = r;
      } else {
        t = 1;
      }
      if (t < thresh) {
        return ans;
      }
      k1 += 1;
      k2 += 1;
      k3 += 2;
      k4 += 2;
      k5 += 1;
      k6 -= 1;
      k7 += 2;
      k8 += 2;
      if (Math.abs(qk) + Math.abs(pk) > BIG) {
        pkm2 *= BIGINV;
        pkm1 *= BIGINV;
        qkm2 *= BIGINV;
        qkm1 *= BIGINV;
      }
      if (Math.abs(qk) < BIGINV || Math.abs(pk) < BIGINV) {
        pkm2 *= BIG;
        pkm1 *= BIG;
        qkm2 *= BIG;
        qkm1 *= BIG;
      }
    }
    return ans;
  }

  private static double incbd(double a, double b, double x) {
    double k1 = a;
    double k2 = b - 1;
    double k3 = a;
    double k4 = a + 1;
    double k5 = 1;
    double k6 = a + b;
    double k7 = a + 1;
    double k8 = a + 2;
    double pkm2 = 0;
    double qkm2 = 1;
    double pkm1 = 1;
    double qkm1 = 1;
    double z = x / (1 - x);
    double ans = 1;
    double r = 1;
    double thresh = 3 * MACHEP;
    for (int n = 0; n < 300; n++) {
      double xk = -(z * k1 * k2) / (k3 * k4);
      double pk = pkm1 + pkm2 * xk;
      double qk = qkm1 + qkm2 * xk;
      pkm2 = pkm1;
      pkm1 = pk;
      qkm2 = qkm1;
      qkm1 = qk;
      xk = (z * k5 * k6) / (k7 * k8);
      pk = pkm1 + pkm2 * xk;
      qk = qkm1 + qkm2 * xk;
      pkm2 = pkm1;
      pkm1 = pk;
      qkm2 = qkm1;
      qkm1 = qk;
      if (qk != 0) {
        r = pk / qk;
      }
      double t;
      if (r != 0) {
        t = Math.abs((ans - r) / r);
        ans = r;
      } else {
        t = 1;
      }
      if (t < thresh) {
        return ans;
      }
      k1 += 1;
      k2 -= 1;
      k3 += 2;
      k4 += 2;
      k5 += 1;
      k6 += 1;
      k7 += 2;
      k8 += 2;
      if (Math.abs(qk) + Math.abs(pk) > BIG) {
        pkm2 *= BIGINV;
        pkm1 *= BIGINV;
        qkm2 *= BIGINV;
        qkm1 *= BIGINV;
      }
      if (Math.abs(qk) < BIGINV || Math.abs(pk) < BIGINV) {
        pkm2 *= BIG;
        pkm1 *= BIG;
        qkm2 *= BIG;
        qkm1 *= BIG;
      }
    }
    return ans;
  }

  private static double pseries(double a, double b, double x) {
    double ai = 1 / a;
    double u = (1 - b) * x;
    double v = u / (a + 1);
    double t1 = v;
    double t = u;
    double n = 2;
    double s = 0;
    double z = MACHEP * ai;
    while (Math.abs(v) > z) {
      u = (n - b) * x / n;
      t *= u;
      v = t / (a + n);
      s += v;
      n += 1;
    }
    s += t1;
    s += ai;
    u = a * Math.log(x);
    if (a + b < MAXGAM && Math.abs(u) < MAXLOG) {
      t = 1 / beta(a, b);
      s = s * t * Math.pow(x, a);
    } else {
      t = -lbeta(a, b) + u + Math.log(s);
      s = t < MINLOG ? 0 : Math.exp(t);
    }
    return s;
  }
}
