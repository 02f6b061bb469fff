package dev.rawops.tfgen;

import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The audio family's EncodeWav cases (exact: rounding, clamping, NaN, header bytes, DecodeWav round
 * trips, errors) and its FFT cases: FFT/IFFT/RFFT/IRFFT in 1-3 dimensions, both precisions, lengths
 * that are and are not powers of two, cropped and padded fft_length, IRFFT of spectra whose DC and
 * Nyquist bins have imaginary parts, empty inputs, and the kernel's and shape function's errors.
 */
final class SpectralCases {
  private SpectralCases() {}

  private static final Pattern POINTS = Pattern.compile("\\(N=(\\d+)\\)");

  /**
   * TF's CPU FFT is ducc's, which computes complex64 in float with its own radix order; rawops
   * computes in double and rounds once. Both errors grow like eps·log2(N)·sqrt(N) for the
   * unit-scale inputs used here (N = points transformed), so atol scales with that; rtol covers
   * large bins.
   */
  static Optional<Tolerance> tolerance(Case c) {
    Matcher m = POINTS.matcher(c.description());
    if (!m.find()) {
      return Optional.empty();
    }
    double n = Double.parseDouble(m.group(1));
    double growth = Math.sqrt(n) * (Math.log(2 * n) / Math.log(2));
    boolean wide = c.description().contains("complex128") || c.description().contains("double");
    return Optional.of(
        wide
            ? Tolerance.newBuilder().setRtol(1e-12).setAtol(1e-13 * growth).build()
            : Tolerance.newBuilder().setRtol(1e-5).setAtol(1e-6 * growth).build());
  }

  static void encodeWav(CaseList out, Random r) {
    float h = 0.5f / 32768f;
    float[] edges = {
      0f,
      -0f,
      1f,
      -1f,
      1.5f,
      -1.5f,
      0.99999f,
      h,
      -h,
      3 * h,
      -3 * h,
      h * 0.999f,
      0.25f,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      Float.NaN,
      32767f / 32768f,
      1e-9f
    };
    wav(
        out,
        "EncodeWav edge values: rounding half away, clamping, inf, NaN",
        Shape.of(18, 1),
        edges,
        16000,
        true);
    float[] stereo = new float[2 * 37];
    for (int i = 0; i < stereo.length; i++) {
      stereo[i] = (float) (r.nextDouble() * 2.2 - 1.1);
    }
    wav(out, "EncodeWav stereo noise at 44.1 kHz", Shape.of(37, 2), stereo, 44100, true);
    float[] five = new float[5 * 3];
    for (int i = 0; i < five.length; i++) {
      five[i] = (float) Math.sin(i * 0.7) * 0.9f;
    }
    wav(out, "EncodeWav 3 channels at 8 kHz", Shape.of(5, 3), five, 8000, true);
    wav(out, "EncodeWav no frames", Shape.of(0, 2), new float[0], 16000, true);
    wav(out, "EncodeWav error: zero channels", Shape.of(4, 0), new float[0], 16000, false);
    wav(out, "EncodeWav error: sample rate 0", Shape.of(2, 1), new float[2], 0, false);
    wav(out, "EncodeWav error: negative sample rate", Shape.of(2, 1), new float[2], -5, false);
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    fed(Tensor.ofFloats(Shape.of(3), 0.1f, 0.2f, 0.3f), PartialShape.unknownRank())
        .addTo(g, "audio", feeds);
    fed(Tensor.ofInts(Shape.of(), 16000), PartialShape.unknownRank()).addTo(g, "rate", feeds);
    g.op("wav", "EncodeWav", "audio", "rate");
    out.add("EncodeWav error: 1-D audio (run time)", g.build(), feeds, List.of("wav"));
    g = new GraphDefBuilder();
    feeds = new LinkedHashMap<>();
    fed(Tensor.ofFloats(Shape.of(1, 1), 0.1f), PartialShape.unknownRank()).addTo(g, "audio", feeds);
    fed(Tensor.ofInts(Shape.of(1), 16000), PartialShape.unknownRank()).addTo(g, "rate", feeds);
    g.op("wav", "EncodeWav", "audio", "rate");
    out.add(
        "EncodeWav error: sample_rate of shape [1] (run time)", g.build(), feeds, List.of("wav"));
  }

