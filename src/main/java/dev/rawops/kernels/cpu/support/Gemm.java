package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.Parallel;

/**
 * Row-major matrix products C += A·B for the Nn kernels. Callers split the rows of C over the
 * intra-op threads ({@link #gemm(Parallel, float[], int, float[], int, float[], int, int, int,
 * int)}).
 *
 * <p>float: B is packed once into panels of {@link #NC} columns, one Java array per row of B
 * ({@link Packed}), so that the micro-kernel's innermost loop, {@code acc[j] += a0*b0[j] + … +
 * a7*b7[j]}, indexes every array by the bare loop variable. That is the form C2's SuperWord
 * vectorises (AVX2/AVX-512) without being able to prove that the arrays do not overlap: with
 * offsets ({@code c[ci + j]}, {@code b[bk + j]}) it cannot rule out a loop-carried dependence and
 * keeps the loop scalar (measured ~1 vs ~20 GFLOP/s on one core). Each C row segment is copied into
 * a per-thread accumulator, updated for a {@link #KC}-deep slice of k, and copied back. Every
 * element of C sums its k terms in the same order (groups of eight along k, then the rest one by
 * one, per KC slice), whatever the thread split and whatever the row's position in a block, so the
 * result does not depend on the number of threads. Small products ({@link #packedPays}) take a
 * direct loop instead; the choice depends only on the shape.
 */
public final class Gemm {
  private Gemm() {}

  private static final int MB = 64;
  private static final int KB = 256;
  private static final int NB = 1024;

  /** Columns of B per packed panel (and of the C segment a micro-kernel pass updates). */
  public static final int NC = 512;

  /** Depth of the k slice one pass over a C row segment covers. */
  public static final int KC = 256;

  /** Rows of C per unit of parallel work. */
  static final int MR = 32;

  /**
   * Below this many columns or {@link #MIN_PACKED_M} rows (packing copies all of B, which pays only
   * when several rows reuse it), or {@link #MIN_PACKED_WORK} multiply-adds, the direct loop runs.
   */
  public static final int MIN_PACKED_N = 16;

  static final int MIN_PACKED_M = 4;

  public static final long MIN_PACKED_WORK = 1L << 15;

  /**
   * B [k, n] packed for the float micro-kernel: {@code panels[p][kk]} holds row kk of B, columns
   * [p*NC, p*NC + width(p)).
   */
  public static final class Packed {
    final int k;
    final int n;
    public final float[][][] panels;

    private Packed(int k, int n) {
      this.k = k;
      this.n = n;
      int np = (n + NC - 1) / NC;
      this.panels = new float[np][k][];
    }

    /** B [k, n ≤ NC] in one panel whose rows (each at least n long) the caller fills. */
    public Packed(int k, int n, float[][] rows) {
      this.k = k;
      this.n = n;
      this.panels = new float[][][] {rows};
    }

    int width(int p) {
      return Math.min(NC, n - p * NC);
    }
  }

  /**
   * Packs B [k, n] at {@code off} (row-major), or, when {@code transposed}, B stored as its
   * transpose [n, k], panels split over {@code parallel}'s threads.
   */
  public static Packed pack(
      Parallel parallel, float[] b, int off, int k, int n, boolean transposed) {
    Packed p = new Packed(k, n);
    int np = p.panels.length;
    parallel.forRange(
        (long) np * k,
        NC,
        (from, to) -> {
          for (long u = from; u < to; u++) {
            int pi = (int) (u / k);
            int kk = (int) (u % k);
            int j0 = pi * NC;
            int w = p.width(pi);
            float[] row = new float[w];
            if (transposed) {
              int src = off + j0 * k + kk;
              for (int j = 0; j < w; j++) {
                row[j] = b[src + j * k];
              }
            } else {
              System.arraycopy(b, off + kk * n + j0, row, 0, w);
            }
            p.panels[pi][kk] = row;
          }
        });
    return p;
  }

