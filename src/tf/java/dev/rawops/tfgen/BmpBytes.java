package dev.rawops.tfgen;

import java.io.ByteArrayOutputStream;

/**
 * BMP files built here for the image codec fixtures: a 54-byte header (BITMAPINFOHEADER), 8, 24 or
 * 32 bits per pixel, rows padded to 4 bytes, bottom-up or top-down (negative height).
 */
final class BmpBytes {
  static byte[] of(int width, int height, int bpp, byte[] rowsAsStored) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    int offset = 54;
    o.write('B');
    o.write('M');
    int32(o, offset + rowsAsStored.length);
    int32(o, 0);
    int32(o, offset);
    int32(o, 40);
    int32(o, width);
    int32(o, height);
    o.write(1);
    o.write(0);
    o.write(bpp);
    o.write(0);
    int32(o, 0);
    int32(o, rowsAsStored.length);
    int32(o, 2835);
    int32(o, 2835);
    int32(o, 0);
    int32(o, 0);
    o.writeBytes(rowsAsStored);
    return o.toByteArray();
  }

  /** Stored rows of random pixels for a width × |height| image, each row padded to 4 bytes. */
  static byte[] rows(java.util.Random r, int width, int height, int bpp) {
    int row = (bpp / 8 * width + 3) / 4 * 4;
    byte[] b = new byte[row * Math.abs(height)];
    for (int y = 0; y < Math.abs(height); y++) {
      for (int x = 0; x < bpp / 8 * width; x++) {
        b[y * row + x] = (byte) r.nextInt(256);
      }
    }
    return b;
  }

  private static void int32(ByteArrayOutputStream o, int v) {
    o.write(v & 0xFF);
    o.write((v >> 8) & 0xFF);
    o.write((v >> 16) & 0xFF);
    o.write((v >>> 24) & 0xFF);
  }

  private BmpBytes() {}
}
