package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.CpuArray.def;
import static dev.rawops.kernels.cpu.array.CpuArray.gathered;
import static dev.rawops.kernels.cpu.array.CpuArray.vector;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.memory.MemoryShortage;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.array.ArrayShapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/** CPU kernels of BroadcastTo, BroadcastArgs and BroadcastGradientArgs. */
final class CpuBroadcast {
  private CpuBroadcast() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("BroadcastTo", n -> CpuBroadcast::broadcastTo));
    d.add(def("BroadcastArgs", n -> CpuBroadcast::broadcastArgs));
    d.add(def("BroadcastGradientArgs", n -> CpuBroadcast::broadcastGradientArgs));
    return d;
  }

  // ---- BroadcastTo

  private static void broadcastTo(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    long[] target = vector(ctx, 1, "shape");
    long[] dims = in.shape().dims();
    if (dims.length > target.length) {
      throw node.invalidArgument(
          "Rank of input ("
              + dims.length
              + ") must be no greater than rank of output shape ("
              + target.length
              + ").");
    }
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[target.length][];
    int off = target.length - dims.length;
    for (int d = 0; d < target.length; d++) {
      if (target[d] < 0) {
        throw node.invalidArgument("Dimension " + target[d] + " must be >= 0");
      }
    }
    Shape.of(target); // INVALID_ARGUMENT past 2^63-1 elements, as TF's TensorShape
    for (int d = 0; d < target.length; d++) {
      int j = d - off;
      long n = j >= 0 ? dims[j] : 1;
      if (n != target[d] && n != 1) {
        throw node.invalidArgument(
            "Incompatible shapes: " + ArrayShapes.str(dims) + " vs. " + ArrayShapes.str(target));
      }
      maps[d] =
          n == 1
              ? new long[MemoryShortage.arrayLength("dimension " + d + " of the output", target[d])]
              : ArrayCopy.linear(n, 0, 1, strides[j]);
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  // ---- BroadcastArgs, BroadcastGradientArgs

  private static void broadcastArgs(KernelContext ctx) {
    long[] a = vector(ctx, 0, "s0");
    long[] b = vector(ctx, 1, "s1");
    long[] out = bcast(ctx.node(), a, b);
    ctx.setOutput(0, Tensor.ofIntegers(ctx.node().outputDType(0), Shape.of(out.length), out));
  }

  private static long[] bcast(NodeInfo node, long[] a, long[] b) {
    int rank = Math.max(a.length, b.length);
    long[] out = new long[rank];
    for (int i = 0; i < rank; i++) {
      int ia = a.length - rank + i;
      int ib = b.length - rank + i;
      long x = ia >= 0 ? a[ia] : 1;
      long y = ib >= 0 ? b[ib] : 1;
      if (x != y && x != 1 && y != 1) {
        throw node.invalidArgument(
            "Incompatible shapes: " + ArrayShapes.str(a) + " vs. " + ArrayShapes.str(b));
      }
      out[i] = x == 1 ? y : x;
    }
    return out;
  }

  private static void broadcastGradientArgs(KernelContext ctx) {
    NodeInfo node = ctx.node();
    long[] a = vector(ctx, 0, "s0");
    long[] b = vector(ctx, 1, "s1");
    bcast(node, a, b);
    int rank = Math.max(a.length, b.length);
    List<Long> ra = new ArrayList<>();
    List<Long> rb = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      int ia = a.length - rank + i;
      int ib = b.length - rank + i;
      long x = ia >= 0 ? a[ia] : 1;
      long y = ib >= 0 ? b[ib] : 1;
      if (x == 1 && y == 1) {
        ra.add((long) i);
        rb.add((long) i);
      } else if (x == 1) {
        ra.add((long) i);
      } else if (y == 1) {
        rb.add((long) i);
      }
    }
    DType t = node.outputDType(0);
    long[] va = ra.stream().mapToLong(Long::longValue).toArray();
    long[] vb = rb.stream().mapToLong(Long::longValue).toArray();
    ctx.setOutput(0, Tensor.ofIntegers(t, Shape.of(va.length), va));
    ctx.setOutput(1, Tensor.ofIntegers(t, Shape.of(vb.length), vb));
  }
}