  /** Whether a product of this shape takes the packed micro-kernel. */
  public static boolean packedPays(int m, int k, int n) {
    return n >= MIN_PACKED_N && m >= MIN_PACKED_M && (long) m * k * n >= MIN_PACKED_WORK;
  }

  /**
   * As {@link #gemm(float[], int, float[], int, float[], int, int, int, int)}, the rows of C split
   * in blocks over {@code parallel}'s threads. Each element's sum runs in the same order whatever
   * the split, so the result is the sequential one.
   */
  public static void gemm(
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
    gemm(parallel, a, aOff, false, b, bOff, false, c, cOff, m, k, n);
  }

  /**
   * C [m, n] at {@code cOff} += op(A)·op(B), where op(A) is A [m, k] at {@code aOff} or, when
   * {@code ta}, the transpose of A stored [k, m]; likewise op(B) from B [k, n] or (tb) [n, k].
   */
  public static void gemm(
      Parallel parallel,
      float[] a,
      int aOff,
      boolean ta,
      float[] b,
      int bOff,
      boolean tb,
      float[] c,
      int cOff,
      int m,
      int k,
      int n) {
    if (m == 0 || n == 0 || k == 0) {
      return;
    }
    if (VectorSupport.ENABLED) {
      vector(parallel, a, aOff, ta, b, bOff, tb, c, cOff, m, k, n);
      return;
    }
    if (!packedPays(m, k, n)) {
      float[] x = ta ? transposeOne(a, aOff, k, m) : a;
      float[] y = tb ? transposeOne(b, bOff, n, k) : b;
      gemmDirect(parallel, x, ta ? 0 : aOff, y, tb ? 0 : bOff, c, cOff, m, k, n);
      return;
    }
    gemm(parallel, a, aOff, ta, pack(parallel, b, bOff, k, n, tb), c, cOff, m);
  }

  /** The SIMD path of the overload above ({@link VectorGemm}). */
  private static void vector(
      Parallel parallel,
      float[] a,
      int aOff,
      boolean ta,
      float[] b,
      int bOff,
      boolean tb,
      float[] c,
      int cOff,
      int m,
      int k,
      int n) {
    if (m < VectorGemm.SMALL_M) {
      float[] x = ta ? transposeOne(a, aOff, k, m) : a;
      VectorGemm.fewRows(parallel, x, ta ? 0 : aOff, m, k, b, bOff, tb, c, cOff, n);
      return;
    }
    VectorGemm.PackedB p = VectorGemm.pack(parallel, b, bOff, k, n, tb);
    VectorGemm.multiply(parallel, a, aOff, ta ? 1 : k, ta ? m : 1, m, p, c, cOff, n);
  }

  /** C [m, n] at {@code cOff} += op(A)·B with B packed (op(A) as in the unpacked overload). */
  public static void gemm(
      Parallel parallel, float[] a, int aOff, boolean ta, Packed b, float[] c, int cOff, int m) {
    int np = b.panels.length;
    int rowBlocks = (m + MR - 1) / MR;
    parallel.forRange(
        (long) rowBlocks * np,
        (long) MR * b.k * Math.min(NC, b.n) / 4 + 1,
        (from, to) -> {
          float[] acc = new float[NC];
          for (long u = from; u < to; u++) {
            int rb = (int) (u / np);
            int pi = (int) (u % np);
            int r0 = rb * MR;
            rows(a, aOff, ta, m, b, pi, c, cOff, r0, Math.min(m, r0 + MR), acc);
          }
        });
  }

