package dev.rawops.kernels.cpu.nn;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.nn.DataFormatGeometry;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * DataFormatVecPermute and DataFormatDimMap on CPU (int32 and int64, as TF 2.18 registers): the
 * attrs are checked when the kernel is made, as TF's constructors do ({@link DataFormatGeometry}).
 */
final class CpuDataFormat {
  private CpuDataFormat() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DataFormatVecPermute", Device.CPU)
              .tfCpuTypes("T")
              .build(CpuDataFormat::vecPermute),
          KernelDef.builder("DataFormatDimMap", Device.CPU)
              .tfCpuTypes("T")
              .build(CpuDataFormat::dimMap));

  private static Kernel vecPermute(NodeInfo node) {
    DataFormatGeometry.dimMap(node);
    return ctx -> {
      Tensor x = ctx.input(0);
      int[] to = DataFormatGeometry.vecPermute(node, x.shape());
      TensorBuffer y = ctx.allocateUninitialized(x.dtype(), x.shape());
      for (int i = 0; i < to.length; i++) {
        y.setIndex(to[i], x.getIndex(i));
      }
      ctx.setOutput(0, y.freeze());
    };
  }

  /**
   * TF's functor: y = map[(x + n) % n] with C's remainder in x's width; a remainder outside [0, n −
   * 2] (x below −n) picks the last entry, as TF's chain of selects does.
   */
  private static Kernel dimMap(NodeInfo node) {
    int[] map = DataFormatGeometry.dimMap(node);
    int n = map.length;
    return ctx -> {
      Tensor x = ctx.input(0);
      boolean narrow = x.dtype() == DType.INT32;
      TensorBuffer y = ctx.allocateUninitialized(x.dtype(), x.shape());
      long count = x.numElements();
      for (long i = 0; i < count; i++) {
        long v = x.getIndex(i);
        long m = (narrow ? (int) (v + n) : v + n) % n;
        y.setIndex(i, m >= 0 && m < n - 1 ? map[(int) m] : map[n - 1]);
      }
      ctx.setOutput(0, y.freeze());
    };
  }
}
