package dev.rawops.tfgen;

import static dev.rawops.tensor.DType.BFLOAT16;
import static dev.rawops.tensor.DType.DOUBLE;
import static dev.rawops.tensor.DType.FLOAT;
import static dev.rawops.tensor.DType.QINT32;
import static dev.rawops.tensor.DType.QINT8;
import static dev.rawops.tensor.DType.QUINT8;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import java.util.List;
import java.util.Random;

/**
 * The quantization family beyond fake quantization: QuantizeV2 and Dequantize for every quantized
 * type, mode, round mode and narrow_range, per tensor and per axis, over ranges holding zero,
 * negative-only, min == max and ensure_minimum_range; QuantizeAndDequantize V1 to V4 (float and
 * double, signed and unsigned, several bit widths, given or computed ranges, per channel);
 * Requantize, RequantizationRange and QuantizeDownAndShrinkRange on qint32 accumulators; ±inf and
 * NaN inputs; and TF's errors, at run time (fed) and at build time (Consts).
 */
public final class QuantizationCases implements CaseFamily {
  private static final List<String> MODES = List.of("MIN_COMBINED", "MIN_FIRST", "SCALED");
  private static final float[][] RANGES = {
    {-1f, 1f}, {0f, 6f}, {-3.5f, 2.25f}, {-2f, -0.5f}, {1.5f, 1.5f}, {0f, 0f}, {-100f, 37.7f}
  };

  @Override
  public String directory() {
    return "quantization";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    quantizeV2(out, r);
    dequantize(out, r);
    quantizeAndDequantize(out, r);
    requantize(out, r);
    return out.cases();
  }

  private static AttrValue f(float v) {
    return AttrValue.newBuilder().setF(v).build();
  }

  private static Tensor scalar(float v) {
    return Tensor.ofFloats(Shape.scalar(), v);
  }

  /** Random floats spread over 1.5 times [lo, hi] (and over [-2, 2] when the range is empty). */
  private static Tensor floats(Random r, Shape s, float lo, float hi) {
    float[] v = new float[Math.toIntExact(s.numElements())];
    float width = Math.max(hi - lo, 4f);
    float mid = (lo + hi) / 2;
    for (int i = 0; i < v.length; i++) {
      float x = mid + (r.nextFloat() - 0.5f) * 1.5f * width;
      // every fourth value on a multiple of 1/8, where ties of the rounding are likely
      v[i] = i % 4 == 3 ? Math.round(x * 8) / 8f : x;
    }
    return Tensor.ofFloats(s, v);
  }

  private static long lowest(DType t) {
    return switch (t) {
      case QINT8 -> -128;
      case QINT16 -> -32768;
      case QINT32 -> Integer.MIN_VALUE;
      default -> 0;
    };
  }

  private static long highest(DType t) {
    return switch (t) {
      case QINT8 -> 127;
      case QUINT8 -> 255;
      case QINT16 -> 32767;
      case QUINT16 -> 65535;
      default -> Integer.MAX_VALUE;
    };
  }

  /** Random values of a quantized type, its lowest and highest included. */
  private static Tensor quantized(Random r, DType t, Shape s) {
    long[] v = new long[Math.toIntExact(s.numElements())];
    long lo = lowest(t);
    long span = highest(t) - lo + 1;
    for (int i = 0; i < v.length; i++) {
      v[i] = lo + (long) (r.nextDouble() * span);
    }
    if (v.length > 2) {
      v[0] = lo;
      v[1] = highest(t);
    }
    return Tensor.ofIntegers(t, s, v);
  }

  // ---- QuantizeV2

