package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * EncodePng, checked by decoding: the PNG bytes depend on libpng's zlib settings (memory level 9, a
 * window fitted to the image), which the JDK's Deflater cannot reproduce, so each case fetches
 * DecodePng of the encoded image (the pixels must come back unchanged) and the encoded batch's
 * shape; 1 to 4 channels, 8 and 16 bits, every compression level's edge, batches; TF's errors (not
 * an empty image: TF 2.18 aborts the process on one).
 */
final class EncodePngCases {
  private EncodePngCases() {}

  private static Tensor image(Random r, DType t, long... dims) {
    long n = 1;
    for (long d : dims) {
      n *= d;
    }
    long[] v = new long[(int) n];
    int top = t == DType.UINT16 ? 65536 : 256;
    for (int i = 0; i < v.length; i++) {
      v[i] = (i % 7 == 0) ? r.nextInt(top) : (i * 37L) % top;
    }
    return Tensor.ofIntegers(t, Shape.of(dims), v);
  }

  private static void roundTrip(CaseList out, String what, Tensor img, long compression) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(img, Encoding.CONTENT).addTo(g, "pixels", feeds);
    g.op("image", "EncodePng", "pixels");
    g.attr("compression", compression);
    g.attr("T", img.dtype());
    List<String> fetches;
    if (img.shape().rank() == 3) {
      g.op("decoded", "DecodePng", "image");
      g.attr("dtype", img.dtype());
      g.attr("channels", 0L);
      g.op("shape", "Shape", "image");
      g.attr("T", DType.STRING);
      g.attr("out_type", DType.INT32);
      fetches = List.of("decoded", "shape");
    } else {
      g.op("shape", "Shape", "image");
      g.attr("T", DType.STRING);
      g.attr("out_type", DType.INT32);
      fetches = List.of("shape");
    }
    out.add(
        "EncodePng "
            + what
            + " "
            + img.dtype().tfName()
            + img.shape()
            + ", compression "
            + compression,
        g.build(),
        feeds,
        fetches);
  }

  static void cases(CaseList out, Random r) {
    for (long c = 1; c <= 4; c++) {
      roundTrip(out, c + " channels", image(r, DType.UINT8, 5, 7, c), -1);
      roundTrip(out, c + " channels", image(r, DType.UINT16, 4, 6, c), -1);
    }
    roundTrip(out, "level 0", image(r, DType.UINT8, 9, 11, 3), 0);
    roundTrip(out, "level 9", image(r, DType.UINT8, 9, 11, 4), 9);
    roundTrip(out, "level 1", image(r, DType.UINT16, 3, 3, 2), 1);
    roundTrip(out, "a 1x1 image", image(r, DType.UINT8, 1, 1, 1), 6);
    roundTrip(out, "a batch", image(r, DType.UINT8, 2, 3, 4, 5, 3), -1);
    roundTrip(out, "error: 5 channels", image(r, DType.UINT8, 2, 2, 5), -1);
    roundTrip(out, "error: compression 10", image(r, DType.UINT8, 2, 2, 1), 10);
    roundTrip(out, "error: compression -2", image(r, DType.UINT8, 2, 2, 1), -2);
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Input.constant(image(r, DType.UINT8, 3, 4), Encoding.CONTENT).addTo(g, "pixels", feeds);
    g.op("image", "EncodePng", "pixels");
    out.add("EncodePng error: rank 2", g.build(), feeds, List.of("image"));
  }
}
