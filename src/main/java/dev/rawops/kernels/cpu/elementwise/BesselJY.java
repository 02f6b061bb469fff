package dev.rawops.kernels.cpu.elementwise;

import static dev.rawops.kernels.cpu.elementwise.Cephes.cos;
import static dev.rawops.kernels.cpu.elementwise.Cephes.log;
import static dev.rawops.kernels.cpu.elementwise.Cephes.polevl;
import static dev.rawops.kernels.cpu.elementwise.Cephes.rsqrt;
import static dev.rawops.kernels.cpu.elementwise.Cephes.sin;

/**
 * The Bessel functions of the first and second kind J0, J1, Y0, Y1 as Eigen's BesselFunctionsImpl.h
 * computes them from Cephes: float by j0f/j1f/y0f/y1f (a polynomial up to 2, a modulus and phase
 * expansion past it), double by j0/j1/y0/y1 (rational approximations up to 5, Hankel's asymptotic
 * form past it). Eigen's differences from Cephes are kept: J1 is odd for every argument, float
 * Y1(0) is NaN (0 * log 0 in its small-argument form) where double Y1(0) is -inf.
 */
// Cephes' constants are written as published (more digits than the type holds): the compiler rounds
// each to the nearest float or double, as the C++ compiler does for Eigen's and TF's literals.
@SuppressWarnings("FloatingPointLiteralPrecision")
final class BesselJY {
  private BesselJY() {}

  private static final float NEG_PIO4F = -0.7853981633974483096f;
  private static final float NEG_THPIO4F = -2.35619449019234492885f;
  private static final float TWOOPIF = 0.636619772367581343075535f;
  private static final double NEG_PIO4 = -0.7853981633974483096;
  private static final double NEG_THPIO4 = -2.35619449019234492885;
  private static final double TWOOPI = 0.636619772367581343075535;
  private static final double SQ2OPI = 7.9788456080286535587989E-1;

  static float j0(float x) {
    float y = Math.abs(x);
    float z = y * y;
    if (y <= 2f) {
      return y < 1.0e-3f ? z * -0.25f + 1f : (z - 5.78318596294678452118f) * polevl(z, J0_JP_F);
    }
    float q = 1f / y;
    float p = rsqrt(y) * polevl(q, J0_MO_F);
    float yn = q * polevl(q * q, J0_PH_F) + NEG_PIO4F;
    return p * cos(yn + y);
  }

  static double j0(double x) {
    double y = Math.abs(x);
    double z = y * y;
    if (y <= 5) {
      if (y < 1.0e-5) {
        return z * -0.25 + 1;
      }
      return ((z - 5.78318596294678452118E0) * (z - 3.04712623436620863991E1))
          * (polevl(z, J0_RP_D) / polevl(z, J0_RQ_D));
    }
    double s = 25 / z;
    double p = polevl(s, J0_PP_D) / polevl(s, J0_PQ_D);
    double q = polevl(s, J0_QP_D) / polevl(s, J0_QQ_D);
    double yn = y + NEG_PIO4;
    double w = -5 / y;
    p = p * Math.cos(yn) + w * (q * Math.sin(yn));
    return p * (SQ2OPI * rsqrt(y));
  }

  static float y0(float x) {
    if (x <= 2f) {
      if (x <= 0) {
        return Float.NEGATIVE_INFINITY;
      }
      float z = x * x;
      float r = TWOOPIF * (log(x) * j0(x));
      return (z - 0.43221455686510834878f) * polevl(z, Y0_YP_F) + r;
    }
    float q = 1f / x;
    float p = rsqrt(x) * polevl(q, J0_MO_F);
    float xn = q * polevl(q * q, J0_PH_F) + NEG_PIO4F;
    return p * sin(xn + x);
  }

  static double y0(double x) {
    double z = x * x;
    if (x <= 5) {
      if (x <= 0) {
        return Double.NEGATIVE_INFINITY;
      }
      double r = polevl(z, Y0_YP_D) / polevl(z, Y0_YQ_D);
      return (TWOOPI * Math.log(x)) * j0(x) + r;
    }
    double s = 25 / z;
    double p = polevl(s, J0_PP_D) / polevl(s, J0_PQ_D);
    double q = polevl(s, J0_QP_D) / polevl(s, J0_QQ_D);
    double xn = x + NEG_PIO4;
    double w = 5 / x;
    p = p * Math.sin(xn) + w * (q * Math.cos(xn));
    return p * (SQ2OPI * rsqrt(x));
  }

  static float j1(float x) {
    float y = Math.abs(x);
    float z = y * y;
    if (y <= 2f) {
      return (z - 1.46819706421238932572E1f) * (x * polevl(z, J1_JP_F));
    }
    float q = 1f / y;
    float p = rsqrt(y) * polevl(q, J1_MO1_F);
    float yn = q * polevl(q * q, J1_PH1_F) + NEG_THPIO4F;
    float r = p * cos(yn + y);
    return x < 0 ? -r : r;
  }

