package dev.rawops.ops.image;

import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A PNG's chunks and samples, read the way libpng 1.6 (TF's decoder) accepts or rejects them: CRC
 * errors and unknown chunks are fatal when critical and skipped when ancillary; an invalid tRNS is
 * ignored; data after the image's last row, or a bad checksum after it, is ignored (libpng's benign
 * errors, warnings on read); too little image data, a bad filter byte or a truncated file are
 * errors. Samples are unpacked, one int per channel, at the file's bit depth.
 */
final class PngReader {
  /** Failure before the first IDAT (TF: "Failed to initialize decoder"). */
  static final class HeaderError extends Exception {
    HeaderError(String why) {
      super(why, null, false, false);
    }
  }

  /** Failure while reading the image data or the chunks after it. */
  static final class DataError extends Exception {
    DataError(String why) {
      super(why, null, false, false);
    }
  }

  private static final long USER_MAX = 1_000_000; // libpng's PNG_USER_WIDTH/HEIGHT_MAX

  final byte[] in;
  int pos = 8;
  long width;
  long height;
  int bitDepth;
  int colorType;
  int interlace;
  byte[] palette = new byte[256 * 3]; // zero beyond PLTE, as libpng's calloc'd palette
  int numPalette;
  byte[] trnsAlpha = new byte[0];
  int[] trnsColor; // gray, or r, g, b; null without a usable tRNS

  private int idatStart;

  PngReader(byte[] in) {
    this.in = in;
  }

  int channels() {
    return switch (colorType) {
      case 0, 3 -> 1;
      case 4 -> 2;
      case 2 -> 3;
      default -> 4;
    };
  }

  boolean hasTrns() {
    return colorType == 3 ? trnsAlpha.length > 0 : trnsColor != null;
  }

  private long u32(int at) {
    return ((in[at] & 0xFFL) << 24)
        | ((in[at + 1] & 0xFFL) << 16)
        | ((in[at + 2] & 0xFFL) << 8)
        | (in[at + 3] & 0xFFL);
  }

  private int u16(int at) {
    return ((in[at] & 0xFF) << 8) | (in[at + 1] & 0xFF);
  }

  /** Whether the CRC of the chunk at start, of length bytes of data, is right. */
  private boolean crcOk(int start, int length) {
    CRC32 crc = new CRC32();
    crc.update(in, start + 4, length + 4);
    return crc.getValue() == u32(start + 8 + length);
  }

  private static boolean critical(int type) {
    return (type & 0x20000000) == 0;
  }

  private static final int IHDR = 0x49484452;
  private static final int PLTE = 0x504C5445;
  private static final int IDAT = 0x49444154;
  private static final int IEND = 0x49454E44;
  private static final int TRNS = 0x74524E53;

  /** Reads chunks up to the first IDAT (libpng's png_read_info). */
  void readHeader() throws HeaderError {
    boolean first = true;
    while (true) {
      if (in.length - pos < 8) {
        throw new HeaderError("More bytes requested to read than available");
      }
      long length = u32(pos);
      int type = (int) u32(pos + 4);
      if (length > Integer.MAX_VALUE) {
        throw new HeaderError("PNG unsigned integer out of range");
      }
      if (first != (type == IHDR)) {
        throw new HeaderError(first ? "Missing IHDR before IDAT" : "IHDR: out of place");
      }
      if (type == IDAT) {
        if (colorType == 3 && numPalette == 0) {
          throw new HeaderError("Missing PLTE before IDAT");
        }
        idatStart = pos;
        return;
      }
      if (in.length - pos - 12 < length) {
        throw new HeaderError("More bytes requested to read than available");
      }
      int len = (int) length;
      int data = pos + 8;
      boolean crc = crcOk(pos, len);
      if (!crc && critical(type)) {
        throw new HeaderError("CRC error");
      }
      if (type == IHDR) {
        if (len != 13) {
          throw new HeaderError("IHDR: invalid");
        }
        ihdr(data);
      } else if (type == PLTE) {
        plte(data, len);
      } else if (type == TRNS && crc) {
        trns(data, len);
      } else if (type == IEND) {
        throw new HeaderError("Not enough image data");
      } else if (critical(type)) {
        throw new HeaderError("unknown critical chunk");
      }
      first = false;
      pos = data + len + 4;
    }
  }

