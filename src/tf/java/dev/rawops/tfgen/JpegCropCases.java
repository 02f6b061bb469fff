package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * DecodeAndCropJpeg on JPEGs TF's EncodeJpeg writes (4:2:0 and 4:4:4, baseline and progressive,
 * gray) and the JDK's 4:2:2 and 4:4:0: crop windows at offset 0, odd and even offsets, across and
 * inside iMCU columns, touching the right and bottom edges, one pixel, the whole image, windows
 * whose widened columns leave the chroma 1 or 2 samples wide; fast and accurate IDCT, fancy
 * upsampling on and off, channels 0, 1 and 3; the crop window as a Const (the shape function's
 * static [h, w, c]) and fed; TF's errors for windows outside the image, empty windows and
 * crop_window shapes; a PNG's contents (not cropped).
 */
final class JpegCropCases {
  private JpegCropCases() {}

  private static void crop(
      CaseList out,
      String what,
      byte[] file,
      Tensor window,
      boolean constWindow,
      long channels,
      String dct,
      boolean fancy) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.fed(Tensor.ofByteStrings(Shape.scalar(), file), PartialShape.of(), Encoding.TYPED, false)
        .addTo(g, "contents", feeds);
    Input w =
        constWindow
            ? Input.constant(window, Encoding.TYPED)
            : Input.fedNoShape(window, Encoding.TYPED, false);
    w.addTo(g, "crop_window", feeds);
    g.op("image", "DecodeAndCropJpeg", "contents", "crop_window");
    g.attr("channels", channels);
    g.attr("dct_method", dct);
    g.attr("fancy_upscaling", fancy);
    out.add(
        "DecodeAndCropJpeg "
            + what
            + ", channels "
            + channels
            + (dct.isEmpty() ? ", fast IDCT" : ", accurate IDCT")
            + (fancy ? "" : ", no fancy upscaling")
            + (constWindow ? ", Const window" : ", fed window"),
        g.build(),
        feeds,
        List.of("image"));
  }

  private static Tensor window(int y, int x, int h, int w) {
    return Tensor.ofInts(Shape.of(4), y, x, h, w);
  }

  /** Every window over both IDCTs and fancy upsampling on and off. */
  private static void windows(
      CaseList out, String what, byte[] file, int[][] windows, long... channels) {
    for (int[] c : windows) {
      String name = what + " [" + c[0] + ", " + c[1] + ", " + c[2] + ", " + c[3] + "]";
      for (String dct : new String[] {"", "INTEGER_ACCURATE"}) {
        for (boolean fancy : new boolean[] {true, false}) {
          for (long ch : channels) {
            crop(out, name, file, window(c[0], c[1], c[2], c[3]), false, ch, dct, fancy);
          }
        }
      }
    }
  }

  static void cases(CaseList out, Random r) {
    byte[] j420 = JpegCases.encode(JpegCases.picture(r, 37, 45, 3), "", 90, true, false);
    windows(
        out,
        "RGB 45x37 4:2:0",
        j420,
        new int[][] {
          {0, 0, 37, 45},
          {0, 0, 9, 11},
          {3, 5, 11, 13},
          {2, 8, 10, 9},
          {7, 17, 16, 15},
          {16, 16, 16, 16},
          {1, 15, 3, 3},
          {20, 30, 17, 15},
          {36, 44, 1, 1},
          {9, 1, 1, 44},
          {0, 31, 37, 1},
        },
        0,
        3);
    windows(out, "RGB 45x37 4:2:0", j420, new int[][] {{3, 5, 11, 13}, {20, 30, 17, 15}}, 1);
    byte[] j444 = JpegCases.encode(JpegCases.picture(r, 21, 27, 3), "", 80, false, false);
    windows(
        out,
        "RGB 27x21 4:4:4",
        j444,
        new int[][] {{0, 0, 21, 27}, {3, 5, 7, 9}, {8, 8, 8, 8}, {13, 19, 8, 8}, {5, 26, 2, 1}},
        0);
    byte[] prog = JpegCases.encode(JpegCases.picture(r, 26, 34, 3), "", 85, true, true);
    windows(
        out,
        "RGB 34x26 4:2:0 progressive",
        prog,
        new int[][] {{5, 3, 13, 21}, {10, 17, 16, 17}},
        0);
    byte[] gray = JpegCases.encode(JpegCases.picture(r, 19, 23, 1), "grayscale", 90, true, false);
    windows(out, "gray 23x19", gray, new int[][] {{3, 5, 9, 11}, {0, 15, 19, 8}}, 0, 3);

    crop(out, "RGB 4:2:0 Const window", j420, window(3, 5, 11, 13), true, 0, "", true);
    crop(out, "RGB 4:2:0 Const window", j420, window(3, 5, 11, 13), true, 3, "", true);
    int[][] bad = {
      {0, 0, 38, 45},
      {0, 0, 37, 46},
      {1, 0, 37, 45},
      {0, 1, 37, 45},
      {-1, 0, 5, 5},
      {0, -1, 5, 5},
      {0, 0, 0, 5},
      {0, 0, 5, 0},
      {0, 0, -3, 5},
      {37, 0, 1, 1},
      {0, 45, 1, 1},
    };
    for (int[] c : bad) {
      crop(
          out,
          "error: window [" + c[0] + ", " + c[1] + ", " + c[2] + ", " + c[3] + "] on 45x37",
          j420,
          window(c[0], c[1], c[2], c[3]),
          false,
          0,
          "",
          true);
    }
    crop(
        out,
        "error: crop_window of 3",
        j420,
        Tensor.ofInts(Shape.of(3), 0, 0, 5),
        false,
        0,
        "",
        true);
    crop(
        out,
        "error: crop_window [2, 2]",
        j420,
        Tensor.ofInts(Shape.of(2, 2), 0, 0, 5, 5),
        false,
        0,
        "",
        true);
    crop(
        out,
        "error: crop_window of 3, Const",
        j420,
        Tensor.ofInts(Shape.of(3), 0, 0, 5),
        true,
        0,
        "",
        true);
    crop(out, "error: channels 4", j420, window(0, 0, 5, 5), false, 4, "", true);
    PngBytes p = new PngBytes();
    p.width = 5;
    p.height = 4;
    p.colorType = 2;
    p.samples = new int[60];
    for (int i = 0; i < 60; i++) {
      p.samples[i] = r.nextInt(256);
    }
    crop(out, "PNG contents (not cropped)", p.bytes(), window(1, 1, 2, 2), false, 0, "", true);
    crop(
        out,
        "error: BMP contents",
        new byte[] {'B', 'M', 0, 0, 0, 0, 0, 0},
        window(0, 0, 1, 1),
        false,
        0,
        "",
        true);
    windows(
        out,
        "RGB 45x37 4:2:0 narrow",
        j420,
        new int[][] {{5, 16, 3, 2}, {5, 16, 3, 3}, {5, 32, 3, 1}, {5, 33, 4, 3}, {30, 40, 7, 5}},
        0);
    byte[] j422 = JpegCases.jdkJpeg(JpegCases.picture(r, 23, 41, 3), 2, 1, 0);
    windows(
        out,
        "JDK 41x23 4:2:2",
        j422,
        new int[][] {{3, 5, 7, 13}, {2, 16, 5, 2}, {0, 17, 23, 16}, {4, 31, 6, 10}},
        0);
    byte[] j440 = JpegCases.jdkJpeg(JpegCases.picture(r, 25, 19, 3), 1, 2, 0);
    windows(out, "JDK 19x25 4:4:0", j440, new int[][] {{3, 5, 13, 7}, {9, 3, 16, 9}}, 0);
  }
}