  static double j1(double x) {
    double y = Math.abs(x);
    double z = y * y;
    if (y <= 5) {
      double r = polevl(z, J1_RP_D) / polevl(z, J1_RQ_D);
      return ((r * x) * (z - 1.46819706421238932572E1)) * (z - 4.92184563216946036703E1);
    }
    double s = 25 / z;
    double p = polevl(s, J1_PP_D) / polevl(s, J1_PQ_D);
    double q = polevl(s, J1_QP_D) / polevl(s, J1_QQ_D);
    double yn = y + NEG_THPIO4;
    double w = -5 / y;
    p = p * Math.cos(yn) + w * (q * Math.sin(yn));
    double r = p * (SQ2OPI * rsqrt(y));
    return x < 0 ? -r : r;
  }

  static float y1(float x) {
    if (x <= 2f) {
      if (x < 0) {
        return Float.NEGATIVE_INFINITY;
      }
      float z = x * x;
      float r = (z - 4.66539330185668857532f) * polevl(z, Y1_YP_F);
      return r * x + TWOOPIF * (j1(x) * log(x) + -1f / x);
    }
    float q = 1f / x;
    float p = rsqrt(x) * polevl(q, J1_MO1_F);
    float xn = q * polevl(q * q, J1_PH1_F) + NEG_THPIO4F;
    return p * sin(xn + x);
  }

  static double y1(double x) {
    double z = x * x;
    if (x <= 5) {
      if (x <= 0) {
        return Double.NEGATIVE_INFINITY;
      }
      double r = polevl(z, Y1_YP_D) / polevl(z, Y1_YQ_D);
      return r * x + TWOOPI * (j1(x) * Math.log(x) + -1 / x);
    }
    double s = 25 / z;
    double p = polevl(s, J1_PP_D) / polevl(s, J1_PQ_D);
    double q = polevl(s, J1_QP_D) / polevl(s, J1_QQ_D);
    double xn = x + NEG_THPIO4;
    double w = 5 / x;
    p = p * Math.sin(xn) + w * (q * Math.cos(xn));
    return p * (SQ2OPI * rsqrt(x));
  }

  // ---- Cephes' coefficients (highest order first)

  private static final float[] J0_JP_F = {
    -6.068350350393235E-008f,
    6.388945720783375E-006f,
    -3.969646342510940E-004f,
    1.332913422519003E-002f,
    -1.729150680240724E-001f
  };

  private static final float[] J0_MO_F = {
    -6.838999669318810E-002f,
    1.864949361379502E-001f,
    -2.145007480346739E-001f,
    1.197549369473540E-001f,
    -3.560281861530129E-003f,
    -4.969382655296620E-002f,
    -3.355424622293709E-006f,
    7.978845717621440E-001f
  };

  private static final float[] J0_PH_F = {
    3.242077816988247E+001f,
    -3.630592630518434E+001f,
    1.756221482109099E+001f,
    -4.974978466280903E+000f,
    1.001973420681837E+000f,
    -1.939906941791308E-001f,
    6.490598792654666E-002f,
    -1.249992184872738E-001f
  };

  private static final double[] J0_PP_D = {
    7.96936729297347051624E-4,
    8.28352392107440799803E-2,
    1.23953371646414299388E0,
    5.44725003058768775090E0,
    8.74716500199817011941E0,
    5.30324038235394892183E0,
    9.99999999999999997821E-1
  };

  private static final double[] J0_PQ_D = {
    9.24408810558863637013E-4,
    8.56288474354474431428E-2,
    1.25352743901058953537E0,
    5.47097740330417105182E0,
    8.76190883237069594232E0,
    5.30605288235394617618E0,
    1.00000000000000000218E0
  };

  private static final double[] J0_QP_D = {
    -1.13663838898469149931E-2,
    -1.28252718670509318512E0,
    -1.95539544257735972385E1,
    -9.32060152123768231369E1,
    -1.77681167980488050595E2,
    -1.47077505154951170175E2,
    -5.14105326766599330220E1,
    -6.05014350600728481186E0
  };

  private static final double[] J0_QQ_D = {
    1.00000000000000000000E0,
    6.43178256118178023184E1,
    8.56430025976980587198E2,
    3.88240183605401609683E3,
    7.24046774195652478189E3,
    5.93072701187316984827E3,
    2.06209331660327847417E3,
    2.42005740240291393179E2
  };

  private static final double[] J0_RP_D = {
    -4.79443220978201773821E9,
    1.95617491946556577543E12,
    -2.49248344360967716204E14,
    9.70862251047306323952E15
  };

