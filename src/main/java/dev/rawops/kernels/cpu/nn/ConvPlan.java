package dev.rawops.kernels.cpu.nn;

import dev.rawops.kernels.Parallel;
import dev.rawops.kernels.cpu.support.Gemm;
import dev.rawops.kernels.cpu.support.VectorDepthwise;
import dev.rawops.kernels.cpu.support.VectorGemm;
import dev.rawops.kernels.cpu.support.VectorSupport;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.nn.ConvGeometry;
import dev.rawops.ops.nn.ConvGeometry.Window;
import java.lang.foreign.MemorySegment;

/**
 * A channels-last convolution or pooling over 1 to 3 spatial dims, padded to 3 (missing dims have
 * size 1): batch, input/output spatial sizes, window, depths and grouping. Filter layout is TF's
 * [spatial..., fin, cout]; group g reads input channels [g*fin, (g+1)*fin) and writes output
 * channels [g*cog, (g+1)*cog) (depthwise: fin 1, groups = depth, cog = multiplier).
 */
public final class ConvPlan {
  private final int batch;
  private final int[] in;
  private final int[] out;
  private final int[] k;
  private final int[] stride;
  private final int[] dil;
  private final int[] pad;
  private final int inDepth;
  private final int outDepth;
  private final int groups;
  private final int fin;
  private final int cog;

  @SuppressWarnings("TooManyParameters")
  private ConvPlan(
      int batch,
      int[] in,
      int[] out,
      int[] k,
      int[] stride,
      int[] dil,
      int[] pad,
      int inDepth,
      int outDepth,
      int groups,
      int fin,
      int cog) {
    this.batch = batch;
    this.in = in;
    this.out = out;
    this.k = k;
    this.stride = stride;
    this.dil = dil;
    this.pad = pad;
    this.inDepth = inDepth;
    this.outDepth = outDepth;
    this.groups = groups;
    this.fin = fin;
    this.cog = cog;
  }

  int batch() {
    return batch;
  }

  /** Output spatial sizes, padded to 3 dims. */
  int outSize(int i) {
    return out[i];
  }

  public static ConvPlan of(
      int batch, Window[] w, int inDepth, int outDepth, int groups, int fin, int cog) {
    int[] in = {1, 1, 1};
    int[] out = {1, 1, 1};
    int[] k = {1, 1, 1};
    int[] stride = {1, 1, 1};
    int[] dil = {1, 1, 1};
    int[] pad = {0, 0, 0};
    int o = 3 - w.length;
    for (int i = 0; i < w.length; i++) {
      in[o + i] = (int) w[i].in();
      out[o + i] = (int) w[i].out();
      k[o + i] = (int) w[i].k();
      stride[o + i] = (int) w[i].stride();
      dil[o + i] = (int) w[i].dilation();
      pad[o + i] = (int) w[i].padBefore();
    }
    return new ConvPlan(batch, in, out, k, stride, dil, pad, inDepth, outDepth, groups, fin, cog);
  }

  /** Windows of the node's spatial dims for input dims {@code inDims} (channels-last). */
  static Window[] windows(NodeInfo node, long[] inDims, long[] kSpatial) {
    long[] sp = new long[kSpatial.length];
    for (int i = 0; i < sp.length; i++) {
      sp[i] = inDims[1 + i];
    }
    return ConvGeometry.windows(node, sp, kSpatial);
  }

  int inPositions() {
    return in[0] * in[1] * in[2];
  }

  int outPositions() {
    return out[0] * out[1] * out[2];
  }

  int taps() {
    return k[0] * k[1] * k[2];
  }

