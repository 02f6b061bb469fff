package dev.rawops.kernels.cpu.indexing;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.indexing.StridedSliceAssign;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * TensorStridedSliceUpdate on CPU, any dtype: the input with {@code input[begin:end:strides]}
 * replaced by {@code value} (broadcast as numpy does). The input's memory is written in place when
 * the run may (TF's forward_input), else copied first; the caller's tensor is never changed.
 */
public final class CpuTensorStridedSliceUpdate {
  private CpuTensorStridedSliceUpdate() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("TensorStridedSliceUpdate", Device.CPU)
              .anyTypeOrHandle("T")
              .build(_ -> CpuTensorStridedSliceUpdate::compute));

  private static void compute(KernelContext ctx) {
    Tensor input = ctx.input(0);
    Tensor value = ctx.input(4);
    StridedSliceAssign a =
        StridedSliceAssign.of(
            ctx.node(), input.shape(), ctx.input(1), ctx.input(2), ctx.input(3), value.shape());
    ctx.setOutput(0, write(ctx, input, value, a));
  }

  /** {@code target} with the assignment's elements taken from {@code value}: a new tensor. */
  static Tensor write(KernelContext ctx, Tensor target, Tensor value, StridedSliceAssign a) {
    if (a.isEmpty()) {
      return target;
    }
    DType d = target.dtype();
    if (d.isObject()) {
      Object[] o = new Object[Math.toIntExact(target.numElements())];
      for (int i = 0; i < o.length; i++) {
        o[i] = target.getObject(i);
      }
      a.forEach((t, v) -> o[(int) t] = value.getObject(v));
      return Tensor.ofObjects(d, target.shape(), o);
    }
    TensorBuffer out = ctx.forwardInput(0).orElse(null);
    if (out == null) {
      out = ctx.allocateUninitialized(d, target.shape());
      if (d == DType.STRING) {
        byte[][] s = out.strings();
        for (int i = 0; i < s.length; i++) {
          s[i] = target.getString(i);
        }
      } else {
        MemorySegment.copy(target.data(), 0, out.segment(), 0, target.byteSize());
      }
    }
    if (d == DType.STRING) {
      byte[][] s = out.strings();
      a.forEach((t, v) -> s[(int) t] = value.getString(v));
    } else {
      MemorySegment dst = out.segment();
      MemorySegment src = value.data();
      long size = d.byteSize();
      a.forEach((t, v) -> MemorySegment.copy(src, v * size, dst, t * size, size));
    }
    return out.freeze();
  }
}
