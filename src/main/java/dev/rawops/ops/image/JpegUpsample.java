package dev.rawops.ops.image;

/**
 * jdsample.c's upsampling of one component plane to the image's size: its "fancy" triangle filters
 * for 2×1 (h2v1), 1×2 (h1v2) and 2×2 (h2v2) factors, each with libjpeg's rounding biases, the first
 * and last columns special-cased and the rows beyond the component's own height repeating its edge
 * rows (jdmainct.c's context pointers); plain replication for other factors, for TF's {@code
 * fancy_upscaling=false}, and for components that are not {@code wide} (jdsample.c's choice: more
 * than 2 samples wide, or, in a crop, at least 2 where the whole image's were more than 2).
 */
final class JpegUpsample {
  private JpegUpsample() {}

  static int[] upsample(
      int[] p,
      int stride,
      int dsW,
      int dsH,
      int fh,
      int fv,
      boolean fancy,
      boolean wide,
      int w,
      int h) {
    int[] out = new int[w * h];
    if (fh == 1 && fv == 1) {
      for (int y = 0; y < h; y++) {
        System.arraycopy(p, y * stride, out, y * w, w);
      }
      return out;
    }
    boolean h2v1 = fh == 2 && fv == 1 && fancy && wide;
    boolean h1v2 = fh == 1 && fv == 2 && fancy;
    boolean h2v2 = fh == 2 && fv == 2 && fancy && wide;
    int[] row = new int[2 * Math.max(dsW, 1) + 2];
    for (int y = 0; y < h; y++) {
      int sy = y / fv;
      if (h2v1) {
        h2v1Row(p, sy * stride, dsW, row);
      } else if (h1v2 || h2v2) {
        int near = sy * stride;
        boolean upper = (y & 1) == 0;
        int other = Math.min(Math.max(upper ? sy - 1 : sy + 1, 0), dsH - 1) * stride;
        if (h1v2) {
          int bias = upper ? 1 : 2;
          for (int x = 0; x < dsW; x++) {
            row[x] = (p[near + x] * 3 + p[other + x] + bias) >> 2;
          }
        } else {
          h2v2Row(p, near, other, dsW, row);
        }
      } else {
        for (int x = 0; x < w; x++) {
          out[y * w + x] = p[sy * stride + x / fh];
        }
        continue;
      }
      System.arraycopy(row, 0, out, y * w, w);
    }
    return out;
  }

  private static void h2v1Row(int[] p, int at, int dsW, int[] row) {
    int o = 0;
    int v = p[at];
    row[o++] = v;
    row[o++] = (v * 3 + p[at + 1] + 2) >> 2;
    for (int x = 1; x < dsW - 1; x++) {
      v = p[at + x] * 3;
      row[o++] = (v + p[at + x - 1] + 1) >> 2;
      row[o++] = (v + p[at + x + 1] + 2) >> 2;
    }
    v = p[at + dsW - 1];
    row[o++] = (v * 3 + p[at + dsW - 2] + 1) >> 2;
    row[o] = v;
  }

  private static void h2v2Row(int[] p, int near, int other, int dsW, int[] row) {
    int o = 0;
    int thiscol = p[near] * 3 + p[other];
    int nextcol = p[near + 1] * 3 + p[other + 1];
    row[o++] = (thiscol * 4 + 8) >> 4;
    row[o++] = (thiscol * 3 + nextcol + 7) >> 4;
    int lastcol = thiscol;
    thiscol = nextcol;
    for (int x = 2; x < dsW; x++) {
      nextcol = p[near + x] * 3 + p[other + x];
      row[o++] = (thiscol * 3 + lastcol + 8) >> 4;
      row[o++] = (thiscol * 3 + nextcol + 7) >> 4;
      lastcol = thiscol;
      thiscol = nextcol;
    }
    row[o++] = (thiscol * 3 + lastcol + 8) >> 4;
    row[o] = (thiscol * 4 + 7) >> 4;
  }
}