  private static void quantizeV2(
      CaseList out,
      Tensor x,
      Tensor min,
      Tensor max,
      DType t,
      String mode,
      String round,
      boolean narrow,
      int axis,
      float eps,
      boolean fed) {
    if (oneDnn(t, mode, round, axis)) {
      return;
    }
    NodeCase c = new NodeCase().input(fed, x).input(fed, min).input(fed, max);
    GraphDefBuilder b = c.op("QuantizeV2").attr("T", t).attr("mode", mode);
    b.attr("round_mode", round).attr("narrow_range", narrow).attr("axis", axis);
    b.attr("ensure_minimum_range", f(eps));
    c.addTo(
        out,
        "QuantizeV2 T="
            + t.tfName()
            + " mode="
            + mode
            + " round_mode="
            + round
            + " narrow_range="
            + narrow
            + " axis="
            + axis
            + " ensure_minimum_range="
            + eps,
        3);
  }

  /**
   * TF 2.18's x86 build rewrites QuantizeV2 to oneDNN's _MklQuantizeV2 for SCALED with HALF_TO_EVEN
   * and for MIN_FIRST into quint8, and Dequantize to _MklDequantize for SCALED (none for qint32):
   * their values are oneDNN's, not those of TF's reference kernels that rawops implements, so those
   * configurations have no fixtures (see the README).
   */
  private static boolean oneDnn(DType t, String mode, String round, int axis) {
    if (axis != -1) {
      return false;
    }
    return (mode.equals("SCALED") && round.equals("HALF_TO_EVEN"))
        || (mode.equals("MIN_FIRST") && t == QUINT8);
  }

