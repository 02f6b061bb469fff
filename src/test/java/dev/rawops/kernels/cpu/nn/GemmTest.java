package dev.rawops.kernels.cpu.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.kernels.IntraOpPool;
import dev.rawops.kernels.Parallel;
import dev.rawops.kernels.cpu.support.Gemm;
import dev.rawops.ops.nn.ConvGeometry.Window;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The float GEMM: its sums do not depend on how the rows of C are split over threads, and they
 * agree with a naive triple loop in double (within float rounding) on shapes that are not multiples
 * of the block sizes, including empty and degenerate ones, both for the packed micro-kernel and the
 * direct loop, with and without transposed operands.
 */
class GemmTest {
  private static final IntraOpPool POOL = new IntraOpPool(3);

  @AfterAll
  static void closePool() {
    POOL.close();
  }

  /** Splits every loop into single indices and runs them last to first, on the calling thread. */
  private static final Parallel ONE_BY_ONE =
      new Parallel() {
        @Override
        public void forRange(long n, long costPerUnit, RangeBody body) {
          for (long i = n - 1; i >= 0; i--) {
            body.run(i, i + 1);
          }
        }

        @Override
        public int threads() {
          return 8;
        }
      };

  /** A parallel that splits the work into even ranges of at most {@code units} indices. */
  private static Parallel ranges(int units) {
    return new Parallel() {
      @Override
      public void forRange(long n, long costPerUnit, RangeBody body) {
        for (long s = 0; s < n; s += units) {
          body.run(s, Math.min(n, s + units));
        }
      }

      @Override
      public int threads() {
        return 2;
      }
    };
  }

