package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * The image codec cases past DecodePng: GIFs ({@link GifBytes}: single and animated, frames smaller
 * than the canvas, local colour maps, transparency, interlacing, small data blocks, GIF87a, no
 * trailer, a stray record after the last frame) through DecodeGif, DecodeImage (expanded or not,
 * uint8/uint16/float) and DecodePng; BMPs ({@link BmpBytes}: 8/24/32 bits, padded rows, top-down)
 * through DecodeBmp and DecodeImage; PNGs through DecodeGif, DecodeBmp and DecodeImage; the JDK's
 * JPEGs (baseline, gray, progressive) and hand-broken headers through ExtractJpegShape; each
 * format's errors. The file is always fed.
 */
final class ImageFormatCases {
  private ImageFormatCases() {}

  private static void run(
      CaseList out, String what, String op, byte[] file, Map<String, Object> attrs) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fed(Tensor.ofByteStrings(Shape.scalar(), file), PartialShape.of(), Encoding.TYPED, false)
        .addTo(g, "contents", feeds);
    g.op("image", op, "contents");
    for (Map.Entry<String, Object> a : attrs.entrySet()) {
      switch (a.getValue()) {
        case Long l -> g.attr(a.getKey(), l);
        case Boolean b -> g.attr(a.getKey(), b);
        case DType t -> g.attr(a.getKey(), t);
        default -> throw new IllegalArgumentException(a.toString());
      }
    }
    out.add(op + " " + what, g.build(), feeds, List.of("image"));
  }

  private static Map<String, Object> attrs(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  private static void decodeImage(CaseList out, String what, byte[] file, long channels) {
    for (DType t : new DType[] {DType.UINT8, DType.UINT16, DType.FLOAT}) {
      for (boolean expand : new boolean[] {true, false}) {
        run(
            out,
            what + ", channels " + channels + ", " + t + (expand ? "" : ", not expanded"),
            "DecodeImage",
            file,
            attrs("channels", channels, "dtype", t, "expand_animations", expand));
      }
    }
  }

  private static byte[] map(Random r, int entries) {
    byte[] b = new byte[entries * 3];
    r.nextBytes(b);
    return b;
  }

  private static int[] pixels(Random r, int n, int colours) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = r.nextInt(colours);
    }
    return p;
  }

  static void gif(CaseList out, Random r) {
    GifBytes one = new GifBytes();
    one.screenWidth = 5;
    one.screenHeight = 4;
    one.globalMap = map(r, 4);
    one.frame(0, 0, 5, 4, pixels(r, 20, 4));
    byte[] single = one.bytes();
    run(out, "single frame 5x4", "DecodeGif", single, attrs());
    decodeImage(out, "GIF single frame 5x4", single, 0);
    run(out, "GIF single frame, channels 3", "DecodePng", single, attrs("channels", 3L));

    GifBytes anim = new GifBytes();
    anim.screenWidth = 6;
    anim.screenHeight = 5;
    anim.globalMap = map(r, 8);
    anim.frame(0, 0, 6, 5, pixels(r, 30, 8));
    GifBytes.Frame f2 = anim.frame(0, 0, 6, 5, pixels(r, 30, 16));
    f2.localMap = map(r, 16);
    GifBytes.Frame f3 = anim.frame(0, 0, 6, 5, pixels(r, 30, 8));
    f3.transparent = 2;
    byte[] animated = anim.bytes();
    run(out, "3 frames, a local colour map, a transparent index", "DecodeGif", animated, attrs());
    decodeImage(out, "GIF of 3 frames", animated, 3);
    run(out, "error: GIF of 3 frames", "DecodePng", animated, attrs());

    GifBytes sub = new GifBytes();
    sub.screenWidth = 4;
    sub.screenHeight = 4;
    sub.globalMap = map(r, 4);
    sub.frame(1, 1, 3, 2, pixels(r, 6, 4));
    sub.frame(0, 2, 5, 3, pixels(r, 15, 4));
    GifBytes.Frame moved = sub.frame(3, 0, 4, 4, pixels(r, 16, 4));
    moved.transparent = 0;
    run(
        out,
        "frames smaller than, larger than and past the canvas",
        "DecodeGif",
        sub.bytes(),
        attrs());

    GifBytes first = new GifBytes();
    first.screenWidth = 4;
    first.screenHeight = 3;
    first.globalMap = map(r, 4);
    GifBytes.Frame t0 = first.frame(0, 0, 4, 3, pixels(r, 12, 4));
    t0.transparent = 1;
    first.frame(0, 0, 4, 3, pixels(r, 12, 4)).transparent = 3;
    run(out, "transparent pixels in the first frame", "DecodeGif", first.bytes(), attrs());

    GifBytes inter = new GifBytes();
    inter.screenWidth = 7;
    inter.screenHeight = 11;
    inter.globalMap = map(r, 16);
    inter.frame(0, 0, 7, 11, pixels(r, 77, 16)).interlaced = true;
    run(out, "interlaced 7x11", "DecodeGif", inter.bytes(), attrs());

    GifBytes blocks = new GifBytes();
    blocks.screenWidth = 9;
    blocks.screenHeight = 8;
    blocks.globalMap = map(r, 256);
    GifBytes.Frame big = blocks.frame(0, 0, 9, 8, pixels(r, 72, 256));
    big.blockSize = 3;
    run(out, "8-bit codes in 3-byte data blocks", "DecodeGif", blocks.bytes(), attrs());

    GifBytes wide = new GifBytes();
    wide.screenWidth = 40;
    wide.screenHeight = 30;
    wide.globalMap = map(r, 4);
    int[] smooth = new int[1200];
    for (int i = 0; i < smooth.length; i++) {
      smooth[i] = (i / 7 + i / 40) % 4;
    }
    wide.frame(0, 0, 40, 30, smooth);
    wide.gif87 = true;
    run(out, "GIF87a 40x30 with long LZW strings", "DecodeGif", wide.bytes(), attrs());

    GifBytes big8 = new GifBytes();
    big8.screenWidth = 3;
    big8.screenHeight = 3;
    big8.globalMap = map(r, 4);
    big8.frame(0, 0, 3, 3, pixels(r, 9, 4)).codeSize = 8;
    run(out, "code size 8 with 4 colours", "DecodeGif", big8.bytes(), attrs());

    GifBytes tBeyond = new GifBytes();
    tBeyond.screenWidth = 3;
    tBeyond.screenHeight = 2;
    tBeyond.globalMap = map(r, 2);
    int[] px = {0, 1, 3, 3, 1, 0};
    GifBytes.Frame tb = tBeyond.frame(0, 0, 3, 2, px);
    tb.transparent = 3;
    tb.codeSize = 2;
    run(out, "transparent index past the colour map", "DecodeGif", tBeyond.bytes(), attrs());
    tb.transparent = -1;
    run(out, "error: colour index past the colour map", "DecodeGif", tBeyond.bytes(), attrs());

    GifBytes noTrailer = new GifBytes();
    noTrailer.screenWidth = 4;
    noTrailer.screenHeight = 2;
    noTrailer.globalMap = map(r, 4);
    noTrailer.frame(0, 0, 4, 2, pixels(r, 8, 4));
    noTrailer.trailer = false;
    run(out, "no trailer", "DecodeGif", noTrailer.bytes(), attrs());
    noTrailer.trailer = true;
    noTrailer.tail = new byte[] {'X'};
    run(out, "a stray record after the last frame", "DecodeGif", noTrailer.bytes(), attrs());

    GifBytes noMap = new GifBytes();
    noMap.screenWidth = 3;
    noMap.screenHeight = 3;
    noMap.frame(0, 0, 3, 3, pixels(r, 9, 4));
    run(out, "error: no colour map", "DecodeGif", noMap.bytes(), attrs());
    GifBytes none = new GifBytes();
    none.screenWidth = 3;
    none.screenHeight = 3;
    none.globalMap = map(r, 2);
    run(out, "error: no image", "DecodeGif", none.bytes(), attrs());
    run(out, "error: cut in the screen descriptor", "DecodeGif", Arrays.copyOf(single, 9), attrs());
    GifBytes early = new GifBytes();
    early.screenWidth = 4;
    early.screenHeight = 4;
    early.globalMap = map(r, 4);
    early.frame(0, 0, 4, 4, pixels(r, 16, 4)).earlyEnd = 5;
    run(
        out,
        "error: end-of-information code after 5 of 16 pixels",
        "DecodeGif",
        early.bytes(),
        attrs());
    run(out, "error: GIF, channels 1", "DecodeImage", single, attrs("channels", 1L));
    run(out, "error: GIF, channels 4", "DecodeImage", single, attrs("channels", 4L));
    run(out, "error: GIF contents", "DecodeBmp", single, attrs());
  }

  static void bmp(CaseList out, Random r) {
    byte[] rgb = BmpBytes.of(5, 3, 24, BmpBytes.rows(r, 5, 3, 24));
    byte[] rgba = BmpBytes.of(3, -4, 32, BmpBytes.rows(r, 3, -4, 32));
    byte[] gray = BmpBytes.of(6, 2, 8, BmpBytes.rows(r, 6, 2, 8));
    for (long c : new long[] {0, 3, 4}) {
      run(out, "24-bit 5x3 bottom-up, channels " + c, "DecodeBmp", rgb, attrs("channels", c));
      run(out, "32-bit 3x4 top-down, channels " + c, "DecodeBmp", rgba, attrs("channels", c));
      run(out, "8-bit 6x2, channels " + c, "DecodeBmp", gray, attrs("channels", c));
    }
    for (DType t : new DType[] {DType.UINT8, DType.UINT16, DType.FLOAT}) {
      run(out, "BMP 24-bit 5x3, " + t, "DecodeImage", rgb, attrs("dtype", t));
      run(
          out,
          "BMP 8-bit 6x2, channels 4, " + t,
          "DecodeImage",
          gray,
          attrs("channels", 4L, "dtype", t));
    }
    run(out, "BMP 32-bit top-down, uint8", "DecodeImage", rgba, attrs());
    run(out, "error: BMP, channels 1", "DecodeBmp", rgb, attrs("channels", 1L));
    run(out, "error: BMP contents", "DecodeGif", rgb, attrs());
    run(out, "error: 31 bytes", "DecodeBmp", Arrays.copyOf(rgb, 31), attrs());
    run(out, "error: one byte short", "DecodeBmp", Arrays.copyOf(rgb, rgb.length - 1), attrs());
    run(out, "error: one byte over", "DecodeBmp", Arrays.copyOf(rgb, rgb.length + 1), attrs());
    run(out, "error: 16 bits per pixel", "DecodeBmp", BmpBytes.of(2, 2, 16, new byte[8]), attrs());
    run(out, "error: width 0", "DecodeBmp", BmpBytes.of(0, 2, 24, new byte[0]), attrs());
    run(out, "error: height 0", "DecodeBmp", BmpBytes.of(2, 0, 24, new byte[0]), attrs());
  }

  static void pngElsewhere(CaseList out, Random r) {
    PngBytes p = new PngBytes();
    p.width = 4;
    p.height = 3;
    p.colorType = 2;
    p.samples = pixels(r, 36, 256);
    byte[] png = p.bytes();
    run(out, "PNG RGB 4x3", "DecodeGif", png, attrs());
    decodeImage(out, "PNG RGB 4x3", png, 0);
    decodeImage(out, "PNG RGB 4x3", png, 4);
    PngBytes p16 = new PngBytes();
    p16.width = 3;
    p16.height = 2;
    p16.colorType = 0;
    p16.bitDepth = 16;
    p16.samples = pixels(r, 6, 65536);
    decodeImage(out, "PNG gray 16-bit 3x2", p16.bytes(), 1);
    run(out, "error: PNG contents", "DecodeBmp", png, attrs());
    run(out, "error: unknown format", "DecodeImage", new byte[] {1, 2, 3, 4}, attrs());
    run(out, "error: empty", "DecodeImage", new byte[0], attrs());
    run(out, "error: unknown format", "DecodeGif", new byte[] {'G', 'I', 'F'}, attrs());
  }

  private static byte[] jdkJpeg(BufferedImage img, boolean progressive) {
    try {
      ImageWriter w = ImageIO.getImageWritersByFormatName("jpeg").next();
      ImageWriteParam p = w.getDefaultWriteParam();
      if (progressive) {
        p.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (MemoryCacheImageOutputStream s = new MemoryCacheImageOutputStream(bytes)) {
        w.setOutput(s);
        w.write(null, new IIOImage(img, null, null), p);
      }
      w.dispose();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static BufferedImage picture(Random r, int w, int h, int type) {
    BufferedImage img = new BufferedImage(w, h, type);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        img.setRGB(x, y, r.nextInt(1 << 24));
      }
    }
    return img;
  }

  /** Index of the first marker {@code code} after SOI. */
  private static int marker(byte[] jpeg, int code) {
    for (int i = 2; i + 1 < jpeg.length; i++) {
      if ((jpeg[i] & 0xFF) == 0xFF && (jpeg[i + 1] & 0xFF) == code) {
        return i;
      }
    }
    throw new IllegalStateException("no marker " + code);
  }

  static void jpegShape(CaseList out, Random r) {
    byte[] rgb = jdkJpeg(picture(r, 13, 9, BufferedImage.TYPE_INT_RGB), false);
    byte[] gray = jdkJpeg(picture(r, 7, 5, BufferedImage.TYPE_BYTE_GRAY), false);
    byte[] prog = jdkJpeg(picture(r, 11, 6, BufferedImage.TYPE_INT_RGB), true);
    run(out, "baseline RGB 13x9", "ExtractJpegShape", rgb, attrs());
    run(
        out,
        "baseline RGB 13x9, int64",
        "ExtractJpegShape",
        rgb,
        attrs("output_type", DType.INT64));
    run(out, "gray 7x5", "ExtractJpegShape", gray, attrs());
    run(out, "progressive 11x6", "ExtractJpegShape", prog, attrs());
    int sos = marker(rgb, 0xDA);
    run(
        out,
        "baseline cut 4 bytes after SOS",
        "ExtractJpegShape",
        Arrays.copyOf(rgb, sos + 18),
        attrs());
    run(
        out,
        "progressive cut before EOI",
        "ExtractJpegShape",
        Arrays.copyOf(prog, prog.length - 2),
        attrs());
    run(
        out,
        "error: cut in the frame header",
        "ExtractJpegShape",
        Arrays.copyOf(rgb, marker(rgb, 0xC0) + 6),
        attrs());
    byte[] p12 = rgb.clone();
    p12[marker(p12, 0xC0) + 4] = 12;
    run(out, "error: 12-bit samples", "ExtractJpegShape", p12, attrs());
    byte[] w0 = rgb.clone();
    w0[marker(w0, 0xC0) + 7] = 0;
    w0[marker(w0, 0xC0) + 8] = 0;
    run(out, "error: width 0", "ExtractJpegShape", w0, attrs());
    byte[] eoi = Arrays.copyOf(rgb, marker(rgb, 0xC0) + 2);
    eoi[eoi.length - 1] = (byte) 0xD9;
    run(out, "error: EOI before the frame", "ExtractJpegShape", eoi, attrs());
    run(
        out,
        "error: a PNG",
        "ExtractJpegShape",
        new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'},
        attrs());
    run(out, "error: empty", "ExtractJpegShape", new byte[0], attrs());
    byte[] sof3 = rgb.clone();
    sof3[marker(sof3, 0xC0) + 1] = (byte) 0xC5;
    run(out, "error: SOF5 (differential)", "ExtractJpegShape", sof3, attrs());
  }
}
