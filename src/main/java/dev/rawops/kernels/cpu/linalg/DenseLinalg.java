package dev.rawops.kernels.cpu.linalg;

/**
 * Dense real matrix algorithms in double, row-major, for the Linalg kernels. They follow the
 * algorithms Eigen (and so TF's CPU kernels) use where the result is not unique: partial-pivoting
 * LU choosing the first largest pivot, Eigen's LLT, Householder QR with Eigen's reflector signs.
 *
 * <p>The decompositions by Jacobi rotations (SVD, least squares, symmetric eigen) are in {@link
 * JacobiDecompositions}.
 */
final class DenseLinalg {
  private DenseLinalg() {}

  /**
   * In-place LU with partial pivoting of the n×n matrix {@code a}: afterwards it holds L (unit,
   * below the diagonal) and U, and row i of L·U is row {@code perm[i]} of the input. Returns the
   * number of row swaps.
   */
  static int lu(double[] a, int n, int[] perm) {
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    int swaps = 0;
    for (int k = 0; k < n; k++) {
      int p = k;
      double best = Math.abs(a[k * n + k]);
      for (int i = k + 1; i < n; i++) {
        double v = Math.abs(a[i * n + k]);
        if (v > best) {
          best = v;
          p = i;
        }
      }
      if (best == 0) {
        continue; // Eigen leaves a zero pivot column as it is
      }
      if (p != k) {
        swaps++;
        for (int j = 0; j < n; j++) {
          double t = a[k * n + j];
          a[k * n + j] = a[p * n + j];
          a[p * n + j] = t;
        }
        int t = perm[k];
        perm[k] = perm[p];
        perm[p] = t;
      }
      double pivot = a[k * n + k];
      for (int i = k + 1; i < n; i++) {
        a[i * n + k] /= pivot;
      }
      for (int i = k + 1; i < n; i++) {
        double l = a[i * n + k];
        if (l != 0) {
          for (int j = k + 1; j < n; j++) {
            a[i * n + j] -= l * a[k * n + j];
          }
        }
      }
    }
    return swaps;
  }

