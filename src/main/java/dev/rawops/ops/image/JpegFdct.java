package dev.rawops.ops.image;

/**
 * The encoder's block transform as libjpeg-turbo computes it for TF: jfdctint.c's accurate integer
 * forward DCT (13 constant bits, 2 pass-1 bits; its SIMD versions give the same numbers) on samples
 * centred on 0, then jcdctmgr.c's quantization by a reciprocal: each divisor (the table entry times
 * 8, the DCT's scale) becomes a 16-bit reciprocal, a rounding correction and a shift, and a
 * coefficient's magnitude is {@code (|x| + correction) * reciprocal >> shift}, its sign restored.
 * That is not always round-half-up division, which is why it is reproduced literally.
 */
final class JpegFdct {
  private JpegFdct() {}

  private static final int CONST_BITS = 13;
  private static final int PASS1_BITS = 2;
  private static final int FIX_0_298631336 = 2446;
  private static final int FIX_0_390180644 = 3196;
  private static final int FIX_0_541196100 = 4433;
  private static final int FIX_0_765366865 = 6270;
  private static final int FIX_0_899976223 = 7373;
  private static final int FIX_1_175875602 = 9633;
  private static final int FIX_1_501321110 = 12299;
  private static final int FIX_1_847759065 = 15137;
  private static final int FIX_1_961570560 = 16069;
  private static final int FIX_2_053119869 = 16819;
  private static final int FIX_2_562915447 = 20995;
  private static final int FIX_3_072711026 = 25172;

  private static int descale(int x, int n) {
    return (x + (1 << (n - 1))) >> n;
  }

  /** The quantizer of one table: reciprocal, correction and total shift per coefficient. */
  static final class Divisors {
    final int[] reciprocal = new int[64];
    final int[] correction = new int[64];
    final int[] shift = new int[64];

    /** {@code table} in natural order, values 1..255. */
    Divisors(int[] table) {
      for (int i = 0; i < 64; i++) {
        int divisor = table[i] << 3;
        int b = 31 - Integer.numberOfLeadingZeros(divisor);
        int r = 16 + b;
        long fq = (1L << r) / divisor;
        long fr = (1L << r) % divisor;
        int c = divisor / 2;
        if (fr == 0) {
          fq >>= 1;
          r--;
        } else if (fr <= divisor / 2) {
          c++;
        } else {
          fq++;
        }
        reciprocal[i] = (int) fq;
        correction[i] = c;
        shift[i] = r;
      }
    }
  }

  /**
   * Transforms and quantizes the 8×8 block at ({@code x}, {@code y}) of a plane of {@code stride}
   * samples per row into {@code out[off..off+64)} (natural order).
   */
  static void forward(int[] plane, int stride, int y, int x, Divisors q, int[] out, int off) {
    int[] d = new int[64];
    for (int r = 0; r < 8; r++) {
      int base = (y + r) * stride + x;
      for (int c = 0; c < 8; c++) {
        d[r * 8 + c] = plane[base + c] - 128;
      }
    }
    for (int r = 0; r < 64; r += 8) {
      pass(d, r, 1, true);
    }
    for (int c = 0; c < 8; c++) {
      pass(d, c, 8, false);
    }
    for (int i = 0; i < 64; i++) {
      int t = d[i];
      boolean negative = t < 0;
      long a = negative ? -t : t;
      int v = (int) (((a + q.correction[i]) * q.reciprocal[i]) >>> q.shift[i]);
      out[off + i] = negative ? -v : v;
    }
  }

  /** One 1-D pass over the 8 values at {@code d[base + k·step]}. */
  private static void pass(int[] d, int base, int step, boolean rows) {
    int d0 = d[base];
    int d1 = d[base + step];
    int d2 = d[base + 2 * step];
    int d3 = d[base + 3 * step];
    int d4 = d[base + 4 * step];
    int d5 = d[base + 5 * step];
    int d6 = d[base + 6 * step];
    int d7 = d[base + 7 * step];
    int tmp0 = d0 + d7;
    int tmp7 = d0 - d7;
    int tmp1 = d1 + d6;
    int tmp6 = d1 - d6;
    int tmp2 = d2 + d5;
    int tmp5 = d2 - d5;
    int tmp3 = d3 + d4;
    int tmp4 = d3 - d4;

    int tmp10 = tmp0 + tmp3;
    int tmp13 = tmp0 - tmp3;
    int tmp11 = tmp1 + tmp2;
    int tmp12 = tmp1 - tmp2;
    int shift = rows ? CONST_BITS - PASS1_BITS : CONST_BITS + PASS1_BITS;
    if (rows) {
      d[base] = (tmp10 + tmp11) << PASS1_BITS;
      d[base + 4 * step] = (tmp10 - tmp11) << PASS1_BITS;
    } else {
      d[base] = descale(tmp10 + tmp11, PASS1_BITS);
      d[base + 4 * step] = descale(tmp10 - tmp11, PASS1_BITS);
    }
    int z1 = (tmp12 + tmp13) * FIX_0_541196100;
    d[base + 2 * step] = descale(z1 + tmp13 * FIX_0_765366865, shift);
    d[base + 6 * step] = descale(z1 + tmp12 * -FIX_1_847759065, shift);

    z1 = tmp4 + tmp7;
    int z2 = tmp5 + tmp6;
    int z3 = tmp4 + tmp6;
    int z4 = tmp5 + tmp7;
    int z5 = (z3 + z4) * FIX_1_175875602;
    tmp4 *= FIX_0_298631336;
    tmp5 *= FIX_2_053119869;
    tmp6 *= FIX_3_072711026;
    tmp7 *= FIX_1_501321110;
    z1 *= -FIX_0_899976223;
    z2 *= -FIX_2_562915447;
    z3 *= -FIX_1_961570560;
    z4 *= -FIX_0_390180644;
    z3 += z5;
    z4 += z5;
    d[base + 7 * step] = descale(tmp4 + z1 + z3, shift);
    d[base + 5 * step] = descale(tmp5 + z2 + z4, shift);
    d[base + 3 * step] = descale(tmp6 + z2 + z3, shift);
    d[base + step] = descale(tmp7 + z1 + z4, shift);
  }
}