  private void ihdr(int at) throws HeaderError {
    width = u32(at);
    height = u32(at + 4);
    bitDepth = in[at + 8] & 0xFF;
    colorType = in[at + 9] & 0xFF;
    int compression = in[at + 10] & 0xFF;
    int filter = in[at + 11] & 0xFF;
    interlace = in[at + 12] & 0xFF;
    boolean depthOk =
        switch (colorType) {
          case 0 ->
              bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8 || bitDepth == 16;
          case 3 -> bitDepth == 1 || bitDepth == 2 || bitDepth == 4 || bitDepth == 8;
          case 2, 4, 6 -> bitDepth == 8 || bitDepth == 16;
          default -> false;
        };
    if (width == 0
        || height == 0
        || width > USER_MAX
        || height > USER_MAX
        || !depthOk
        || compression != 0
        || filter != 0
        || interlace > 1) {
      throw new HeaderError("Invalid IHDR data");
    }
  }

  private void plte(int at, int len) throws HeaderError {
    if (colorType != 3) {
      return; // a suggested palette, unused here
    }
    if (len % 3 != 0 || len == 0 || len > 3 * 256) {
      throw new HeaderError("PLTE: invalid");
    }
    numPalette = Math.min(len / 3, 1 << bitDepth);
    System.arraycopy(in, at, palette, 0, numPalette * 3);
  }

  private void trns(int at, int len) {
    switch (colorType) {
      case 3 -> {
        if (numPalette > 0 && len > 0 && len <= numPalette) {
          trnsAlpha = java.util.Arrays.copyOfRange(in, at, at + len);
        }
      }
      case 0 -> {
        if (len == 2) {
          trnsColor = new int[] {u16(at) & ((1 << bitDepth) - 1)};
        }
      }
      case 2 -> {
        if (len == 6) {
          trnsColor = new int[] {u16(at), u16(at + 2), u16(at + 4)};
        }
      }
      default -> {}
    }
  }

  /** The image's unpacked samples, height × width × channels(), read from the IDATs on. */
  int[] readImage() throws DataError {
    int w = (int) width;
    int h = (int) height;
    int ch = channels();
    int bitsPerPixel = ch * bitDepth;
    long need = 0;
    int[][] passes = interlace == 1 ? ADAM7 : new int[][] {{0, 0, 1, 1}};
    for (int[] p : passes) {
      long pw = passSize(w, p[0], p[2]);
      long ph = passSize(h, p[1], p[3]);
      if (pw > 0 && ph > 0) {
        need += ph * (1 + (pw * bitsPerPixel + 7) / 8);
      }
    }
    byte[] raw = inflate(need);
    int[] out = new int[w * h * ch];
    int bpp = Math.max(1, bitsPerPixel / 8);
    int at = 0;
    for (int[] p : passes) {
      int pw = (int) passSize(w, p[0], p[2]);
      int ph = (int) passSize(h, p[1], p[3]);
      if (pw == 0 || ph == 0) {
        continue;
      }
      int rowBytes = (int) (((long) pw * bitsPerPixel + 7) / 8);
      byte[] prev = new byte[rowBytes];
      byte[] row = new byte[rowBytes];
      for (int y = 0; y < ph; y++) {
        int filter = raw[at] & 0xFF;
        System.arraycopy(raw, at + 1, row, 0, rowBytes);
        at += 1 + rowBytes;
        unfilter(filter, row, prev, bpp);
        int oy = p[1] + y * p[3];
        for (int x = 0; x < pw; x++) {
          int ox = p[0] + x * p[2];
          int base = (oy * w + ox) * ch;
          for (int c = 0; c < ch; c++) {
            out[base + c] = sample(row, x * ch + c);
          }
        }
        byte[] t = prev;
        prev = row;
        row = t;
      }
    }
    readEnd();
    return out;
  }

  private static final int[][] ADAM7 = {
    {0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}
  };

  private static long passSize(long n, int start, int step) {
    return n <= start ? 0 : (n - start + step - 1) / step;
  }