  private static void quantizeV2(CaseList out, Random r) {
    Shape s = Shape.of(3, 5);
    for (DType t : DType.quantizedTypes()) {
      for (String mode : MODES) {
        for (float[] range : RANGES) {
          Tensor x = floats(r, s, range[0], range[1]);
          quantizeV2(
              out,
              x,
              scalar(range[0]),
              scalar(range[1]),
              t,
              mode,
              "HALF_AWAY_FROM_ZERO",
              false,
              -1,
              0.01f,
              true);
        }
      }
      for (boolean narrow : new boolean[] {false, true}) {
        Tensor x = floats(r, s, -4f, 3f);
        quantizeV2(
            out, x, scalar(-4f), scalar(3f), t, "SCALED", "HALF_TO_EVEN", narrow, -1, 0.01f, true);
        quantizeV2(
            out,
            x,
            scalar(-4f),
            scalar(3f),
            t,
            "SCALED",
            "HALF_AWAY_FROM_ZERO",
            narrow,
            -1,
            0.01f,
            true);
      }
    }
    // ensure_minimum_range, ties of the rounding, ±inf and NaN
    Tensor ties = Tensor.ofFloats(Shape.of(8), -2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, 0f, -0f);
    Tensor special =
        Tensor.ofFloats(
            Shape.of(6), Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 0f, 1f, -1f);
    for (DType t : List.of(QINT8, QUINT8, QINT32)) {
      for (String mode : MODES) {
        for (float eps : new float[] {0f, 0.5f, 3f}) {
          quantizeV2(
              out,
              floats(r, Shape.of(6), 0.1f, 0.2f),
              scalar(0.1f),
              scalar(0.2f),
              t,
              mode,
              "HALF_AWAY_FROM_ZERO",
              false,
              -1,
              eps,
              true);
        }
        quantizeV2(
            out,
            ties,
            scalar(-127f),
            scalar(127f),
            t,
            mode,
            "HALF_AWAY_FROM_ZERO",
            false,
            -1,
            0.01f,
            true);
        quantizeV2(
            out,
            special,
            scalar(-2f),
            scalar(2f),
            t,
            mode,
            "HALF_AWAY_FROM_ZERO",
            false,
            -1,
            0.01f,
            true);
      }
      quantizeV2(
          out,
          ties,
          scalar(-127f),
          scalar(127f),
          t,
          "SCALED",
          "HALF_TO_EVEN",
          false,
          -1,
          0.01f,
          true);
    }
    // per channel
    Tensor x3 = floats(r, Shape.of(2, 3, 4), -3f, 3f);
    Tensor ch3lo = Tensor.ofFloats(Shape.of(3), -3f, 0f, -1f);
    Tensor ch3hi = Tensor.ofFloats(Shape.of(3), 3f, 2f, -0.25f);
    Tensor ch4lo = Tensor.ofFloats(Shape.of(4), -3f, -1f, 0f, 2f);
    Tensor ch4hi = Tensor.ofFloats(Shape.of(4), 1f, 1f, 0f, 2f);
    Tensor ch2lo = Tensor.ofFloats(Shape.of(2), -1f, -2f);
    Tensor ch2hi = Tensor.ofFloats(Shape.of(2), 1f, 5f);
    for (DType t : List.of(QINT8, QUINT8, DType.QINT16)) {
      for (String mode : List.of("MIN_COMBINED", "SCALED")) {
        String rm = "HALF_AWAY_FROM_ZERO";
        quantizeV2(out, x3, ch3lo, ch3hi, t, mode, rm, false, 1, 0.01f, true);
        quantizeV2(out, x3, ch4lo, ch4hi, t, mode, rm, mode.equals("SCALED"), 2, 0.01f, true);
        quantizeV2(out, x3, ch2lo, ch2hi, t, mode, rm, false, 0, 0.01f, true);
      }
    }
    quantizeV2(
        out,
        floats(r, Shape.of(2, 1, 3), -1f, 1f),
        Tensor.ofFloats(Shape.of(1), -1f),
        Tensor.ofFloats(Shape.of(1), 1f),
        QINT8,
        "MIN_FIRST",
        "HALF_AWAY_FROM_ZERO",
        false,
        1,
        0.01f,
        true);
    // errors
    String away = "HALF_AWAY_FROM_ZERO";
    Tensor x = floats(r, Shape.of(4), -1f, 1f);
    for (boolean fed : new boolean[] {true, false}) {
      quantizeV2(
          out, x, scalar(1f), scalar(-1f), QUINT8, "MIN_COMBINED", away, false, -1, 0.01f, fed);
      quantizeV2(
          out,
          x,
          scalar(-1f),
          scalar(1f),
          QINT8,
          "MIN_FIRST",
          "HALF_TO_EVEN",
          false,
          -1,
          0.01f,
          fed);
      quantizeV2(out, x3, ch3lo, ch3hi, QINT8, "MIN_FIRST", away, false, 1, 0.01f, fed);
      quantizeV2(out, x3, ch3lo, ch3hi, QINT8, "SCALED", away, false, -2, 0.01f, fed);
    }
    quantizeV2(out, x3, ch4lo, ch4hi, QINT8, "SCALED", away, false, 1, 0.01f, false);
    quantizeV2(out, x, ch2lo, ch2hi, QINT8, "SCALED", away, false, -1, 0.01f, false);
    quantizeV2(out, x, scalar(-1f), scalar(1f), QINT8, "SCALED", away, false, 3, 0.01f, false);
    quantizeV2(
        out,
        x3,
        ch3lo,
        Tensor.ofFloats(Shape.of(3), 3f, -2f, 1f),
        QINT8,
        "SCALED",
        away,
        false,
        1,
        0.01f,
        true);
  }

  // ---- Dequantize

  private static void dequantize(
      CaseList out,
      Tensor x,
      Tensor min,
      Tensor max,
      String mode,
      boolean narrow,
      int axis,
      DType dtype,
      boolean fed) {
    if (axis == -1 && mode.equals("SCALED") && x.dtype() == QINT32) {
      return; // oneDNN's _MklDequantize, which has no qint32 kernel (see oneDnn)
    }
    NodeCase c = new NodeCase().input(fed, x).input(fed, min).input(fed, max);
    c.op("Dequantize")
        .attr("T", x.dtype())
        .attr("mode", mode)
        .attr("narrow_range", narrow)
        .attr("axis", axis)
        .attr("dtype", dtype);
    c.addTo(
        out,
        "Dequantize mode=" + mode + " narrow_range=" + narrow + " axis=" + axis + " to " + dtype,
        1);
  }

