package dev.rawops.kernels.cpu.support;

import dev.rawops.kernels.Parallel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * float32 C += op(A)·op(B) with the Vector API: a register-blocked FMA micro-kernel over packed
 * panels, in the manner of Goto's GEMM (BLIS's loop nest). Reached only behind {@link
 * VectorSupport#ENABLED} ({@link Gemm} dispatches here).
 *
 * <p>The micro-kernel keeps a {@link #MR}×{@link #nr()} block of C in {@code MR·2} vector registers
 * (6 rows × 2 vectors: 12 accumulators, 2 loads of B and one broadcast of A per row per step) and
 * runs a {@link #KC}-deep slice of k over {@link #MR} rows of A (a packed micro-panel [MR][KC], or
 * a row-major A's rows where they lie) and a B micro-panel ({@code [k][nr]}, packed once per
 * product, zero-padded at the right edge), L1-resident while every A micro-panel of a tile passes
 * it. A parallel product packs all of A first, then splits C into tiles of {@link #MC} rows and
 * enough column ranges to give every thread several tiles; a sequential product (the convolutions'
 * blocks) reads a row-major A in place, so that no copy of its patches is made twice. KC and MC
 * were chosen by measurement on AVX-512 (16 lanes).
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
  private static final long LB = (long) L * Float.BYTES;
  private static final ByteOrder NATIVE = ByteOrder.nativeOrder();
  private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;

  /** Rows of C in the micro-kernel's registers. */
  static final int MR = 6;

  /** Columns of C in the micro-kernel's registers: two vectors. */
  private static final int NR = 2 * L;

  /** Depth of one k slice. */
  static final int KC = 160;

  /** Rows of C per tile (a multiple of MR; the packed A block is MC×KC floats, 60 KB). */
  static final int MC = 96;

  /**
   * Tiles of C a parallel product aims for at least (and four per thread): the columns are split
   * too when the rows give fewer, so that no thread waits long for the last tile.
   */
  private static final int MIN_TILES = 8;

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
    return pack(parallel, MemorySegment.ofArray(b), off, k, n, transposed);
  }

  /** As above with B in a segment ({@code off} counts floats), read in place. */
  public static PackedB pack(
      Parallel parallel, MemorySegment b, long off, int k, int n, boolean transposed) {
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
      MemorySegment b, long off, int k, int n, boolean transposed, float[] dst, int jp) {
    int j0 = jp * NR;
    int w = Math.min(NR, n - j0);
    int base = jp * k * NR;
    if (transposed) {
      for (int j = 0; j < w; j++) {
        long src = off + (long) (j0 + j) * k;
        for (int p = 0; p < k; p++) {
          dst[base + p * NR + j] = b.getAtIndex(F32, src + p);
        }
      }
    } else {
      for (int p = 0; p < k; p++) {
        MemorySegment.copy(b, F32, (off + (long) p * n + j0) * Float.BYTES, dst, base + p * NR, w);
      }
    }
  }

  /** Per-thread buffers: the packed A block and an edge tile. */
  public static final class Scratch {
    final float[] a = new float[MC * KC];
    final float[] tile = new float[MR * NR];
    final float[] edgeA = new float[MR * KC];
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
    multiplyAll(
        parallel, a, new int[] {aOff}, rs, cs, m, new PackedB[] {b}, c, new int[] {cOff}, ldc);
  }

  /**
   * Rows [i0, i1) × panels [p0, p1) of C. A row-major A (cs = 1) is read in place, rows of the
   * slice lda = rs apart; any other A has each k slice packed into the scratch first.
   */
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
    for (int k0 = 0; k0 < b.k; k0 += KC) {
      int kc = Math.min(KC, b.k - k0);
      if (cs == 1) {
        sweep(a, aOff + i0 * rs + k0, rs, false, i0, i1, b, k0, kc, p0, p1, c, cOff, ldc, s);
      } else {
        packA(a, aOff, rs, cs, i0, i1, k0, kc, s.a, 0);
        sweep(s.a, 0, kc, true, i0, i1, b, k0, kc, p0, p1, c, cOff, ldc, s);
      }
    }
  }

  /**
   * One k slice [k0, k0+kc) of rows [i0, i1) × panels [p0, p1) of C: every B micro-panel of the
   * range (L1-resident while it lasts) against every A micro-panel. Row i of the slice of A is at
   * {@code ap[apOff + i·lda]}: a packed block (lda = kc, micro-panels zero-padded to {@link #MR}
   * rows: {@code padded}) or A in place (a last micro-panel of fewer rows is copied, zero-padded,
   * to the scratch).
   */
  private static void sweep(
      float[] ap,
      int apOff,
      int lda,
      boolean padded,
      int i0,
      int i1,
      PackedB b,
      int k0,
      int kc,
      int p0,
      int p1,
      float[] c,
      int cOff,
      int ldc,
      Scratch s) {
    int rows = i1 - i0;
    int rowPanels = (rows + MR - 1) / MR;
    int last = rows - (rowPanels - 1) * MR;
    if (!padded && last < MR) {
      int src = apOff + (rowPanels - 1) * MR * lda;
      for (int r = 0; r < MR; r++) {
        if (r < last) {
          System.arraycopy(ap, src + r * lda, s.edgeA, r * kc, kc);
        } else {
          java.util.Arrays.fill(s.edgeA, r * kc, (r + 1) * kc, 0f);
        }
      }
    }
    for (int jp = p0; jp < p1; jp++) {
      int bo = jp * b.k * NR + k0 * NR;
      int j0 = jp * NR;
      int w = Math.min(NR, b.n - j0);
      for (int ip = 0; ip < rowPanels; ip++) {
        int r0 = i0 + ip * MR;
        int mr = Math.min(MR, i1 - r0);
        float[] aa = ap;
        int ao = apOff + ip * MR * lda;
        int al = lda;
        if (mr < MR && !padded) {
          aa = s.edgeA;
          ao = 0;
          al = kc;
        }
        if (mr == MR && w == NR) {
          kernel(aa, ao, al, b.data, bo, kc, c, cOff + r0 * ldc + j0, ldc);
        } else {
          if (w <= L) {
            narrow(aa, ao, al, b.data, bo, kc, s.tile);
          } else {
            java.util.Arrays.fill(s.tile, 0f);
            kernel(aa, ao, al, b.data, bo, kc, s.tile, 0, NR);
          }
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

  /**
   * A rows [i0, i1), k [k0, k0+kc) into micro-panels of {@link #MR} rows, each row kc floats
   * ([MR][kc], what {@link #kernel} reads with lda = kc), zero rows past i1.
   */
  private static void packA(
      float[] a, int aOff, int rs, int cs, int i0, int i1, int k0, int kc, float[] dst, int dOff) {
    int rows = i1 - i0;
    int rowPanels = (rows + MR - 1) / MR;
    for (int ip = 0; ip < rowPanels; ip++) {
      int base = dOff + ip * MR * kc;
      int r0 = i0 + ip * MR;
      int mr = Math.min(MR, i1 - r0);
      for (int r = 0; r < MR; r++) {
        int d = base + r * kc;
        if (r >= mr) {
          java.util.Arrays.fill(dst, d, d + kc, 0f);
          continue;
        }
        int src = aOff + (r0 + r) * rs + k0 * cs;
        if (cs == 1) {
          System.arraycopy(a, src, dst, d, kc);
        } else {
          for (int p = 0; p < kc; p++) {
            dst[d + p] = a[src + p * cs];
          }
        }
      }
    }
  }

  /**
   * C[MR, NR] at co (row stride ldc) += A[MR, kc] · Bp[kc][NR], row i of A at {@code ao + i·lda} (a
   * packed micro-panel: lda = kc; rows of a row-major A read in place: lda = its row length).
   */
  private static void kernel(
      float[] a, int ao, int lda, float[] bp, int bo, int kc, float[] c, int co, int ldc) {
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
      int ai = ao + p;
      FloatVector x = FloatVector.broadcast(S, a[ai]);
      c00 = x.fma(b0, c00);
      c01 = x.fma(b1, c01);
      x = FloatVector.broadcast(S, a[ai + lda]);
      c10 = x.fma(b0, c10);
      c11 = x.fma(b1, c11);
      x = FloatVector.broadcast(S, a[ai + 2 * lda]);
      c20 = x.fma(b0, c20);
      c21 = x.fma(b1, c21);
      x = FloatVector.broadcast(S, a[ai + 3 * lda]);
      c30 = x.fma(b0, c30);
      c31 = x.fma(b1, c31);
      x = FloatVector.broadcast(S, a[ai + 4 * lda]);
      c40 = x.fma(b0, c40);
      c41 = x.fma(b1, c41);
      x = FloatVector.broadcast(S, a[ai + 5 * lda]);
      c50 = x.fma(b0, c50);
      c51 = x.fma(b1, c51);
    }
    FloatVector.fromArray(S, c, co).add(c00).intoArray(c, co);
    FloatVector.fromArray(S, c, co + L).add(c01).intoArray(c, co + L);
    FloatVector.fromArray(S, c, co + ldc).add(c10).intoArray(c, co + ldc);
    FloatVector.fromArray(S, c, co + ldc + L).add(c11).intoArray(c, co + ldc + L);
    FloatVector.fromArray(S, c, co + 2 * ldc).add(c20).intoArray(c, co + 2 * ldc);
    FloatVector.fromArray(S, c, co + 2 * ldc + L).add(c21).intoArray(c, co + 2 * ldc + L);
    FloatVector.fromArray(S, c, co + 3 * ldc).add(c30).intoArray(c, co + 3 * ldc);
    FloatVector.fromArray(S, c, co + 3 * ldc + L).add(c31).intoArray(c, co + 3 * ldc + L);
    FloatVector.fromArray(S, c, co + 4 * ldc).add(c40).intoArray(c, co + 4 * ldc);
    FloatVector.fromArray(S, c, co + 4 * ldc + L).add(c41).intoArray(c, co + 4 * ldc + L);
    FloatVector.fromArray(S, c, co + 5 * ldc).add(c50).intoArray(c, co + 5 * ldc);
    FloatVector.fromArray(S, c, co + 5 * ldc + L).add(c51).intoArray(c, co + 5 * ldc + L);
  }

  /**
   * {@link #kernel} for a block of C at most one vector wide (the narrow layers of small
   * convolutions, 10 or 16 output channels): the first vector of each B micro-panel row only, six
   * accumulators, stored to the edge tile (row r at r·NR) for the caller to add to C, as it adds
   * {@link #kernel}'s tile: each element gets the same sum.
   */
  private static void narrow(float[] a, int ao, int lda, float[] bp, int bo, int kc, float[] t) {
    FloatVector c0 = FloatVector.zero(S);
    FloatVector c1 = c0;
    FloatVector c2 = c0;
    FloatVector c3 = c0;
    FloatVector c4 = c0;
    FloatVector c5 = c0;
    for (int p = 0; p < kc; p++) {
      FloatVector b0 = FloatVector.fromArray(S, bp, bo + p * NR);
      int ai = ao + p;
      c0 = FloatVector.broadcast(S, a[ai]).fma(b0, c0);
      c1 = FloatVector.broadcast(S, a[ai + lda]).fma(b0, c1);
      c2 = FloatVector.broadcast(S, a[ai + 2 * lda]).fma(b0, c2);
      c3 = FloatVector.broadcast(S, a[ai + 3 * lda]).fma(b0, c3);
      c4 = FloatVector.broadcast(S, a[ai + 4 * lda]).fma(b0, c4);
      c5 = FloatVector.broadcast(S, a[ai + 5 * lda]).fma(b0, c5);
    }
    c0.intoArray(t, 0);
    c1.intoArray(t, NR);
    c2.intoArray(t, 2 * NR);
    c3.intoArray(t, 3 * NR);
    c4.intoArray(t, 4 * NR);
    c5.intoArray(t, 5 * NR);
  }

  /** Below this many rows of C the unpacked row paths run. */
  public static final int SMALL_M = 6;

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
    fewRows(parallel, a, aOff, m, k, MemorySegment.ofArray(b), bOff, tb, c, cOff, n);
  }

  /** As above with B in a segment ({@code bOff} counts floats), read in place. */
  public static void fewRows(
      Parallel parallel,
      float[] a,
      int aOff,
      int m,
      int k,
      MemorySegment b,
      long bOff,
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
      float[] a,
      int ao,
      int k,
      MemorySegment b,
      long bo,
      int n,
      float[] c,
      int co,
      int j0,
      int j1) {
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
          long bi = (bo + (long) p * n + j) * Float.BYTES;
          s0 = x.fma(FloatVector.fromMemorySegment(S, b, bi, NATIVE), s0);
          s1 = x.fma(FloatVector.fromMemorySegment(S, b, bi + LB, NATIVE), s1);
          s2 = x.fma(FloatVector.fromMemorySegment(S, b, bi + 2 * LB, NATIVE), s2);
          s3 = x.fma(FloatVector.fromMemorySegment(S, b, bi + 3 * LB, NATIVE), s3);
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
                  .fma(
                      FloatVector.fromMemorySegment(
                          S, b, (bo + (long) p * n + j) * Float.BYTES, NATIVE),
                      s0);
        }
        FloatVector.fromArray(S, c, co + j).add(s0).intoArray(c, co + j);
      }
    }
    for (; j < j1; j++) {
      for (int k0 = 0; k0 < k; k0 += KC) {
        int k1 = Math.min(k, k0 + KC);
        float s = 0f;
        for (int p = k0; p < k1; p++) {
          s = Math.fma(a[ao + p], b.getAtIndex(F32, bo + (long) p * n + j), s);
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
      float[] a, int ao, int k, MemorySegment b, long bo, float[] c, int co, int j0, int j1) {
    int kv = k - k % L;
    float[] lanes = new float[L];
    for (int j = j0; j < j1; j++) {
      long bj = bo + (long) j * k;
      FloatVector s = FloatVector.zero(S);
      for (int p = 0; p < kv; p += L) {
        s =
            FloatVector.fromArray(S, a, ao + p)
                .fma(FloatVector.fromMemorySegment(S, b, (bj + p) * Float.BYTES, NATIVE), s);
      }
      s.intoArray(lanes, 0);
      float t = 0f;
      for (int q = 0; q < L; q++) {
        t += lanes[q];
      }
      for (int p = kv; p < k; p++) {
        t = Math.fma(a[ao + p], b.getAtIndex(F32, bj + p), t);
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
    int[] cOffs = new int[nb];
    for (int t = 0; t < nb; t++) {
      cOffs[t] = t * m * bs[0].n;
    }
    multiplyAll(parallel, a, offA, rs, cs, m, bs, c, cOffs, bs[0].n);
  }

  /**
   * C_t += A_t·B_t for every t over {@code parallel}'s threads. A row-major A (cs = 1) is read in
   * place; any other is packed first, all of it (in parallel, {@link #MC}-row tiles by {@link #KC}-
   * deep slices, each block as {@link #tile} packs its own). C is then split into tiles of rows and
   * columns, enough of them to keep every thread busy to the end, without packing any part of A
   * twice. The sums are those of the sequential {@link #multiply}, element by element.
   */
  private static void multiplyAll(
      Parallel parallel,
      float[] a,
      int[] offA,
      int rs,
      int cs,
      int m,
      PackedB[] bs,
      float[] c,
      int[] cOffs,
      int ldc) {
    int nb = bs.length;
    int k = bs[0].k;
    int panels = bs[0].panels;
    if (nb == 0 || m == 0 || k == 0 || panels == 0) {
      return;
    }
    int rowTiles = (m + MC - 1) / MC;
    int kSlices = (k + KC - 1) / KC;
    boolean inPlace = cs == 1;
    long packedSize = inPlace ? 0 : (long) nb * rowTiles * MC * k;
    if (packedSize > Integer.MAX_VALUE - 8) {
      for (int t = 0; t < nb; t++) {
        int tt = t;
        parallel.forRange(
            rowTiles,
            (long) Math.min(m, MC) * bs[t].n * k / 8 + 1,
            (from, to) -> {
              Scratch s = new Scratch();
              for (long rt = from; rt < to; rt++) {
                int i0 = (int) rt * MC;
                tile(
                    a,
                    offA[tt],
                    rs,
                    cs,
                    i0,
                    Math.min(m, i0 + MC),
                    bs[tt],
                    0,
                    bs[tt].panels,
                    c,
                    cOffs[tt],
                    ldc,
                    s);
              }
            });
      }
      return;
    }
    float[] packed = inPlace ? null : new float[(int) packedSize];
    parallel.forRange(
        inPlace ? 0 : (long) nb * rowTiles * kSlices,
        (long) MC * KC / 4 + 1,
        (from, to) -> {
          for (long u = from; u < to; u++) {
            int ks = (int) (u % kSlices);
            int tileIndex = (int) (u / kSlices);
            int t = tileIndex / rowTiles;
            int i0 = (tileIndex % rowTiles) * MC;
            int k0 = ks * KC;
            packA(
                a,
                offA[t],
                rs,
                cs,
                i0,
                Math.min(m, i0 + MC),
                k0,
                Math.min(KC, k - k0),
                packed,
                tileIndex * MC * k + MC * k0);
          }
        });
    int target = Math.max(MIN_TILES, 4 * parallel.threads());
    int colTiles = Math.max(1, Math.min(panels, (target + nb * rowTiles - 1) / (nb * rowTiles)));
    int panelsPerTile = (panels + colTiles - 1) / colTiles;
    int colUnits = (panels + panelsPerTile - 1) / panelsPerTile;
    int perBatch = rowTiles * colUnits;
    parallel.forRange(
        (long) nb * perBatch,
        (long) Math.min(m, MC) * Math.min(bs[0].n, panelsPerTile * NR) * k / 8 + 1,
        (from, to) -> {
          Scratch s = new Scratch();
          for (long u = from; u < to; u++) {
            int t = (int) (u / perBatch);
            int rest = (int) (u % perBatch);
            int rt = rest / colUnits;
            int i0 = rt * MC;
            int i1 = Math.min(m, i0 + MC);
            int p0 = (rest % colUnits) * panelsPerTile;
            int p1 = Math.min(panels, p0 + panelsPerTile);
            int base = (t * rowTiles + rt) * MC * k;
            for (int k0 = 0; k0 < k; k0 += KC) {
              int kc = Math.min(KC, k - k0);
              sweep(
                  inPlace ? a : packed,
                  inPlace ? offA[t] + i0 * rs + k0 : base + MC * k0,
                  inPlace ? rs : kc,
                  !inPlace,
                  i0,
                  i1,
                  bs[t],
                  k0,
                  kc,
                  p0,
                  p1,
                  c,
                  cOffs[t],
                  ldc,
                  s);
            }
          }
        });
  }
}
