package dev.rawops.kernels.cpu.quantization;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * QuantizeAndDequantizeV2, V3 and V4 (quantize_and_dequantize_op.{h,cc}) for float and double: the
 * range (given, or the input's own minimum and maximum) scaled so that zero stays exact, then clamp
 * (given range only), scale, round (half up, or half to even) and scale back, each step rounded to
 * the input's precision as TF's Eigen expressions do.
 */
final class CpuQuantizeAndDequantize {
  private CpuQuantizeAndDequantize() {}

  static final List<KernelDef> DEFS =
      List.of(
          def("QuantizeAndDequantizeV2", n -> v2(n, false)),
          def("QuantizeAndDequantizeV3", n -> v2(n, true)),
          def("QuantizeAndDequantizeV4", n -> v2(n, false)));

  private static KernelDef def(String op, dev.rawops.kernels.KernelFactory f) {
    return KernelDef.builder(op, Device.CPU).tfCpuTypes("T", DType.FLOAT, DType.DOUBLE).build(f);
  }

  /** The attrs of one node; numBits is -1 when it is V3's input. */
  private record Spec(
      NodeInfo node,
      boolean signed,
      int numBits,
      boolean rangeGiven,
      boolean halfToEven,
      boolean narrow,
      int axis) {}

  private static void checkBits(NodeInfo node, long bits, boolean signed, String name) {
    if (!(bits > 0 && bits < (signed ? 62 : 63))) {
      throw node.invalidArgument(
          "num_bits is out of range: " + bits + " with " + name + " " + (signed ? 1 : 0));
    }
  }

  private static Kernel v2(NodeInfo node, boolean v3) {
    boolean signed = node.attrs().getBool("signed_input");
    int bits = -1;
    if (!v3) {
      long b = node.attrs().getInt("num_bits");
      checkBits(node, b, signed, "signed_input_");
      bits = (int) b;
    }
    boolean halfToEven = v3 || node.attrs().getString("round_mode").equals("HALF_TO_EVEN");
    Spec s =
        new Spec(
            node,
            signed,
            bits,
            node.attrs().getBool("range_given"),
            halfToEven,
            node.attrs().getBool("narrow_range"),
            node.int32Attr("axis"));
    return ctx -> run(s, ctx, v3);
  }

  private static void run(Spec s, KernelContext ctx, boolean v3) {
    Tensor in = ctx.input(0);
    int rank = in.shape().rank();
    if (v3) {
      if (!(-rank <= s.axis && s.axis < rank)) {
        throw s.node.invalidArgument(
            "Axis requested is larger than input dimensions. Axis: "
                + s.axis
                + " Input Dimensions: "
                + rank);
      }
    } else {
      if (s.axis < -1) {
        throw s.node.invalidArgument("Axis must be at least -1. Found " + s.axis);
      }
      if (!(s.axis == -1 || s.axis < rank)) {
        throw s.node.invalidArgument(
            "Shape must be at least rank " + (s.axis + 1) + " but is rank " + rank);
      }
    }
    int bits = s.numBits;
    if (v3) {
      Tensor nb = ctx.input(3);
      if (nb.shape().rank() != 0) {
        throw s.node.invalidArgument(
            "Invalid shape. The `num_bits` tensor should be a scalar. Got dimensions: "
                + nb.shape().rank());
      }
      bits = nb.getInt(0);
      checkBits(s.node, bits, s.signed, "`signed_input_`");
    }
    int depth = s.axis == -1 ? 1 : Math.toIntExact(in.shape().dim(s.axis));
    double[] mins = new double[depth];
    double[] maxs = new double[depth];
    if (s.rangeGiven) {
      Tensor minT = ctx.input(1);
      Tensor maxT = ctx.input(2);
      for (var bound : v3 ? List.<Tensor>of() : List.of(minT, maxT)) {
        if (bound.shape().rank() != 0) {
          throw s.node.invalidArgument(
              (bound == minT ? "input_min" : "input_max") + " must be a scalar.");
        }
      }
      if (s.axis == -1) {
        mins[0] = value(minT, 0);
        maxs[0] = value(maxT, 0);
        if (!(mins[0] <= maxs[0])) {
          throw s.node.invalidArgument(
              "Invalid range: input_min "
                  + TfFloats.str(minT, 0)
                  + " > input_max "
                  + TfFloats.str(maxT, 0));
        }
      } else {
        checkSize(s, "input_min_tensor", minT, depth);
        checkSize(s, "input_max_tensor", maxT, depth);
        for (int c = 0; c < depth; c++) {
          mins[c] = value(minT, c);
          maxs[c] = value(maxT, c);
        }
      }
    }
    ctx.setOutput(0, compute(s, ctx, in, bits, mins, maxs));
  }

  private static void checkSize(Spec s, String what, Tensor t, int depth) {
    long size = t.shape().rank() == 0 ? -1 : t.shape().dim(0);
    if (size != depth) {
      throw s.node.invalidArgument(
          what
              + " has incorrect size, was "
              + size
              + " expected "
              + depth
              + " to match dim "
              + s.axis
              + " of the input "
              + t.shape());
    }
  }

  private static double value(Tensor t, long i) {
    return t.dtype() == DType.FLOAT ? t.getFloat(i) : t.getDouble(i);
  }

  /** QuantizeAndDequantizeOneScaleImpl / PerChannelImpl over slices of {@code axis}. */
  private static Tensor compute(
      Spec s, KernelContext ctx, Tensor in, int bits, double[] mins, double[] maxs) {
    boolean f32 = in.dtype() == DType.FLOAT;
    Shape shape = in.shape();
    int depth = mins.length;
    long pre = 1;
    long post = 1;
    if (s.axis >= 0) {
      for (int i = 0; i < s.axis; i++) {
        pre *= shape.dim(i);
      }
      post = shape.numElementsFrom(s.axis + 1);
    } else {
      post = in.numElements();
    }
    if (!s.rangeGiven) {
      for (int c = 0; c < depth; c++) {
        double lo = f32 ? Float.MAX_VALUE : Double.MAX_VALUE;
        double hi = -lo;
        for (long p = 0; p < pre; p++) {
          for (long q = 0; q < post; q++) {
            double v = value(in, (p * depth + c) * post + q);
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
          }
        }
        mins[c] = lo;
        maxs[c] = hi;
      }
    }
    TensorBuffer out = ctx.allocateUninitialized(in.dtype(), shape);
    for (int c = 0; c < depth; c++) {
      double[] r = QuantizationRange.of(s.signed, bits, s.narrow, mins[c], maxs[c], f32);
      double lo = r[0];
      double hi = r[1];
      double scale = r[2];
      double inverse = r[3];
      for (long p = 0; p < pre; p++) {
        for (long q = 0; q < post; q++) {
          long i = (p * depth + c) * post + q;
          double x = value(in, i);
          if (s.rangeGiven) {
            x = hi < x ? hi : x;
            x = x < lo ? lo : x;
          }
          double scaled = fr(x * scale, f32);
          double rounded = s.halfToEven ? Math.rint(scaled) : Math.floor(fr(scaled + 0.5, f32));
          double v = fr(rounded * inverse, f32);
          if (f32) {
            out.segment().setAtIndex(dev.rawops.tensor.Layouts.F32, i, (float) v);
          } else {
            out.segment().setAtIndex(dev.rawops.tensor.Layouts.F64, i, v);
          }
        }
      }
    }
    return out.freeze();
  }

  /** {@code v} rounded to float when the computation is in float. */
  static double fr(double v, boolean f32) {
    return f32 ? (float) v : v;
  }
}
