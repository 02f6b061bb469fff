package dev.rawops.kernels.cpu.array;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * ConcatOffset on CPU (shape_type int32 and int64, as TF 2.18 registers): where each of N inputs of
 * the given shapes starts in their concatenation along concat_dim, with TF's ConcatOffsetOp checks
 * in its order. The running offset wraps in the shape type's width, as TF's does.
 */
final class CpuConcatOffset {
  private CpuConcatOffset() {}

  static final List<KernelDef> DEFS =
      List.of(CpuArray.def("ConcatOffset", n -> CpuConcatOffset::offsets));

  private static void offsets(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor concatDim = ctx.input(0);
    if (concatDim.shape().rank() != 0) {
      throw node.invalidArgument(
          "Concat dim tensor should be a scalar integer, but got shape " + concatDim.shape());
    }
    int n = node.numInputs() - 1;
    for (int i = 0; i < n; i++) {
      Shape s = ctx.input(i + 1).shape();
      if (s.rank() != 1) {
        throw node.invalidArgument("input " + i + " should be a vector, but got shape " + s);
      }
    }
    Tensor first = ctx.input(1);
    long[] first0 = first.toLongArray();
    long cdim = concatDim.getIndex(0);
    int dims = first0.length;
    long axis = cdim < 0 ? cdim + dims : cdim;
    if (axis < 0 || axis >= dims) {
      throw node.invalidArgument("Concat dim is out of range: " + cdim + " vs. " + dims);
    }
    boolean narrow = first.dtype() == DType.INT32;
    long offset = 0;
    for (int i = 0; i < n; i++) {
      Tensor in = ctx.input(i + 1);
      if (in.numElements() != dims) {
        throw node.invalidArgument(
            "input " + i + " should contain " + dims + " elements, but got " + in.numElements());
      }
      long[] v = in.toLongArray();
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(dims));
      for (int j = 0; j < dims; j++) {
        if (j == axis) {
          out.setIndex(j, offset);
          offset = narrow ? (int) (offset + v[j]) : offset + v[j];
        } else if (v[j] != first0[j]) {
          throw node.invalidArgument(
              "All dimensions except "
                  + axis
                  + " must match. Input "
                  + i
                  + " has shape ["
                  + summary(v)
                  + "] and doesn't match input 0 with shape ["
                  + summary(first0)
                  + "].");
        }
      }
      ctx.setOutput(i, out.freeze());
    }
  }

  /** TF's Tensor::SummarizeValue(10) of a vector: space-separated, "..." past ten values. */
  private static String summary(long[] v) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(v.length, 10); i++) {
      sb.append(i == 0 ? "" : " ").append(v[i]);
    }
    return v.length > 10 ? sb.append("...").toString() : sb.toString();
  }
}