  private static float[] random(SplittableRandom r, int n) {
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = (float) (r.nextDouble() * 2 - 1);
    }
    return x;
  }

  private static float[] gemm(
      Parallel p, float[] a, boolean ta, float[] b, boolean tb, float[] c0, int m, int k, int n) {
    float[] c = c0.clone();
    Gemm.gemm(p, a, 0, ta, b, 0, tb, c, 0, m, k, n);
    return c;
  }

  @Test
  void oddShape_anySplit_sameBitsAsOneThread() {
    int m = 67;
    int k = 301;
    int n = 129;
    assertTrue(Gemm.packedPays(m, k, n));
    SplittableRandom r = new SplittableRandom(11);
    float[] a = random(r, m * k);
    float[] b = random(r, k * n);
    float[] c0 = random(r, m * n);
    for (boolean ta : new boolean[] {false, true}) {
      for (boolean tb : new boolean[] {false, true}) {
        float[] seq = gemm(Parallel.SEQUENTIAL, a, ta, b, tb, c0, m, k, n);
        assertArrayEquals(seq, gemm(ONE_BY_ONE, a, ta, b, tb, c0, m, k, n), ta + " " + tb);
        assertArrayEquals(seq, gemm(ranges(2), a, ta, b, tb, c0, m, k, n), ta + " " + tb);
        assertArrayEquals(seq, gemm(POOL, a, ta, b, tb, c0, m, k, n), ta + " " + tb);
      }
    }
  }

  @Test
  void severalPanelsAndSlices_anySplit_sameBitsAsOneThread() {
    // n spans two column panels (NC) and k two k slices (KC) plus a remainder of the 8-k groups.
    int m = 45;
    int n = Gemm.NC + 37;
    int k = Gemm.KC + 101;
    SplittableRandom r = new SplittableRandom(12);
    float[] a = random(r, m * k);
    float[] b = random(r, k * n);
    float[] c0 = new float[m * n];
    float[] seq = gemm(Parallel.SEQUENTIAL, a, false, b, false, c0, m, k, n);
    assertArrayEquals(seq, gemm(ONE_BY_ONE, a, false, b, false, c0, m, k, n));
    assertArrayEquals(seq, gemm(POOL, a, false, b, false, c0, m, k, n));
    assertWithinRounding(a, false, b, false, c0, seq, m, k, n);
  }

  @Test
  void oddShapes_matchNaiveDoubleLoop() {
    int[][] shapes = {
      {67, 301, 129}, // packed
      {1, 301, 129}, // one row: direct loop
      {4, 301, 129}, // packed at the fewest packed rows
      {67, 301, 1}, // one column: direct loop
      {1, 1, 1},
      {5, 0, 7}, // k = 0: C unchanged
      {0, 5, 7},
      {7, 5, 0},
      {33, 7, 17}, // packed, k below one group of eight
      {3, 9, 20}, // small: direct loop
      {130, 64, 16}, // packed at the smallest packed width
    };
    SplittableRandom r = new SplittableRandom(13);
    for (int[] s : shapes) {
      int m = s[0];
      int k = s[1];
      int n = s[2];
      float[] a = random(r, m * k);
      float[] b = random(r, k * n);
      float[] c0 = random(r, m * n);
      for (boolean ta : new boolean[] {false, true}) {
        for (boolean tb : new boolean[] {false, true}) {
          float[] got = gemm(POOL, a, ta, b, tb, c0, m, k, n);
          assertWithinRounding(a, ta, b, tb, c0, got, m, k, n);
          if (k == 0) {
            assertArrayEquals(c0, got);
          }
        }
      }
    }
  }

  @Test
  void sequentialOverload_offsets_matchNaiveDoubleLoop() {
    int m = 40;
    int k = 77;
    int n = 50;
    SplittableRandom r = new SplittableRandom(14);
    float[] a = random(r, 3 + m * k);
    float[] b = random(r, 5 + k * n);
    float[] c = new float[7 + m * n];
    Gemm.gemm(a, 3, b, 5, c, 7, m, k, n);
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        double want = 0;
        double mag = 0;
        for (int kk = 0; kk < k; kk++) {
          double t = (double) a[3 + i * k + kk] * b[5 + kk * n + j];
          want += t;
          mag += Math.abs(t);
        }
        assertEquals(want, c[7 + i * n + j], 5e-6 * mag + 1e-30, i + "," + j);
      }
    }
    for (int i = 0; i < 7; i++) {
      assertEquals(0f, c[i]);
    }
  }

  @Test
  void conv2dGemm_anySplit_sameBitsAndNaiveValues() {
    // 198 positions, output depth 21: the transposed form (vectorised along positions).
    conv(2, 9, 11, 13, 21);
    // 25 positions, output depth 40: patches as rows, filter packed.
    conv(1, 5, 5, 13, 40);
    // 4 positions: the direct loop.
    conv(1, 2, 2, 3, 5);
  }

  /** [batch, hh, ww, cin] ⊗ [3, 3, cin, cout], stride 1, SAME (pad 1 each side). */
  private static void conv(int batch, int hh, int ww, int cin, int cout) {
    Window h = new Window(hh, 3, 1, 1, 1, hh);
    Window w = new Window(ww, 3, 1, 1, 1, ww);
    ConvPlan plan = ConvPlan.of(batch, new Window[] {h, w}, cin, cout, 1, cin, cout);
    SplittableRandom r = new SplittableRandom(15);
    float[] x = random(r, batch * hh * ww * cin);
    float[] f = random(r, 9 * cin * cout);
    float[] seq = new float[batch * hh * ww * cout];
    plan.forwardGemm(x, f, seq, Parallel.SEQUENTIAL);
    float[] split = new float[seq.length];
    plan.forwardGemm(x, f, split, ONE_BY_ONE);
    assertArrayEquals(seq, split);
    float[] pooled = new float[seq.length];
    plan.forwardGemm(x, f, pooled, POOL);
    assertArrayEquals(seq, pooled);
    for (int nb = 0; nb < batch; nb++) {
      for (int oh = 0; oh < hh; oh++) {
        for (int ow = 0; ow < ww; ow++) {
          for (int co = 0; co < cout; co++) {
            double want = 0;
            double mag = 0;
            for (int kh = 0; kh < 3; kh++) {
              for (int kw = 0; kw < 3; kw++) {
                int ih = oh - 1 + kh;
                int iw = ow - 1 + kw;
                if (ih < 0 || ih >= hh || iw < 0 || iw >= ww) {
                  continue;
                }
                for (int ci = 0; ci < cin; ci++) {
                  double t =
                      (double) x[((nb * hh + ih) * ww + iw) * cin + ci]
                          * f[((kh * 3 + kw) * cin + ci) * cout + co];
                  want += t;
                  mag += Math.abs(t);
                }
              }
            }
            assertEquals(
                want,
                seq[((nb * hh + oh) * ww + ow) * cout + co],
                5e-6 * mag + 1e-30,
                "conv " + hh + "x" + ww + "x" + cin + "->" + cout);
          }
        }
      }
    }
  }

  /**
   * got[i, j] = c0[i, j] + sum_kk op(a)[i, kk] * op(b)[kk, j] within float rounding of the sum: the
   * error of a float sum of k products is at most about k·2⁻²⁴ times the sum of their magnitudes;
   * 5e-6 of that sum (k ≤ 400 here) catches a missing or doubled term, which is ~1/k of it.
   */
  private static void assertWithinRounding(
      float[] a, boolean ta, float[] b, boolean tb, float[] c0, float[] got, int m, int k, int n) {
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        double want = c0[i * n + j];
        double mag = Math.abs(want);
        for (int kk = 0; kk < k; kk++) {
          double av = ta ? a[kk * m + i] : a[i * k + kk];
          double bv = tb ? b[j * k + kk] : b[kk * n + j];
          want += av * bv;
          mag += Math.abs(av * bv);
        }
        assertEquals(
            want,
            got[i * n + j],
            5e-6 * mag + 1e-30,
            "m=" + m + " k=" + k + " n=" + n + " ta=" + ta + " tb=" + tb + " at " + i + "," + j);
      }
    }
  }
}
