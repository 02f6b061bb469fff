package dev.rawops.ops.image;

import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A PNG written as TF's png::WriteImageToBuffer asks libpng to write it: gray, gray+alpha, RGB or
 * RGBA at 8 or 16 bits (16-bit samples big-endian), not interlaced, each row's filter chosen by
 * libpng's default heuristic (the smallest sum of the filtered bytes read as signed), the rows
 * deflated at the given zlib level (-1: zlib's default), IHDR, IDAT and IEND only. The bytes are
 * not libpng's (its zlib runs with memory level 9 and a window fitted to the image, which the JDK's
 * Deflater cannot set); the pixels they decode to are the same.
 */
public final class PngWriter {
  private PngWriter() {}

  /** Encodes {@code samples} (row-major height × width × channels) as a PNG. */
  public static byte[] encode(
      int[] samples, int offset, int height, int width, int channels, boolean sixteen, int level) {
    int bpp = channels * (sixteen ? 2 : 1);
    int rowBytes = width * bpp;
    byte[] prev = new byte[rowBytes];
    byte[] row = new byte[rowBytes];
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    byte[][] candidates = new byte[5][rowBytes];
    for (int y = 0; y < height; y++) {
      int at = offset + y * width * channels;
      for (int i = 0; i < width * channels; i++) {
        int v = samples[at + i];
        if (sixteen) {
          row[2 * i] = (byte) (v >>> 8);
          row[2 * i + 1] = (byte) v;
        } else {
          row[i] = (byte) v;
        }
      }
      int best = 0;
      long bestSum = Long.MAX_VALUE;
      for (int f = 0; f < 5; f++) {
        long sum = filter(f, row, prev, bpp, candidates[f]);
        if (sum < bestSum) {
          bestSum = sum;
          best = f;
        }
      }
      raw.write(best);
      raw.write(candidates[best], 0, rowBytes);
      byte[] t = prev;
      prev = row;
      row = t;
    }
    Deflater d = new Deflater(level < 0 ? Deflater.DEFAULT_COMPRESSION : level);
    d.setInput(raw.toByteArray());
    d.finish();
    ByteArrayOutputStream z = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    while (!d.finished()) {
      z.write(buf, 0, d.deflate(buf));
    }
    d.end();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
    int colorType =
        switch (channels) {
          case 1 -> 0;
          case 2 -> 4;
          case 3 -> 2;
          default -> 6;
        };
    byte[] ihdr = new byte[13];
    int32(ihdr, 0, width);
    int32(ihdr, 4, height);
    ihdr[8] = (byte) (sixteen ? 16 : 8);
    ihdr[9] = (byte) colorType;
    chunk(out, "IHDR", ihdr);
    chunk(out, "IDAT", z.toByteArray());
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  /** Filters {@code row} with filter type {@code f}; returns libpng's sum of |signed byte|. */
  private static long filter(int f, byte[] row, byte[] prev, int bpp, byte[] out) {
    long sum = 0;
    for (int i = 0; i < row.length; i++) {
      int x = row[i] & 0xFF;
      int a = i >= bpp ? row[i - bpp] & 0xFF : 0;
      int b = prev[i] & 0xFF;
      int c = i >= bpp ? prev[i - bpp] & 0xFF : 0;
      int p =
          switch (f) {
            case 0 -> x;
            case 1 -> x - a;
            case 2 -> x - b;
            case 3 -> x - ((a + b) >> 1);
            default -> x - paeth(a, b, c);
          };
      out[i] = (byte) p;
      sum += Math.abs((byte) p);
    }
    return sum;
  }

  private static int paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = Math.abs(p - a);
    int pb = Math.abs(p - b);
    int pc = Math.abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  }

  private static void int32(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
    byte[] len = new byte[4];
    int32(len, 0, data.length);
    out.writeBytes(len);
    byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    out.writeBytes(t);
    out.writeBytes(data);
    CRC32 crc = new CRC32();
    crc.update(t);
    crc.update(data);
    byte[] c = new byte[4];
    int32(c, 0, (int) crc.getValue());
    out.writeBytes(c);
  }
}