  static double minAbsDiagonal(double[] a, int n) {
    double m = Double.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      m = Math.min(m, Math.abs(a[i * n + i]));
    }
    return m;
  }

  /** Solves (L·U) X = P·B for the n×k right-hand side b (row-major), given lu() results. */
  static double[] luSolve(double[] lu, int n, int[] perm, double[] b, int k) {
    double[] x = new double[n * k];
    for (int i = 0; i < n; i++) {
      System.arraycopy(b, perm[i] * k, x, i * k, k);
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < i; j++) {
        double l = lu[i * n + j];
        if (l != 0) {
          for (int c = 0; c < k; c++) {
            x[i * k + c] -= l * x[j * k + c];
          }
        }
      }
    }
    for (int i = n - 1; i >= 0; i--) {
      for (int j = i + 1; j < n; j++) {
        double u = lu[i * n + j];
        if (u != 0) {
          for (int c = 0; c < k; c++) {
            x[i * k + c] -= u * x[j * k + c];
          }
        }
      }
      double d = lu[i * n + i];
      for (int c = 0; c < k; c++) {
        x[i * k + c] /= d;
      }
    }
    return x;
  }

  static double[] transpose(double[] a, int rows, int cols) {
    double[] t = new double[a.length];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        t[j * rows + i] = a[i * cols + j];
      }
    }
    return t;
  }

  static double[] identity(int n) {
    double[] e = new double[n * n];
    for (int i = 0; i < n; i++) {
      e[i * n + i] = 1;
    }
    return e;
  }

  /**
   * Solves T X = B with T the lower (or upper) triangle of the n×n matrix a, or T^T X = B when
   * {@code transpose}; b is n×k.
   */
  static double[] triangularSolve(
      double[] a, int n, double[] b, int k, boolean lower, boolean transpose) {
    // T^T of a lower triangle is upper: element (i, j) of the effective matrix.
    boolean effLower = lower != transpose;
    double[] x = b.clone();
    if (effLower) {
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
          double t = transpose ? a[j * n + i] : a[i * n + j];
          if (t != 0) {
            for (int c = 0; c < k; c++) {
              x[i * k + c] -= t * x[j * k + c];
            }
          }
        }
        double d = a[i * n + i];
        for (int c = 0; c < k; c++) {
          x[i * k + c] /= d;
        }
      }
    } else {
      for (int i = n - 1; i >= 0; i--) {
        for (int j = i + 1; j < n; j++) {
          double t = transpose ? a[j * n + i] : a[i * n + j];
          if (t != 0) {
            for (int c = 0; c < k; c++) {
              x[i * k + c] -= t * x[j * k + c];
            }
          }
        }
        double d = a[i * n + i];
        for (int c = 0; c < k; c++) {
          x[i * k + c] /= d;
        }
      }
    }
    return x;
  }

  /** Eigen's unblocked LLT on the lower triangle; returns L (upper part zero) or null if not PD. */
  static double[] cholesky(double[] a, int n) {
    double[] l = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        l[i * n + j] = a[i * n + j];
      }
    }
    for (int k = 0; k < n; k++) {
      double x = l[k * n + k];
      for (int j = 0; j < k; j++) {
        x -= l[k * n + j] * l[k * n + j];
      }
      if (x <= 0) {
        return null;
      }
      x = Math.sqrt(x);
      l[k * n + k] = x;
      for (int i = k + 1; i < n; i++) {
        double s = l[i * n + k];
        for (int j = 0; j < k; j++) {
          s -= l[i * n + j] * l[k * n + j];
        }
        l[i * n + k] = s / x;
      }
    }
    return l;
  }

  /**
   * Householder QR of the m×n matrix a as Eigen's HouseholderQR: returns {q (m×qc), r (rc×n)} with
   * qc = rc = min(m, n), or m when {@code full}.
   */
  static double[][] qr(double[] a, int m, int n, boolean full) {
    double[] r = a.clone();
    int p = Math.min(m, n);
    double[][] vs = new double[p][];
    double[] taus = new double[p];
    for (int k = 0; k < p; k++) {
      double c0 = r[k * n + k];
      double tailSq = 0;
      for (int i = k + 1; i < m; i++) {
        tailSq += r[i * n + k] * r[i * n + k];
      }
      double[] v = new double[m - k];
      v[0] = 1;
      double tau;
      double beta;
      if (tailSq <= Double.MIN_NORMAL) {
        tau = 0;
        beta = c0;
      } else {
        beta = Math.sqrt(c0 * c0 + tailSq);
        if (c0 >= 0) {
          beta = -beta;
        }
        for (int i = k + 1; i < m; i++) {
          v[i - k] = r[i * n + k] / (c0 - beta);
        }
        tau = (beta - c0) / beta;
      }
      vs[k] = v;
      taus[k] = tau;
      // Apply H = I - tau v v^T to the remaining columns.
      r[k * n + k] = beta;
      for (int i = k + 1; i < m; i++) {
        r[i * n + k] = 0;
      }
      if (tau != 0) {
        for (int j = k + 1; j < n; j++) {
          double s = 0;
          for (int i = k; i < m; i++) {
            s += v[i - k] * r[i * n + j];
          }
          s *= tau;
          for (int i = k; i < m; i++) {
            r[i * n + j] -= s * v[i - k];
          }
        }
      }
    }
    int qc = full ? m : p;
    double[] q = new double[m * qc];
    for (int i = 0; i < Math.min(m, qc); i++) {
      q[i * qc + i] = 1;
    }
    for (int k = p - 1; k >= 0; k--) {
      double tau = taus[k];
      if (tau == 0) {
        continue;
      }
      double[] v = vs[k];
      for (int j = 0; j < qc; j++) {
        double s = 0;
        for (int i = k; i < m; i++) {
          s += v[i - k] * q[i * qc + j];
        }
        s *= tau;
        for (int i = k; i < m; i++) {
          q[i * qc + j] -= s * v[i - k];
        }
      }
    }
    int rc = full ? m : p;
    double[] rr = new double[rc * n];
    for (int i = 0; i < Math.min(rc, m); i++) {
      for (int j = i; j < n; j++) {
        rr[i * n + j] = r[i * n + j];
      }
    }
    return new double[][] {q, rr};
  }
}