  private int sample(byte[] row, int i) {
    return switch (bitDepth) {
      case 8 -> row[i] & 0xFF;
      case 16 -> ((row[2 * i] & 0xFF) << 8) | (row[2 * i + 1] & 0xFF);
      default -> {
        int perByte = 8 / bitDepth;
        int shift = 8 - bitDepth * (i % perByte + 1);
        yield ((row[i / perByte] & 0xFF) >> shift) & ((1 << bitDepth) - 1);
      }
    };
  }

  private static void unfilter(int filter, byte[] row, byte[] prev, int bpp) throws DataError {
    int n = row.length;
    switch (filter) {
      case 0 -> {}
      case 1 -> {
        for (int i = bpp; i < n; i++) {
          row[i] += row[i - bpp];
        }
      }
      case 2 -> {
        for (int i = 0; i < n; i++) {
          row[i] += prev[i];
        }
      }
      case 3 -> {
        for (int i = 0; i < n; i++) {
          int left = i >= bpp ? row[i - bpp] & 0xFF : 0;
          row[i] += (byte) ((left + (prev[i] & 0xFF)) >> 1);
        }
      }
      case 4 -> {
        for (int i = 0; i < n; i++) {
          int a = i >= bpp ? row[i - bpp] & 0xFF : 0;
          int b = prev[i] & 0xFF;
          int c = i >= bpp ? prev[i - bpp] & 0xFF : 0;
          int p = a + b - c;
          int pa = Math.abs(p - a);
          int pb = Math.abs(p - b);
          int pc = Math.abs(p - c);
          row[i] += (byte) (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
        }
      }
      default -> throw new DataError("bad adaptive filter value");
    }
  }

  /** Inflates the consecutive IDATs; leaves pos after the last one. */
  private byte[] inflate(long need) throws DataError {
    if (need > Integer.MAX_VALUE - 16) {
      throw new DataError("image too large");
    }
    byte[] out = new byte[(int) need];
    int have = 0;
    Inflater z = new Inflater();
    try {
      pos = idatStart;
      boolean ended = false;
      byte[] scratch = new byte[256];
      while (true) {
        if (z.needsInput() && !ended) {
          int len = nextIdat();
          if (len < 0) {
            throw new DataError("Not enough image data");
          }
          z.setInput(in, pos + 8, len);
          pos += 12 + len;
        }
        try {
          if (have < out.length) {
            int n = z.inflate(out, have, out.length - have);
            have += n;
            if (z.finished() && have < out.length) {
              throw new DataError("Not enough image data");
            }
          } else {
            z.inflate(scratch);
            ended = z.finished();
          }
        } catch (DataFormatException e) {
          if (have < out.length) {
            throw new DataError(e.getMessage());
          }
          ended = true; // libpng: a benign error once every row is read
        }
        if (ended || (have == out.length && z.finished())) {
          break;
        }
      }
    } finally {
      z.end();
    }
    // libpng reads on past any IDATs left over
    while (nextIdat() >= 0) {
      pos += 12 + (int) u32(pos);
    }
    return out;
  }

  /** The length of the IDAT at pos (CRC checked), or -1 when the chunk at pos is another. */
  private int nextIdat() throws DataError {
    if (in.length - pos < 8) {
      throw new DataError("More bytes requested to read than available");
    }
    long length = u32(pos);
    if ((int) u32(pos + 4) != IDAT) {
      return -1;
    }
    if (length > Integer.MAX_VALUE || in.length - pos - 12 < length) {
      throw new DataError("More bytes requested to read than available");
    }
    if (!crcOk(pos, (int) length)) {
      throw new DataError("CRC error");
    }
    return (int) length;
  }

  /** libpng's png_read_end: every chunk up to IEND must be there, critical ones intact. */
  private void readEnd() throws DataError {
    while (true) {
      if (in.length - pos < 8) {
        throw new DataError("More bytes requested to read than available");
      }
      long length = u32(pos);
      int type = (int) u32(pos + 4);
      if (length > Integer.MAX_VALUE || in.length - pos - 12 < length) {
        throw new DataError("More bytes requested to read than available");
      }
      int len = (int) length;
      if (critical(type) && !crcOk(pos, len)) {
        throw new DataError("CRC error");
      }
      if (type == IEND) {
        return;
      }
      if (critical(type)) {
        throw new DataError("unknown or misplaced critical chunk");
      }
      pos += 12 + len;
    }
  }
}
