package dev.rawops.kernels.cpu.selection;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * UpperBound and LowerBound on CPU (searchsorted along the innermost dimension): for each row b of
 * values, the position of each value in row b of sorted_inputs found by {@code std::upper_bound} or
 * {@code std::lower_bound}, whose bisection is reproduced step for step so that unsorted rows and
 * NaNs give TF's answers too.
 */
final class CpuSearchSorted {
  private CpuSearchSorted() {}

  static final List<KernelDef> DEFS = List.of(def("UpperBound", true), def("LowerBound", false));

  private static KernelDef def(String op, boolean upper) {
    return KernelDef.builder(op, Device.CPU)
        .tfCpuTypes("T")
        .tfCpuTypes("out_type")
        .build(node -> new Search(node, upper));
  }

  private record Search(NodeInfo node, boolean upper) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor sorted = ctx.input(0);
      Tensor values = ctx.input(1);
      Shape ss = sorted.shape();
      Shape vs = values.shape();
      if (ss.rank() < 2) {
        throw node.invalidArgument("sorted input argument must be a matrix");
      }
      if (vs.rank() < 1 || ss.dim(0) != vs.dim(0)) {
        throw node.invalidArgument("Leading dim_size of both tensors must match.");
      }
      TensorBuffer out = ctx.allocate(node.outputDType(0), vs);
      if (sorted.numElements() == 0 || values.numElements() == 0) {
        ctx.setOutput(0, out.freeze());
        return;
      }
      if (vs.rank() < 2) {
        throw node.invalidArgument("values must be a matrix, got shape " + vs);
      }
      SortKeys s = SortKeys.of(sorted);
      SortKeys v = SortKeys.of(values);
      int batch = (int) ss.dim(0);
      int len = (int) ss.dim(1);
      int cols = (int) vs.dim(1);
      for (int b = 0; b < batch; b++) {
        for (int i = 0; i < cols; i++) {
          int at = b * cols + i;
          out.setIndex(at, bound(s, b * len, len, v, at));
        }
      }
      ctx.setOutput(0, out.freeze());
    }

    /** libstdc++'s upper_bound / lower_bound over sorted[first, first + len) for values[at]. */
    private int bound(SortKeys sorted, int first, int len, SortKeys values, int at) {
      int lo = first;
      int n = len;
      while (n > 0) {
        int half = n >>> 1;
        int mid = lo + half;
        boolean right =
            upper ? !values.lessThan(at, sorted, mid) : sorted.lessThan(mid, values, at);
        if (right) {
          lo = mid + 1;
          n = n - half - 1;
        } else {
          n = half;
        }
      }
      return lo - first;
    }
  }
}
