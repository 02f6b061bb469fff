package dev.rawops.kernels.cpu.quantization;

import static dev.rawops.kernels.cpu.quantization.QuantizedValues.highest;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.lowest;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.round;

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
import dev.rawops.tensor.TensorText;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Dequantize (dequantize_op.cc): qint8, quint8, qint16, quint16 or qint32 to float or bfloat16 in
 * the modes MIN_COMBINED, MIN_FIRST and SCALED, per tensor or per slice of {@code axis}. The values
 * are computed in float and, for bfloat16, rounded to nearest even at the end, as TF does.
 */
final class CpuDequantize {
  private CpuDequantize() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Dequantize", Device.CPU)
              .tfCpuTypes("T", DType.quantizedTypes())
              .tfCpuTypes("dtype", DType.FLOAT, DType.BFLOAT16)
              .build(CpuDequantize::create));

  private record Spec(
      NodeInfo node, DType t, DType out, CpuQuantizeV2.Mode mode, boolean narrow, int axis) {}

  private static dev.rawops.kernels.Kernel create(NodeInfo node) {
    String mode = node.attrs().getString("mode");
    DType out = node.outputDType(0);
    if (out == DType.BFLOAT16 && !mode.equals("MIN_COMBINED")) {
      throw node.invalidArgument(
          "When output type is bfloat16, Mode string must be 'MIN_COMBINED', is '" + mode + "'");
    }
    Spec s =
        new Spec(
            node,
            node.inputDType(0),
            out,
            CpuQuantizeV2.Mode.valueOf(mode),
            node.attrs().getBool("narrow_range"),
            node.int32Attr("axis"));
    return ctx -> run(s, ctx);
  }

  private static void run(Spec s, KernelContext ctx) {
    Tensor input = ctx.input(0);
    Tensor minT = ctx.input(1);
    Tensor maxT = ctx.input(2);
    Shape shape = input.shape();
    if (s.axis >= shape.rank()) {
      throw s.node.invalidArgument(
          "Axis must be less than input dimension(" + shape.rank() + "), got " + s.axis);
    }
    long slices = s.axis > -1 ? shape.dim(s.axis) : 1;
    if (minT.numElements() != slices) {
      throw s.node.invalidArgument(elementsMessage("input_min_tensor", s.axis, minT, slices));
    }
    if (maxT.numElements() != slices) {
      throw s.node.invalidArgument(elementsMessage("input_max_tensor", s.axis, maxT, slices));
    }
    long n = input.numElements();
    float[] result = new float[Math.toIntExact(n)];
    MemorySegment in = input.data();
    if (slices == 1) {
      float lo = minT.getFloat(0);
      float hi = maxT.getFloat(0);
      if (s.mode == CpuQuantizeV2.Mode.MIN_FIRST) {
        minFirst(s.t, in, lo, hi, result);
      } else {
        slice(s, in, result, 1, 0, 1, n, lo, hi);
      }
    } else {
      if (s.mode == CpuQuantizeV2.Mode.MIN_FIRST) {
        throw s.node.error(
            Code.UNIMPLEMENTED,
            "MIN_FIRST mode is not implemented for Dequantize with axis != -1.");
      }
      long pre = 1;
      for (int i = 0; i < s.axis; i++) {
        pre *= shape.dim(i);
      }
      long post = shape.numElementsFrom(s.axis + 1);
      for (int c = 0; c < slices; c++) {
        slice(s, in, result, pre, c, slices, post, minT.getFloat(c), maxT.getFloat(c));
      }
    }
    TensorBuffer out = ctx.allocateUninitialized(s.out, shape);
    MemorySegment o = out.segment();
    if (s.out == DType.FLOAT) {
      MemorySegment.copy(result, 0, o, Layouts.F32, 0, result.length);
    } else {
      for (int i = 0; i < result.length; i++) {
        o.setAtIndex(Layouts.I16, i, TensorText.floatToBfloat16(result[i]));
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static String elementsMessage(String what, int axis, Tensor t, long slices) {
    return what
        + " must have as many elements as input on the dequantization axis ("
        + axis
        + "), got "
        + t.numElements()
        + ", expected "
        + slices;
  }

  /** MIN_COMBINED or SCALED over the elements (p * slices + c) * post + q. */
  private static void slice(
      Spec s,
      MemorySegment in,
      float[] out,
      long pre,
      long c,
      long slices,
      long post,
      float lo,
      float hi) {
    long qLow = lowest(s.t);
    long qHigh = highest(s.t);
    float halfRange = qLow == 0 ? 0f : ((float) qHigh - qLow + 1) / 2.0f;
    float scale;
    boolean combined = s.mode == CpuQuantizeV2.Mode.MIN_COMBINED;
    if (combined) {
      scale = (hi - lo) / ((float) qHigh - qLow);
    } else {
      int minOut = (int) qLow + (s.narrow ? 1 : 0);
      scale = qLow == 0 ? hi / (float) qHigh : QuantizedValues.max(lo / minOut, hi / (float) qHigh);
    }
    for (long p = 0; p < pre; p++) {
      long base = (p * slices + c) * post;
      for (long q = 0; q < post; q++) {
        long i = base + q;
        float v = QuantizedValues.get(s.t, in, i);
        out[(int) i] = combined ? ((v + halfRange) * scale) + lo : v * scale;
      }
    }
  }

  /** MIN_FIRST: QuantizedTensorToFloatInPlaceUsingEigen (DEQUANTIZE_WITH_EIGEN). */
  static void minFirst(DType t, MemorySegment in, float lo, float hi, float[] out) {
    int bits = t.byteSize() * 8;
    double steps = Math.pow(2, bits);
    float rangeScale = (float) ((double) (hi - lo) / (steps - 1.0));
    float minRounded = hi == lo ? lo : round(lo / rangeScale) * rangeScale;
    float offset = minRounded - (float) lowest(t) * rangeScale;
    for (int i = 0; i < out.length; i++) {
      out[i] = offset + (float) QuantizedValues.get(t, in, i) * rangeScale;
    }
  }
}
