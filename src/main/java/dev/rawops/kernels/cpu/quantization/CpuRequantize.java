package dev.rawops.kernels.cpu.quantization;

import static dev.rawops.kernels.cpu.quantization.QuantizedValues.lowest;
import static dev.rawops.kernels.cpu.quantization.QuantizedValues.round;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Requantize, RequantizationRange and QuantizeDownAndShrinkRange (requantize.cc,
 * requantization_range_op.cc, quantize_down_and_shrink_range.cc): qint32 accumulators moved to an
 * 8-bit range, qint32 to quint8 with TF's 16-bit fixed-point path, other pairs through float
 * (RequantizeManyInNewRangeUsingEigen), and the range the values actually use (QuantizedToFloat).
 */
final class CpuRequantize {
  private CpuRequantize() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Requantize", Device.CPU)
              .tfCpuTypes("Tinput", DType.QINT32)
              .tfCpuTypes("out_type", DType.QUINT8, DType.QINT8)
              .build(node -> ctx -> requantize(node, ctx)),
          KernelDef.builder("RequantizationRange", Device.CPU)
              .tfCpuTypes("Tinput", DType.QINT32)
              .build(node -> ctx -> range(node, ctx)),
          KernelDef.builder("QuantizeDownAndShrinkRange", Device.CPU)
              .tfCpuTypes("Tinput", DType.QINT32)
              .tfCpuTypes("out_type", DType.QUINT8)
              .build(node -> ctx -> shrink(node, ctx)));

  private static float first(NodeInfo node, Tensor t, String what) {
    if (t.numElements() < 1) {
      throw node.invalidArgument(what + " must not be empty.");
    }
    return t.getFloat(0);
  }

  private static void requantize(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    float inMin = first(node, ctx.input(1), "input_min");
    float inMax = first(node, ctx.input(2), "input_max");
    float outMin = first(node, ctx.input(3), "requested_output_min");
    float outMax = first(node, ctx.input(4), "requested_output_max");
    if (!(outMin <= 0.0f)) {
      throw node.invalidArgument(
          "requested_output_min must be <= 0, but got " + TfFloats.str(outMin));
    }
    if (!(outMax >= outMin)) {
      throw node.invalidArgument(
          "requested_output_max must be >= requested_output_min, but got "
              + TfFloats.str(outMax)
              + " and "
              + TfFloats.str(outMin));
    }
    DType outType = node.outputDType(0);
    TensorBuffer out = ctx.allocate(outType, input.shape());
    inNewRange(input, inMin, inMax, outMin, outMax, outType, out.segment());
    ctx.setOutput(0, out.freeze());
    ctx.setOutput(1, Tensor.ofFloats(Shape.scalar(), outMin));
    ctx.setOutput(2, Tensor.ofFloats(Shape.scalar(), outMax));
  }

  /** RequantizeManyInNewRangeUsingEigen from qint32. */
  static void inNewRange(
      Tensor input,
      float inMin,
      float inMax,
      float outMin,
      float outMax,
      DType outType,
      MemorySegment out) {
    long n = input.numElements();
    MemorySegment in = input.data();
    if (outType == DType.QUINT8) {
      fixedPoint(in, n, inMin, inMax, outMin, outMax, out);
      return;
    }
    float[] floats = new float[Math.toIntExact(n)];
    CpuDequantize.minFirst(DType.QINT32, in, inMin, inMax, floats);
    CpuQuantizeV2.quantizeWithEigen(
        outType, MemorySegment.ofArray(floats), out, outMin, outMax, floats.length);
  }

  /** The qint32 to quint8 specialisation: 16-bit fixed point, adds, multiplies and shifts. */
  private static void fixedPoint(
      MemorySegment in,
      long n,
      float inMin,
      float inMax,
      float outMin,
      float outMax,
      MemorySegment out) {
    final int shift = 16;
    float inputRange = inMax - inMin;
    float outputRange = outMax - outMin;
    float recip = outputRange == 0.0f ? 0.0f : (float) (255.0 / outputRange);
    float rezero = (float) ((double) (inMin + inMax) / 2.0);
    long rangeScale =
        outputRange == 0.0f
            ? 0
            : (long) (255.0 * (1 << shift) * (double) inputRange / (double) outputRange);
    long inputOffset = (long) (rezero * recip * (float) (1 << shift));
    long outputOffset =
        outputRange == 0.0f
            ? 0
            : (long) ((1 << shift) * ((double) outMin * 255.0) / (double) outputRange);
    long delta = 1L << (shift - 1);
    long add = inputOffset - outputOffset + delta;
    for (long i = 0; i < n; i++) {
      long v = in.getAtIndex(dev.rawops.tensor.Layouts.I32, i);
      long q = (((v * rangeScale) >> 32) + add) >> shift;
      q = Math.min(Math.max(q, 0L), 255L);
      out.set(dev.rawops.tensor.Layouts.I8, i, (byte) q);
    }
  }

  /** QuantizedToFloat (quantization_utils.h) for a qint32 value. */
  static float toFloat(long input, float min, float max) {
    if (min == max) {
      return min;
    }
    double steps = 4294967296.0;
    double rangeAdjust = steps / (steps - 1.0);
    double range = (double) (max - min) * rangeAdjust;
    double rangeScale = range / steps;
    double offsetInput = (double) input - (double) lowest(DType.QINT32);
    float scaleF = (float) rangeScale;
    double minRounded = round(min / scaleF) * scaleF;
    return (float) (minRounded + offsetInput * rangeScale);
  }

  private static long[] usedRange(Tensor input) {
    long lo = Integer.MAX_VALUE;
    long hi = Integer.MIN_VALUE;
    MemorySegment s = input.data();
    for (long i = 0; i < input.numElements(); i++) {
      long v = s.getAtIndex(dev.rawops.tensor.Layouts.I32, i);
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    return new long[] {lo, hi};
  }

  private static void range(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    float inMin = first(node, ctx.input(1), "Input min");
    float inMax = first(node, ctx.input(2), "Input max");
    long[] used = usedRange(input);
    float lo = QuantizedValues.min(0.0f, toFloat(used[0], inMin, inMax));
    float hi = toFloat(used[1], inMin, inMax);
    ctx.setOutput(0, Tensor.ofFloats(Shape.scalar(), lo));
    ctx.setOutput(1, Tensor.ofFloats(Shape.scalar(), hi));
  }

  private static void shrink(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    float inMin = first(node, ctx.input(1), "input_min");
    float inMax = first(node, ctx.input(2), "input_max");
    long[] used = usedRange(input);
    float lo = QuantizedValues.min(0.0f, toFloat(used[0], inMin, inMax));
    float hi = toFloat(used[1], inMin, inMax);
    TensorBuffer out = ctx.allocate(DType.QUINT8, input.shape());
    inNewRange(input, inMin, inMax, lo, hi, DType.QUINT8, out.segment());
    ctx.setOutput(0, out.freeze());
    ctx.setOutput(1, Tensor.ofFloats(Shape.scalar(), lo));
    ctx.setOutput(2, Tensor.ofFloats(Shape.scalar(), hi));
  }
}
