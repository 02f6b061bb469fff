package dev.rawops.kernels.cpu.array;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.array.InvertPermutationGeometry;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * InvertPermutation on CPU, for the dtypes TF 2.18 registers (int32, int64): the inverse computed
 * by {@link InvertPermutationGeometry}, written into a fresh vector of the input's dtype.
 */
final class CpuInvertPermutation {
  private CpuInvertPermutation() {}

  static final List<KernelDef> DEFS =
      List.of(CpuArray.def("InvertPermutation", n -> CpuInvertPermutation::invert));

  private static void invert(KernelContext ctx) {
    Tensor x = ctx.input(0);
    long[] y = InvertPermutationGeometry.inverse(ctx.node(), x.shape(), x.toLongArray());
    TensorBuffer out = ctx.allocateUninitialized(x.dtype(), x.shape());
    for (int i = 0; i < y.length; i++) {
      out.setIndex(i, y[i]);
    }
    ctx.setOutput(0, out.freeze());
  }
}
