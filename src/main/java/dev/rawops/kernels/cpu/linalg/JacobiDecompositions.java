package dev.rawops.kernels.cpu.linalg;

import static dev.rawops.kernels.cpu.linalg.DenseLinalg.identity;
import static dev.rawops.kernels.cpu.linalg.DenseLinalg.transpose;

/**
 * Dense real matrix decompositions by Jacobi rotations, in double, row-major, for the Linalg
 * kernels: the one-sided Jacobi SVD (and the minimum-norm least squares through it) and the cyclic
 * Jacobi symmetric eigen-decomposition. {@link DenseLinalg} holds the direct factorizations.
 */
final class JacobiDecompositions {
  private JacobiDecompositions() {}

  /**
   * Singular value decomposition of the m×n matrix a by one-sided Jacobi rotations: returns {s
   * (descending), u (m×uc), v (n×vc)} with uc = vc = min(m, n), or m and n when {@code full}.
   */
  static double[][] svd(double[] a, int m, int n, boolean full) {
    if (m < n) {
      double[][] t = svd(transpose(a, m, n), n, m, full);
      return new double[][] {t[0], t[2], t[1]};
    }
    // m >= n: orthogonalise the columns of w = a, accumulating v.
    double[] w = a.clone();
    double[] v = identity(n);
    for (int sweep = 0; sweep < 100; sweep++) {
      boolean rotated = false;
      for (int i = 0; i < n - 1; i++) {
        for (int j = i + 1; j < n; j++) {
          double alpha = 0;
          double beta = 0;
          double gamma = 0;
          for (int r = 0; r < m; r++) {
            double wi = w[r * n + i];
            double wj = w[r * n + j];
            alpha += wi * wi;
            beta += wj * wj;
            gamma += wi * wj;
          }
          if (Math.abs(gamma) <= 1e-15 * Math.sqrt(alpha * beta) || gamma == 0) {
            continue;
          }
          rotated = true;
          double zeta = (beta - alpha) / (2 * gamma);
          double t = Math.signum(zeta) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
          if (zeta == 0) {
            t = 1;
          }
          double c = 1 / Math.sqrt(1 + t * t);
          double s = c * t;
          for (int r = 0; r < m; r++) {
            double wi = w[r * n + i];
            double wj = w[r * n + j];
            w[r * n + i] = c * wi - s * wj;
            w[r * n + j] = s * wi + c * wj;
          }
          for (int r = 0; r < n; r++) {
            double vi = v[r * n + i];
            double vj = v[r * n + j];
            v[r * n + i] = c * vi - s * vj;
            v[r * n + j] = s * vi + c * vj;
          }
        }
      }
      if (!rotated) {
        break;
      }
    }
    double[] sv = new double[n];
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int r = 0; r < m; r++) {
        s += w[r * n + j] * w[r * n + j];
      }
      sv[j] = Math.sqrt(s);
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(sv[y], sv[x]));
    int uc = full ? m : n;
    double[] s = new double[n];
    double[] u = new double[m * uc];
    double[] vv = new double[n * n];
    boolean[] filled = new boolean[uc];
    for (int k = 0; k < n; k++) {
      int j = order[k];
      s[k] = sv[j];
      for (int r = 0; r < n; r++) {
        vv[r * n + k] = v[r * n + j];
      }
      if (sv[j] > 0) {
        for (int r = 0; r < m; r++) {
          u[r * uc + k] = w[r * n + j] / sv[j];
        }
        filled[k] = true;
      }
    }
    completeBasis(u, m, uc, filled);
    return new double[][] {s, u, vv};
  }

  /** Fills the columns of the m×c matrix q not marked {@code filled} with an orthonormal rest. */
  static void completeBasis(double[] q, int m, int c, boolean[] filled) {
    int candidate = 0;
    for (int k = 0; k < c; k++) {
      if (filled[k]) {
        continue;
      }
      while (candidate < m) {
        double[] e = new double[m];
        e[candidate++] = 1;
        for (int pass = 0; pass < 2; pass++) {
          for (int j = 0; j < c; j++) {
            if (!filled[j]) {
              continue;
            }
            double d = 0;
            for (int r = 0; r < m; r++) {
              d += q[r * c + j] * e[r];
            }
            for (int r = 0; r < m; r++) {
              e[r] -= d * q[r * c + j];
            }
          }
        }
        double norm = 0;
        for (double x : e) {
          norm += x * x;
        }
        norm = Math.sqrt(norm);
        if (norm > 1e-8) {
          for (int r = 0; r < m; r++) {
            q[r * c + k] = e[r] / norm;
          }
          filled[k] = true;
          break;
        }
      }
    }
  }

  /**
   * Eigen-decomposition of the symmetric n×n matrix whose lower triangle is in a, by cyclic Jacobi:
   * returns {eigenvalues ascending, eigenvectors as columns (n×n)}.
   */
  static double[][] symmetricEigen(double[] a, int n) {
    double[] s = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        s[i * n + j] = a[i * n + j];
        s[j * n + i] = a[i * n + j];
      }
    }
    double[] v = identity(n);
    for (int sweep = 0; sweep < 100; sweep++) {
      double off = 0;
      for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
          off += s[i * n + j] * s[i * n + j];
        }
      }
      if (off == 0 || !Double.isFinite(off)) {
        break;
      }
      for (int p = 0; p < n - 1; p++) {
        for (int q = p + 1; q < n; q++) {
          double apq = s[p * n + q];
          if (apq == 0) {
            continue;
          }
          double theta = (s[q * n + q] - s[p * n + p]) / (2 * apq);
          double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          if (theta == 0) {
            t = 1;
          }
          double c = 1 / Math.sqrt(t * t + 1);
          double sn = t * c;
          for (int k = 0; k < n; k++) {
            double akp = s[k * n + p];
            double akq = s[k * n + q];
            s[k * n + p] = c * akp - sn * akq;
            s[k * n + q] = sn * akp + c * akq;
          }
          for (int k = 0; k < n; k++) {
            double apk = s[p * n + k];
            double aqk = s[q * n + k];
            s[p * n + k] = c * apk - sn * aqk;
            s[q * n + k] = sn * apk + c * aqk;
          }
          for (int k = 0; k < n; k++) {
            double vkp = v[k * n + p];
            double vkq = v[k * n + q];
            v[k * n + p] = c * vkp - sn * vkq;
            v[k * n + q] = sn * vkp + c * vkq;
          }
        }
      }
    }
    double[] e = new double[n];
    for (int i = 0; i < n; i++) {
      e[i] = s[i * n + i];
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(e[x], e[y]));
    double[] es = new double[n];
    double[] vs = new double[n * n];
    for (int k = 0; k < n; k++) {
      es[k] = e[order[k]];
      for (int r = 0; r < n; r++) {
        vs[r * n + k] = v[r * n + order[k]];
      }
    }
    return new double[][] {es, vs};
  }

  /**
   * The minimum-norm least-squares solution of A X = B (A m×n, B m×k) through the SVD, treating
   * singular values below max(m, n)·eps·s_max as zero.
   */
  static double[] leastSquares(double[] a, int m, int n, double[] b, int k) {
    double[][] svd = svd(a, m, n, false);
    double[] s = svd[0];
    double[] u = svd[1];
    double[] v = svd[2];
    int p = Math.min(m, n);
    int uc = u.length / m;
    int vc = v.length / n;
    double cutoff = p == 0 ? 0 : Math.max(m, n) * Math.ulp(1.0) * s[0];
    double[] x = new double[n * k];
    for (int c = 0; c < p; c++) {
      if (!(s[c] > cutoff)) {
        continue;
      }
      for (int j = 0; j < k; j++) {
        double d = 0;
        for (int r = 0; r < m; r++) {
          d += u[r * uc + c] * b[r * k + j];
        }
        d /= s[c];
        for (int r = 0; r < n; r++) {
          x[r * k + j] += v[r * vc + c] * d;
        }
      }
    }
    return x;
  }
}