  /** Convolution: out[n, o, co] = sum over taps, ci of in[n, p, ci] * f[tap, ci, co]. */
  void forward(double[] x, double[] f, double[] y) {
    int[] rowIn = new int[taps()];
    for (int n = 0; n < batch; n++) {
      int xBase = n * inPositions() * inDepth;
      int yBase = n * outPositions() * outDepth;
      for (int od = 0; od < out[0]; od++) {
        for (int oh = 0; oh < out[1]; oh++) {
          for (int ow = 0; ow < out[2]; ow++) {
            int yo = yBase + ((od * out[1] + oh) * out[2] + ow) * outDepth;
            gather(od, oh, ow, rowIn);
            for (int t = 0; t < taps(); t++) {
              int p = rowIn[t];
              if (p < 0) {
                continue;
              }
              int xo = xBase + p * inDepth;
              int fo = t * fin * outDepth;
              for (int g = 0; g < groups; g++) {
                for (int ci = 0; ci < fin; ci++) {
                  double v = x[xo + g * fin + ci];
                  int fr = fo + ci * outDepth + g * cog;
                  int yr = yo + g * cog;
                  for (int co = 0; co < cog; co++) {
                    y[yr + co] += v * f[fr + co];
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /** Transposed convolution: dx[n, p, ci] += sum over co of f[tap, ci, co] * dy[n, o, co]. */
  void backwardInput(double[] dy, double[] f, double[] dx) {
    int[] rowIn = new int[taps()];
    for (int n = 0; n < batch; n++) {
      int xBase = n * inPositions() * inDepth;
      int yBase = n * outPositions() * outDepth;
      for (int od = 0; od < out[0]; od++) {
        for (int oh = 0; oh < out[1]; oh++) {
          for (int ow = 0; ow < out[2]; ow++) {
            int yo = yBase + ((od * out[1] + oh) * out[2] + ow) * outDepth;
            gather(od, oh, ow, rowIn);
            for (int t = 0; t < taps(); t++) {
              int p = rowIn[t];
              if (p < 0) {
                continue;
              }
              int xo = xBase + p * inDepth;
              int fo = t * fin * outDepth;
              for (int g = 0; g < groups; g++) {
                for (int ci = 0; ci < fin; ci++) {
                  int fr = fo + ci * outDepth + g * cog;
                  int yr = yo + g * cog;
                  double s = 0;
                  for (int co = 0; co < cog; co++) {
                    s += f[fr + co] * dy[yr + co];
                  }
                  dx[xo + g * fin + ci] += s;
                }
              }
            }
          }
        }
      }
    }
  }

  /** A depthwise convolution with channel multiplier 1 (one output channel per input channel). */
  boolean multiplierOne() {
    return cog == 1;
  }

  /** Whether this is a depthwise convolution (one input channel per group). */
  boolean depthwise() {
    return fin == 1 && groups == inDepth;
  }

  /**
   * float32 depthwise convolution (fin 1): each output position's channels in one loop along the
   * channels, the window's taps in order (depth, row, column), each term fused-multiply-added into
   * a float accumulator from zero: TF 2.18's CPU DepthwiseConv2dNative gives the same bits (the
   * fixtures in graphs/conformance/nn are bit-exact). Rows of output positions split over the
   * threads.
   */
  void forwardDepthwise(float[] x, float[] f, float[] y, Parallel parallel) {
    int taps = taps();
    int rows = batch * out[0] * out[1];
    parallel.forRange(
        rows,
        (long) out[2] * taps * outDepth / 2 + 1,
        (from, to) -> {
          int[] rowIn = new int[taps];
          for (long row = from; row < to; row++) {
            int n = (int) (row / ((long) out[0] * out[1]));
            int od = (int) (row / out[1] % out[0]);
            int oh = (int) (row % out[1]);
            int xBase = n * inPositions() * inDepth;
            for (int ow = 0; ow < out[2]; ow++) {
              int yo = (int) ((row * out[2] + ow) * outDepth);
              gather(od, oh, ow, rowIn);
              if (cog == 1 && VectorSupport.ENABLED) {
                VectorDepthwise.position(x, xBase, rowIn, taps, f, y, yo, outDepth);
                continue;
              }
              for (int t = 0; t < taps; t++) {
                int p = rowIn[t];
                if (p < 0) {
                  continue;
                }
                int xo = xBase + p * inDepth;
                int fo = t * outDepth;
                if (cog == 1) {
                  for (int c = 0; c < outDepth; c++) {
                    y[yo + c] = Math.fma(x[xo + c], f[fo + c], y[yo + c]);
                  }
                } else {
                  for (int g = 0; g < groups; g++) {
                    float v = x[xo + g];
                    int o = g * cog;
                    for (int co = 0; co < cog; co++) {
                      y[yo + o + co] = Math.fma(v, f[fo + o + co], y[yo + o + co]);
                    }
                  }
                }
              }
            }
          }
        });
  }

  /**
   * float32 depthwise convolution with multiplier 1 and the SIMD kernels on ({@link
   * VectorDepthwise}): x read where it lies in tensor memory, y written straight into the output's,
   * rows of output positions split over {@code parallel}'s threads. A position whose window lies
   * inside the input takes the previous one's taps moved by the stride instead of gathering them
   * again. The same sums as {@link #forwardDepthwise}.
   */
  void forwardDepthwise(MemorySegment x, float[] f, MemorySegment y, Parallel parallel) {
    int taps = taps();
    int rows = batch * out[0] * out[1];
    parallel.forRange(
        rows,
        (long) out[2] * taps * outDepth / 2 + 1,
        (from, to) -> {
          int[] rowIn = new int[taps];
          for (long row = from; row < to; row++) {
            int n = (int) (row / ((long) out[0] * out[1]));
            int od = (int) (row / out[1] % out[0]);
            int oh = (int) (row % out[1]);
            long xBase = (long) n * inPositions() * inDepth;
            boolean inside = false;
            for (int ow = 0; ow < out[2]; ow++) {
              int iw0 = ow * stride[2] - pad[2];
              boolean nowInside = iw0 >= 0 && iw0 + (k[2] - 1) * dil[2] < in[2];
              if (inside && nowInside) {
                for (int t = 0; t < taps; t++) {
                  if (rowIn[t] >= 0) {
                    rowIn[t] += stride[2];
                  }
                }
              } else {
                gather(od, oh, ow, rowIn);
              }
              inside = nowInside;
              long yo = (row * out[2] + ow) * outDepth;
              VectorDepthwise.position(x, xBase, rowIn, taps, f, y, yo, outDepth);
            }
          }
        });
  }

  /**
   * Input position (flat spatial index) of every tap of output position (od, oh, ow), -1 where the
   * tap falls in the padding. Returns the number of valid taps.
   */
  int gather(int od, int oh, int ow, int[] rowIn) {
    int t = 0;
    int valid = 0;
    for (int kd = 0; kd < k[0]; kd++) {
      int id = od * stride[0] - pad[0] + kd * dil[0];
      for (int kh = 0; kh < k[1]; kh++) {
        int ih = oh * stride[1] - pad[1] + kh * dil[1];
        for (int kw = 0; kw < k[2]; kw++) {
          int iw = ow * stride[2] - pad[2] + kw * dil[2];
          boolean ok = id >= 0 && id < in[0] && ih >= 0 && ih < in[1] && iw >= 0 && iw < in[2];
          rowIn[t++] = ok ? (id * in[1] + ih) * in[2] + iw : -1;
          if (ok) {
            valid++;
          }
        }
      }
    }
    return valid;
  }

  /**
   * float32 convolution without groups as im2col + GEMM: a block of output rows gathers its patches
   * into a [rows, taps*inDepth] matrix, multiplied by the filter [taps*inDepth, outDepth].
   */
  void forwardGemm(float[] x, float[] f, float[] y) {
    forwardGemm(x, f, y, Parallel.SEQUENTIAL);
  }

  /**
   * im2col + GEMM, blocks of output positions split over {@code parallel}'s threads (each block's
   * rows are independent, and each element's sum runs in the same order whatever the split). The
   * filter is packed once for {@link Gemm}'s micro-kernel; a block gathers few enough patch rows
   * (about 256 KB) to stay in cache while the micro-kernel reads them. Many positions and a
   * shallower output take {@link #forwardGemmT} instead (1.6× faster at [8,64,64,64] ⊗
   * [3,3,64,64]).
   */
  void forwardGemm(float[] x, float[] f, float[] y, Parallel parallel) {
    int kk = taps() * inDepth;
    int positions = outPositions();
    if (batch == 0 || positions == 0 || outDepth == 0) {
      return;
    }
    if (VectorSupport.ENABLED) {
      if (kk > 0) {
        forwardVector(x, f, y, parallel);
      }
      return;
    }
    if (positions >= 4 * Gemm.MIN_PACKED_N
        && outDepth < positions
        && kk <= T_MAX_FLOATS / (4 * Gemm.MIN_PACKED_N)
        && (long) positions * kk * outDepth >= Gemm.MIN_PACKED_WORK) {
      forwardGemmT(x, f, y, parallel);
      return;
    }
    boolean packed = Gemm.packedPays(positions, kk, outDepth);
    Gemm.Packed fp = packed ? Gemm.pack(parallel, f, 0, kk, outDepth, false) : null;
    int rowsPerBlock = Math.max(16, Math.min(positions, (1 << 16) / Math.max(1, kk)));
    rowsPerBlock = Math.min(rowsPerBlock, positions);
    int rpb = rowsPerBlock;
    int perBatch = (positions + rpb - 1) / rpb;
    parallel.forRange(
        (long) batch * perBatch,
        (long) rpb * kk * outDepth / 4 + 1,
        (from, to) -> {
          float[] patches = new float[rpb * kk];
          float[] acc = new float[Gemm.NC];
          int[] rowIn = new int[taps()];
          for (long blk = from; blk < to; blk++) {
            int n = (int) (blk / perBatch);
            int r0 = (int) (blk % perBatch) * rpb;
            int xBase = n * inPositions() * inDepth;
            int yBase = n * positions * outDepth;
            int rows = Math.min(rpb, positions - r0);
            for (int r = 0; r < rows; r++) {
              int o = r0 + r;
              int ow = o % out[2];
              int oh = (o / out[2]) % out[1];
              int od = o / (out[2] * out[1]);
              gather(od, oh, ow, rowIn);
              int po = r * kk;
              for (int t = 0; t < rowIn.length; t++) {
                int p = rowIn[t];
                if (p < 0) {
                  java.util.Arrays.fill(patches, po + t * inDepth, po + (t + 1) * inDepth, 0f);
                } else {
                  System.arraycopy(x, xBase + p * inDepth, patches, po + t * inDepth, inDepth);
                }
              }
            }
            int cOff = yBase + r0 * outDepth;
            if (fp != null) {
              for (int pi = 0; pi < fp.panels.length; pi++) {
                Gemm.rows(patches, 0, false, rows, fp, pi, y, cOff, 0, rows, acc);
              }
            } else {
              Gemm.gemm(Parallel.SEQUENTIAL, patches, 0, f, 0, y, cOff, rows, kk, outDepth);
            }
          }
        });
  }

  /** Whether output positions are input positions one to one (a 1×1 window, stride 1, no pad). */
  private boolean pointwise() {
    for (int i = 0; i < 3; i++) {
      if (k[i] != 1 || stride[i] != 1 || pad[i] != 0 || in[i] != out[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Patch floats one block of {@link #forwardVector} gathers (128 KB: stays in L2 with A's block).
   */
  private static final int V_BLOCK_FLOATS = 1 << 15;

  /**
   * The SIMD convolution ({@link VectorGemm}), filter packed once as B [taps·inDepth, outDepth]. A
   * pointwise convolution is one GEMM on the input as it lies ([batch·positions, inDepth]); any
   * other gathers blocks of output positions' patches (a multiple of the micro-kernel's rows, about
   * {@link #V_BLOCK_FLOATS} floats) and multiplies each block where it was gathered, the blocks
   * split over the threads. Each element's sum has the micro-kernel's fixed order, whatever the
   * split.
   */
  private void forwardVector(float[] x, float[] f, float[] y, Parallel parallel) {
    int kk = taps() * inDepth;
    int positions = outPositions();
    VectorGemm.PackedB fp = VectorGemm.pack(parallel, f, 0, kk, outDepth, false);
    if (pointwise()) {
      VectorGemm.multiply(parallel, x, 0, inDepth, 1, batch * positions, fp, y, 0, outDepth);
      return;
    }
    int mr = VectorGemm.SMALL_M;
    int rpb = Math.max(mr, Math.min(4 * 72, V_BLOCK_FLOATS / kk / mr * mr));
    rpb = Math.min(rpb, positions);
    int blockRows = rpb;
    int perBatch = (positions + blockRows - 1) / blockRows;
    int taps = taps();
    parallel.forRange(
        (long) batch * perBatch,
        (long) blockRows * kk * outDepth / 8 + 1,
        (from, to) -> {
          float[] patches = new float[blockRows * kk];
          VectorGemm.Scratch scratch = VectorGemm.scratch();
          int[] rowIn = new int[taps];
          for (long blk = from; blk < to; blk++) {
            int n = (int) (blk / perBatch);
            int r0 = (int) (blk % perBatch) * blockRows;
            int xBase = n * inPositions() * inDepth;
            int rows = Math.min(blockRows, positions - r0);
            for (int r = 0; r < rows; r++) {
              patchRow(x, xBase, r0 + r, patches, r * kk, rowIn);
            }
            int cOff = (n * positions + r0) * outDepth;
            VectorGemm.multiply(patches, 0, kk, 1, rows, fp, y, cOff, outDepth, scratch);
          }
        });
  }

  /**
   * The patch of output position {@code o} (taps in (kd, kh, kw) order, inDepth floats each, zeros
   * for padding) at {@code patches[po]}. Without width dilation a window row's taps inside the
   * input are one run of input memory (NHWC), copied at once: the small convolutions' patches (3
   * input channels: 3 floats a tap) cost a copy per window row rather than per tap.
   */
  private void patchRow(float[] x, int xBase, int o, float[] patches, int po, int[] rowIn) {
    int ow = o % out[2];
    int oh = (o / out[2]) % out[1];
    int od = o / (out[2] * out[1]);
    if (dil[2] != 1) {
      gather(od, oh, ow, rowIn);
      for (int t = 0; t < rowIn.length; t++) {
        int p = rowIn[t];
        int d = po + t * inDepth;
        if (p < 0) {
          java.util.Arrays.fill(patches, d, d + inDepth, 0f);
        } else {
          System.arraycopy(x, xBase + p * inDepth, patches, d, inDepth);
        }
      }
      return;
    }
    int rowLen = k[2] * inDepth;
    int iw0 = ow * stride[2] - pad[2];
    int kw0 = Math.max(0, -iw0);
    int kw1 = Math.min(k[2], in[2] - iw0);
    int d = po;
    for (int kd = 0; kd < k[0]; kd++) {
      int id = od * stride[0] - pad[0] + kd * dil[0];
      for (int kh = 0; kh < k[1]; kh++, d += rowLen) {
        int ih = oh * stride[1] - pad[1] + kh * dil[1];
        if (id < 0 || id >= in[0] || ih < 0 || ih >= in[1] || kw1 <= kw0) {
          java.util.Arrays.fill(patches, d, d + rowLen, 0f);
          continue;
        }
        if (kw0 > 0) {
          java.util.Arrays.fill(patches, d, d + kw0 * inDepth, 0f);
        }
        int src = xBase + ((id * in[1] + ih) * in[2] + iw0 + kw0) * inDepth;
        int len = (kw1 - kw0) * inDepth;
        int dst = d + kw0 * inDepth;
        if (len < 32) {
          for (int i = 0; i < len; i++) {
            patches[dst + i] = x[src + i];
          }
        } else {
          System.arraycopy(x, src, patches, dst, len);
        }
        if (kw1 < k[2]) {
          java.util.Arrays.fill(patches, d + kw1 * inDepth, d + rowLen, 0f);
        }
      }
    }
  }

  /** Most floats of patch columns one thread of {@link #forwardGemmT} holds (16 MB). */
  private static final int T_MAX_FLOATS = 1 << 22;

  /**
   * im2col + GEMM transposed, for the packed micro-kernel: a block of up to {@link Gemm#NC} output
   * positions (fewer for very deep patches, see {@link #T_MAX_FLOATS}) gathers its patches as
   * columns, one array per (tap, input channel), which is B of outᵀ[co, pos] = Σ fᵀ[co, kk] ·
   * patchesᵀ[kk, pos] (the filter read as a transposed A), so the vectorised loop runs along
   * positions, not along the often short output depth. Each output element is written by one block,
   * its sum in the micro-kernel's fixed order.
   */
  void forwardGemmT(float[] x, float[] f, float[] y, Parallel parallel) {
    int kk = taps() * inDepth;
    int positions = outPositions();
    if (batch == 0 || positions == 0 || outDepth == 0) {
      return;
    }
    int rpb = Math.min(Math.min(positions, Gemm.NC), T_MAX_FLOATS / kk);
    int perBatch = (positions + rpb - 1) / rpb;
    int taps = taps();
    parallel.forRange(
        (long) batch * perBatch,
        (long) rpb * kk * outDepth / 4 + 1,
        (from, to) -> {
          float[][] cols = new float[kk][rpb];
          float[] ct = new float[outDepth * rpb];
          float[] acc = new float[Gemm.NC];
          int[] rowIn = new int[taps];
          int[] tab = new int[rpb * taps];
          for (long blk = from; blk < to; blk++) {
            int n = (int) (blk / perBatch);
            int r0 = (int) (blk % perBatch) * rpb;
            int xBase = n * inPositions() * inDepth;
            int yBase = n * positions * outDepth;
            int rows = Math.min(rpb, positions - r0);
            for (int r = 0; r < rows; r++) {
              int o = r0 + r;
              gather(o / (out[2] * out[1]), (o / out[2]) % out[1], o % out[2], rowIn);
              System.arraycopy(rowIn, 0, tab, r * taps, taps);
            }
            for (int t = 0; t < taps; t++) {
              for (int r = 0; r < rows; r++) {
                int p = tab[r * taps + t];
                int base = xBase + p * inDepth;
                for (int ci = 0; ci < inDepth; ci++) {
                  cols[t * inDepth + ci][r] = p < 0 ? 0f : x[base + ci];
                }
              }
            }
            java.util.Arrays.fill(ct, 0, outDepth * rows, 0f);
            Gemm.Packed b = new Gemm.Packed(kk, rows, cols);
            Gemm.rows(f, 0, true, outDepth, b, 0, ct, 0, 0, outDepth, acc);
            for (int r = 0; r < rows; r++) {
              int yo = yBase + (r0 + r) * outDepth;
              for (int co = 0; co < outDepth; co++) {
                y[yo + co] += ct[co * rows + r];
              }
            }
          }
        });
  }
}
