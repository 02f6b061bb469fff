package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * DecodeJpeg's and DecodeAndCropJpeg's scaled decoding ({@code ratio} 2, 4, 8) on TF's 4:2:0,
 * 4:4:4, progressive and gray JPEGs and the JDK's 4:2:2, 4:4:0 and restart-interval files, odd
 * sizes, both IDCTs, fancy upsampling on and off, channels 0, 1 and 3; crop windows at reduced
 * size; DecodeAndCropJpeg on files cut short below, inside and above the window (TF reads a
 * single-scan file only up to the window's last rows); 4-component (CMYK) files the JDK writes,
 * with an Adobe marker of transform 0 (Adobe CMYK) or 2 (YCCK) or none (plain CMYK), 4:4:4 and with
 * the first component sampled 2×2. The file is always fed. Exact.
 */
public final class JpegFeatureCases implements CaseFamily {
  @Override
  public String directory() {
    return "image_jpeg";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    ratios(out, r);
    cutCrops(out, r);
    cmyk(out, r);
    return out.cases();
  }

  static void decode(CaseList out, String what, String op, byte[] file, Map<String, Object> attrs) {
    decode(out, what, op, file, null, attrs);
  }

  /** One decode of the fed {@code file}; {@code window}: DecodeAndCropJpeg's fed crop_window. */
  static void decode(
      CaseList out, String what, String op, byte[] file, Tensor window, Map<String, Object> attrs) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fed(Tensor.ofByteStrings(Shape.scalar(), file), PartialShape.of(), Encoding.TYPED, false)
        .addTo(g, "contents", feeds);
    if (window != null) {
      Input.fedNoShape(window, Encoding.TYPED, false).addTo(g, "crop_window", feeds);
      g.op("image", op, "contents", "crop_window");
    } else {
      g.op("image", op, "contents");
    }
    StringBuilder name = new StringBuilder(op + " " + what);
    for (Map.Entry<String, Object> a : attrs.entrySet()) {
      switch (a.getValue()) {
        case Long l -> g.attr(a.getKey(), l);
        case Boolean b -> g.attr(a.getKey(), b);
        case String s -> g.attr(a.getKey(), s);
        case Float f -> g.attr(a.getKey(), AttrValue.newBuilder().setF(f).build());
        default -> throw new IllegalArgumentException(a.toString());
      }
      name.append(", ").append(a.getKey()).append(' ').append(a.getValue());
    }
    out.add(name.toString(), g.build(), feeds, List.of("image"));
  }

  static Map<String, Object> attrs(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** Ratios 2, 4, 8 over both IDCTs and fancy upsampling on and off. */
  private static void everyRatio(CaseList out, String what, byte[] file, long... channels) {
    for (long ratio : new long[] {2, 4, 8}) {
      for (String dct : new String[] {"INTEGER_FAST", "INTEGER_ACCURATE"}) {
        for (boolean fancy : new boolean[] {true, false}) {
          for (long c : channels) {
            decode(
                out,
                what,
                "DecodeJpeg",
                file,
                attrs("ratio", ratio, "channels", c, "dct_method", dct, "fancy_upscaling", fancy));
          }
        }
      }
    }
  }

  private static void ratios(CaseList out, Random r) {
    byte[] j420 = JpegCases.encode(JpegCases.picture(r, 43, 57, 3), "", 90, true, false);
    everyRatio(out, "RGB 57x43 4:2:0", j420, 0, 1);
    byte[] j444 = JpegCases.encode(JpegCases.picture(r, 29, 35, 3), "", 80, false, false);
    everyRatio(out, "RGB 35x29 4:4:4", j444, 0);
    byte[] prog = JpegCases.encode(JpegCases.picture(r, 38, 45, 3), "", 85, true, true);
    everyRatio(out, "RGB 45x38 4:2:0 progressive", prog, 0);
    byte[] gray = JpegCases.encode(JpegCases.picture(r, 27, 21, 1), "grayscale", 90, true, false);
    everyRatio(out, "gray 21x27", gray, 0, 3);
    byte[] j422 = JpegCases.jdkJpeg(JpegCases.picture(r, 31, 53, 3), 2, 1, 0);
    everyRatio(out, "JDK 53x31 4:2:2", j422, 0);
    byte[] j440 = JpegCases.jdkJpeg(JpegCases.picture(r, 45, 30, 3), 1, 2, 0);
    everyRatio(out, "JDK 30x45 4:4:0", j440, 0);
    byte[] restart = JpegCases.jdkJpeg(JpegCases.picture(r, 35, 41, 3), 2, 2, 3);
    everyRatio(out, "JDK 41x35 4:2:0, restart every 3 MCUs", restart, 0);
    byte[] small = JpegCases.encode(JpegCases.picture(r, 5, 3, 3), "", 95, true, false);
    everyRatio(out, "RGB 3x5 4:2:0", small, 0);
    byte[] small422 = JpegCases.jdkJpeg(JpegCases.picture(r, 9, 17, 3), 2, 1, 0);
    everyRatio(out, "JDK 17x9 4:2:2", small422, 0);
    for (long ratio : new long[] {2, 4, 8}) {
      int w = (57 * (int) (8 / ratio) + 7) / 8;
      int h = (43 * (int) (8 / ratio) + 7) / 8;
      int[][] windows = {{1, 1, h - 2, w - 2}, {h / 2, w / 3, h - h / 2, w / 2}, {0, w - 1, 1, 1}};
      for (int[] c : windows) {
        for (boolean fancy : new boolean[] {true, false}) {
          decode(
              out,
              "RGB 57x43 4:2:0 [" + c[0] + ", " + c[1] + ", " + c[2] + ", " + c[3] + "]",
              "DecodeAndCropJpeg",
              j420,
              Tensor.ofInts(Shape.of(4), c),
              attrs("ratio", ratio, "fancy_upscaling", fancy));
        }
      }
      decode(
          out,
          "error: window past the scaled image",
          "DecodeAndCropJpeg",
          j420,
          Tensor.ofInts(Shape.of(4), 0, 0, h + 1, w),
          attrs("ratio", ratio));
      int w2 = (53 * (int) (8 / ratio) + 7) / 8;
      decode(
          out,
          "JDK 53x31 4:2:2 [2, 3, 2, " + (w2 - 4) + "]",
          "DecodeAndCropJpeg",
          j422,
          Tensor.ofInts(Shape.of(4), 2, 3, 2, w2 - 4),
          attrs("ratio", ratio));
    }
  }

  private static void cutCrop(
      CaseList out, String what, byte[] file, int[] c, Map<String, Object> attrs) {
    decode(
        out,
        what + " [" + c[0] + ", " + c[1] + ", " + c[2] + ", " + c[3] + "]",
        "DecodeAndCropJpeg",
        file,
        Tensor.ofInts(Shape.of(4), c),
        attrs);
  }

  private static void cutCrops(CaseList out, Random r) {
    byte[] tall = JpegCases.encode(JpegCases.picture(r, 96, 48, 3), "", 90, true, false);
    byte[] gray = JpegCases.encode(JpegCases.picture(r, 96, 40, 1), "grayscale", 90, true, false);
    byte[] j444 = JpegCases.encode(JpegCases.picture(r, 96, 40, 3), "", 85, false, false);
    byte[] prog = JpegCases.encode(JpegCases.picture(r, 96, 48, 3), "", 90, true, true);
    int[][] windows = {
      {0, 0, 8, 48}, {3, 5, 12, 20}, {20, 7, 11, 30}, {40, 0, 16, 40}, {80, 0, 16, 40}
    };
    for (int keep : new int[] {60, 85}) {
      byte[] t = java.util.Arrays.copyOf(tall, tall.length * keep / 100);
      byte[] g = java.util.Arrays.copyOf(gray, gray.length * keep / 100);
      byte[] f = java.util.Arrays.copyOf(j444, j444.length * keep / 100);
      String cut = ", cut to " + keep + "%";
      for (int[] c : windows) {
        cutCrop(out, "RGB 48x96 4:2:0" + cut, t, c, attrs());
        cutCrop(out, "RGB 48x96 4:2:0" + cut, t, c, attrs("fancy_upscaling", false));
        cutCrop(out, "gray 40x96" + cut, g, c, attrs());
        cutCrop(out, "RGB 40x96 4:4:4" + cut, f, c, attrs("dct_method", "INTEGER_ACCURATE"));
      }
      cutCrop(
          out, "RGB 48x96 4:2:0, ratio 2" + cut, t, new int[] {2, 3, 10, 20}, attrs("ratio", 2L));
      cutCrop(
          out,
          "RGB 48x96 4:2:0, channels 1" + cut,
          t,
          new int[] {9, 3, 14, 20},
          attrs("channels", 1L));
      decode(out, "RGB 48x96 4:2:0" + cut, "DecodeJpeg", t, attrs());
      byte[] p = java.util.Arrays.copyOf(prog, prog.length * keep / 100);
      cutCrop(out, "error: progressive RGB 48x96" + cut, p, new int[] {0, 0, 8, 8}, attrs());
    }
  }

  /** The JDK's JPEG of a 4-band raster ({@code h} × {@code v} for the first band). */
  static byte[] jdkCmyk(Random r, int rows, int cols, int h, int v) {
    try {
      java.awt.image.WritableRaster ras =
          java.awt.image.Raster.createInterleavedRaster(
              java.awt.image.DataBuffer.TYPE_BYTE, cols, rows, 4, null);
      Tensor pic = JpegCases.picture(r, rows, cols, 4);
      for (int y = 0; y < rows; y++) {
        for (int x = 0; x < cols; x++) {
          for (int k = 0; k < 4; k++) {
            ras.setSample(x, y, k, (int) pic.getIndex(((long) y * cols + x) * 4 + k));
          }
        }
      }
      javax.imageio.ImageWriter w =
          javax.imageio.ImageIO.getImageWritersByFormatName("jpeg").next();
      javax.imageio.ImageWriteParam p = w.getDefaultWriteParam();
      javax.imageio.metadata.IIOMetadata meta = null;
      if (h != 1 || v != 1) {
        meta =
            w.getDefaultImageMetadata(
                new javax.imageio.ImageTypeSpecifier(
                    new java.awt.image.BufferedImage(
                        1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB)),
                p);
        String fmt = "javax_imageio_jpeg_image_1.0";
        org.w3c.dom.Node root = meta.getAsTree(fmt);
        org.w3c.dom.Element sof =
            (org.w3c.dom.Element) ((org.w3c.dom.Element) root).getElementsByTagName("sof").item(0);
        org.w3c.dom.NodeList specs = sof.getElementsByTagName("componentSpec");
        org.w3c.dom.Element last = (org.w3c.dom.Element) specs.item(specs.getLength() - 1);
        javax.imageio.metadata.IIOMetadataNode k =
            new javax.imageio.metadata.IIOMetadataNode("componentSpec");
        k.setAttribute("componentId", "4");
        k.setAttribute("HsamplingFactor", "1");
        k.setAttribute("VsamplingFactor", "1");
        k.setAttribute("QtableSelector", last.getAttribute("QtableSelector"));
        sof.appendChild(k);
        sof.setAttribute("numFrameComponents", "4");
        for (int i = 0; i < specs.getLength(); i++) {
          org.w3c.dom.Element c = (org.w3c.dom.Element) specs.item(i);
          c.setAttribute("HsamplingFactor", i == 0 ? Integer.toString(h) : "1");
          c.setAttribute("VsamplingFactor", i == 0 ? Integer.toString(v) : "1");
        }
        meta.setFromTree(fmt, root);
      }
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (javax.imageio.stream.MemoryCacheImageOutputStream s =
          new javax.imageio.stream.MemoryCacheImageOutputStream(bytes)) {
        w.setOutput(s);
        w.write(null, new javax.imageio.IIOImage(ras, null, meta), p);
      }
      w.dispose();
      return bytes.toByteArray();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The file without any Adobe APP14 marker and, for {@code transform} 0 or more, with one of that
   * transform inserted after SOI.
   */
  static byte[] adobe(byte[] file, int transform) {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    b.write(file, 0, 2);
    if (transform >= 0) {
      b.writeBytes(
          new byte[] {
            (byte) 0xFF,
            (byte) 0xEE,
            0,
            14,
            'A',
            'd',
            'o',
            'b',
            'e',
            0,
            100,
            0,
            0,
            0,
            0,
            (byte) transform
          });
    }
    int i = 2;
    while (i + 4 <= file.length && (file[i] & 0xFF) == 0xFF && (file[i + 1] & 0xFF) != 0xDA) {
      int len = (file[i + 2] & 0xFF) << 8 | (file[i + 3] & 0xFF);
      if ((file[i + 1] & 0xFF) != 0xEE) {
        b.write(file, i, len + 2);
      }
      i += len + 2;
    }
    b.write(file, i, file.length - i);
    return b.toByteArray();
  }

  private static void cmyk(CaseList out, Random r) {
    byte[] plain = jdkCmyk(r, 19, 23, 1, 1);
    byte[] sub = jdkCmyk(r, 21, 26, 2, 2);
    for (byte[][] f :
        new byte[][][] {
          {plain, "CMYK 23x19".getBytes()}, {sub, "CMYK 26x21 first band 2x2".getBytes()}
        }) {
      String what = new String(f[1], java.nio.charset.StandardCharsets.UTF_8);
      for (int t : new int[] {0, 2, -1}) {
        byte[] file = adobe(f[0], t);
        String how = t < 0 ? ", no Adobe marker" : ", Adobe transform " + t;
        for (String dct : new String[] {"INTEGER_FAST", "INTEGER_ACCURATE"}) {
          for (boolean fancy : new boolean[] {true, false}) {
            decode(
                out,
                what + how,
                "DecodeJpeg",
                file,
                attrs("channels", 0L, "dct_method", dct, "fancy_upscaling", fancy));
          }
        }
        decode(out, what + how, "DecodeJpeg", file, attrs("channels", 3L, "ratio", 2L));
        decode(out, "error: " + what + how, "DecodeJpeg", file, attrs("channels", 1L));
        decode(out, what + how, "DecodeImage", file, attrs());
        decode(
            out,
            what + how + " [3, 9, 11, 12]",
            "DecodeAndCropJpeg",
            file,
            Tensor.ofInts(Shape.of(4), 3, 9, 11, 12),
            attrs());
      }
    }
  }
}
