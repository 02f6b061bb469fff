package dev.rawops.kernels.cpu.selection;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Unique, UniqueWithCounts and UniqueV2 on CPU: TF's UniqueOp, one kernel. The input is seen as
 * [outer, n, inner] around the axis (Unique: a vector, outer = inner = 1); the n slices are keyed
 * with C++ {@code ==} semantics (-0.0 equals 0.0, a NaN equals nothing) and numbered in order of
 * first occurrence, as TF's hash map does; each unique slice is copied from its first occurrence.
 */
final class CpuUnique {
  private CpuUnique() {}

  static final List<KernelDef> DEFS =
      List.of(
          def("Unique", node -> new Unique(node, false)),
          def("UniqueWithCounts", node -> new Unique(node, true)),
          def("UniqueV2", node -> new Unique(node, false)));

  private static KernelDef def(String op, dev.rawops.kernels.KernelFactory f) {
    return KernelDef.builder(op, Device.CPU).tfCpuTypes("T").tfCpuTypes("out_idx").build(f);
  }

  private record Unique(NodeInfo node, boolean counts) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor x = ctx.input(0);
      int axis = axis(ctx, x.shape());
      long[] dims = x.shape().dims();
      long outer = 1;
      long inner = 1;
      for (int d = 0; d < dims.length; d++) {
        outer *= d < axis ? dims[d] : 1;
        inner *= d > axis ? dims[d] : 1;
      }
      int n = Math.toIntExact(dims.length == 0 ? 1 : dims[axis]);
      SortKeys keys = SortKeys.of(x);
      Map<Object, Integer> seen = new HashMap<>();
      int[] firstOf = new int[n];
      long[] count = new long[n];
      DType idxType = node.outputDType(1);
      TensorBuffer idx = ctx.allocate(idxType, Shape.of(n));
      int uniques = 0;
      for (int i = 0; i < n; i++) {
        Integer j = seen.putIfAbsent(key(x, keys, i, outer, n, inner), uniques);
        if (j == null) {
          j = uniques;
          firstOf[uniques++] = i;
        }
        idx.setIndex(i, j);
        count[j]++;
      }
      if (dims.length > 0) {
        dims[axis] = uniques;
      }
      TensorBuffer y = ctx.allocate(x.dtype(), Shape.of(dims));
      SliceCopier copier = SliceCopier.of(x, y, inner);
      for (long o = 0; o < outer && inner > 0; o++) {
        for (int j = 0; j < uniques; j++) {
          copier.copy((o * n + firstOf[j]) * inner, (o * uniques + j) * inner);
        }
      }
      ctx.setOutput(0, y.freeze());
      ctx.setOutput(1, idx.freeze());
      if (counts) {
        TensorBuffer c = ctx.allocate(idxType, Shape.of(uniques));
        for (int j = 0; j < uniques; j++) {
          c.setIndex(j, count[j]);
        }
        ctx.setOutput(2, c.freeze());
      }
    }

    /** The axis, with TF's checks in its order (Unique and UniqueV2 with axis []: a vector). */
    private int axis(KernelContext ctx, Shape shape) {
      Tensor a = node.numInputs() > 1 ? ctx.input(1) : null;
      if (a != null && a.shape().rank() != 1) {
        throw node.invalidArgument("axis expects a 1D vector.");
      }
      if (a != null && a.numElements() > 1) {
        throw node.invalidArgument("axis does not support input tensors larger than 1 elements");
      }
      if (a == null || a.numElements() == 0) {
        if (shape.rank() != 1) {
          throw node.invalidArgument("unique expects a 1D vector.");
        }
        return 0;
      }
      long v = a.getIndex(0);
      long axis = v < 0 ? v + shape.rank() : v;
      if (axis < 0 || axis >= shape.rank()) {
        throw node.invalidArgument("axis has to be between [0, " + shape.rank() + ")");
      }
      return (int) axis;
    }
  }

  /** Slice i's key: the element's own key when slices are single elements, else their list. */
  private static Object key(Tensor x, SortKeys keys, int i, long outer, int n, long inner) {
    if (outer == 1 && inner == 1) {
      return elementKey(x, keys, i);
    }
    List<Object> k = new ArrayList<>();
    for (long o = 0; o < outer; o++) {
      for (long e = 0; e < inner; e++) {
        k.add(elementKey(x, keys, Math.toIntExact((o * n + i) * inner + e)));
      }
    }
    return k;
  }

  /**
   * Element i's key as TF's CPU map sees it: float and double subnormals compare as zero (the CPU
   * threads run with denormals-are-zero); half and bfloat16 hash their bits, so -0 and 0 are two
   * keys; a NaN is never found again.
   */
  private static Object elementKey(Tensor x, SortKeys keys, int i) {
    return switch (x.dtype()) {
      case HALF, BFLOAT16 -> Double.isNaN(Numbers.get(x, i)) ? new Object() : x.getShort(i);
      case FLOAT -> Math.abs(Numbers.get(x, i)) < Float.MIN_NORMAL ? (Object) 0.0 : keys.hashKey(i);
      case DOUBLE ->
          Math.abs(Numbers.get(x, i)) < Double.MIN_NORMAL ? (Object) 0.0 : keys.hashKey(i);
      default -> keys.hashKey(i);
    };
  }
}
