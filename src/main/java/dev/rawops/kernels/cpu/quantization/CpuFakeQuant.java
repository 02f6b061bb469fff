package dev.rawops.kernels.cpu.quantization;

import static dev.rawops.tensor.DType.FLOAT;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The FakeQuantWithMinMax* ops on CPU (fake_quant_ops_functor.h): min/max nudged so that zero is
 * exactly representable, then clamp, quantize (round half up) and dequantize, all in float.
 */
public final class CpuFakeQuant {
  private CpuFakeQuant() {}

  public static List<KernelDef> defs() {
    return List.of(
        KernelDef.builder("FakeQuantWithMinMaxArgs", Device.CPU)
            .build(node -> ctx -> args(node, ctx)),
        KernelDef.builder("FakeQuantWithMinMaxVars", Device.CPU)
            .build(node -> ctx -> vars(node, ctx, false)),
        KernelDef.builder("FakeQuantWithMinMaxVarsPerChannel", Device.CPU)
            .build(node -> ctx -> vars(node, ctx, true)));
  }

  /** nudged min, nudged max, scale, inverse scale, quantized zero (fake_quant_ops_functor.h). */
  private static float[] nudge(float min, float max, int quantMin, int quantMax) {
    float qmin = quantMin;
    float qmax = quantMax;
    float scale = (max - min) / (qmax - qmin);
    float zeroFromMin = qmin - min / scale;
    float zero;
    if (zeroFromMin < qmin) {
      zero = quantMin;
    } else if (zeroFromMin > qmax) {
      zero = quantMax;
    } else {
      zero = (float) roundHalfAway(zeroFromMin);
    }
    float nudgedMin = (qmin - zero) * scale;
    float inv = (qmax - qmin) / (max - min);
    float quantZero = (float) Math.floor(-nudgedMin * inv + 0.5f);
    return new float[] {nudgedMin, (qmax - zero) * scale, scale, inv, quantZero};
  }

  private static double roundHalfAway(float f) {
    return Math.signum(f) * Math.floor(Math.abs(f) + 0.5);
  }

  private static int quantMin(NodeInfo node) {
    return node.attrs().getBool("narrow_range") ? 1 : 0;
  }

  private static int quantMax(NodeInfo node) {
    return (1 << node.attrs().getInt("num_bits")) - 1;
  }

  private static void args(NodeInfo node, KernelContext ctx) {
    float min = node.attrs().get("min").getF();
    float max = node.attrs().get("max").getF();
    Tensor in = ctx.input(0);
    float[] n = nudge(min, max, quantMin(node), quantMax(node));
    TensorBuffer out = ctx.allocate(FLOAT, in.shape());
    MemorySegment src = in.data();
    MemorySegment dst = out.segment();
    long count = in.numElements();
    for (long i = 0; i < count; i++) {
      float x = src.getAtIndex(Layouts.F32, i);
      float clamped = Math.max(Math.min(x, n[1]), n[0]);
      float q = (float) Math.floor((clamped - n[0]) * n[3] - n[4] + 0.5f);
      dst.setAtIndex(Layouts.F32, i, q * n[2]);
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void vars(NodeInfo node, KernelContext ctx, boolean perChannel) {
    Tensor in = ctx.input(0);
    Tensor min = ctx.input(1);
    Tensor max = ctx.input(2);
    long depth = 1;
    if (perChannel) {
      if (in.shape().rank() < 1) {
        throw node.invalidArgument("Shape must be at least rank 1 but is rank 0");
      }
      for (Tensor bound : List.of(min, max)) {
        if (bound.shape().rank() != 1) {
          throw node.invalidArgument("Shape must be rank 1 but is rank " + bound.shape().rank());
        }
      }
      depth = in.shape().dim(in.shape().rank() - 1);
      if (min.shape().dim(0) != depth) {
        throw node.invalidArgument(
            "min has incorrect size, expected " + depth + " was " + min.shape().dim(0));
      }
      if (max.shape().dim(0) != depth) {
        throw node.invalidArgument(
            "max has incorrect size, expected " + depth + " was " + max.shape().dim(0));
      }
    }
    if (!perChannel && (min.numElements() != 1 || max.numElements() != 1)) {
      throw node.invalidArgument(
          "Shape must be rank 0 but is rank "
              + (min.numElements() != 1 ? min : max).shape().rank());
    }
    int qmin = quantMin(node);
    int qmax = quantMax(node);
    TensorBuffer out = ctx.allocate(FLOAT, in.shape());
    MemorySegment src = in.data();
    MemorySegment dst = out.segment();
    long count = in.numElements();
    for (int c = 0; c < depth; c++) {
      float lo = min.getFloat(c);
      float hi = max.getFloat(c);
      if (lo == 0f && hi == 0f) {
        continue; // TF writes zeros when both bounds are zero
      }
      float[] n = nudge(lo, hi, qmin, qmax);
      for (long i = c; i < count; i += depth) {
        float x = src.getAtIndex(Layouts.F32, i);
        float clamped = Math.max(Math.min(x, n[1]), n[0]);
        float shifted = clamped - n[0];
        // Vars divides by the scale, PerChannel multiplies by its inverse, as TF's functors do.
        float q = (float) Math.floor((perChannel ? shifted * n[3] : shifted / n[2]) - n[4] + 0.5f);
        dst.setAtIndex(Layouts.F32, i, q * n[2]);
      }
    }
    ctx.setOutput(0, out.freeze());
  }
}
