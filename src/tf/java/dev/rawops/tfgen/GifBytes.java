package dev.rawops.tfgen;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * GIF files built here for the image codec fixtures: a screen descriptor with or without a global
 * colour map, frames with their own place, size, local colour map, interlacing, LZW code size and
 * data-block size, Graphic Control Extensions with a transparent index, and hooks that break the
 * file (early end-of-information code, a stray record, no trailer).
 */
final class GifBytes {
  int screenWidth;
  int screenHeight;
  byte[] globalMap; // 3 × 2^k bytes, or null
  boolean gif87;
  boolean trailer = true;
  byte[] tail = new byte[0]; // bytes after the last frame, before the trailer
  final List<Frame> frames = new ArrayList<>();

  static final class Frame {
    int left;
    int top;
    int width;
    int height;
    byte[] localMap;
    boolean interlaced;
    int transparent = -1;
    int codeSize = -1; // -1: from the colour map's size
    int blockSize = 255;
    int[] pixels; // height × width indices, in row order
    int earlyEnd = -1; // emit the end-of-information code after this many pixels
  }

  Frame frame(int left, int top, int width, int height, int[] pixels) {
    Frame f = new Frame();
    f.left = left;
    f.top = top;
    f.width = width;
    f.height = height;
    f.pixels = pixels;
    frames.add(f);
    return f;
  }

  private static int bits(byte[] map) {
    int n = map.length / 3;
    int b = 1;
    while ((1 << b) < n) {
      b++;
    }
    return b;
  }

  private static void word(ByteArrayOutputStream o, int v) {
    o.write(v & 0xFF);
    o.write((v >> 8) & 0xFF);
  }

  byte[] bytes() {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    o.writeBytes(
        (gif87 ? "GIF87a" : "GIF89a").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    word(o, screenWidth);
    word(o, screenHeight);
    o.write(globalMap == null ? 0 : 0x80 | 0x70 | (bits(globalMap) - 1));
    o.write(0);
    o.write(0);
    if (globalMap != null) {
      o.writeBytes(globalMap);
    }
    for (Frame f : frames) {
      if (f.transparent >= 0) {
        o.writeBytes(new byte[] {0x21, (byte) 0xF9, 4, 1, 0, 0, (byte) f.transparent, 0});
      }
      o.write(',');
      word(o, f.left);
      word(o, f.top);
      word(o, f.width);
      word(o, f.height);
      int packed = f.interlaced ? 0x40 : 0;
      if (f.localMap != null) {
        packed |= 0x80 | (bits(f.localMap) - 1);
      }
      o.write(packed);
      if (f.localMap != null) {
        o.writeBytes(f.localMap);
      }
      byte[] map = f.localMap != null ? f.localMap : globalMap;
      int codeSize = f.codeSize >= 0 ? f.codeSize : Math.max(2, map == null ? 2 : bits(map));
      o.write(codeSize);
      byte[] data = lzw(order(f), codeSize, f.earlyEnd);
      for (int i = 0; i < data.length; i += f.blockSize) {
        int n = Math.min(f.blockSize, data.length - i);
        o.write(n);
        o.write(data, i, n);
      }
      o.write(0);
    }
    o.writeBytes(tail);
    if (trailer) {
      o.write(';');
    }
    return o.toByteArray();
  }

  /** The pixels in the order they are stored: interlaced frames by pass. */
  private static int[] order(Frame f) {
    if (!f.interlaced) {
      return f.pixels;
    }
    int[] out = new int[f.pixels.length];
    int[] offsets = {0, 4, 2, 1};
    int[] jumps = {8, 8, 4, 2};
    int row = 0;
    for (int pass = 0; pass < 4; pass++) {
      for (int j = offsets[pass]; j < f.height; j += jumps[pass]) {
        System.arraycopy(f.pixels, j * f.width, out, row * f.width, f.width);
        row++;
      }
    }
    return out;
  }

  /** GIF's variable-length LZW, clear code first, a new clear when the table is full. */
  private static byte[] lzw(int[] pixels, int codeSize, int earlyEnd) {
    Bits out = new Bits();
    int clear = 1 << codeSize;
    int eoi = clear + 1;
    int width = codeSize + 1;
    int next = eoi + 1;
    Map<Long, Integer> table = new HashMap<>();
    out.put(clear, width);
    int n = earlyEnd >= 0 ? earlyEnd : pixels.length;
    int prefix = -1;
    for (int i = 0; i < n; i++) {
      int k = pixels[i];
      if (prefix < 0) {
        prefix = k;
        continue;
      }
      long key = ((long) prefix << 16) | k;
      Integer code = table.get(key);
      if (code != null) {
        prefix = code;
        continue;
      }
      out.put(prefix, width);
      if (next < 4096) {
        table.put(key, next++);
        if (next > (1 << width) && width < 12) {
          width++;
        }
      } else {
        out.put(clear, width);
        table.clear();
        width = codeSize + 1;
        next = eoi + 1;
      }
      prefix = k;
    }
    if (prefix >= 0) {
      out.put(prefix, width);
      // the decoder widens its codes after this one as if an entry were added
      if (next + 1 > (1 << width) && width < 12) {
        width++;
      }
    }
    out.put(eoi, width);
    return out.bytes();
  }

  private static final class Bits {
    private final ByteArrayOutputStream o = new ByteArrayOutputStream();
    private long acc;
    private int count;

    void put(int code, int width) {
      acc |= (long) code << count;
      count += width;
      while (count >= 8) {
        o.write((int) (acc & 0xFF));
        acc >>>= 8;
        count -= 8;
      }
    }

    byte[] bytes() {
      if (count > 0) {
        o.write((int) (acc & 0xFF));
      }
      return o.toByteArray();
    }
  }
}
