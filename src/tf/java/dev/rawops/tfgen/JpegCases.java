package dev.rawops.tfgen;

import dev.rawops.conform.Oracle;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tf.TensorFlowOracle;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * DecodeJpeg (and DecodeImage, DecodeGif of JPEG contents) on JPEGs TF's own EncodeJpeg writes —
 * 4:2:0 and 4:4:4, progressive, grayscale, two qualities, odd sizes that end mid-MCU — and on
 * variants: the sampling factors rewritten to 4:2:2 and 4:4:0 (so the scan runs out of data and
 * libjpeg's zero-fill shows), a file cut short with and without try_recover_truncated. Every file
 * decoded with the fast and the accurate IDCT, fancy upsampling on and off, channels 0, 1 and 3;
 * the op's attr errors. The file is always fed.
 */
final class JpegCases {
  private JpegCases() {}

  private static final Oracle TF = new TensorFlowOracle();

  /** TF's EncodeJpeg of {@code image} (uint8 [h, w, c]). */
  static byte[] encode(Tensor image, String format, long quality, boolean chroma, boolean prog) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(image, Encoding.CONTENT).addTo(g, "image", feeds);
    g.op("jpeg", "EncodeJpeg", "image");
    g.attr("format", format);
    g.attr("quality", quality);
    g.attr("chroma_downsampling", chroma);
    g.attr("progressive", prog);
    Oracle.Outcome o = TF.run(g.build(), feeds, List.of("jpeg"), true);
    if (o.error() != null && o.outputs().isEmpty()) {
      throw new IllegalStateException("EncodeJpeg failed: " + o.error());
    }
    return o.outputs().get(0).getStringVal(0).toByteArray();
  }

  /** A smooth picture with some noise: gradients per channel plus random jitter. */
  static Tensor picture(Random r, int h, int w, int c) {
    long[] b = new long[h * w * c];
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        for (int k = 0; k < c; k++) {
          int v =
              (y * 255 / Math.max(1, h - 1) * (k + 1) + x * 255 / Math.max(1, w - 1) * (3 - k)) / 4
                  + r.nextInt(48)
                  - 24;
          b[(y * w + x) * c + k] = Math.max(0, Math.min(255, v));
        }
      }
    }
    return Tensor.ofIntegers(DType.UINT8, Shape.of(h, w, c), b);
  }

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
        case String s -> g.attr(a.getKey(), s);
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

  /** Both IDCTs, fancy upsampling on and off, and the given channel counts. */
  private static void everyWay(CaseList out, String what, byte[] jpeg, long... channels) {
    for (String dct : new String[] {"", "INTEGER_ACCURATE"}) {
      for (boolean fancy : new boolean[] {true, false}) {
        for (long c : channels) {
          run(
              out,
              what
                  + ", channels "
                  + c
                  + (dct.isEmpty() ? ", fast IDCT" : ", accurate IDCT")
                  + (fancy ? "" : ", no fancy upscaling"),
              "DecodeJpeg",
              jpeg,
              attrs("channels", c, "dct_method", dct, "fancy_upscaling", fancy));
        }
      }
    }
  }

  static void cases(CaseList out, Random r) {
    byte[] j420 = encode(picture(r, 13, 17, 3), "", 90, true, false);
    everyWay(out, "RGB 17x13 4:2:0 quality 90", j420, 0, 1, 3);
    byte[] j444 = encode(picture(r, 9, 11, 3), "", 75, false, false);
    everyWay(out, "RGB 11x9 4:4:4 quality 75", j444, 0, 1);
    byte[] prog = encode(picture(r, 18, 21, 3), "", 85, true, true);
    everyWay(out, "RGB 21x18 4:2:0 progressive", prog, 0);
    byte[] gray = encode(picture(r, 10, 7, 1), "grayscale", 95, true, false);
    everyWay(out, "gray 7x10", gray, 0, 3);
    byte[] low = encode(picture(r, 24, 32, 3), "", 20, true, false);
    everyWay(out, "RGB 32x24 4:2:0 quality 20", low, 0);
    byte[] progGray = encode(picture(r, 9, 16, 1), "grayscale", 60, true, true);
    everyWay(out, "gray 16x9 progressive", progGray, 0);

    byte[] j422 = jdkJpeg(picture(r, 11, 19, 3), 2, 1, 0);
    everyWay(out, "JDK 19x11 4:2:2", j422, 0);
    byte[] j440 = jdkJpeg(picture(r, 19, 10, 3), 1, 2, 0);
    everyWay(out, "JDK 10x19 4:4:0", j440, 0);
    byte[] j420r = jdkJpeg(picture(r, 35, 41, 3), 2, 2, 3);
    everyWay(out, "JDK 41x35 4:2:0 with a restart every 3 MCUs", j420r, 0);

    byte[] cut = Arrays.copyOf(j420, j420.length - 40);
    run(out, "error: cut short", "DecodeJpeg", cut, attrs());
    for (DType t : new DType[] {DType.UINT8, DType.UINT16, DType.FLOAT}) {
      run(out, "JPEG 4:2:0, " + t, "DecodeImage", j420, attrs("dtype", t));
    }
    run(out, "JPEG gray, channels 1", "DecodeImage", gray, attrs("channels", 1L));
    run(out, "JPEG contents", "DecodeGif", j420, attrs());
    run(out, "JPEG contents, channels 3", "DecodePng", j444, attrs("channels", 3L));
    run(out, "error: JPEG, channels 4", "DecodeJpeg", j420, attrs("channels", 4L));
    run(out, "error: JPEG, channels 4", "DecodeImage", j420, attrs("channels", 4L));
    run(out, "error: JPEG contents", "DecodeBmp", j420, attrs());
    run(out, "error: ratio 3", "DecodeJpeg", j420, attrs("ratio", 3L));
    run(out, "error: dct_method FLOAT", "DecodeJpeg", j420, attrs("dct_method", "FLOAT"));
    run(
        out,
        "error: SOI only",
        "DecodeJpeg",
        new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF},
        attrs());
    run(out, "PNG contents", "DecodeJpeg", pngOf(r), attrs("channels", 3L));
  }

  /**
   * The JDK's baseline JPEG of {@code image} with the luma sampling factors {@code h} × {@code v}
   * (chroma 1 × 1) and a restart interval (0: none), set through its image metadata.
   */
  static byte[] jdkJpeg(Tensor image, int h, int v, int restart) {
    try {
      int rows = (int) image.shape().dim(0);
      int cols = (int) image.shape().dim(1);
      java.awt.image.BufferedImage img =
          new java.awt.image.BufferedImage(cols, rows, java.awt.image.BufferedImage.TYPE_INT_RGB);
      for (int y = 0; y < rows; y++) {
        for (int x = 0; x < cols; x++) {
          long at = ((long) y * cols + x) * 3;
          int rgb =
              (int) image.getIndex(at) << 16
                  | (int) image.getIndex(at + 1) << 8
                  | (int) image.getIndex(at + 2);
          img.setRGB(x, y, rgb);
        }
      }
      javax.imageio.ImageWriter w =
          javax.imageio.ImageIO.getImageWritersByFormatName("jpeg").next();
      javax.imageio.ImageWriteParam p = w.getDefaultWriteParam();
      javax.imageio.metadata.IIOMetadata meta =
          w.getDefaultImageMetadata(
              javax.imageio.ImageTypeSpecifier.createFromRenderedImage(img), p);
      String fmt = "javax_imageio_jpeg_image_1.0";
      org.w3c.dom.Node root = meta.getAsTree(fmt);
      org.w3c.dom.NodeList specs =
          ((org.w3c.dom.Element) root).getElementsByTagName("componentSpec");
      for (int i = 0; i < specs.getLength(); i++) {
        org.w3c.dom.Element c = (org.w3c.dom.Element) specs.item(i);
        c.setAttribute("HsamplingFactor", i == 0 ? Integer.toString(h) : "1");
        c.setAttribute("VsamplingFactor", i == 0 ? Integer.toString(v) : "1");
      }
      if (restart > 0) {
        org.w3c.dom.Element seq =
            (org.w3c.dom.Element)
                ((org.w3c.dom.Element) root).getElementsByTagName("markerSequence").item(0);
        javax.imageio.metadata.IIOMetadataNode dri =
            new javax.imageio.metadata.IIOMetadataNode("dri");
        dri.setAttribute("interval", Integer.toString(restart));
        seq.insertBefore(dri, seq.getFirstChild());
      }
      meta.setFromTree(fmt, root);
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (javax.imageio.stream.MemoryCacheImageOutputStream s =
          new javax.imageio.stream.MemoryCacheImageOutputStream(bytes)) {
        w.setOutput(s);
        w.write(null, new javax.imageio.IIOImage(img, null, meta), p);
      }
      w.dispose();
      return bytes.toByteArray();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static byte[] pngOf(Random r) {
    PngBytes p = new PngBytes();
    p.width = 3;
    p.height = 2;
    p.colorType = 2;
    p.samples = new int[18];
    for (int i = 0; i < 18; i++) {
      p.samples[i] = r.nextInt(256);
    }
    return p.bytes();
  }
}
