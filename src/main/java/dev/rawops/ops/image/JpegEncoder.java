package dev.rawops.ops.image;

import com.google.protobuf.ByteString;
import dev.rawops.ops.image.JpegHuffman.BitWriter;
import dev.rawops.ops.image.JpegHuffman.Table;
import java.nio.charset.StandardCharsets;

/**
 * A baseline and progressive JPEG encoder that writes the bytes TF's EncodeJpeg writes (TF's
 * jpeg_mem.cc CompressInternal driving libjpeg-turbo): JFIF 1.01 APP0 with the given density, the
 * XMP packet as APP1, one DQT per table (the standard tables scaled by jpeg_quality_scaling and
 * clamped to baseline's 1..255), SOF0 or SOF2, DHT before each scan that needs it, EOI.
 *
 * <p>Pixels go through jccolor.c's fixed-point RGB to YCbCr, jcsample.c's downsampling (4:2:0 by
 * default: 2×2 sums with the alternating 1, 2 rounding bias; 4:4:4 without chroma downsampling),
 * libjpeg's edge padding (the last column and row repeated to whole blocks, downsampled rows
 * repeated to the whole MCU row), {@link JpegFdct}, and blocks past the image in a partial MCU
 * coded as libjpeg makes them (zero, the DC of the block before). Entropy coding: the standard
 * Huffman tables, or optimal ones per image ({@code optimize}) or per scan (progressive, which
 * libjpeg always optimizes); jpeg_simple_progression's scan script for progressive files.
 */
public final class JpegEncoder {
  private JpegEncoder() {}

  /** libjpeg failed (its error_exit): TF's CompressInternal returns false. */
  public static final class EncodeError extends Exception {
    private static final long serialVersionUID = 1L;

    EncodeError(String message) {
      super(message, null, false, false);
    }
  }

  /** The CompressFlags TF passes. {@code densityUnit}: 1 inches, 2 centimetres. */
  public record Options(
      int quality,
      boolean progressive,
      boolean optimize,
      boolean chromaDownsampling,
      int densityUnit,
      int xDensity,
      int yDensity,
      ByteString xmp) {}

