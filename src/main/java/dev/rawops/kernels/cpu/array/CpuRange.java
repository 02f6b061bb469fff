package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.CpuArray.def;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.array.ArrayShapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/** CPU kernels of Range, LinSpace and OneHot. */
final class CpuRange {
  private CpuRange() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("Range", n -> CpuRange::range));
    d.add(def("LinSpace", n -> CpuRange::linSpace));
    d.add(def("OneHot", CpuRange::oneHot));
    return d;
  }

  // ---- Range, LinSpace

  private static void range(KernelContext ctx) {
    NodeInfo node = ctx.node();
    for (int i = 0; i < 3; i++) {
      if (ctx.input(i).shape().rank() != 0) {
        String[] names = {"start", "limit", "delta"};
        throw node.invalidArgument(
            names[i] + " must be a scalar, not shape " + ctx.input(i).shape());
      }
    }
    DType t = node.outputDType(0);
    if (t.isInteger()) {
      long start = ctx.input(0).getIndex(0);
      long limit = ctx.input(1).getIndex(0);
      long delta = ctx.input(2).getIndex(0);
      long n = ArrayShapes.rangeSize(node, start, limit, delta);
      TensorBuffer out = ctx.allocate(t, Shape.of(n));
      for (long i = 0; i < n; i++) {
        out.setIndex(i, start + i * delta);
      }
      ctx.setOutput(0, out.freeze());
      return;
    }
    double start = Numbers.get(ctx.input(0), 0);
    double limit = Numbers.get(ctx.input(1), 0);
    double delta = Numbers.get(ctx.input(2), 0);
    long n = ArrayShapes.rangeSize(node, t, start, limit, delta);
    TensorBuffer out = ctx.allocate(t, Shape.of(n));
    if (t == DType.DOUBLE) {
      for (long i = 0; i < n; i++) {
        Numbers.set(out, i, start + i * delta);
      }
    } else {
      float s = (float) start;
      float d = (float) delta;
      for (long i = 0; i < n; i++) {
        Numbers.set(out, i, s + (float) i * d);
      }
    }
    ctx.setOutput(0, out.freeze());
  }

  private static void linSpace(KernelContext ctx) {
    NodeInfo node = ctx.node();
    for (int i = 0; i < 3; i++) {
      if (ctx.input(i).shape().rank() != 0) {
        String[] names = {"start", "stop", "num"};
        throw node.invalidArgument(
            names[i] + " must be a scalar, not shape " + ctx.input(i).shape());
      }
    }
    long num = ctx.input(2).getIndex(0);
    if (num <= 0) {
      throw node.invalidArgument("Requires num > 0: " + num);
    }
    DType t = node.outputDType(0);
    TensorBuffer out = ctx.allocate(t, Shape.of(num));
    double start = Numbers.get(ctx.input(0), 0);
    double stop = Numbers.get(ctx.input(1), 0);
    if (num == 1) {
      Numbers.set(out, 0, start);
    } else if (t == DType.DOUBLE) {
      double step = (stop - start) / (num - 1);
      for (long i = 0; i < num - 1; i++) {
        Numbers.set(out, i, start + step * i);
      }
      Numbers.set(out, num - 1, stop);
    } else {
      float s = (float) start;
      float step = ((float) stop - s) / (float) (num - 1);
      for (long i = 0; i < num - 1; i++) {
        Numbers.set(out, i, s + step * (float) i);
      }
      Numbers.set(out, num - 1, (float) stop);
    }
    ctx.setOutput(0, out.freeze());
  }

  // ---- OneHot

  private static Kernel oneHot(NodeInfo node) {
    long axisAttr = node.attrs().getInt("axis");
    return ctx -> {
      Tensor idx = ctx.input(0);
      Tensor depthT = ctx.input(1);
      Tensor on = ctx.input(2);
      Tensor off = ctx.input(3);
      int rank = idx.shape().rank();
      if (axisAttr != -1 && (axisAttr < 0 || axisAttr > rank)) {
        throw node.invalidArgument(
            "Expected axis to be -1 or between [0, "
                + (rank + 1)
                + ").  But received: "
                + axisAttr);
      }
      if (depthT.shape().rank() != 0) {
        throw node.invalidArgument("depth must be a scalar, but got: " + depthT.shape());
      }
      if (on.shape().rank() != 0) {
        throw node.invalidArgument("on_value must be a scalar, but got: " + on.shape());
      }
      if (off.shape().rank() != 0) {
        throw node.invalidArgument("off_value must be a scalar, but got: " + off.shape());
      }
      long depth = depthT.getIndex(0);
      if (depth < 0) {
        throw node.invalidArgument("depth must be non-negative, got: " + depth);
      }
      int at = axisAttr == -1 ? rank : (int) axisAttr;
      long[] dims = idx.shape().dims();
      long prefix = 1;
      for (int i = 0; i < at; i++) {
        prefix *= dims[i];
      }
      long suffix = idx.numElements() / Math.max(prefix, 1);
      if (prefix == 0) {
        suffix = 0;
      }
      TensorBuffer out = ctx.allocate(on.dtype(), Shape.of(CpuArray.insert(dims, at, depth)));
      ArrayCopy.fill(out, off, 0);
      ArrayCopy.Mover m = ArrayCopy.Mover.of(on, out);
      boolean unsigned = idx.dtype() == DType.UINT8;
      for (long p = 0; p < prefix; p++) {
        for (long s = 0; s < suffix; s++) {
          long v = idx.getIndex(p * suffix + s);
          if (unsigned) {
            v &= 0xff;
          }
          if (v >= 0 && v < depth) {
            m.move(0, (p * depth + v) * suffix + s, 1);
          }
        }
      }
      ctx.setOutput(0, out.freeze());
    };
  }
}
