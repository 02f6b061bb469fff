package dev.rawops.kernels.cpu.linalg;

/**
 * Dense real matrix algorithms in double, row-major, for the Linalg kernels. They follow the
 * algorithms Eigen (and so TF's CPU kernels) use where the result is not unique: partial-pivoting
 * LU choosing the first largest pivot, Eigen's LLT, Householder QR with Eigen's reflector signs.
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
