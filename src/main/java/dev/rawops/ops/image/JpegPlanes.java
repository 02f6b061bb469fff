package dev.rawops.ops.image;

import dev.rawops.ops.image.JpegEncoder.Component;

/**
 * From pixels to quantized blocks, as libjpeg-turbo's compressor front end does it: jccolor.c's
 * fixed-point RGB to YCbCr (16 fraction bits, Y rounded half up, Cb and Cr with a bias one below
 * half), jcsample.c's h2v2 downsampling (2×2 sums plus 1, 2, 1, 2… by output column, over the image
 * with its last column and row repeated) or full-size copies, jcprepct.c's padding (the last sample
 * repeated rightwards to whole blocks, the last downsampled row downwards), and jccoefct.c's blocks
 * past the image inside the last MCUs: all zero but for the DC, copied from the block to their
 * left, or in a row below the image from the MCU's last block of the row above.
 */
final class JpegPlanes {
  private JpegPlanes() {}

  private static int fix(double x) {
    return (int) (x * 65536 + 0.5);
  }

  private static final int HALF = 1 << 15;
  private static final int CBCR_OFFSET = 128 << 16;

  static void fill(
      byte[] pixels, int height, int width, int channels, Component[] comps, int[][] quant) {
    int n = height * width;
    int[][] full = new int[comps.length][n];
    if (channels == 1) {
      for (int i = 0; i < n; i++) {
        full[0][i] = pixels[i] & 0xFF;
      }
    } else {
      int ry = fix(0.29900);
      int gy = fix(0.58700);
      int by = fix(0.11400);
      int rcb = -fix(0.16874);
      int gcb = -fix(0.33126);
      int half = fix(0.50000);
      int gcr = -fix(0.41869);
      int bcr = -fix(0.08131);
      for (int i = 0; i < n; i++) {
        int r = pixels[3 * i] & 0xFF;
        int g = pixels[3 * i + 1] & 0xFF;
        int b = pixels[3 * i + 2] & 0xFF;
        full[0][i] = (ry * r + gy * g + by * b + HALF) >> 16;
        full[1][i] = (rcb * r + gcb * g + half * b + CBCR_OFFSET + HALF - 1) >> 16;
        full[2][i] = (half * r + gcr * g + bcr * b + CBCR_OFFSET + HALF - 1) >> 16;
      }
    }
    int maxH = comps[0].h;
    for (int ci = 0; ci < comps.length; ci++) {
      Component c = comps[ci];
      int stride = c.widthInBlocks * 8;
      int[] plane =
          c.h == maxH
              ? fullSize(full[ci], height, width, stride, c.heightInBlocks * 8)
              : h2v2(full[ci], height, width, stride, c.heightInBlocks * 8);
      JpegFdct.Divisors q = new JpegFdct.Divisors(quant[c.table]);
      for (int by = 0; by < c.heightInBlocks; by++) {
        for (int bx = 0; bx < c.widthInBlocks; bx++) {
          JpegFdct.forward(plane, stride, by * 8, bx * 8, q, c.coef, c.offset(by, bx));
        }
        for (int bx = c.widthInBlocks; bx < c.blocksW; bx++) {
          c.coef[c.offset(by, bx)] = c.coef[c.offset(by, bx - 1)];
        }
      }
      for (int by = c.heightInBlocks; by < c.blocksH; by++) {
        for (int bx = 0; bx < c.blocksW; bx++) {
          int mcuLast = (bx / c.h) * c.h + c.h - 1;
          c.coef[c.offset(by, bx)] = c.coef[c.offset(by - 1, mcuLast)];
        }
      }
    }
  }

  private static int[] fullSize(int[] src, int height, int width, int stride, int rows) {
    int[] p = new int[stride * rows];
    for (int y = 0; y < rows; y++) {
      int sy = Math.min(y, height - 1) * width;
      for (int x = 0; x < stride; x++) {
        p[y * stride + x] = src[sy + Math.min(x, width - 1)];
      }
    }
    return p;
  }

  private static int[] h2v2(int[] src, int height, int width, int stride, int rows) {
    int[] p = new int[stride * rows];
    int realRows = (height + 1) / 2;
    for (int y = 0; y < rows; y++) {
      int oy = Math.min(y, realRows - 1);
      int r0 = Math.min(2 * oy, height - 1) * width;
      int r1 = Math.min(2 * oy + 1, height - 1) * width;
      for (int x = 0; x < stride; x++) {
        int c0 = Math.min(2 * x, width - 1);
        int c1 = Math.min(2 * x + 1, width - 1);
        int bias = (x & 1) == 0 ? 1 : 2;
        p[y * stride + x] = (src[r0 + c0] + src[r0 + c1] + src[r1 + c0] + src[r1 + c1] + bias) >> 2;
      }
    }
    return p;
  }
}
