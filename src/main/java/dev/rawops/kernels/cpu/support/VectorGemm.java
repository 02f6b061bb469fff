package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.Parallel;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * float32 C += op(A)·op(B) with the Vector API: a register-blocked FMA micro-kernel over packed
 * panels, in the manner of Goto's GEMM (BLIS's loop nest). Reached only behind {@link
 * VectorSupport#ENABLED} ({@link Gemm} dispatches here).
 *
 * <p>The micro-kernel keeps a {@link #MR}×{@link #nr()} block of C in {@code MR·2} vector registers
 * (6 rows × 2 vectors: 12 accumulators, 2 loads of B and one broadcast of A per row per step) and
 * runs a {@link #KC}-deep slice of k over an A micro-panel ({@code [KC][MR]}, packed) and a B
 * micro-panel ({@code [k][nr]}, packed once per product, zero-padded at the right edge). A thread
 * takes tiles of {@link #MC} rows × all columns (fewer when the rows are too few to keep the
 * threads busy): per k slice it packs its A block (MC×KC, L2-sized) and sweeps the tile's B
 * micro-panels (KC×nr, L1-sized), each against every A micro-panel. KC and MC were chosen by
 * measurement on AVX-512 (16 lanes).
 *
 * <p>Order of the sums: every element of C adds, per k slice in increasing order, the slice's terms
 * fused-multiply-added in increasing k from zero, to C. That depends only on the shape, never on
 * the thread split or on the element's place in a tile, so results are the same on any number of
 * threads. Products with fewer than {@link #MR} rows (batch-1 dense layers, RNN cells) skip
 * packing: a row of A against B read in place, several vectors of C per pass (the same per-slice
 * order).
 */
public final class VectorGemm {
  private VectorGemm() {}

  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
  private static final int L = S.length();

  /** Rows of C in the micro-kernel's registers. */
  static final int MR = 6;

  /** Columns of C in the micro-kernel's registers: two vectors. */
  private static final int NR = 2 * L;

  /** Depth of one k slice. */
  static final int KC = 160;

  /** Rows of C per tile (a multiple of MR; the packed A block is MC×KC floats, 60 KB). */
  static final int MC = 96;

  /**
   * Work units a parallel product aims for: below this many row tiles, the columns are split too (a
   * tile re-packs its A block per column tile, so columns are split only when rows are few).
   */
  private static final int MIN_TILES = 8;

  /** B micro-panels per column tile when a product has {@code tiles} row tiles. */
  private static int panelsPerTile(int panels, int tiles) {
    int colTiles = Math.max(1, Math.min(panels, (MIN_TILES + tiles - 1) / Math.max(1, tiles)));
    return (panels + colTiles - 1) / colTiles;
  }

  /** Columns of C one micro-kernel call covers. */
  public static int nr() {
    return NR;
  }

  /** B [k, n] in micro-panels of {@link #nr()} columns, panel p at {@code p·k·nr}, rows k-major. */
  public static final class PackedB {
    final float[] data;
    final int k;
    final int n;
    final int panels;

    PackedB(int k, int n) {
      this.k = k;
      this.n = n;
      this.panels = (n + NR - 1) / NR;
      this.data = new float[Math.multiplyExact(Math.multiplyExact(panels, k), NR)];
    }

    /** Columns of B. */
    public int n() {
      return n;
    }
  }

  /**
   * Packs B [k, n] at {@code off} (row-major) or, when {@code transposed}, B stored as its
   * transpose [n, k]; panels split over {@code parallel}'s threads.
   */
  public static PackedB pack(
      Parallel parallel, float[] b, int off, int k, int n, boolean transposed) {
    PackedB p = new PackedB(k, n);
    parallel.forRange(
        p.panels,
        (long) k * NR / 4 + 1,
        (from, to) -> {
          for (int jp = (int) from; jp < to; jp++) {
            packPanel(b, off, k, n, transposed, p.data, jp);
          }
        });
    return p;
  }

  private static void packPanel(
      float[] b, int off, int k, int n, boolean transposed, float[] dst, int jp) {
    int j0 = jp * NR;
    int w = Math.min(NR, n - j0);
    int base = jp * k * NR;
    if (transposed) {
      for (int j = 0; j < w; j++) {
        int src = off + (j0 + j) * k;
        for (int p = 0; p < k; p++) {
          dst[base + p * NR + j] = b[src + p];
        }
      }
    } else {
      for (int p = 0; p < k; p++) {
        System.arraycopy(b, off + p * n + j0, dst, base + p * NR, w);
      }
    }
  }

  /** Per-thread buffers: the packed A block and an edge tile. */
  public static final class Scratch {
    final float[] a = new float[MC * KC];
    final float[] tile = new float[MR * NR];
  }

  /** Fresh buffers for one thread's calls of {@link #multiply}. */
  public static Scratch scratch() {
    return new Scratch();
  }

  /**
   * C [m, n] at {@code cOff} (row stride {@code ldc}) += A·B on the calling thread, where element
   * (i, p) of A is {@code a[aOff + i·rs + p·cs]} (row-major A: rs = its row length, cs = 1; a
   * transposed A stored [k, m]: rs = 1, cs = m).
   */
  public static void multiply(
      float[] a,
      int aOff,
      int rs,
      int cs,
      int m,
      PackedB b,
      float[] c,
      int cOff,
      int ldc,
      Scratch scratch) {
    for (int i0 = 0; i0 < m; i0 += MC) {
      tile(a, aOff, rs, cs, i0, Math.min(m, i0 + MC), b, 0, b.panels, c, cOff, ldc, scratch);
    }
  }

  /**
   * As {@link #multiply}, the tiles of C split over {@code parallel}'s threads (each element is
   * written by one tile, in the fixed order of the class comment).
   */
  public static void multiply(
      Parallel parallel,
      float[] a,
      int aOff,
      int rs,
      int cs,
      int m,
      PackedB b,
      float[] c,
      int cOff,
      int ldc) {
    int rowTiles = (m + MC - 1) / MC;
    int panelsPerTile = panelsPerTile(b.panels, rowTiles);
    int colTiles = (b.panels + panelsPerTile - 1) / panelsPerTile;
    parallel.forRange(
        (long) rowTiles * colTiles,
        (long) Math.min(m, MC) * panelsPerTile * NR * b.k / 8 + 1,
        (from, to) -> {
          Scratch s = new Scratch();
          for (long u = from; u < to; u++) {
            int rt = (int) (u / colTiles);
            int ct = (int) (u % colTiles);
            int i0 = rt * MC;
            int p0 = ct * panelsPerTile;
            tile(
                a,
                aOff,
                rs,
                cs,
                i0,
                Math.min(m, i0 + MC),
                b,
                p0,
                Math.min(b.panels, p0 + panelsPerTile),
                c,
                cOff,
                ldc,
                s);
          }
        });
  }

  /** Rows [i0, i1) × panels [p0, p1) of C. */
  private static void tile(
      float[] a,
      int aOff,
      int rs,
      int cs,
      int i0,
      int i1,
      PackedB b,
      int p0,
      int p1,
      float[] c,
      int cOff,
      int ldc,
      Scratch s) {
    int k = b.k;
    int rows = i1 - i0;
    int rowPanels = (rows + MR - 1) / MR;
    for (int k0 = 0; k0 < k; k0 += KC) {
      int kc = Math.min(KC, k - k0);
      packA(a, aOff, rs, cs, i0, i1, k0, kc, s.a);
      for (int jp = p0; jp < p1; jp++) {
        int bo = jp * k * NR + k0 * NR;
        int j0 = jp * NR;
        int w = Math.min(NR, b.n - j0);
        for (int ip = 0; ip < rowPanels; ip++) {
          int r0 = i0 + ip * MR;
          int mr = Math.min(MR, i1 - r0);
          int ao = ip * MR * kc;
          if (mr == MR && w == NR) {
            kernel(s.a, ao, b.data, bo, kc, c, cOff + r0 * ldc + j0, ldc);
          } else {
            java.util.Arrays.fill(s.tile, 0f);
            kernel(s.a, ao, b.data, bo, kc, s.tile, 0, NR);
            for (int r = 0; r < mr; r++) {
              int ci = cOff + (r0 + r) * ldc + j0;
              for (int j = 0; j < w; j++) {
                c[ci + j] += s.tile[r * NR + j];
              }
            }
          }
        }
      }
    }
  }

  /** A rows [i0, i1), k [k0, k0+kc) into micro-panels [kc][MR], zero rows past i1. */
  private static void packA(
      float[] a, int aOff, int rs, int cs, int i0, int i1, int k0, int kc, float[] dst) {
    int rows = i1 - i0;
    int rowPanels = (rows + MR - 1) / MR;
    for (int ip = 0; ip < rowPanels; ip++) {
      int base = ip * MR * kc;
      int r0 = i0 + ip * MR;
      int mr = Math.min(MR, i1 - r0);
      for (int r = 0; r < MR; r++) {
        if (r >= mr) {
          for (int p = 0; p < kc; p++) {
            dst[base + p * MR + r] = 0f;
          }
          continue;
        }
        int src = aOff + (r0 + r) * rs + k0 * cs;
        if (cs == 1) {
          for (int p = 0; p < kc; p++) {
            dst[base + p * MR + r] = a[src + p];
          }
        } else {
          for (int p = 0; p < kc; p++) {
            dst[base + p * MR + r] = a[src + p * cs];
          }
        }
      }
    }
  }

  /** C[6, NR] at co (row stride ldc) += Ap[kc][6] · Bp[kc][NR]. */
  private static void kernel(
      float[] ap, int ao, float[] bp, int bo, int kc, float[] c, int co, int ldc) {
    FloatVector c00 = FloatVector.zero(S);
    FloatVector c01 = c00;
    FloatVector c10 = c00;
    FloatVector c11 = c00;
    FloatVector c20 = c00;
    FloatVector c21 = c00;
    FloatVector c30 = c00;
    FloatVector c31 = c00;
    FloatVector c40 = c00;
    FloatVector c41 = c00;
    FloatVector c50 = c00;
    FloatVector c51 = c00;
    for (int p = 0; p < kc; p++) {
      int bi = bo + p * NR;
      FloatVector b0 = FloatVector.fromArray(S, bp, bi);
      FloatVector b1 = FloatVector.fromArray(S, bp, bi + L);
      int ai = ao + p * MR;
      FloatVector x = FloatVector.broadcast(S, ap[ai]);
      c00 = x.fma(b0, c00);
      c01 = x.fma(b1, c01);
      x = FloatVector.broadcast(S, ap[ai + 1]);
      c10 = x.fma(b0, c10);
      c11 = x.fma(b1, c11);
      x = FloatVector.broadcast(S, ap[ai + 2]);
      c20 = x.fma(b0, c20);
      c21 = x.fma(b1, c21);
      x = FloatVector.broadcast(S, ap[ai + 3]);
      c30 = x.fma(b0, c30);
      c31 = x.fma(b1, c31);
      x = FloatVector.broadcast(S, ap[ai + 4]);
      c40 = x.fma(b0, c40);
      c41 = x.fma(b1, c41);
      x = FloatVector.broadcast(S, ap[ai + 5]);
      c50 = x.fma(b0, c50);
      c51 = x.fma(b1, c51);
    }
    addRow(c, co, c00, c01);
    addRow(c, co + ldc, c10, c11);
    addRow(c, co + 2 * ldc, c20, c21);
    addRow(c, co + 3 * ldc, c30, c31);
    addRow(c, co + 4 * ldc, c40, c41);
    addRow(c, co + 5 * ldc, c50, c51);
  }

  private static void addRow(float[] c, int o, FloatVector v0, FloatVector v1) {
    FloatVector.fromArray(S, c, o).add(v0).intoArray(c, o);
    FloatVector.fromArray(S, c, o + L).add(v1).intoArray(c, o + L);
  }

  /** Below this many rows of C the unpacked row paths run. */
  public static final int SMALL_M = MR;

  /**
   * C [m, n] at {@code cOff} += A·B for a few rows of A [m, k] at {@code aOff} (row-major) and B
   * [k, n] at {@code bOff} read in place (row-major) or, when {@code tb}, B stored [n, k]; columns
   * split over {@code parallel}'s threads. Same per-slice order as the packed path.
   */
  public static void fewRows(
      Parallel parallel,
      float[] a,
      int aOff,
      int m,
      int k,
      float[] b,
      int bOff,
      boolean tb,
      float[] c,
      int cOff,
      int n) {
    int chunk = tb ? 16 : 4 * L;
    int chunks = (n + chunk - 1) / chunk;
    parallel.forRange(
        chunks,
        (long) m * k * chunk / 4 + 1,
        (from, to) -> {
          for (int ch = (int) from; ch < to; ch++) {
            int j0 = ch * chunk;
            int j1 = Math.min(n, j0 + chunk);
            for (int i = 0; i < m; i++) {
              if (tb) {
                dots(a, aOff + i * k, k, b, bOff, c, cOff + i * n, j0, j1);
              } else {
                axpyRow(a, aOff + i * k, k, b, bOff, n, c, cOff + i * n, j0, j1);
              }
            }
          }
        });
  }

  /** c[j] += Σ_p a[ao+p]·b[bo + p·n + j] for j in [j0, j1), up to four vectors per pass. */
  private static void axpyRow(
      float[] a, int ao, int k, float[] b, int bo, int n, float[] c, int co, int j0, int j1) {
    int j = j0;
    for (; j + 4 * L <= j1; j += 4 * L) {
      for (int k0 = 0; k0 < k; k0 += KC) {
        int k1 = Math.min(k, k0 + KC);
        FloatVector s0 = FloatVector.zero(S);
        FloatVector s1 = s0;
        FloatVector s2 = s0;
        FloatVector s3 = s0;
        for (int p = k0; p < k1; p++) {
          FloatVector x = FloatVector.broadcast(S, a[ao + p]);
          int bi = bo + p * n + j;
          s0 = x.fma(FloatVector.fromArray(S, b, bi), s0);
          s1 = x.fma(FloatVector.fromArray(S, b, bi + L), s1);
          s2 = x.fma(FloatVector.fromArray(S, b, bi + 2 * L), s2);
          s3 = x.fma(FloatVector.fromArray(S, b, bi + 3 * L), s3);
        }
        int ci = co + j;
        FloatVector.fromArray(S, c, ci).add(s0).intoArray(c, ci);
        FloatVector.fromArray(S, c, ci + L).add(s1).intoArray(c, ci + L);
        FloatVector.fromArray(S, c, ci + 2 * L).add(s2).intoArray(c, ci + 2 * L);
        FloatVector.fromArray(S, c, ci + 3 * L).add(s3).intoArray(c, ci + 3 * L);
      }
    }
    for (; j + L <= j1; j += L) {
      for (int k0 = 0; k0 < k; k0 += KC) {
        int k1 = Math.min(k, k0 + KC);
        FloatVector s0 = FloatVector.zero(S);
        for (int p = k0; p < k1; p++) {
          s0 =
              FloatVector.broadcast(S, a[ao + p])
                  .fma(FloatVector.fromArray(S, b, bo + p * n + j), s0);
        }
        FloatVector.fromArray(S, c, co + j).add(s0).intoArray(c, co + j);
      }
    }
    for (; j < j1; j++) {
      for (int k0 = 0; k0 < k; k0 += KC) {
        int k1 = Math.min(k, k0 + KC);
        float s = 0f;
        for (int p = k0; p < k1; p++) {
          s = Math.fma(a[ao + p], b[bo + p * n + j], s);
        }
        c[co + j] += s;
      }
    }
  }

  /**
   * c[j] += a[ao..ao+k) · bT[j] for j in [j0, j1), where bT[j] is row j of B stored [n, k]: lanes
   * along k, then the lanes summed one by one in lane order and the tail added one by one (a fixed
   * order; the Vector API leaves the order of its own lane reduction open).
   */
  private static void dots(
      float[] a, int ao, int k, float[] b, int bo, float[] c, int co, int j0, int j1) {
    int kv = k - k % L;
    float[] lanes = new float[L];
    for (int j = j0; j < j1; j++) {
      int bj = bo + j * k;
      FloatVector s = FloatVector.zero(S);
      for (int p = 0; p < kv; p += L) {
        s = FloatVector.fromArray(S, a, ao + p).fma(FloatVector.fromArray(S, b, bj + p), s);
      }
      s.intoArray(lanes, 0);
      float t = 0f;
      for (int q = 0; q < L; q++) {
        t += lanes[q];
      }
      for (int p = kv; p < k; p++) {
        t = Math.fma(a[ao + p], b[bj + p], t);
      }
      c[co + j] += t;
    }
  }

  /**
   * Batches of C [m, n] += A_t·B_t: batch t's A at {@code offA[t]} (strides as in {@link
   * #multiply}), its packed B {@code bs[t]} (batches may share one), its C at {@code t·m·n} (row
   * stride n). Tiles of every batch split over {@code parallel}'s threads together, so many small
   * products keep both cores busy.
   */
  public static void multiplyBatched(
      Parallel parallel, float[] a, int[] offA, int rs, int cs, int m, PackedB[] bs, float[] c) {
    int nb = bs.length;
    if (nb == 0 || m == 0) {
      return;
    }
    int n = bs[0].n;
    int k = bs[0].k;
    int rowTiles = (m + MC - 1) / MC;
    int panelsPerTile = panelsPerTile(bs[0].panels, nb * rowTiles);
    int colTiles = (bs[0].panels + panelsPerTile - 1) / panelsPerTile;
    int perBatch = rowTiles * colTiles;
    parallel.forRange(
        (long) nb * perBatch,
        (long) Math.min(m, MC) * Math.min(n, panelsPerTile * NR) * k / 8 + 1,
        (from, to) -> {
          Scratch s = new Scratch();
          for (long u = from; u < to; u++) {
            int t = (int) (u / perBatch);
            int rest = (int) (u % perBatch);
            int i0 = (rest / colTiles) * MC;
            int p0 = (rest % colTiles) * panelsPerTile;
            PackedB b = bs[t];
            tile(
                a,
                offA[t],
                rs,
                cs,
                i0,
                Math.min(m, i0 + MC),
                b,
                p0,
                Math.min(b.panels, p0 + panelsPerTile),
                c,
                t * m * n,
                n,
                s);
          }
        });
  }
}
