package dev.rawops.kernels.cpu;

import dev.rawops.kernels.Parallel;

/**
 * Row-major matrix products C += A·B for the Nn kernels, blocked so that a panel of B and a row
 * block of C stay in cache; the innermost loop runs along contiguous rows of B and C, which the JIT
 * vectorises. Callers split the rows of C over the intra-op threads ({@link #gemm(Parallel,
 * float[], int, float[], int, float[], int, int, int, int)}).
 */
final class Gemm {
  private Gemm() {}

  private static final int MB = 64;
  private static final int KB = 256;
  private static final int NB = 1024;

  /**
   * As {@link #gemm(float[], int, float[], int, float[], int, int, int, int)}, the rows of C split
   * in blocks over {@code parallel}'s threads. Each element's sum runs in the same order whatever
   * the split (the blocking is over k and j only), so the result is the sequential one.
   */
  static void gemm(
      Parallel parallel,
      float[] a,
      int aOff,
      float[] b,
      int bOff,
      float[] c,
      int cOff,
      int m,
      int k,
      int n) {
    int blocks = (m + MB - 1) / MB;
    parallel.forRange(
        blocks,
        (long) MB * k * n / 2 + 1,
        (b0, b1) -> {
          int r0 = (int) b0 * MB;
          int r1 = (int) Math.min(m, b1 * MB);
          gemm(a, aOff + r0 * k, b, bOff, c, cOff + r0 * n, r1 - r0, k, n);
        });
  }

  /** As above for double. */
  static void gemm(
      Parallel parallel,
      double[] a,
      int aOff,
      double[] b,
      int bOff,
      double[] c,
      int cOff,
      int m,
      int k,
      int n) {
    int blocks = (m + MB - 1) / MB;
    parallel.forRange(
        blocks,
        (long) MB * k * n + 1,
        (b0, b1) -> {
          int r0 = (int) b0 * MB;
          int r1 = (int) Math.min(m, b1 * MB);
          gemm(a, aOff + r0 * k, b, bOff, c, cOff + r0 * n, r1 - r0, k, n);
        });
  }

  /** As above for 64-bit integers (wrapping). */
  static void gemm(
      Parallel parallel,
      long[] a,
      int aOff,
      long[] b,
      int bOff,
      long[] c,
      int cOff,
      int m,
      int k,
      int n) {
    int blocks = (m + MB - 1) / MB;
    parallel.forRange(
        blocks,
        (long) MB * k * n + 1,
        (b0, b1) -> {
          int r0 = (int) b0 * MB;
          int r1 = (int) Math.min(m, b1 * MB);
          gemm(a, aOff + r0 * k, b, bOff, c, cOff + r0 * n, r1 - r0, k, n);
        });
  }

  /** c[cOff + i*n + j] += sum_k a[aOff + i*k + kk] * b[bOff + kk*n + j]. */
  static void gemm(
      float[] a, int aOff, float[] b, int bOff, float[] c, int cOff, int m, int k, int n) {
    for (int j0 = 0; j0 < n; j0 += NB) {
      int j1 = Math.min(n, j0 + NB);
      for (int k0 = 0; k0 < k; k0 += KB) {
        int k1 = Math.min(k, k0 + KB);
        for (int i0 = 0; i0 < m; i0 += MB) {
          int i1 = Math.min(m, i0 + MB);
          for (int i = i0; i < i1; i++) {
            int ci = cOff + i * n;
            int ai = aOff + i * k;
            int kk = k0;
            for (; kk + 3 < k1; kk += 4) {
              float a0 = a[ai + kk];
              float a1 = a[ai + kk + 1];
              float a2 = a[ai + kk + 2];
              float a3 = a[ai + kk + 3];
              int b0 = bOff + kk * n;
              int b1 = b0 + n;
              int b2 = b1 + n;
              int b3 = b2 + n;
              for (int j = j0; j < j1; j++) {
                c[ci + j] += a0 * b[b0 + j] + a1 * b[b1 + j] + a2 * b[b2 + j] + a3 * b[b3 + j];
              }
            }
            for (; kk < k1; kk++) {
              float av = a[ai + kk];
              int bk = bOff + kk * n;
              for (int j = j0; j < j1; j++) {
                c[ci + j] += av * b[bk + j];
              }
            }
          }
        }
      }
    }
  }

  static void gemm(
      double[] a, int aOff, double[] b, int bOff, double[] c, int cOff, int m, int k, int n) {
    for (int j0 = 0; j0 < n; j0 += NB) {
      int j1 = Math.min(n, j0 + NB);
      for (int k0 = 0; k0 < k; k0 += KB) {
        int k1 = Math.min(k, k0 + KB);
        for (int i0 = 0; i0 < m; i0 += MB) {
          int i1 = Math.min(m, i0 + MB);
          for (int i = i0; i < i1; i++) {
            int ci = cOff + i * n;
            int ai = aOff + i * k;
            for (int kk = k0; kk < k1; kk++) {
              double av = a[ai + kk];
              int bk = bOff + kk * n;
              for (int j = j0; j < j1; j++) {
                c[ci + j] += av * b[bk + j];
              }
            }
          }
        }
      }
    }
  }

  static void gemm(
      long[] a, int aOff, long[] b, int bOff, long[] c, int cOff, int m, int k, int n) {
    for (int i = 0; i < m; i++) {
      int ci = cOff + i * n;
      int ai = aOff + i * k;
      for (int kk = 0; kk < k; kk++) {
        long av = a[ai + kk];
        int bk = bOff + kk * n;
        for (int j = 0; j < n; j++) {
          c[ci + j] += av * b[bk + j];
        }
      }
    }
  }

  /** Transposes each of {@code batch} [rows, cols] matrices of {@code src} into [cols, rows]. */
  static float[] transpose(float[] src, int batch, int rows, int cols) {
    float[] r = new float[src.length];
    for (int b = 0; b < batch; b++) {
      int o = b * rows * cols;
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
          r[o + j * rows + i] = src[o + i * cols + j];
        }
      }
    }
    return r;
  }

  static double[] transpose(double[] src, int batch, int rows, int cols) {
    double[] r = new double[src.length];
    for (int b = 0; b < batch; b++) {
      int o = b * rows * cols;
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
          r[o + j * rows + i] = src[o + i * cols + j];
        }
      }
    }
    return r;
  }

  static long[] transpose(long[] src, int batch, int rows, int cols) {
    long[] r = new long[src.length];
    for (int b = 0; b < batch; b++) {
      int o = b * rows * cols;
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
          r[o + j * rows + i] = src[o + i * cols + j];
        }
      }
    }
    return r;
  }
}
