package dev.rawops.tfgen;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * PNG files built here, sample by sample, for the image codec fixtures: any colour type and bit
 * depth, Adam7 or not, each row's filter chosen by the caller, the zlib stream split over several
 * IDATs, extra chunks, and hooks that break the file (CRC, filter byte, truncation, checksum).
 */
final class PngBytes {
  int width;
  int height;
  int bitDepth = 8;
  int colorType = 2;
  boolean interlaced;
  int[] samples = new int[0]; // height × width × channels, at bitDepth
  byte[] palette;
  byte[] trns;
  int idatChunks = 1;
  boolean textChunks;
  boolean badAncillaryCrc;
  boolean badIhdrCrc;
  boolean badIdatCrc;
  int badFilterRow = -1;
  boolean noIend;
  int dropImageBytes;
  boolean badAdler;
  int extraImageBytes;
  int[] ihdrOverride; // width, height, bitDepth, colorType; fields < 0 keep the real value

  int channels() {
    return switch (colorType) {
      case 0, 3 -> 1;
      case 4 -> 2;
      case 2 -> 3;
      default -> 4;
    };
  }

  private static final int[][] ADAM7 = {
    {0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}
  };

  private byte[] rawImage() {
    int ch = channels();
    int bits = ch * bitDepth;
    int bpp = Math.max(1, bits / 8);
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    int[][] passes = interlaced ? ADAM7 : new int[][] {{0, 0, 1, 1}};
    int rowIndex = 0;
    for (int[] p : passes) {
      int pw = width <= p[0] ? 0 : (width - p[0] + p[2] - 1) / p[2];
      int ph = height <= p[1] ? 0 : (height - p[1] + p[3] - 1) / p[3];
      if (pw == 0 || ph == 0) {
        continue;
      }
      int rowBytes = (pw * bits + 7) / 8;
      byte[] prev = new byte[rowBytes];
      for (int y = 0; y < ph; y++) {
        byte[] row = new byte[rowBytes];
        int oy = p[1] + y * p[3];
        for (int x = 0; x < pw; x++) {
          int ox = p[0] + x * p[2];
          for (int c = 0; c < ch; c++) {
            put(row, x * ch + c, samples[(oy * width + ox) * ch + c]);
          }
        }
        int filter = rowIndex % 5;
        byte[] f = filter(filter, row, prev, bpp);
        raw.write(rowIndex == badFilterRow ? 7 : filter);
        raw.writeBytes(f);
        prev = row;
        rowIndex++;
      }
    }
    byte[] b = raw.toByteArray();
    b = Arrays.copyOf(b, Math.max(0, b.length - dropImageBytes + extraImageBytes));
    return b;
  }

  private void put(byte[] row, int i, int v) {
    switch (bitDepth) {
      case 8 -> row[i] = (byte) v;
      case 16 -> {
        row[2 * i] = (byte) (v >> 8);
        row[2 * i + 1] = (byte) v;
      }
      default -> {
        int perByte = 8 / bitDepth;
        int shift = 8 - bitDepth * (i % perByte + 1);
        row[i / perByte] |= (byte) (v << shift);
      }
    }
  }

  private static byte[] filter(int type, byte[] row, byte[] prev, int bpp) {
    byte[] out = new byte[row.length];
    for (int i = 0; i < row.length; i++) {
      int a = i >= bpp ? row[i - bpp] & 0xFF : 0;
      int b = prev[i] & 0xFF;
      int c = i >= bpp ? prev[i - bpp] & 0xFF : 0;
      int pred =
          switch (type) {
            case 0 -> 0;
            case 1 -> a;
            case 2 -> b;
            case 3 -> (a + b) >> 1;
            default -> {
              int p = a + b - c;
              int pa = Math.abs(p - a);
              int pb = Math.abs(p - b);
              int pc = Math.abs(p - c);
              yield pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            }
          };
      out[i] = (byte) (row[i] - pred);
    }
    return out;
  }

  private static void chunk(ByteArrayOutputStream o, String type, byte[] data, boolean badCrc) {
    be(o, data.length);
    byte[] t = type.getBytes(StandardCharsets.ISO_8859_1);
    o.writeBytes(t);
    o.writeBytes(data);
    CRC32 crc = new CRC32();
    crc.update(t);
    crc.update(data);
    be(o, (int) crc.getValue() ^ (badCrc ? 1 : 0));
  }

  private static void be(ByteArrayOutputStream o, int v) {
    o.write(v >>> 24);
    o.write(v >>> 16);
    o.write(v >>> 8);
    o.write(v);
  }

  byte[] bytes() {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    o.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
    ByteArrayOutputStream ihdr = new ByteArrayOutputStream();
    int[] h = ihdrOverride == null ? new int[] {-1, -1, -1, -1} : ihdrOverride;
    be(ihdr, h[0] >= 0 ? h[0] : width);
    be(ihdr, h[1] >= 0 ? h[1] : height);
    ihdr.write(h[2] >= 0 ? h[2] : bitDepth);
    ihdr.write(h[3] >= 0 ? h[3] : colorType);
    ihdr.write(0);
    ihdr.write(0);
    ihdr.write(interlaced ? 1 : 0);
    chunk(o, "IHDR", ihdr.toByteArray(), badIhdrCrc);
    if (textChunks) {
      chunk(o, "tEXt", "Comment\0built for rawops".getBytes(StandardCharsets.ISO_8859_1), false);
    }
    if (badAncillaryCrc) {
      chunk(o, "tIME", new byte[] {7, (byte) 0xE9, 1, 2, 3, 4, 5}, true);
    }
    if (palette != null) {
      chunk(o, "PLTE", palette, false);
    }
    if (trns != null) {
      chunk(o, "tRNS", trns, false);
    }
    Deflater d = new Deflater(6);
    d.setInput(rawImage());
    d.finish();
    ByteArrayOutputStream z = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    while (!d.finished()) {
      z.write(buf, 0, d.deflate(buf));
    }
    d.end();
    byte[] zs = z.toByteArray();
    if (badAdler) {
      zs[zs.length - 1] ^= 0x55;
    }
    List<byte[]> parts = new ArrayList<>();
    int step = Math.max(1, (zs.length + idatChunks - 1) / idatChunks);
    for (int at = 0; at < zs.length; at += step) {
      parts.add(Arrays.copyOfRange(zs, at, Math.min(zs.length, at + step)));
    }
    for (int i = 0; i < parts.size(); i++) {
      chunk(o, "IDAT", parts.get(i), badIdatCrc && i == parts.size() - 1);
    }
    if (textChunks) {
      chunk(o, "tEXt", "Author\0tfgen".getBytes(StandardCharsets.ISO_8859_1), false);
    }
    if (!noIend) {
      chunk(o, "IEND", new byte[0], false);
    }
    return o.toByteArray();
  }
}
