package dev.rawops.conform;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;

/**
 * Float comparison under a tolerance: {@code |got - want| <= atol + rtol * |want|} per element
 * (complex: per component); NaN matches NaN; an infinity must match exactly, sign included. half
 * and bfloat16 use at least 1e-3 and 1e-2 (as TF's assertAllClose does).
 */
final class Tolerances {
  private Tolerances() {}

  static boolean appliesTo(DType d) {
    return switch (d) {
      case HALF, BFLOAT16, FLOAT, DOUBLE, COMPLEX64, COMPLEX128 -> true;
      default -> false;
    };
  }

  /** {@code tol} raised to the half and bfloat16 floors for dtype {@code d}; null stays null. */
  static Tolerance withFloor(Tolerance tol, DType d) {
    if (tol == null || d == null) {
      return tol;
    }
    double floor = d == DType.HALF ? 1e-3 : d == DType.BFLOAT16 ? 1e-2 : 0;
    return Tolerance.newBuilder()
        .setRtol(Math.max(tol.getRtol(), floor))
        .setAtol(Math.max(tol.getAtol(), floor))
        .build();
  }

  /**
   * How far {@code got} is from {@code want}: the largest absolute and relative error, and the
   * largest ratio of error to what {@code tol} allows (infinite for any difference when {@code tol}
   * is null, i.e. bit for bit; NaN against NaN counts as equal).
   */
  record Measure(double maxAbs, double maxRel, double worstRatio) {}

  static Measure measure(Tensor want, Tensor got, Tolerance tol) {
    DType d = want.dtype();
    Tolerance t = withFloor(tol, d);
    double rtol = t == null ? 0 : t.getRtol();
    double atol = t == null ? 0 : t.getAtol();
    long n = want.numElements() * (d == DType.COMPLEX64 || d == DType.COMPLEX128 ? 2 : 1);
    double abs = 0;
    double rel = 0;
    double ratio = 0;
    for (long i = 0; i < n; i++) {
      double w = Numbers.get(want, i);
      double g = Numbers.get(got, i);
      if (Double.isNaN(w) && Double.isNaN(g)) {
        continue;
      }
      double a = w == g ? 0 : Math.abs(g - w);
      if (Double.isNaN(a)) {
        a = Double.POSITIVE_INFINITY;
      }
      abs = Math.max(abs, a);
      rel = Math.max(rel, w == 0 ? (a == 0 ? 0 : Double.POSITIVE_INFINITY) : a / Math.abs(w));
      double allowed = atol + rtol * Math.abs(w);
      if (a > 0) {
        ratio = Math.max(ratio, allowed == 0 ? Double.POSITIVE_INFINITY : a / allowed);
      }
    }
    return new Measure(abs, rel, ratio);
  }

  /** Null when every component is within tolerance, else a description of the worst one. */
  static String compare(Tensor want, Tensor got, Tolerance tol) {
    DType d = want.dtype();
    double floor = d == DType.HALF ? 1e-3 : d == DType.BFLOAT16 ? 1e-2 : 0;
    double rtol = Math.max(tol.getRtol(), floor);
    double atol = Math.max(tol.getAtol(), floor);
    int parts = d == DType.COMPLEX64 || d == DType.COMPLEX128 ? 2 : 1;
    long n = want.numElements() * parts;
    long worst = -1;
    double worstExcess = 0;
    long bad = 0;
    for (long c = 0; c < n; c++) {
      double w = Numbers.get(want, c);
      double g = Numbers.get(got, c);
      double excess = excess(w, g, rtol, atol);
      if (excess > 0) {
        bad++;
        if (worst < 0 || excess > worstExcess) {
          worst = c;
          worstExcess = excess;
        }
      }
    }
    if (worst < 0) {
      return null;
    }
    long element = worst / parts;
    double w = Numbers.get(want, worst);
    double g = Numbers.get(got, worst);
    double abs = Math.abs(g - w);
    return "element "
        + element
        + " "
        + TensorDiff.multiIndex(want.shape(), element)
        + (parts == 2 ? (worst % 2 == 0 ? " (real part)" : " (imaginary part)") : "")
        + ": expected "
        + w
        + ", got "
        + g
        + " (abs error "
        + abs
        + ", rel error "
        + (w == 0 ? "inf" : Double.toString(abs / Math.abs(w)))
        + "; allowed "
        + (atol + rtol * Math.abs(w))
        + " with rtol "
        + rtol
        + ", atol "
        + atol
        + "; "
        + bad
        + " of "
        + n
        + " values outside)";
  }

  /** How far outside the tolerance {@code g} is, relative to it; 0 or less when within. */
  private static double excess(double w, double g, double rtol, double atol) {
    if (Double.isNaN(w) || Double.isNaN(g)) {
      return Double.isNaN(w) && Double.isNaN(g) ? 0 : Double.POSITIVE_INFINITY;
    }
    if (Double.isInfinite(w) || Double.isInfinite(g)) {
      return w == g ? 0 : Double.POSITIVE_INFINITY;
    }
    double allowed = atol + rtol * Math.abs(w);
    double err = Math.abs(g - w);
    if (err <= allowed) {
      return 0;
    }
    return allowed == 0 ? Double.POSITIVE_INFINITY : err / allowed;
  }
}
