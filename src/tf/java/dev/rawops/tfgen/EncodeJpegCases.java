package dev.rawops.tfgen;

import com.google.protobuf.ByteString;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorProto;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * EncodeJpeg and EncodeJpegVariableQuality, compared byte for byte with TF's file: smooth and noisy
 * pictures, gray and RGB, sizes that end inside a block and inside an MCU (1x1 up to 64x48, and two
 * larger pictures built in the graph so the fixture stays small), every quality class (0, 1, 10,
 * 50, 75, 95, 100), progressive, optimize_size and chroma_downsampling on and off, density units
 * and values (past 16 bits too), XMP metadata, forced formats; some cases also fetch DecodeJpeg of
 * the file. TF's errors: attrs, rank, channels, an empty image, a side past libjpeg's 65500, XMP
 * past a marker's length, a non-scalar or out-of-range variable quality.
 */
public final class EncodeJpegCases implements CaseFamily {
  @Override
  public String directory() {
    return "jpeg_encode";
  }

  /** Uniform noise. */
  private static Tensor noise(Random r, int h, int w, int c) {
    long[] v = new long[h * w * c];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(256);
    }
    return Tensor.ofIntegers(DType.UINT8, Shape.of(h, w, c), v);
  }

  private record Job(
      String what, Tensor image, Map<String, Object> attrs, boolean decode, Tensor quality) {}

  private static Map<String, Object> attrs(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  private static void setAttrs(GraphDefBuilder g, Map<String, Object> attrs) {
    for (Map.Entry<String, Object> a : attrs.entrySet()) {
      switch (a.getValue()) {
        case Long l -> g.attr(a.getKey(), l);
        case Boolean b -> g.attr(a.getKey(), b);
        case String s -> g.attr(a.getKey(), s);
        case byte[] b ->
            g.attr(a.getKey(), AttrValue.newBuilder().setS(ByteString.copyFrom(b)).build());
        default -> throw new IllegalArgumentException(a.toString());
      }
    }
  }

  private static String describe(Job j) {
    StringBuilder sb =
        new StringBuilder(j.quality == null ? "EncodeJpeg " : "EncodeJpegVariableQuality ");
    sb.append(j.what).append(' ').append(j.image.shape());
    for (Map.Entry<String, Object> a : j.attrs.entrySet()) {
      Object v = a.getValue();
      String s = v instanceof byte[] b ? b.length + " bytes" : String.valueOf(v);
      sb.append(", ").append(a.getKey()).append(' ').append(s.isEmpty() ? "''" : s);
    }
    if (j.quality != null) {
      sb.append(", quality ")
          .append(j.quality.shape().rank() == 0 ? j.quality.getIndex(0) : j.quality.shape());
    }
    return sb.toString();
  }

  private static void add(CaseList out, Job j) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(j.image, Encoding.CONTENT).addTo(g, "image", feeds);
    if (j.quality == null) {
      g.op("jpeg", "EncodeJpeg", "image");
    } else {
      Input.fed(j.quality, PartialShape.unknownRank(), Encoding.TYPED, false)
          .addTo(g, "quality", feeds);
      g.op("jpeg", "EncodeJpegVariableQuality", "image", "quality");
    }
    setAttrs(g, j.attrs);
    List<String> fetches = new ArrayList<>(List.of("jpeg"));
    if (j.decode) {
      g.op("decoded", "DecodeJpeg", "jpeg");
      fetches.add("decoded");
    }
    out.add(describe(j), g.build(), feeds, fetches);
  }

  /**
   * A picture of {@code h × w × 3} (or gray) computed in the graph from its pixel index, so a large
   * image costs the fixture nothing: a smooth field plus a pattern that is noisy where {@code
   * noisy}.
   */
  private static void generated(
      CaseList out, String what, int h, int w, int c, boolean noisy, Map<String, Object> attrs) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(Tensor.ofInts(Shape.scalar(), h * w * c), Encoding.TYPED).addTo(g, "n", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), 0), Encoding.TYPED).addTo(g, "zero", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), 1), Encoding.TYPED).addTo(g, "one", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), w * c), Encoding.TYPED).addTo(g, "row", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), noisy ? 40503 : 3), Encoding.TYPED)
        .addTo(g, "k", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), 256), Encoding.TYPED).addTo(g, "m", feeds);
    Input.constant(Tensor.ofInts(Shape.of(3), h, w, c), Encoding.TYPED).addTo(g, "shape", feeds);
    g.op("i", "Range", "zero", "n", "one").attr("Tidx", DType.INT32);
    g.op("y", "FloorDiv", "i", "row").attr("T", DType.INT32);
    g.op("ik", "Mul", "i", "k").attr("T", DType.INT32);
    g.op("sq", "Mul", "ik", "y").attr("T", DType.INT32);
    g.op("sum", "AddV2", "sq", "i").attr("T", DType.INT32);
    g.op("v", "FloorMod", "sum", "m").attr("T", DType.INT32);
    g.op("b", "Cast", "v")
        .attr("SrcT", DType.INT32)
        .attr("DstT", DType.UINT8)
        .attr("Truncate", false);
    g.op("image", "Reshape", "b", "shape").attr("T", DType.UINT8).attr("Tshape", DType.INT32);
    g.op("jpeg", "EncodeJpeg", "image");
    setAttrs(g, attrs);
    out.add(
        "EncodeJpeg " + what + " " + h + "x" + w + "x" + c + " built in the graph " + attrs,
        g.build(),
        feeds,
        List.of("jpeg"));
  }

  /** A 1x65501 gray image (Fill in the graph): past libjpeg's JPEG_MAX_DIMENSION. */
  private static void wide(CaseList out) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(Tensor.ofInts(Shape.of(3), 1, 65501, 1), Encoding.TYPED).addTo(g, "dims", feeds);
    Input.constant(Tensor.ofIntegers(DType.UINT8, Shape.scalar(), 7), Encoding.TYPED)
        .addTo(g, "value", feeds);
    g.op("image", "Fill", "dims", "value").attr("T", DType.UINT8).attr("index_type", DType.INT32);
    g.op("jpeg", "EncodeJpeg", "image");
    out.add(
        "EncodeJpeg error: a 1x65501 image, wider than 65500", g.build(), feeds, List.of("jpeg"));
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    List<Job> jobs = new ArrayList<>();
    int[][] sizes = {{1, 1}, {7, 13}, {17, 33}, {64, 48}, {16, 16}, {8, 8}, {33, 17}, {9, 2}};
    for (int[] s : sizes) {
      jobs.add(new Job("RGB smooth", JpegCases.picture(r, s[0], s[1], 3), attrs(), true, null));
      jobs.add(new Job("RGB noise", noise(r, s[0], s[1], 3), attrs(), false, null));
      jobs.add(new Job("gray smooth", JpegCases.picture(r, s[0], s[1], 1), attrs(), false, null));
    }
    jobs.add(new Job("gray noise", noise(r, 17, 33, 1), attrs(), true, null));
    for (long q : new long[] {0, 1, 10, 50, 75, 95, 100}) {
      jobs.add(
          new Job("RGB smooth", JpegCases.picture(r, 17, 33, 3), attrs("quality", q), false, null));
      jobs.add(new Job("RGB noise", noise(r, 23, 19, 3), attrs("quality", q), false, null));
      jobs.add(new Job("gray noise", noise(r, 12, 21, 1), attrs("quality", q), false, null));
    }
    for (boolean prog : new boolean[] {false, true}) {
      for (boolean opt : new boolean[] {false, true}) {
        for (boolean chroma : new boolean[] {true, false}) {
          Map<String, Object> a =
              attrs("progressive", prog, "optimize_size", opt, "chroma_downsampling", chroma);
          jobs.add(new Job("RGB smooth", JpegCases.picture(r, 35, 29, 3), a, prog, null));
          jobs.add(new Job("RGB noise", noise(r, 21, 18, 3), a, false, null));
          if (chroma) {
            jobs.add(new Job("gray smooth", JpegCases.picture(r, 26, 31, 1), a, false, null));
          }
        }
      }
    }
    for (long q : new long[] {1, 50, 100}) {
      Map<String, Object> a = attrs("quality", q, "progressive", true);
      jobs.add(new Job("RGB smooth", JpegCases.picture(r, 40, 27, 3), a, false, null));
      jobs.add(new Job("RGB noise", noise(r, 15, 25, 3), a, false, null));
      jobs.add(new Job("gray noise", noise(r, 19, 9, 1), a, false, null));
      jobs.add(new Job("gray smooth 1x1", JpegCases.picture(r, 1, 1, 1), a, false, null));
    }
    jobs.add(
        new Job(
            "RGB 1x1",
            noise(r, 1, 1, 3),
            attrs("progressive", true, "chroma_downsampling", false),
            false,
            null));
    jobs.add(new Job("RGB", noise(r, 5, 6, 3), attrs("density_unit", "cm"), false, null));
    jobs.add(
        new Job(
            "RGB",
            noise(r, 5, 6, 3),
            attrs("density_unit", "cm", "x_density", 72L, "y_density", 96L),
            false,
            null));
    jobs.add(
        new Job(
            "gray", noise(r, 5, 6, 1), attrs("x_density", 0L, "y_density", 65535L), false, null));
    jobs.add(
        new Job(
            "gray", noise(r, 5, 6, 1), attrs("x_density", 70000L, "y_density", -1L), false, null));
    byte[] xmp =
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">caf\u00e9</x:xmpmeta>"
            .getBytes(StandardCharsets.UTF_8);
    jobs.add(new Job("RGB", noise(r, 6, 5, 3), attrs("xmp_metadata", xmp), false, null));
    jobs.add(
        new Job(
            "gray",
            noise(r, 6, 5, 1),
            attrs("xmp_metadata", xmp, "progressive", true),
            false,
            null));
    byte[] longest = new byte[65533 - 29];
    java.util.Arrays.fill(longest, (byte) 'x');
    jobs.add(
        new Job(
            "gray, the longest XMP",
            noise(r, 2, 2, 1),
            attrs("xmp_metadata", longest),
            false,
            null));
    jobs.add(new Job("RGB, format rgb", noise(r, 6, 7, 3), attrs("format", "rgb"), false, null));
    jobs.add(
        new Job(
            "gray, format grayscale",
            noise(r, 6, 7, 1),
            attrs("format", "grayscale"),
            false,
            null));
    // errors
    byte[] tooLong = new byte[65533 - 28];
    java.util.Arrays.fill(tooLong, (byte) 'y');
    jobs.add(
        new Job(
            "error: XMP one byte too long",
            noise(r, 2, 2, 1),
            attrs("xmp_metadata", tooLong),
            false,
            null));
    jobs.add(new Job("error: format rgb", noise(r, 3, 3, 1), attrs("format", "rgb"), false, null));
    jobs.add(
        new Job(
            "error: format grayscale",
            noise(r, 3, 3, 3),
            attrs("format", "grayscale"),
            false,
            null));
    jobs.add(
        new Job("error: format rgba", noise(r, 3, 3, 4), attrs("format", "rgba"), false, null));
    jobs.add(new Job("error: 2 channels", noise(r, 3, 3, 2), attrs(), false, null));
    jobs.add(new Job("error: 4 channels", noise(r, 3, 3, 4), attrs(), false, null));
    jobs.add(new Job("error: quality 101", noise(r, 3, 3, 3), attrs("quality", 101L), false, null));
    jobs.add(new Job("error: quality -1", noise(r, 3, 3, 3), attrs("quality", -1L), false, null));
    jobs.add(
        new Job(
            "error: density_unit mm", noise(r, 3, 3, 3), attrs("density_unit", "mm"), false, null));
    jobs.add(new Job("error: empty", noise(r, 0, 5, 3), attrs(), false, null));
    jobs.add(new Job("error: empty", noise(r, 4, 0, 1), attrs(), false, null));
    jobs.add(new Job("error: empty with 2 channels", noise(r, 0, 4, 2), attrs(), false, null));
    jobs.add(
        new Job(
            "error: rank 2",
            Tensor.ofIntegers(DType.UINT8, Shape.of(3, 4), new long[12]),
            attrs(),
            false,
            null));
    jobs.add(
        new Job(
            "error: rank 4",
            Tensor.ofIntegers(DType.UINT8, Shape.of(1, 2, 2, 1), new long[4]),
            attrs(),
            false,
            null));
    // EncodeJpegVariableQuality
    for (int q : new int[] {0, 1, 25, 50, 90, 100}) {
      jobs.add(
          new Job(
              "RGB smooth",
              JpegCases.picture(r, 19, 22, 3),
              attrs(),
              q == 50,
              Tensor.ofInts(Shape.scalar(), q)));
      jobs.add(
          new Job(
              "gray noise", noise(r, 11, 10, 1), attrs(), false, Tensor.ofInts(Shape.scalar(), q)));
    }
    jobs.add(
        new Job(
            "error: quality 101",
            noise(r, 3, 3, 3),
            attrs(),
            false,
            Tensor.ofInts(Shape.scalar(), 101)));
    jobs.add(
        new Job(
            "error: quality -1",
            noise(r, 3, 3, 1),
            attrs(),
            false,
            Tensor.ofInts(Shape.scalar(), -1)));
    jobs.add(
        new Job(
            "error: quality a vector",
            noise(r, 3, 3, 3),
            attrs(),
            false,
            Tensor.ofInts(Shape.of(1), 50)));
    jobs.add(
        new Job(
            "error: 4 channels",
            noise(r, 3, 3, 4),
            attrs(),
            false,
            Tensor.ofInts(Shape.scalar(), 50)));
    jobs.add(
        new Job(
            "error: empty", noise(r, 0, 3, 3), attrs(), false, Tensor.ofInts(Shape.scalar(), 50)));
    jobs.add(
        new Job(
            "error: rank 2",
            Tensor.ofIntegers(DType.UINT8, Shape.of(3, 4), new long[12]),
            attrs(),
            false,
            Tensor.ofInts(Shape.scalar(), 50)));
    for (Job j : jobs) {
      add(out, j);
    }
    wide(out);
    generated(out, "smooth", 121, 163, 3, false, attrs("progressive", true));
    generated(out, "noisy", 97, 131, 3, true, attrs("progressive", true));
    generated(out, "smooth", 121, 163, 3, false, attrs("optimize_size", true, "quality", 80L));
    generated(out, "noisy", 96, 128, 1, true, attrs("progressive", true, "quality", 100L));
    generated(
        out,
        "noisy",
        70,
        90,
        3,
        true,
        attrs("progressive", true, "chroma_downsampling", false, "quality", 98L));
    generated(out, "noisy", 3, 1001, 3, true, attrs("quality", 100L));
    generated(out, "smooth", 200, 9, 3, false, attrs("optimize_size", true, "progressive", true));
    stripes(out, 64, 320, 1);
    stripes(out, 48, 400, 3);
    flat(out);
    lowNoise(out, attrs("optimize_size", true, "quality", 100L));
    lowNoise(out, attrs("progressive", true, "quality", 100L));
    return out.cases();
  }

  /**
   * Vertical stripes 4 pixels wide, computed in the graph: every block alike, with a few large
   * horizontal coefficients and no ±1 at quality 100, so the last refinement scan's end-of-band run
   * gathers correction bits until libjpeg forces it out.
   */
  private static void stripes(CaseList out, int h, int w, int c) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(Tensor.ofInts(Shape.scalar(), h * w * c), Encoding.TYPED).addTo(g, "n", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), 0), Encoding.TYPED).addTo(g, "zero", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), c), Encoding.TYPED).addTo(g, "step", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), w), Encoding.TYPED).addTo(g, "w", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), 8), Encoding.TYPED).addTo(g, "eight", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), 4), Encoding.TYPED).addTo(g, "four", feeds);
    Input.constant(Tensor.ofInts(Shape.scalar(), 255), Encoding.TYPED).addTo(g, "white", feeds);
    Input.constant(Tensor.ofInts(Shape.of(3), h, w, c), Encoding.TYPED).addTo(g, "shape", feeds);
    g.op("i", "Range", "zero", "n", "step").attr("Tidx", DType.INT32);
    g.op("ci", "FloorDiv", "i", "step").attr("T", DType.INT32);
    g.op("x", "FloorMod", "ci", "w").attr("T", DType.INT32);
    g.op("x8", "FloorMod", "x", "eight").attr("T", DType.INT32);
    g.op("half", "FloorDiv", "x8", "four").attr("T", DType.INT32);
    g.op("v1", "Mul", "half", "white").attr("T", DType.INT32);
    g.op("b1", "Cast", "v1")
        .attr("SrcT", DType.INT32)
        .attr("DstT", DType.UINT8)
        .attr("Truncate", false);
    if (c == 3) {
      // the same value in all three channels: a stripe pixel per Range step, repeated
      Input.constant(Tensor.ofInts(Shape.of(2), h * w, 1), Encoding.TYPED).addTo(g, "col", feeds);
      Input.constant(Tensor.ofInts(Shape.of(2), 1, 3), Encoding.TYPED).addTo(g, "reps", feeds);
      g.op("b2", "Reshape", "b1", "col").attr("T", DType.UINT8).attr("Tshape", DType.INT32);
      g.op("b", "Tile", "b2", "reps").attr("T", DType.UINT8).attr("Tmultiples", DType.INT32);
    } else {
      g.op("b", "Identity", "b1").attr("T", DType.UINT8);
    }
    g.op("image", "Reshape", "b", "shape").attr("T", DType.UINT8).attr("Tshape", DType.INT32);
    g.op("jpeg", "EncodeJpeg", "image");
    setAttrs(g, attrs("progressive", true, "quality", 100L));
    out.add(
        "EncodeJpeg stripes "
            + h
            + "x"
            + w
            + "x"
            + c
            + " built in the graph, progressive, quality 100",
        g.build(),
        feeds,
        List.of("jpeg"));
  }

  /**
   * 256x256 gray: 128 plus 0..7 from a hash of the pixel index, computed in the graph. At quality
   * 100 its optimal AC table's Huffman tree is 17 deep, so jpeg_gen_optimal_table folds it to 16.
   */
  private static void lowNoise(CaseList out, Map<String, Object> attrs) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    int[][] consts = {{256 * 256}, {0}, {1}, {256}, {31337}, {4096}, {512}, {128}};
    String[] names = {"n", "zero", "one", "row", "k", "m", "d", "mid"};
    for (int i = 0; i < names.length; i++) {
      Input.constant(Tensor.ofInts(Shape.scalar(), consts[i][0]), Encoding.TYPED)
          .addTo(g, names[i], feeds);
    }
    Input.constant(Tensor.ofInts(Shape.of(3), 256, 256, 1), Encoding.TYPED)
        .addTo(g, "shape", feeds);
    g.op("i", "Range", "zero", "n", "one").attr("Tidx", DType.INT32);
    g.op("y", "FloorDiv", "i", "row").attr("T", DType.INT32);
    g.op("y1", "AddV2", "y", "one").attr("T", DType.INT32);
    g.op("ik", "Mul", "i", "k").attr("T", DType.INT32);
    g.op("iky", "Mul", "ik", "y1").attr("T", DType.INT32);
    g.op("t", "AddV2", "iky", "i").attr("T", DType.INT32);
    g.op("tm", "FloorMod", "t", "m").attr("T", DType.INT32);
    g.op("td", "FloorDiv", "tm", "d").attr("T", DType.INT32);
    g.op("v", "AddV2", "td", "mid").attr("T", DType.INT32);
    g.op("b", "Cast", "v")
        .attr("SrcT", DType.INT32)
        .attr("DstT", DType.UINT8)
        .attr("Truncate", false);
    g.op("image", "Reshape", "b", "shape").attr("T", DType.UINT8).attr("Tshape", DType.INT32);
    g.op("jpeg", "EncodeJpeg", "image");
    setAttrs(g, attrs);
    out.add(
        "EncodeJpeg low noise 256x256x1 built in the graph " + attrs,
        g.build(),
        feeds,
        List.of("jpeg"));
  }

  /** A flat 1456x1456 gray image (Fill): end-of-band runs past 32766 blocks, forced out. */
  private static void flat(CaseList out) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(Tensor.ofInts(Shape.of(3), 1456, 1456, 1), Encoding.TYPED)
        .addTo(g, "dims", feeds);
    Input.constant(Tensor.ofIntegers(DType.UINT8, Shape.scalar(), 77), Encoding.TYPED)
        .addTo(g, "value", feeds);
    g.op("image", "Fill", "dims", "value").attr("T", DType.UINT8).attr("index_type", DType.INT32);
    g.op("jpeg", "EncodeJpeg", "image");
    setAttrs(g, attrs("progressive", true));
    out.add(
        "EncodeJpeg a flat 1456x1456 gray image, progressive", g.build(), feeds, List.of("jpeg"));
  }
}
