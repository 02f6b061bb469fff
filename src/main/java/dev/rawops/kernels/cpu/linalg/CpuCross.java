package dev.rawops.kernels.cpu.linalg;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.Denormals;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * Cross on CPU, for TF 2.18's CPU dtypes (the real numbers): the cross product of the 3-vectors in
 * the last dimension, {@code a1·b2 − a2·b1} and its rotations, with TF's CrossOp checks. Each
 * product and the difference are rounded in the dtype, as Eigen computes them: integers wrap in
 * their width, half and bfloat16 round every operation.
 */
final class CpuCross {
  private CpuCross() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("Cross", Device.CPU).tfCpuTypes("T").build(n -> CpuCross::cross));

  private static void cross(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor a = ctx.input(0);
    Tensor b = ctx.input(1);
    if (!a.shape().equals(b.shape())) {
      throw node.invalidArgument(
          "Both inputs must be of same shape: " + a.shape() + " vs. " + b.shape());
    }
    if (a.shape().rank() < 1) {
      throw node.invalidArgument("Input must be at least 1D" + a.shape());
    }
    if (a.shape().dim(a.shape().rank() - 1) != 3) {
      throw node.error(
          Code.FAILED_PRECONDITION, "Cross-products are only defined for 3-element vectors.");
    }
    DType t = a.dtype();
    TensorBuffer out = ctx.allocateUninitialized(t, a.shape());
    long n = a.numElements();
    for (long v = 0; v < n; v += 3) {
      for (int k = 0; k < 3; k++) {
        long i = v + (k + 1) % 3;
        long j = v + (k + 2) % 3;
        if (t.isInteger()) {
          out.setIndex(v + k, a.getIndex(i) * b.getIndex(j) - a.getIndex(j) * b.getIndex(i));
        } else if (t == DType.DOUBLE) {
          double p =
              Denormals.flush(Denormals.flush(a.getDouble(i)) * Denormals.flush(b.getDouble(j)));
          double q =
              Denormals.flush(Denormals.flush(a.getDouble(j)) * Denormals.flush(b.getDouble(i)));
          out.segment().setAtIndex(Layouts.F64, v + k, Denormals.flush(p - q));
        } else {
          float p =
              round(
                  t,
                  Denormals.flush(
                      Denormals.flush((float) Numbers.get(a, i))
                          * Denormals.flush((float) Numbers.get(b, j))));
          float q =
              round(
                  t,
                  Denormals.flush(
                      Denormals.flush((float) Numbers.get(a, j))
                          * Denormals.flush((float) Numbers.get(b, i))));
          Numbers.set(out, v + k, round(t, Denormals.flush(p - q)));
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  /**
   * {@code v} rounded to {@code t}'s precision (float: unchanged); a NaN becomes the quiet NaN of
   * its sign, as Eigen's conversions make it.
   */
  private static float round(DType t, float v) {
    if (Float.isNaN(v) && t != DType.FLOAT) {
      return Math.copySign(Float.NaN, Float.floatToRawIntBits(v) < 0 ? -1f : 1f);
    }
    return switch (t) {
      case HALF -> Float.float16ToFloat(Float.floatToFloat16(v));
      case BFLOAT16 -> Numbers.bfloat16ToFloat(Numbers.floatToBfloat16(v));
      default -> v;
    };
  }
}
