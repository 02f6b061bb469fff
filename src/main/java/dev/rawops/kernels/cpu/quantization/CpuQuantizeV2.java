package dev.rawops.kernels.cpu.quantization;

import static dev.rawops.kernels.cpu.quantization.QuantizedValues.clampMax;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.clampMin;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.highest;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.lowest;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.max;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.min;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.round;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.toInt32;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * QuantizeV2 (quantize_op.cc): float to qint8, quint8, qint16, quint16 or qint32 in the modes
 * MIN_COMBINED, MIN_FIRST and SCALED, per tensor or per slice of {@code axis}, with the range
 * widened to hold zero and at least {@code ensure_minimum_range}; all arithmetic in float as TF's.
 */
final class CpuQuantizeV2 {
  private CpuQuantizeV2() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("QuantizeV2", Device.CPU)
              .tfCpuTypes("T", DType.quantizedTypes())
              .build(CpuQuantizeV2::create));

  enum Mode {
    MIN_COMBINED,
    MIN_FIRST,
    SCALED
  }

  private record Spec(
      NodeInfo node, DType t, Mode mode, boolean halfToEven, boolean narrow, int axis, float eps) {}

  private static dev.rawops.kernels.Kernel create(NodeInfo node) {
    Mode mode = Mode.valueOf(node.attrs().getString("mode"));
    String roundMode = node.attrs().getString("round_mode");
    boolean halfToEven = roundMode.equals("HALF_TO_EVEN");
    if (halfToEven && mode != Mode.SCALED) {
      throw node.invalidArgument(
          "Round mode 'HALF_TO_EVEN' only supported for mode 'SCALED', b  ut mode is '"
              + mode
              + "'.");
    }
    Spec spec =
        new Spec(
            node,
            node.outputDType(0),
            mode,
            halfToEven,
            node.attrs().getBool("narrow_range"),
            node.int32Attr("axis"),
            node.attrs().get("ensure_minimum_range").getF());
    return ctx -> run(spec, ctx);
  }

  private static void run(Spec s, KernelContext ctx) {
    Tensor input = ctx.input(0);
    Tensor minT = ctx.input(1);
    Tensor maxT = ctx.input(2);
    Shape shape = input.shape();
    if (s.axis >= 0 && s.axis >= shape.rank()) {
      throw s.node.invalidArgument(
          "Shape must be at least rank " + (s.axis + 1) + " but is rank " + shape.rank());
    }
    long slices = s.axis < 0 ? 1 : shape.dim(s.axis);
    TensorBuffer out = ctx.allocate(s.t, shape);
    if (slices == 1) {
      requireElements(s.node, minT, maxT, 1);
      float[] range =
          s.mode == Mode.MIN_FIRST
              ? minFirst(s, input.data(), out.segment(), minT.getFloat(0), maxT.getFloat(0))
              : slice(s, input.data(), out.segment(), 1, 0, 1, input.numElements(), minT, maxT, 0);
      ctx.setOutput(0, out.freeze());
      ctx.setOutput(1, Tensor.ofFloats(Shape.scalar(), range[0]));
      ctx.setOutput(2, Tensor.ofFloats(Shape.scalar(), range[1]));
      return;
    }
    if (s.mode == Mode.MIN_FIRST) {
      throw s.node.error(
          Code.UNIMPLEMENTED, "MIN_FIRST mode is not implemented for Quantize with axis != -1.");
    }
    requireElements(s.node, minT, maxT, slices);
    long pre = shape.numElements() == 0 ? 0 : 1;
    for (int i = 0; i < s.axis; i++) {
      pre *= shape.dim(i);
    }
    long post = shape.numElementsFrom(s.axis + 1);
    float[] mins = new float[Math.toIntExact(slices)];
    float[] maxs = new float[mins.length];
    for (int c = 0; c < mins.length; c++) {
      float[] range = slice(s, input.data(), out.segment(), pre, c, slices, post, minT, maxT, c);
      mins[c] = range[0];
      maxs[c] = range[1];
    }
    ctx.setOutput(0, out.freeze());
    ctx.setOutput(1, Tensor.ofFloats(minT.shape(), mins));
    ctx.setOutput(2, Tensor.ofFloats(maxT.shape(), maxs));
  }

  private static void requireElements(NodeInfo node, Tensor min, Tensor max, long n) {
    if (min.numElements() < n || max.numElements() < n) {
      throw node.invalidArgument(
          "input_min_range and input_max_range must have "
              + n
              + " elements, got "
              + min.numElements()
              + " and "
              + max.numElements());
    }
  }

  private static void checkRange(NodeInfo node, float lo, float hi) {
    if (hi < lo) {
      throw node.invalidArgument("input_max_range must be larger than input_min_range.");
    }
  }

  /** [min_range, max_range] after TF's widening: zero inside, at least eps times the scale. */
  private static float[] widened(Spec s, float lo, float hi) {
    float minRange = min(0.0f, lo);
    float epsilon = max(1.0f, max(Math.abs(lo), Math.abs(hi))) * s.eps;
    float maxRange = max(0.0f, max(hi, minRange + epsilon));
    return new float[] {minRange, maxRange};
  }

  /**
   * QuantizeSlice: the elements (p * slices + c) * post + q for every p &lt; pre, q &lt; post;
   * returns the slice's output range.
   */
  private static float[] slice(
      Spec s,
      MemorySegment in,
      MemorySegment out,
      long pre,
      long c,
      long slices,
      long post,
      Tensor minT,
      Tensor maxT,
      int k) {
    float lo = minT.getFloat(k);
    float hi = maxT.getFloat(k);
    checkRange(s.node, lo, hi);
    float[] r = widened(s, lo, hi);
    float minRange = r[0];
    float maxRange = r[1];
    long qLow = lowest(s.t);
    long qHigh = highest(s.t);
    boolean signed = qLow < 0;
    QuantizeFn fn;
    if (s.mode == Mode.MIN_COMBINED) {
      float scale = (float) (((double) qHigh - (double) qLow) / (double) (maxRange - minRange));
      float halfRange = signed ? (float) (((double) qHigh - (double) qLow + 1) / 2.0) : 0f;
      float lowR = minRange;
      float highR = maxRange;
      fn =
          signed
              ? x ->
                  cast(s.t, round((clampMin(clampMax(x, highR), lowR) - lowR) * scale - halfRange))
              : x -> toInt32((clampMin(clampMax(x, highR), lowR) - lowR) * scale + 0.5f);
    } else {
      int minOut = (int) qLow + (s.narrow ? 1 : 0);
      int maxOut = (int) qHigh;
      float fromMin = (minOut * minRange > 0) ? minOut / minRange : Float.MAX_VALUE;
      float fromMax = (maxOut * maxRange > 0) ? maxOut / maxRange : Float.MAX_VALUE;
      float scale = min(fromMin, fromMax);
      minRange = minOut / scale;
      maxRange = maxOut / scale;
      float lowR = minRange;
      float highR = maxRange;
      fn =
          s.halfToEven
              ? x -> cast(s.t, (float) Math.rint(clampMin(clampMax(x, highR), lowR) * scale))
              : x -> cast(s.t, round(clampMin(clampMax(x, highR), lowR) * scale));
    }
    for (long p = 0; p < pre; p++) {
      long base = (p * slices + c) * post;
      for (long q = 0; q < post; q++) {
        long i = base + q;
        QuantizedValues.set(s.t, out, i, fn.apply(in.getAtIndex(Layouts.F32, i)));
      }
    }
    return new float[] {minRange, maxRange};
  }

  /**
   * Eigen's float to quantized conversion: qint32's constructor goes through lrint (a 64-bit result
   * whose low half is kept, so NaN gives 0 and 2^31 wraps), the others through int32.
   */
  private static int cast(DType t, float f) {
    if (t != DType.QINT32) {
      return toInt32(f);
    }
    if (Float.isNaN(f) || Math.abs(f) >= 0x1p63f) {
      return 0;
    }
    return (int) (long) Math.rint(f);
  }

  private interface QuantizeFn {
    int apply(float x);
  }

  /** MIN_FIRST: FloatTensorToQuantizedInPlaceUsingEigen (QUANTIZE_WITH_EIGEN). */
  private static float[] minFirst(Spec s, MemorySegment in, MemorySegment out, float lo, float hi) {
    checkRange(s.node, lo, hi);
    float[] r = widened(s, lo, hi);
    quantizeWithEigen(s.t, in, out, r[0], r[1], in.byteSize() / 4);
    return r;
  }

  /**
   * QUANTIZE_WITH_EIGEN of {@code n} floats into type {@code t} for the range [lo, hi]: scaled by
   * (2^bits - 1) / (hi - lo), rounded, shifted by the rounded scaled minimum, clamped, converted.
   */
  static void quantizeWithEigen(
      DType t, MemorySegment in, MemorySegment out, float lo, float hi, long n) {
    int bits = t.byteSize() * 8;
    double steps = Math.pow(2, bits);
    float rangeScale = hi == lo ? 0f : (float) ((steps - 1.0) / (double) (hi - lo));
    float minScaled = round(lo * rangeScale);
    float lowestQ = (float) lowest(t);
    float lower = Math.max((float) lowest(t), -0x1p31f);
    float upper = Math.min((float) highest(t), 0x1.fffffep30f);
    float shift = minScaled - lowestQ;
    for (long i = 0; i < n; i++) {
      float v = round(in.getAtIndex(Layouts.F32, i) * rangeScale) - shift;
      v = clampMax(clampMin(v, lower), upper);
      QuantizedValues.set(t, out, i, toInt32(v));
    }
  }
}
