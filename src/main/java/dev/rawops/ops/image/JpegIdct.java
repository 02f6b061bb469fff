package dev.rawops.ops.image;

/**
 * libjpeg-turbo's 8×8 inverse DCTs and colour conversion, in its integer arithmetic: jidctint.c's
 * accurate IDCT (13-bit constants, 2 extra bits between passes, rounding descales), jidctfst.c's
 * fast AAN IDCT (quantization table pre-scaled by the AAN factors with rounding, 8-bit constants,
 * truncating descales as libjpeg builds it without USE_ACCURATE_ROUNDING), the post-IDCT range
 * limit (centre 128, clamp, wrapping past ±512 as libjpeg's table does) and jdcolor.c's 16-bit
 * fixed-point YCbCr to RGB tables.
 */
final class JpegIdct {
  private JpegIdct() {}

  private static final int[] AAN = {
    16384, 22725, 21407, 19266, 16384, 12873, 8867, 4520, 22725, 31521, 29692, 26722, 22725, 17855,
    12299, 6270, 21407, 29692, 27969, 25172, 21407, 16819, 11585, 5906, 19266, 26722, 25172, 22654,
    19266, 15137, 10426, 5315, 16384, 22725, 21407, 19266, 16384, 12873, 8867, 4520, 12873, 17855,
    16819, 15137, 12873, 10114, 6967, 3552, 8867, 12299, 11585, 10426, 8867, 6967, 4799, 2446, 4520,
    6270, 5906, 5315, 4520, 3552, 2446, 1247
  };

  /** The post-IDCT range limit of a centred value: jdmaster.c's table indexed by x & 1023. */
  static int limit(int x) {
    int i = x & 1023;
    return i < 128 ? i + 128 : i < 512 ? 255 : i < 896 ? 0 : i - 896;
  }

  /** A component's samples, {@code blocksW * 8} wide and {@code blocksH * 8} high. */
  static int[] plane(int[] coef, int blocksW, int blocksH, int[] q, boolean fast) {
    int stride = blocksW * 8;
    int[] out = new int[stride * blocksH * 8];
    int[] qt = q;
    if (fast) {
      qt = new int[64];
      for (int i = 0; i < 64; i++) {
        qt[i] = (q[i] * AAN[i] + (1 << 11)) >> 12;
      }
    }
    int[] ws = new int[64];
    for (int by = 0; by < blocksH; by++) {
      for (int bx = 0; bx < blocksW; bx++) {
        int at = (by * blocksW + bx) * 64;
        int o = by * 8 * stride + bx * 8;
        if (fast) {
          ifast(coef, at, qt, ws, out, o, stride);
        } else {
          islow(coef, at, qt, ws, out, o, stride);
        }
      }
    }
    return out;
  }

  private static final int F0298 = 2446;
  private static final int F0390 = 3196;
  private static final int F0541 = 4433;
  private static final int F0765 = 6270;
  private static final int F0899 = 7373;
  private static final int F1175 = 9633;
  private static final int F1501 = 12299;
  private static final int F1847 = 15137;
  private static final int F1961 = 16069;
  private static final int F2053 = 16819;
  private static final int F2562 = 20995;
  private static final int F3072 = 25172;

  private static long descale(long x, int n) {
    return (x + (1L << (n - 1))) >> n;
  }

  private static void islow(int[] c, int at, int[] q, int[] ws, int[] out, int o, int stride) {
    for (int col = 0; col < 8; col++) {
      if (c[at + 8 + col] == 0
          && c[at + 16 + col] == 0
          && c[at + 24 + col] == 0
          && c[at + 32 + col] == 0
          && c[at + 40 + col] == 0
          && c[at + 48 + col] == 0
          && c[at + 56 + col] == 0) {
        int dcval = (c[at + col] * q[col]) << 2;
        for (int r = 0; r < 8; r++) {
          ws[r * 8 + col] = dcval;
        }
        continue;
      }
      long[] v = new long[8];
      for (int r = 0; r < 8; r++) {
        v[r] = (long) c[at + r * 8 + col] * q[r * 8 + col];
      }
      long[] res = islow1d(v, 11);
      for (int r = 0; r < 8; r++) {
        ws[r * 8 + col] = (int) res[r];
      }
    }
    for (int row = 0; row < 8; row++) {
      long[] v = new long[8];
      for (int k = 0; k < 8; k++) {
        v[k] = ws[row * 8 + k];
      }
      long[] res = islow1d(v, 18);
      for (int k = 0; k < 8; k++) {
        out[o + row * stride + k] = limit((int) res[k]);
      }
    }
  }

