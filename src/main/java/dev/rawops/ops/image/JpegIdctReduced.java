package dev.rawops.ops.image;

/**
 * jidctred.c's reduced-size inverse DCTs, which libjpeg-turbo runs for a component decoded at 4×4,
 * 2×2 or 1×1 samples per block (DecodeJpeg's {@code ratio} 2, 4, 8): the accurate integer IDCT's
 * 13-bit constants on the plain (unscaled) quantization table whatever {@code dct_method} says, the
 * odd rows and columns each size does not need left out, rounding descales, and the same range
 * limit as the 8×8 transforms.
 */
final class JpegIdctReduced {
  private JpegIdctReduced() {}

  private static final int CONST_BITS = 13;
  private static final int PASS1_BITS = 2;
  private static final long F0211 = 1730;
  private static final long F0509 = 4176;
  private static final long F0601 = 4926;
  private static final long F0720 = 5906;
  private static final long F0765 = 6270;
  private static final long F0850 = 6967;
  private static final long F0899 = 7373;
  private static final long F1061 = 8697;
  private static final long F1272 = 10426;
  private static final long F1451 = 11893;
  private static final long F1847 = 15137;
  private static final long F2172 = 17799;
  private static final long F2562 = 20995;
  private static final long F3624 = 29692;

  private static int descale(long x, int n) {
    return (int) ((x + (1L << (n - 1))) >> n);
  }

  /**
   * A component's samples at {@code size} (4, 2 or 1) per block side: {@code blocksW * size} wide
   * and {@code blocksH * size} high.
   */
  static int[] plane(int[] coef, int blocksW, int blocksH, int[] q, int size) {
    int stride = blocksW * size;
    int[] out = new int[stride * blocksH * size];
    int[] ws = new int[64];
    for (int by = 0; by < blocksH; by++) {
      for (int bx = 0; bx < blocksW; bx++) {
        int at = (by * blocksW + bx) * 64;
        int o = by * size * stride + bx * size;
        switch (size) {
          case 4 -> idct4(coef, at, q, ws, out, o, stride);
          case 2 -> idct2(coef, at, q, ws, out, o, stride);
          default -> out[o] = JpegIdct.limit(descale((long) coef[at] * q[0], 3));
        }
      }
    }
    return out;
  }

  private static void idct4(int[] c, int at, int[] q, int[] ws, int[] out, int o, int stride) {
    for (int col = 0; col < 8; col++) {
      if (col == 4) {
        continue; // the second pass does not read column 4
      }
      int i = at + col;
      if (c[i + 8] == 0
          && c[i + 16] == 0
          && c[i + 24] == 0
          && c[i + 40] == 0
          && c[i + 48] == 0
          && c[i + 56] == 0) {
        int dcval = (c[i] * q[col]) << PASS1_BITS;
        for (int r = 0; r < 4; r++) {
          ws[r * 8 + col] = dcval;
        }
        continue;
      }
      long tmp0 = ((long) c[i] * q[col]) << (CONST_BITS + 1);
      long tmp2 = (long) c[i + 16] * q[16 + col] * F1847 - (long) c[i + 48] * q[48 + col] * F0765;
      long[] r =
          idct4Odd(
              tmp0,
              tmp2,
              (long) c[i + 56] * q[56 + col],
              (long) c[i + 40] * q[40 + col],
              (long) c[i + 24] * q[24 + col],
              (long) c[i + 8] * q[8 + col],
              CONST_BITS - PASS1_BITS + 1);
      for (int k = 0; k < 4; k++) {
        ws[k * 8 + col] = (int) r[k];
      }
    }
    for (int row = 0; row < 4; row++) {
      int w = row * 8;
      int p = o + row * stride;
      if (ws[w + 1] == 0
          && ws[w + 2] == 0
          && ws[w + 3] == 0
          && ws[w + 5] == 0
          && ws[w + 6] == 0
          && ws[w + 7] == 0) {
        int dc = JpegIdct.limit(descale(ws[w], PASS1_BITS + 3));
        for (int k = 0; k < 4; k++) {
          out[p + k] = dc;
        }
        continue;
      }
      long tmp0 = (long) ws[w] << (CONST_BITS + 1);
      long tmp2 = ws[w + 2] * F1847 - ws[w + 6] * F0765;
      long[] r =
          idct4Odd(
              tmp0, tmp2, ws[w + 7], ws[w + 5], ws[w + 3], ws[w + 1], CONST_BITS + PASS1_BITS + 4);
      for (int k = 0; k < 4; k++) {
        out[p + k] = JpegIdct.limit((int) r[k]);
      }
    }
  }

  /** jpeg_idct_4x4's odd part and output stage: outputs 0..3 descaled by {@code shift}. */
  private static long[] idct4Odd(
      long tmp0e, long tmp2e, long z1, long z2, long z3, long z4, int shift) {
    long tmp10 = tmp0e + tmp2e;
    long tmp12 = tmp0e - tmp2e;
    long tmp0 = -z1 * F0211 + z2 * F1451 - z3 * F2172 + z4 * F1061;
    long tmp2 = -z1 * F0509 - z2 * F0601 + z3 * F0899 + z4 * F2562;
    return new long[] {
      descale(tmp10 + tmp2, shift),
      descale(tmp12 + tmp0, shift),
      descale(tmp12 - tmp0, shift),
      descale(tmp10 - tmp2, shift)
    };
  }

  private static void idct2(int[] c, int at, int[] q, int[] ws, int[] out, int o, int stride) {
    for (int col = 0; col < 8; col++) {
      if (col == 2 || col == 4 || col == 6) {
        continue; // the second pass reads columns 0, 1, 3, 5, 7 only
      }
      int i = at + col;
      if (c[i + 8] == 0 && c[i + 24] == 0 && c[i + 40] == 0 && c[i + 56] == 0) {
        int dcval = (c[i] * q[col]) << PASS1_BITS;
        ws[col] = dcval;
        ws[8 + col] = dcval;
        continue;
      }
      long tmp10 = ((long) c[i] * q[col]) << (CONST_BITS + 2);
      long tmp0 =
          -(long) c[i + 56] * q[56 + col] * F0720
              + (long) c[i + 40] * q[40 + col] * F0850
              - (long) c[i + 24] * q[24 + col] * F1272
              + (long) c[i + 8] * q[8 + col] * F3624;
      ws[col] = descale(tmp10 + tmp0, CONST_BITS - PASS1_BITS + 2);
      ws[8 + col] = descale(tmp10 - tmp0, CONST_BITS - PASS1_BITS + 2);
    }
    for (int row = 0; row < 2; row++) {
      int w = row * 8;
      int p = o + row * stride;
      if (ws[w + 1] == 0 && ws[w + 3] == 0 && ws[w + 5] == 0 && ws[w + 7] == 0) {
        int dc = JpegIdct.limit(descale(ws[w], PASS1_BITS + 3));
        out[p] = dc;
        out[p + 1] = dc;
        continue;
      }
      long tmp10 = (long) ws[w] << (CONST_BITS + 2);
      long tmp0 = -ws[w + 7] * F0720 + ws[w + 5] * F0850 - ws[w + 3] * F1272 + ws[w + 1] * F3624;
      int shift = CONST_BITS + PASS1_BITS + 3 + 2;
      out[p] = JpegIdct.limit(descale(tmp10 + tmp0, shift));
      out[p + 1] = JpegIdct.limit(descale(tmp10 - tmp0, shift));
    }
  }
}
