package dev.rawops.kernels.cpu.elementwise;

import dev.rawops.kernels.cpu.support.Denormals;

/**
 * The inverse of the standard normal CDF (Ndtri) and Erfinv as TF 2.18 computes them: Eigen's
 * {@code generic_ndtri}, Cephes' ndtri with its three rational approximations, evaluated in the
 * element type (float arithmetic for float, half and bfloat16; double for double), and Erfinv as
 * {@code ndtri(0.5 x + 0.5) / sqrt(2)}. Eigen's vectorized log differs from the correctly rounded
 * one in the last bit now and then, which is why the fixtures of these ops carry a tolerance.
 */
// Cephes' coefficients are written as Eigen and Cephes publish them, digits past double's included,
// so they can be compared with the source at a glance; each literal rounds to the same double.
@SuppressWarnings("FloatingPointLiteralPrecision")
final class InverseNormal {
  private InverseNormal() {}

  // Cephes ndtri: w + w^3 R(w^2) / S(w^2) around the centre.
  private static final double[] P0 = {
    -5.99633501014107895267e1,
    9.80010754185999661536e1,
    -5.66762857469070293439e1,
    1.39312609387279679503e1,
    -1.23916583867381258016e0
  };
  private static final double[] Q0 = {
    1.0,
    1.95448858338141759834e0,
    4.67627912898881538453e0,
    8.63602421390890590575e1,
    -2.25462687854119370527e2,
    2.00260212380060660359e2,
    -8.20372256168333339912e1,
    1.59056225126211695515e1,
    -1.18331621121330003142e0
  };
  // Tails with z = sqrt(-2 log y) between 2 and 8.
  private static final double[] P1 = {
    4.05544892305962419923e0,
    3.15251094599893866154e1,
    5.71628192246421288162e1,
    4.40805073893200834700e1,
    1.46849561928858024014e1,
    2.18663306850790267539e0,
    -1.40256079171354495875e-1,
    -3.50424626827848203418e-2,
    -8.57456785154685413611e-4
  };
  private static final double[] Q1 = {
    1.0,
    1.57799883256466749731e1,
    4.53907635128879210584e1,
    4.13172038254672030440e1,
    1.50425385692907503408e1,
    2.50464946208309415979e0,
    -1.42182922854787788574e-1,
    -3.80806407691578277194e-2,
    -9.33259480895457427372e-4
  };
  // Tails with z between 8 and 64.
  private static final double[] P2 = {
    3.23774891776946035970e0,
    6.91522889068984211695e0,
    3.93881025292474443415e0,
    1.33303460815807542389e0,
    2.01485389549179081538e-1,
    1.23716634817820021358e-2,
    3.01581553508235416007e-4,
    2.65806974686737550832e-6,
    6.23974539184983293730e-9
  };
  private static final double[] Q2 = {
    1.0,
    6.02427039364742014255e0,
    3.67983563856160859403e0,
    1.37702099489081330271e0,
    2.16236993594496635890e-1,
    1.34204006088543189037e-2,
    3.28014464682127739104e-4,
    2.89247864745380683936e-6,
    6.79019408009981274425e-9
  };

  private static final float[] P0F = floats(P0);
  private static final float[] Q0F = floats(Q0);
  private static final float[] P1F = floats(P1);
  private static final float[] Q1F = floats(Q1);
  private static final float[] P2F = floats(P2);
  private static final float[] Q2F = floats(Q2);

  private static final double EXP_NEG_TWO = 0.13533528323661269189;
  private static final double SQRT_2PI = 2.50662827463100050242e0;

  private static float[] floats(double[] v) {
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = (float) v[i];
    }
    return f;
  }

  /** Horner's rule, one multiply and one add per coefficient (no fused multiply-add). */
  private static double polevl(double x, double[] c) {
    double r = c[0];
    for (int i = 1; i < c.length; i++) {
      r = r * x + c[i];
    }
    return r;
  }

  private static float polevl(float x, float[] c) {
    float r = c[0];
    for (int i = 1; i < c.length; i++) {
      r = r * x + c[i];
    }
    return r;
  }

  static double ndtri(double in) {
    double a = Denormals.flush(in);
    if (a == 0) {
      return Double.NEGATIVE_INFINITY;
    }
    if (a == 1) {
      return Double.POSITIVE_INFINITY;
    }
    boolean flip = a <= 1 - EXP_NEG_TWO;
    double b = flip ? a : 1 - a;
    if (EXP_NEG_TWO < b) {
      double c = b - 0.5;
      double c2 = c * c;
      double r = c * (c2 * (polevl(c2, P0) / polevl(c2, Q0))) + c;
      return r * SQRT_2PI;
    }
    double x = Math.sqrt(-2 * Math.log(b));
    double x0 = x - Math.log(x) / x;
    double z = 1 / x;
    double x1 = z * (x < 8 ? polevl(z, P1) / polevl(z, Q1) : polevl(z, P2) / polevl(z, Q2));
    double r = x0 - x1;
    return flip ? -r : r;
  }

  static float ndtri(float in) {
    float a = Denormals.flush(in);
    if (a == 0) {
      return Float.NEGATIVE_INFINITY;
    }
    if (a == 1) {
      return Float.POSITIVE_INFINITY;
    }
    float expNegTwo = (float) EXP_NEG_TWO;
    boolean flip = a <= 1f - expNegTwo;
    float b = flip ? a : 1f - a;
    if (expNegTwo < b) {
      float c = b - 0.5f;
      float c2 = c * c;
      float r = c * (c2 * (polevl(c2, P0F) / polevl(c2, Q0F))) + c;
      return r * (float) SQRT_2PI;
    }
    float x = (float) Math.sqrt(-2f * log(b));
    float x0 = x - log(x) / x;
    float z = 1f / x;
    float x1 = z * (x < 8f ? polevl(z, P1F) / polevl(z, Q1F) : polevl(z, P2F) / polevl(z, Q2F));
    float r = x0 - x1;
    return flip ? -r : r;
  }

  private static float log(float v) {
    return (float) Math.log(v);
  }

  static double erfinv(double x) {
    return ndtri(0.5 * x + 0.5) / Math.sqrt(2);
  }

  static float erfinv(float x) {
    return ndtri(0.5f * x + 0.5f) / (float) Math.sqrt(2);
  }
}