  private static final double[] J0_RQ_D = {
    1.00000000000000000000E0,
    4.99563147152651017219E2,
    1.73785401676374683123E5,
    4.84409658339962045305E7,
    1.11855537045356834862E10,
    2.11277520115489217587E12,
    3.10518229857422583814E14,
    3.18121955943204943306E16,
    1.71086294081043136091E18
  };

  private static final float[] Y0_YP_F = {
    9.454583683980369E-008f,
    -9.413212653797057E-006f,
    5.344486707214273E-004f,
    -1.584289289821316E-002f,
    1.707584643733568E-001f
  };

  private static final double[] Y0_YP_D = {
    1.55924367855235737965E4,
    -1.46639295903971606143E7,
    5.43526477051876500413E9,
    -9.82136065717911466409E11,
    8.75906394395366999549E13,
    -3.46628303384729719441E15,
    4.42733268572569800351E16,
    -1.84950800436986690637E16
  };

  private static final double[] Y0_YQ_D = {
    1.00000000000000000000E0,
    1.04128353664259848412E3,
    6.26107330137134956842E5,
    2.68919633393814121987E8,
    8.64002487103935000337E10,
    2.02979612750105546709E13,
    3.17157752842975028269E15,
    2.50596256172653059228E17
  };

  private static final float[] J1_JP_F = {
    -4.878788132172128E-009f,
    6.009061827883699E-007f,
    -4.541343896997497E-005f,
    1.937383947804541E-003f,
    -3.405537384615824E-002f
  };

  private static final float[] J1_MO1_F = {
    6.913942741265801E-002f,
    -2.284801500053359E-001f,
    3.138238455499697E-001f,
    -2.102302420403875E-001f,
    5.435364690523026E-003f,
    1.493389585089498E-001f,
    4.976029650847191E-006f,
    7.978845453073848E-001f
  };

  private static final float[] J1_PH1_F = {
    -4.497014141919556E+001f,
    5.073465654089319E+001f,
    -2.485774108720340E+001f,
    7.222973196770240E+000f,
    -1.544842782180211E+000f,
    3.503787691653334E-001f,
    -1.637986776941202E-001f,
    3.749989509080821E-001f
  };

  private static final double[] J1_PP_D = {
    7.62125616208173112003E-4,
    7.31397056940917570436E-2,
    1.12719608129684925192E0,
    5.11207951146807644818E0,
    8.42404590141772420927E0,
    5.21451598682361504063E0,
    1.00000000000000000254E0
  };

  private static final double[] J1_PQ_D = {
    5.71323128072548699714E-4,
    6.88455908754495404082E-2,
    1.10514232634061696926E0,
    5.07386386128601488557E0,
    8.39985554327604159757E0,
    5.20982848682361821619E0,
    9.99999999999999997461E-1
  };

  private static final double[] J1_QP_D = {
    5.10862594750176621635E-2,
    4.98213872951233449420E0,
    7.58238284132545283818E1,
    3.66779609360150777800E2,
    7.10856304998926107277E2,
    5.97489612400613639965E2,
    2.11688757100572135698E2,
    2.52070205858023719784E1
  };

  private static final double[] J1_QQ_D = {
    1.00000000000000000000E0,
    7.42373277035675149943E1,
    1.05644886038262816351E3,
    4.98641058337653607651E3,
    9.56231892404756170795E3,
    7.99704160447350683650E3,
    2.82619278517639096600E3,
    3.36093607810698293419E2
  };

  private static final double[] J1_RP_D = {
    -8.99971225705559398224E8,
    4.52228297998194034323E11,
    -7.27494245221818276015E13,
    3.68295732863852883286E15
  };

  private static final double[] J1_RQ_D = {
    1.00000000000000000000E0,
    6.20836478118054335476E2,
    2.56987256757748830383E5,
    8.35146791431949253037E7,
    2.21511595479792499675E10,
    4.74914122079991414898E12,
    7.84369607876235854894E14,
    8.95222336184627338078E16,
    5.32278620332680085395E18
  };

  private static final float[] Y1_YP_F = {
    8.061978323326852E-009f,
    -9.496460629917016E-007f,
    6.719543806674249E-005f,
    -2.641785726447862E-003f,
    4.202369946500099E-002f
  };

  private static final double[] Y1_YP_D = {
    1.26320474790178026440E9,
    -6.47355876379160291031E11,
    1.14509511541823727583E14,
    -8.12770255501325109621E15,
    2.02439475713594898196E17,
    -7.78877196265950026825E17
  };

  private static final double[] Y1_YQ_D = {
    1.00000000000000000000E0,
    5.94301592346128195359E2,
    2.35564092943068577943E5,
    7.34811944459721705660E7,
    1.87601316108706159478E10,
    3.88231277496238566008E12,
    6.20557727146953693363E14,
    6.87141087355300489866E16,
    3.97270608116560655612E18
  };
}