  /** One jidctint.c pass over 8 dequantized values; descaled by {@code shift} bits. */
  private static long[] islow1d(long[] in, int shift) {
    long z2 = in[2];
    long z3 = in[6];
    long z1 = (z2 + z3) * F0541;
    long tmp2 = z1 + z3 * -F1847;
    long tmp3 = z1 + z2 * F0765;
    z2 = in[0];
    z3 = in[4];
    long tmp0 = (z2 + z3) << 13;
    long tmp1 = (z2 - z3) << 13;
    long tmp10 = tmp0 + tmp3;
    long tmp13 = tmp0 - tmp3;
    long tmp11 = tmp1 + tmp2;
    long tmp12 = tmp1 - tmp2;
    tmp0 = in[7];
    tmp1 = in[5];
    tmp2 = in[3];
    tmp3 = in[1];
    z1 = tmp0 + tmp3;
    z2 = tmp1 + tmp2;
    z3 = tmp0 + tmp2;
    long z4 = tmp1 + tmp3;
    long z5 = (z3 + z4) * F1175;
    tmp0 *= F0298;
    tmp1 *= F2053;
    tmp2 *= F3072;
    tmp3 *= F1501;
    z1 *= -F0899;
    z2 *= -F2562;
    z3 *= -F1961;
    z4 *= -F0390;
    z3 += z5;
    z4 += z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;
    return new long[] {
      descale(tmp10 + tmp3, shift),
      descale(tmp11 + tmp2, shift),
      descale(tmp12 + tmp1, shift),
      descale(tmp13 + tmp0, shift),
      descale(tmp13 - tmp0, shift),
      descale(tmp12 - tmp1, shift),
      descale(tmp11 - tmp2, shift),
      descale(tmp10 - tmp3, shift)
    };
  }

  private static int mul(int v, int k) {
    return (v * k) >> 8;
  }

  private static void ifast(int[] c, int at, int[] q, int[] ws, int[] out, int o, int stride) {
    for (int col = 0; col < 8; col++) {
      if (c[at + 8 + col] == 0
          && c[at + 16 + col] == 0
          && c[at + 24 + col] == 0
          && c[at + 32 + col] == 0
          && c[at + 40 + col] == 0
          && c[at + 48 + col] == 0
          && c[at + 56 + col] == 0) {
        int dcval = c[at + col] * q[col];
        for (int r = 0; r < 8; r++) {
          ws[r * 8 + col] = dcval;
        }
        continue;
      }
      int[] v = new int[8];
      for (int r = 0; r < 8; r++) {
        v[r] = c[at + r * 8 + col] * q[r * 8 + col];
      }
      int[] res = ifast1d(v);
      for (int r = 0; r < 8; r++) {
        ws[r * 8 + col] = res[r];
      }
    }
    for (int row = 0; row < 8; row++) {
      int[] v = new int[8];
      System.arraycopy(ws, row * 8, v, 0, 8);
      int[] res = ifast1d(v);
      for (int k = 0; k < 8; k++) {
        out[o + row * stride + k] = limit(res[k] >> 5);
      }
    }
  }

  /** One jidctfst.c pass (its AAN butterflies, 8-bit constants, truncating multiplies). */
  private static int[] ifast1d(int[] in) {
    int tmp10 = in[0] + in[4];
    int tmp11 = in[0] - in[4];
    int tmp13 = in[2] + in[6];
    int tmp12 = mul(in[2] - in[6], 362) - tmp13;
    int tmp0 = tmp10 + tmp13;
    int tmp3 = tmp10 - tmp13;
    int tmp1 = tmp11 + tmp12;
    int tmp2 = tmp11 - tmp12;
    int z13 = in[5] + in[3];
    int z10 = in[5] - in[3];
    int z11 = in[1] + in[7];
    int z12 = in[1] - in[7];
    int tmp7 = z11 + z13;
    tmp11 = mul(z11 - z13, 362);
    int z5 = mul(z10 + z12, 473);
    tmp10 = mul(z12, 277) - z5;
    tmp12 = mul(z10, -669) + z5;
    int tmp6 = tmp12 - tmp7;
    int tmp5 = tmp11 - tmp6;
    int tmp4 = tmp10 + tmp5;
    return new int[] {
      tmp0 + tmp7,
      tmp1 + tmp6,
      tmp2 + tmp5,
      tmp3 - tmp4,
      tmp3 + tmp4,
      tmp2 - tmp5,
      tmp1 - tmp6,
      tmp0 - tmp7
    };
  }

  private static int clamp(int v) {
    return v < 0 ? 0 : Math.min(v, 255);
  }

  /** jdcolor.c's ycc_rgb_convert for one pixel. */
  static void yccToRgb(int y, int cb, int cr, int[] out, int at) {
    int x = cr - 128;
    int b = cb - 128;
    int crR = (91881 * x + 32768) >> 16;
    int cbB = (116130 * b + 32768) >> 16;
    int crG = -46802 * x;
    int cbG = -22554 * b + 32768;
    out[at] = clamp(y + crR);
    out[at + 1] = clamp(y + ((cbG + crG) >> 16));
    out[at + 2] = clamp(y + cbB);
  }
}