  /** C rows [r0, r1), columns of panel {@code pi}, += op(A)·B (one thread; acc ≥ NC floats). */
  public static void rows(
      float[] a,
      int aOff,
      boolean ta,
      int m,
      Packed b,
      int pi,
      float[] c,
      int cOff,
      int r0,
      int r1,
      float[] acc) {
    int k = b.k;
    int n = b.n;
    int w = b.width(pi);
    float[][] panel = b.panels[pi];
    int step = ta ? m : 1;
    for (int k0 = 0; k0 < k; k0 += KC) {
      int k1 = Math.min(k, k0 + KC);
      for (int i = r0; i < r1; i++) {
        int ci = cOff + i * n + pi * NC;
        int ra = ta ? aOff + i : aOff + i * k;
        System.arraycopy(c, ci, acc, 0, w);
        row(a, ra, step, k0, k1, panel, acc, w);
        System.arraycopy(acc, 0, c, ci, w);
      }
    }
  }

  /**
   * acc[j] += sum over kk in [k0, k1) of a[ra + kk*step] * panel[kk][j], j < w: eight k's per pass
   * (one load and store of acc per eight multiply-adds), then the rest one at a time. Every array
   * in the inner loops is indexed by the bare j (see the class comment).
   */
  private static void row(
      float[] a, int ra, int step, int k0, int k1, float[][] panel, float[] acc, int w) {
    int kk = k0;
    for (; kk + 7 < k1; kk += 8) {
      int ai = ra + kk * step;
      float a0 = a[ai];
      float a1 = a[ai + step];
      float a2 = a[ai + 2 * step];
      float a3 = a[ai + 3 * step];
      float a4 = a[ai + 4 * step];
      float a5 = a[ai + 5 * step];
      float a6 = a[ai + 6 * step];
      float a7 = a[ai + 7 * step];
      float[] b0 = panel[kk];
      float[] b1 = panel[kk + 1];
      float[] b2 = panel[kk + 2];
      float[] b3 = panel[kk + 3];
      float[] b4 = panel[kk + 4];
      float[] b5 = panel[kk + 5];
      float[] b6 = panel[kk + 6];
      float[] b7 = panel[kk + 7];
      for (int j = 0; j < w; j++) {
        acc[j] +=
            a0 * b0[j]
                + a1 * b1[j]
                + a2 * b2[j]
                + a3 * b3[j]
                + a4 * b4[j]
                + a5 * b5[j]
                + a6 * b6[j]
                + a7 * b7[j];
      }
    }
    for (; kk < k1; kk++) {
      float av = a[ra + kk * step];
      float[] b0 = panel[kk];
      for (int j = 0; j < w; j++) {
        acc[j] += av * b0[j];
      }
    }
  }

  /** The direct loop for small float products, rows of C split in blocks over the threads. */
  private static void gemmDirect(
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
          gemmDirect(a, aOff + r0 * k, b, bOff, c, cOff + r0 * n, r1 - r0, k, n);
        });
  }

  /** [rows, cols] at {@code off} transposed into a fresh [cols, rows] array. */
  private static float[] transposeOne(float[] src, int off, int rows, int cols) {
    float[] r = new float[rows * cols];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        r[j * rows + i] = src[off + i * cols + j];
      }
    }
    return r;
  }

  /** As above for double. */
  public static void gemm(
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
  public static void gemm(
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

  /**
   * c[cOff + i*n + j] += sum_k a[aOff + i*k + kk] * b[bOff + kk*n + j], on the calling thread (the
   * packed micro-kernel where it pays).
   */
  public static void gemm(
      float[] a, int aOff, float[] b, int bOff, float[] c, int cOff, int m, int k, int n) {
    gemm(Parallel.SEQUENTIAL, a, aOff, false, b, bOff, false, c, cOff, m, k, n);
  }

  /** The direct blocked loop (groups of four k's along contiguous rows of B and C). */
  private static void gemmDirect(
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

  public static void gemm(
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

  public static void gemm(
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
  public static float[] transpose(float[] src, int batch, int rows, int cols) {
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

  public static double[] transpose(double[] src, int batch, int rows, int cols) {
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

  public static long[] transpose(long[] src, int batch, int rows, int cols) {
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
