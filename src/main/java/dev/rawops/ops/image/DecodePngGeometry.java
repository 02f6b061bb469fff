package dev.rawops.ops.image;

import dev.rawops.ops.NodeInfo;

/**
 * DecodePng's run-time checks and pixels (decode_image_op.cc's DecodeImageV2Op::DecodePngV2 and
 * png_io.cc's CommonInitDecode): the channel count chosen from the colour type and tRNS when {@code
 * channels} is 0; alpha added (tRNS turned to alpha, else libpng's filler {@code (1 << bit_depth) -
 * 1}, so a 4-bit palette gets alpha 15) or stripped; palettes expanded; gray widened to RGB or RGB
 * narrowed to gray with libpng's integer weights (red 9797, green 19234, blue 3737 of 32768; 8-bit
 * rows truncate, 16-bit rows round); 16-bit samples cut to their high byte for uint8, 8-bit samples
 * multiplied by 257 for uint16. A gAMA chunk is ignored, as TF sets no screen gamma — except that
 * libpng then applies it to an RGB-to-gray conversion, which rawops does not (a gAMA image decoded
 * to 1 or 2 channels may differ from TF).
 */
public final class DecodePngGeometry {
  private DecodePngGeometry() {}

  /** Decoded samples, row-major height × width × channels, at the output's bit depth. */
  public static final class Image {
    private final int height;
    private final int width;
    private final int channels;
    private final int[] samples;

    Image(int height, int width, int channels, int[] samples) {
      this.height = height;
      this.width = width;
      this.channels = channels;
      this.samples = samples;
    }

    public int height() {
      return height;
    }

    public int width() {
      return width;
    }

    public int channels() {
      return channels;
    }

    /** The samples themselves (not a copy): the caller reads them once. */
    public int[] samples() {
      return samples;
    }
  }

  /**
   * DecodeImageV2Op::DecodePngV2 up to the pixels: the header read and the size checked, then
   * {@code beforePixels} (the op-type checks TF makes once the output is allocated), then the rows.
   */
  static Image decode(
      NodeInfo node, byte[] in, int channels, boolean sixteen, Runnable beforePixels) {
    PngReader png = new PngReader(in);
    try {
      png.readHeader();
    } catch (PngReader.HeaderError e) {
      throw node.invalidArgument("Invalid PNG. Failed to initialize decoder.");
    }
    long w = png.width;
    long h = png.height;
    if (w >= (1L << 27) || h >= (1L << 27) || w * h >= (1L << 29)) {
      throw node.invalidArgument("PNG size too large for int: " + w + " by " + h);
    }
    beforePixels.run();
    int[] raw;
    try {
      raw = png.readImage();
    } catch (PngReader.DataError e) {
      throw node.invalidArgument("Invalid PNG data, size " + in.length);
    }
    return convert(png, raw, channels, sixteen);
  }

  private static Image convert(PngReader png, int[] raw, int desired, boolean sixteen) {
    int type = png.colorType;
    boolean trns = png.hasTrns();
    int out = desired;
    if (out == 0) {
      out = type == 3 ? (trns ? 4 : 3) : png.channels();
    }
    boolean wantAlpha = (out & 1) == 0;
    boolean wantGray = out < 3;
    int depth = png.bitDepth;
    int w = (int) png.width;
    int h = (int) png.height;
    int n = w * h;
    int src = png.channels();
    int[] samples = new int[n * out];
    int[] px = new int[4];
    int filler = wantAlpha && !trns && (type & 4) == 0 ? (1 << depth) - 1 : -1;
    for (int i = 0; i < n; i++) {
      int c = expand(png, raw, i * src, px, wantAlpha && trns);
      boolean alpha = c == 2 || c == 4;
      int a = alpha ? px[c - 1] : -1;
      int colours = alpha ? c - 1 : c;
      // rgb_to_gray, on the expanded depth (16-bit rows before they are cut)
      boolean rowIs16 = depth == 16;
      if (wantGray && colours == 3) {
        int r = px[0];
        int gr = px[1];
        int b = px[2];
        int g;
        if (r == gr && r == b) {
          g = r;
        } else if (rowIs16) {
          g = (int) ((9797L * r + 19234L * gr + 3737L * b + 16384) >> 15);
        } else {
          g = (int) ((9797L * r + 19234L * gr + 3737L * b) >> 15);
        }
        px[0] = g;
        colours = 1;
      }
      if (!wantGray && colours == 1) {
        px[2] = px[1] = px[0];
        colours = 3;
      }
      if (rowIs16 && !sixteen) {
        for (int k = 0; k < colours; k++) {
          px[k] >>= 8;
        }
        if (a >= 0) {
          a >>= 8;
        }
      }
      if (wantAlpha && a < 0) {
        a = rowIs16 && sixteen ? filler : filler & 0xFF;
      }
      int base = i * out;
      for (int k = 0; k < colours; k++) {
        samples[base + k] = px[k];
      }
      if (wantAlpha) {
        samples[base + colours] = a;
      }
    }
    if (sixteen && depth <= 8) {
      for (int i = 0; i < samples.length; i++) {
        samples[i] *= 257;
      }
    }
    return new Image(h, w, out, samples);
  }

  /**
   * libpng's expand step for pixel at {@code at}: palette to RGB (plus tRNS alpha when the palette
   * has tRNS), gray below 8 bits scaled to 8, tRNS to alpha when asked. Returns the channel count
   * in px.
   */
  private static int expand(PngReader png, int[] raw, int at, int[] px, boolean trnsToAlpha) {
    int depth = png.bitDepth;
    int top = depth == 16 ? 0xFFFF : 0xFF;
    switch (png.colorType) {
      case 3 -> {
        int idx = raw[at];
        px[0] = png.palette[3 * idx] & 0xFF;
        px[1] = png.palette[3 * idx + 1] & 0xFF;
        px[2] = png.palette[3 * idx + 2] & 0xFF;
        if (png.trnsAlpha.length > 0) {
          px[3] = idx < png.trnsAlpha.length ? png.trnsAlpha[idx] & 0xFF : 0xFF;
          return 4;
        }
        return 3;
      }
      case 0 -> {
        int v = raw[at];
        px[0] = depth < 8 ? v * (255 / ((1 << depth) - 1)) : v;
        if (trnsToAlpha) {
          px[1] = v == png.trnsColor[0] ? 0 : top;
          return 2;
        }
        return 1;
      }
      case 2 -> {
        px[0] = raw[at];
        px[1] = raw[at + 1];
        px[2] = raw[at + 2];
        if (trnsToAlpha) {
          int[] t = png.trnsColor;
          px[3] = px[0] == t[0] && px[1] == t[1] && px[2] == t[2] ? 0 : top;
          return 4;
        }
        return 3;
      }
      default -> {
        int c = png.channels();
        System.arraycopy(raw, at, px, 0, c);
        return c;
      }
    }
  }
}