  private static Input fed(Tensor t, PartialShape shape) {
    return Input.fed(t, shape, Encoding.TYPED, false);
  }

  private static void wav(
      CaseList out, String what, Shape shape, float[] audio, int rate, boolean roundTrip) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    fed(Tensor.ofFloats(shape, audio), PartialShape.of(shape.dims())).addTo(g, "audio", feeds);
    fed(Tensor.ofInts(Shape.of(), rate), PartialShape.of()).addTo(g, "rate", feeds);
    g.op("wav", "EncodeWav", "audio", "rate");
    List<String> fetches = List.of("wav");
    if (roundTrip) {
      g.op("back", "DecodeWav", "wav");
      fetches = List.of("wav", "back", "back:1");
    }
    out.add(what, g.build(), feeds, fetches);
  }

  static void ffts(CaseList out, Random r) {
    for (DType c : new DType[] {DType.COMPLEX64, DType.COMPLEX128}) {
      long[][] shapes1 = {{8}, {3, 5}, {2, 12}, {1}, {2, 7}, {60}, {4, 17}};
      for (long[] s : shapes1) {
        complex(out, r, "FFT", 1, c, s);
        complex(out, r, "IFFT", 1, c, s);
      }
      long[][] shapes2 = {{4, 6}, {2, 3, 5}, {1, 8}, {7, 1}};
      for (long[] s : shapes2) {
        complex(out, r, "FFT2D", 2, c, s);
        complex(out, r, "IFFT2D", 2, c, s);
      }
      long[][] shapes3 = {{2, 3, 4}, {2, 2, 3, 5}};
      for (long[] s : shapes3) {
        complex(out, r, "FFT3D", 3, c, s);
        complex(out, r, "IFFT3D", 3, c, s);
      }
      complex(out, r, "FFT", 1, c, new long[] {0, 4});
      complex(out, r, "IFFT2D", 2, c, new long[] {0, 3, 2});
    }
    for (DType t : new DType[] {DType.FLOAT, DType.DOUBLE}) {
      real(out, r, "RFFT", t, new long[] {16}, 16);
      real(out, r, "RFFT", t, new long[] {3, 10}, 10);
      real(out, r, "RFFT", t, new long[] {2, 9}, 9);
      real(out, r, "RFFT", t, new long[] {2, 12}, 8);
      real(out, r, "RFFT", t, new long[] {5}, 8);
      real(out, r, "RFFT", t, new long[] {3, 4}, 1);
      real(out, r, "RFFT", t, new long[] {0, 8}, 8);
      real(out, r, "RFFT2D", t, new long[] {3, 4}, 3, 4);
      real(out, r, "RFFT2D", t, new long[] {2, 5, 6}, 4, 6);
      real(out, r, "RFFT2D", t, new long[] {3, 7}, 3, 7);
      real(out, r, "RFFT3D", t, new long[] {2, 3, 4}, 2, 3, 4);
      real(out, r, "RFFT3D", t, new long[] {2, 3, 5}, 2, 3, 5);
      real(out, r, "IRFFT", t, new long[] {5}, 8);
      real(out, r, "IRFFT", t, new long[] {3, 5}, 9);
      real(out, r, "IRFFT", t, new long[] {2, 6}, 10);
      real(out, r, "IRFFT", t, new long[] {2, 9}, 8);
      real(out, r, "IRFFT", t, new long[] {4, 3}, 8);
      real(out, r, "IRFFT", t, new long[] {3}, 1);
      real(out, r, "IRFFT2D", t, new long[] {4, 5}, 4, 8);
      real(out, r, "IRFFT2D", t, new long[] {2, 5, 4}, 3, 7);
      real(out, r, "IRFFT3D", t, new long[] {2, 3, 4}, 2, 3, 6);
      real(out, r, "IRFFT3D", t, new long[] {2, 2, 3, 3}, 2, 3, 5);
    }
    real(out, r, "RFFT", DType.FLOAT, new long[] {4}, -1);
    real(out, r, "IRFFT2D", DType.FLOAT, new long[] {3, 4}, 3, -2);
    lengthShape(out, r, "RFFT", 1, 2);
    lengthShape(out, r, "IRFFT2D", 2, 1);
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    fed(
            Tensor.ofComplex64(Shape.of(), new float[] {1}, new float[] {0}),
            PartialShape.unknownRank())
        .addTo(g, "x", feeds);
    g.op("y", "FFT", "x");
    out.add("FFT error: scalar input (run time)", g.build(), feeds, List.of("y"));
    g = new GraphDefBuilder();
    feeds = new LinkedHashMap<>();
    fed(Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4), PartialShape.of(4)).addTo(g, "x", feeds);
    fed(Tensor.ofInts(Shape.of(1), 4), PartialShape.of(1)).addTo(g, "n", feeds);
    g.op("y", "RFFT", "x", "n").attr("Treal", DType.FLOAT).attr("Tcomplex", DType.COMPLEX128);
    out.add("RFFT error: Treal float with Tcomplex complex128", g.build(), feeds, List.of("y"));
  }

  private static long points(long[] shape, int rank) {
    long n = 1;
    for (int i = shape.length - rank; i < shape.length; i++) {
      n *= shape[i];
    }
    return n;
  }

  private static Tensor random(Random r, DType t, long[] shape) {
    Shape s = Shape.of(shape);
    int n = (int) s.numElements();
    double[] re = new double[n];
    double[] im = new double[n];
    float[] fre = new float[n];
    float[] fim = new float[n];
    for (int i = 0; i < n; i++) {
      re[i] = r.nextDouble() * 2 - 1;
      im[i] = r.nextDouble() * 2 - 1;
      fre[i] = (float) re[i];
      fim[i] = (float) im[i];
    }
    return switch (t) {
      case COMPLEX64 -> Tensor.ofComplex64(s, fre, fim);
      case COMPLEX128 -> Tensor.ofComplex128(s, re, im);
      case FLOAT -> Tensor.ofFloats(s, fre);
      case DOUBLE -> Tensor.ofDoubles(s, re);
      default -> throw new IllegalArgumentException(t.toString());
    };
  }

  private static void complex(CaseList out, Random r, String op, int rank, DType t, long[] shape) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Tensor x = random(r, t, shape);
    fed(x, PartialShape.of(shape)).addTo(g, "x", feeds);
    g.op("y", op, "x").attr("Tcomplex", t);
    String what = op + " " + t.tfName() + x.shape() + " (N=" + points(shape, rank) + ")";
    out.add(what, g.build(), feeds, List.of("y"));
  }

  /** RFFT* of a real input, or IRFFT* (named by {@code op}) of a complex one of precision t. */
  private static void real(CaseList out, Random r, String op, DType t, long[] shape, int... n) {
    boolean inverse = op.startsWith("I");
    DType complexType = t == DType.FLOAT ? DType.COMPLEX64 : DType.COMPLEX128;
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    Tensor x = random(r, inverse ? complexType : t, shape);
    fed(x, PartialShape.of(shape)).addTo(g, "x", feeds);
    fed(Tensor.ofInts(Shape.of(n.length), n), PartialShape.of(n.length)).addTo(g, "n", feeds);
    g.op("y", op, "x", "n").attr("Treal", t).attr("Tcomplex", complexType);
    long points = 1;
    StringBuilder lengths = new StringBuilder();
    for (int v : n) {
      points *= Math.max(v, 1);
      lengths.append(lengths.length() == 0 ? "" : ",").append(v);
    }
    String what =
        op
            + " "
            + x.dtype().tfName()
            + x.shape()
            + " fft_length ["
            + lengths
            + "] (N="
            + points
            + ")";
    out.add(what, g.build(), feeds, List.of("y"));
  }

  /** fft_length of the wrong size, as a constant, so the shape function rejects it. */
  private static void lengthShape(CaseList out, Random r, String op, int rank, int size) {
    boolean inverse = op.startsWith("I");
    long[] shape = {3, 8};
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    fed(random(r, inverse ? DType.COMPLEX64 : DType.FLOAT, shape), PartialShape.of(shape))
        .addTo(g, "x", feeds);
    int[] n = new int[size];
    java.util.Arrays.fill(n, 4);
    g.constant("n", Tensor.ofInts(Shape.of(size), n));
    g.op("y", op, "x", "n");
    out.add(
        op + " error: fft_length of " + size + " for rank " + rank, g.build(), feeds, List.of("y"));
  }
}