  static final int[] NATURAL = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63
  };

  private static final int[] STD_LUMINANCE = {
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113,
    92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99
  };

  private static final int[] STD_CHROMINANCE = {
    17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
    47, 66, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99
  };

  private static final byte[] XMP_NAMESPACE =
      "http://ns.adobe.com/xap/1.0/".getBytes(StandardCharsets.US_ASCII);

  /** libjpeg's JPEG_MAX_DIMENSION. */
  static final int MAX_DIMENSION = 65500;

  /** One component: its sampling, tables and quantized blocks (those past the image included). */
  static final class Component {
    int id;
    int h;
    int v;
    int table; // quantization, DC and AC table number alike
    int widthInBlocks;
    int heightInBlocks;
    int blocksW; // allocated: whole MCUs
    int blocksH;
    int[] coef;

    int offset(int row, int col) {
      return (row * blocksW + col) * 64;
    }
  }

  /** jpeg_quality_scaling and jpeg_add_quant_table with force_baseline. */
  static int[] quantTable(int[] basic, int quality) {
    int q = Math.max(1, Math.min(100, quality));
    int scale = q < 50 ? 5000 / q : 200 - q * 2;
    int[] t = new int[64];
    for (int i = 0; i < 64; i++) {
      long v = ((long) basic[i] * scale + 50) / 100;
      t[i] = (int) Math.max(1, Math.min(255, v));
    }
    return t;
  }

  /**
   * Encodes {@code height × width} interleaved samples, 1 (gray) or 3 (RGB) per pixel. Throws
   * {@link EncodeError} where libjpeg or TF's wrapper fails.
   */
  public static byte[] encode(byte[] pixels, int height, int width, int channels, Options o)
      throws EncodeError {
    if (width <= 0 || height <= 0) {
      throw new EncodeError("Invalid image size: " + width + " x " + height);
    }
    if ((long) width * height >= 1L << 29) {
      throw new EncodeError("Image too large: " + (long) width * height);
    }
    if (height > MAX_DIMENSION || width > MAX_DIMENSION) {
      throw new EncodeError("Maximum supported image dimension is 65500 pixels");
    }
    byte[] xmp = o.xmp().toByteArray();
    if (xmp.length > 0 && XMP_NAMESPACE.length + 1 + xmp.length > 65533) {
      throw new EncodeError("Bogus marker length");
    }
    boolean gray = channels == 1;
    Component[] comps = components(gray, o.chromaDownsampling(), height, width);
    int[][] quant = {
      quantTable(STD_LUMINANCE, o.quality()), quantTable(STD_CHROMINANCE, o.quality())
    };
    JpegPlanes.fill(pixels, height, width, channels, comps, quant);

    JpegOutput out = new JpegOutput();
    out.marker(0xD8);
    jfif(out, o);
    if (xmp.length > 0) {
      out.marker(0xE1);
      out.put2(XMP_NAMESPACE.length + 1 + xmp.length + 2);
      for (byte b : XMP_NAMESPACE) {
        out.put(b);
      }
      out.put(0);
      for (byte b : xmp) {
        out.put(b);
      }
    }
    dqt(out, 0, quant[0]);
    if (!gray) {
      dqt(out, 1, quant[1]);
    }
    sof(out, o.progressive() ? 0xC2 : 0xC0, height, width, comps);
    if (o.progressive()) {
      JpegScans.progressive(out, comps);
    } else {
      JpegScans.sequential(out, comps, o.optimize());
    }
    out.marker(0xD9);
    return out.toByteArray();
  }

  private static Component[] components(boolean gray, boolean chroma, int height, int width) {
    int n = gray ? 1 : 3;
    Component[] comps = new Component[n];
    for (int i = 0; i < n; i++) {
      Component c = new Component();
      c.id = i + 1;
      c.h = i == 0 && !gray && chroma ? 2 : 1;
      c.v = c.h;
      c.table = i == 0 ? 0 : 1;
      comps[i] = c;
    }
    int maxH = comps[0].h;
    int maxV = comps[0].v;
    int mcusX = ceilDiv(width, maxH * 8);
    int mcusY = ceilDiv(height, maxV * 8);
    for (Component c : comps) {
      c.widthInBlocks = ceilDiv(width * c.h, maxH * 8);
      c.heightInBlocks = ceilDiv(height * c.v, maxV * 8);
      c.blocksW = mcusX * c.h;
      c.blocksH = mcusY * c.v;
      c.coef = new int[c.blocksW * c.blocksH * 64];
    }
    return comps;
  }

  static int ceilDiv(int a, int b) {
    return (a + b - 1) / b;
  }

  private static void jfif(JpegOutput out, Options o) {
    out.marker(0xE0);
    out.put2(16);
    for (byte b : "JFIF".getBytes(StandardCharsets.US_ASCII)) {
      out.put(b);
    }
    out.put(0);
    out.put(1);
    out.put(1);
    out.put(o.densityUnit());
    out.put2(o.xDensity() & 0xFFFF);
    out.put2(o.yDensity() & 0xFFFF);
    out.put(0);
    out.put(0);
  }

  private static void dqt(JpegOutput out, int index, int[] table) {
    out.marker(0xDB);
    out.put2(64 + 3);
    out.put(index);
    for (int i = 0; i < 64; i++) {
      out.put(table[NATURAL[i]]);
    }
  }

  private static void sof(JpegOutput out, int code, int height, int width, Component[] comps) {
    out.marker(code);
    out.put2(3 * comps.length + 8);
    out.put(8);
    out.put2(height);
    out.put2(width);
    out.put(comps.length);
    for (Component c : comps) {
      out.put(c.id);
      out.put((c.h << 4) + c.v);
      out.put(c.table);
    }
  }

  /** A DHT marker for one table; {@code index} has 0x10 set for AC. */
  static void dht(JpegOutput out, int index, Table t) {
    out.marker(0xC4);
    out.put2(t.values.length + 2 + 1 + 16);
    out.put(index);
    for (int i = 1; i <= 16; i++) {
      out.put(t.bits[i]);
    }
    for (int v : t.values) {
      out.put(v);
    }
  }

  static BitWriter bitWriter(JpegOutput out) {
    return new BitWriter(out);
  }
}