  private static void dequantize(CaseList out, Random r) {
    Shape s = Shape.of(4, 4);
    for (DType t : DType.quantizedTypes()) {
      for (String mode : MODES) {
        for (float[] range : RANGES) {
          dequantize(
              out,
              quantized(r, t, s),
              scalar(range[0]),
              scalar(range[1]),
              mode,
              false,
              -1,
              FLOAT,
              true);
        }
      }
      Tensor q = quantized(r, t, s);
      dequantize(out, q, scalar(-4f), scalar(3f), "SCALED", true, -1, FLOAT, true);
      dequantize(out, q, scalar(-4f), scalar(3f), "MIN_COMBINED", false, -1, BFLOAT16, true);
      dequantize(out, q, scalar(-0.3f), scalar(1e6f), "MIN_COMBINED", false, -1, BFLOAT16, true);
      Tensor q3 = quantized(r, t, Shape.of(2, 3, 2));
      Tensor lo = Tensor.ofFloats(Shape.of(3), -1f, 0f, -5f);
      Tensor hi = Tensor.ofFloats(Shape.of(3), 1f, 2.5f, -1f);
      dequantize(out, q3, lo, hi, "MIN_COMBINED", false, 1, FLOAT, true);
      dequantize(out, q3, lo, hi, "SCALED", true, 1, FLOAT, true);
      dequantize(out, q3, lo, hi, "MIN_COMBINED", false, 1, BFLOAT16, true);
      dequantize(
          out,
          q3,
          Tensor.ofFloats(Shape.of(2), -1f, -3f),
          Tensor.ofFloats(Shape.of(2), 2f, 3f),
          "SCALED",
          false,
          2,
          FLOAT,
          true);
    }
    Tensor q = quantized(r, QINT8, Shape.of(2, 3));
    Tensor lo = Tensor.ofFloats(Shape.of(3), -1f, 0f, -5f);
    Tensor hi = Tensor.ofFloats(Shape.of(3), 1f, 2.5f, -1f);
    for (boolean fed : new boolean[] {true, false}) {
      dequantize(out, q, lo, hi, "MIN_FIRST", false, 1, FLOAT, fed);
      dequantize(out, q, lo, hi, "SCALED", false, 0, FLOAT, fed);
      dequantize(out, q, lo, hi, "SCALED", false, 2, FLOAT, fed);
    }
    // fed, TF 2.18 reads the first element of the vector without checking (a CHECK failure)
    dequantize(out, q, lo, hi, "SCALED", false, -1, FLOAT, false);
    dequantize(out, q, scalar(-1f), scalar(1f), "SCALED", false, -3, FLOAT, false);
  }

  // ---- QuantizeAndDequantize

  private static void qdq(
      CaseList out,
      String op,
      Tensor x,
      Tensor min,
      Tensor max,
      boolean signed,
      int bits,
      boolean given,
      String round,
      boolean narrow,
      int axis,
      boolean fed) {
    NodeCase c = new NodeCase().input(fed, x).input(fed, min).input(fed, max);
    if (op.equals("QuantizeAndDequantizeV3")) {
      c.input(fed, Tensor.ofInts(Shape.scalar(), bits));
    }
    GraphDefBuilder b = c.op(op).attr("T", x.dtype()).attr("signed_input", signed);
    b.attr("range_given", given).attr("narrow_range", narrow).attr("axis", axis);
    if (!op.equals("QuantizeAndDequantizeV3")) {
      b.attr("num_bits", bits).attr("round_mode", round);
    }
    c.addTo(
        out,
        op
            + " signed_input="
            + signed
            + " num_bits="
            + bits
            + " range_given="
            + given
            + " round_mode="
            + round
            + " narrow_range="
            + narrow
            + " axis="
            + axis,
        1);
  }

  private static Tensor cast(Tensor t, DType d) {
    if (d == FLOAT) {
      return t;
    }
    double[] v = new double[Math.toIntExact(t.numElements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = t.getFloat(i);
    }
    return Tensor.ofDoubles(t.shape(), v);
  }

  private static void quantizeAndDequantize(CaseList out, Random r) {
    List<String> ops =
        List.of("QuantizeAndDequantizeV2", "QuantizeAndDequantizeV3", "QuantizeAndDequantizeV4");
    for (String op : ops) {
      for (DType d : List.of(FLOAT, DOUBLE)) {
        for (boolean signed : new boolean[] {true, false}) {
          for (int bits : new int[] {8, 4, 16}) {
            for (boolean given : new boolean[] {true, false}) {
              float[] range = given ? new float[] {-3f, 5f} : new float[] {0f, 0f};
              Tensor x = cast(floats(r, Shape.of(3, 4), -3f, 5f), d);
              String round = bits == 4 ? "HALF_TO_EVEN" : "HALF_UP";
              qdq(
                  out,
                  op,
                  x,
                  cast(scalar(range[0]), d),
                  cast(scalar(range[1]), d),
                  signed,
                  bits,
                  given,
                  round,
                  bits == 16,
                  -1,
                  true);
            }
          }
        }
        Tensor neg = cast(floats(r, Shape.of(5), -2f, -0.5f), d);
        qdq(
            out,
            op,
            neg,
            cast(scalar(-2f), d),
            cast(scalar(-0.5f), d),
            true,
            8,
            true,
            "HALF_UP",
            false,
            -1,
            true);
        Tensor zeros = cast(Tensor.ofFloats(Shape.of(3), 0f, 1f, -1f), d);
        qdq(
            out,
            op,
            zeros,
            cast(scalar(0f), d),
            cast(scalar(0f), d),
            true,
            8,
            true,
            "HALF_UP",
            false,
            -1,
            true);
        Tensor ties = cast(Tensor.ofFloats(Shape.of(6), -2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f), d);
        for (String round : List.of("HALF_UP", "HALF_TO_EVEN")) {
          qdq(
              out,
              op,
              ties,
              cast(scalar(-127f), d),
              cast(scalar(127f), d),
              true,
              8,
              true,
              round,
              true,
              -1,
              true);
        }
        Tensor x3 = cast(floats(r, Shape.of(2, 3, 2), -2f, 2f), d);
        Tensor lo = cast(Tensor.ofFloats(Shape.of(3), -1f, -2f, 0f), d);
        Tensor hi = cast(Tensor.ofFloats(Shape.of(3), 1f, 0.5f, 3f), d);
        for (boolean given : new boolean[] {true, false}) {
          qdq(out, op, x3, lo, hi, true, 8, given, "HALF_UP", false, 1, true);
          qdq(out, op, x3, lo, hi, false, 6, given, "HALF_UP", false, 1, true);
        }
        Tensor lo2 = cast(Tensor.ofFloats(Shape.of(2), -1f, -2f), d);
        Tensor hi2 = cast(Tensor.ofFloats(Shape.of(2), 1f, 0.5f), d);
        qdq(out, op, x3, lo2, hi2, true, 8, true, "HALF_UP", false, 2, true);
      }
      // errors
      Tensor x = floats(r, Shape.of(2, 3), -1f, 1f);
      Tensor lo = Tensor.ofFloats(Shape.of(3), -1f, -2f, 0f);
      Tensor hi = Tensor.ofFloats(Shape.of(3), 1f, 0.5f, 3f);
      for (boolean fed : new boolean[] {true, false}) {
        qdq(out, op, x, scalar(1f), scalar(-1f), true, 8, true, "HALF_UP", false, -1, fed);
        qdq(out, op, x, scalar(-1f), scalar(1f), true, 0, true, "HALF_UP", false, -1, fed);
        qdq(out, op, x, scalar(-1f), scalar(1f), true, 62, true, "HALF_UP", false, -1, fed);
        qdq(out, op, x, lo, hi, true, 8, true, "HALF_UP", false, 0, fed);
      }
      qdq(out, op, x, lo, hi, true, 8, true, "HALF_UP", false, 3, false);
      qdq(out, op, x, scalar(-1f), scalar(1f), true, 8, true, "HALF_UP", false, 1, false);
      qdq(out, op, x, lo, hi, true, 8, true, "HALF_UP", false, -2, false);
    }
  }

  // ---- Requantize, RequantizationRange, QuantizeDownAndShrinkRange

  private static void requantize(CaseList out, Random r) {
    float[][] in = {{-1f, 1f}, {-256f, 256f}, {0f, 10f}, {-5f, -5f}, {-3.25f, 1000f}};
    float[][] req = {{-1f, 1f}, {0f, 6f}, {-0.5f, 0f}, {-2f, 2f}, {0f, 0f}};
    for (DType t : List.of(QUINT8, QINT8)) {
      for (int i = 0; i < in.length; i++) {
        Tensor x = quantized(r, QINT32, Shape.of(10));
        requantizeCase(out, x, in[i], req[i], t, true);
        requantizeCase(out, x, in[(i + 2) % in.length], req[(i + 1) % req.length], t, true);
      }
      // values near zero of a wide accumulator range, as a matmul's
      Tensor small =
          Tensor.ofIntegers(QINT32, Shape.of(6), 0, 1 << 20, -(1 << 20), 1 << 24, -(1 << 22), 7);
      requantizeCase(out, small, new float[] {-256f, 256f}, new float[] {-1f, 1f}, t, true);
    }
    Tensor x = quantized(r, QINT32, Shape.of(4));
    for (boolean fed : new boolean[] {true, false}) {
      requantizeCase(out, x, new float[] {-1f, 1f}, new float[] {0.5f, 1f}, QUINT8, fed);
      requantizeCase(out, x, new float[] {-1f, 1f}, new float[] {-1f, -2f}, QUINT8, fed);
    }
    for (int i = 0; i < in.length; i++) {
      Tensor v = quantized(r, QINT32, Shape.of(2, 4));
      rangeCase(out, "RequantizationRange", v, in[i], 2);
      rangeCase(out, "QuantizeDownAndShrinkRange", v, in[i], 3);
    }
    Tensor small =
        Tensor.ofIntegers(QINT32, Shape.of(6), 0, 1 << 20, -(1 << 20), 1 << 24, -(1 << 22), 7);
    Tensor positive = Tensor.ofIntegers(QINT32, Shape.of(3), 5, 1 << 16, 1 << 28);
    for (String op : List.of("RequantizationRange", "QuantizeDownAndShrinkRange")) {
      int outputs = op.equals("RequantizationRange") ? 2 : 3;
      rangeCase(out, op, small, new float[] {-256f, 256f}, outputs);
      rangeCase(out, op, positive, new float[] {-100f, 100f}, outputs);
      rangeCase(out, op, Tensor.ofIntegers(QINT32, Shape.of(0)), new float[] {-1f, 1f}, outputs);
    }
  }

  private static void requantizeCase(
      CaseList out, Tensor x, float[] in, float[] req, DType t, boolean fed) {
    NodeCase c =
        new NodeCase()
            .input(fed, x)
            .input(fed, scalar(in[0]))
            .input(fed, scalar(in[1]))
            .input(fed, scalar(req[0]))
            .input(fed, scalar(req[1]));
    c.op("Requantize").attr("Tinput", QINT32).attr("out_type", t);
    c.addTo(
        out,
        "Requantize to "
            + t.tfName()
            + " from ["
            + in[0]
            + ", "
            + in[1]
            + "] to ["
            + req[0]
            + ", "
            + req[1]
            + "]",
        3);
  }

  private static void rangeCase(CaseList out, String op, Tensor x, float[] in, int outputs) {
    NodeCase c = new NodeCase().fed(x).fed(scalar(in[0])).fed(scalar(in[1]));
    GraphDefBuilder b = c.op(op).attr("Tinput", QINT32);
    if (outputs == 3) {
      b.attr("out_type", QUINT8);
    }
    c.addTo(out, op + " from [" + in[0] + ", " + in[1] + "]", outputs);
  }
}
