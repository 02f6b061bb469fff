package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.ArrayCopy.FILL;
import static dev.rawops.kernels.cpu.array.CpuArray.def;
import static dev.rawops.kernels.cpu.array.CpuArray.gathered;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.memory.MemoryShortage;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the Array ops that cut, repeat or extend a tensor along each axis: Slice, Tile,
 * Pad, PadV2 and MirrorPad.
 */
final class CpuSlice {
  private CpuSlice() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("Slice", n -> CpuSlice::slice));
    d.add(def("Tile", n -> CpuSlice::tile));
    d.add(def("Pad", CpuSlice::pad));
    d.add(def("PadV2", CpuSlice::pad));
    d.add(def("MirrorPad", CpuSlice::pad));
    return d;
  }

  // ---- Slice, Tile, Pad

  private static void slice(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor bt = ctx.input(1);
    Tensor st = ctx.input(2);
    int rank = in.shape().rank();
    if (bt.shape().rank() != 1
        || st.shape().rank() != 1
        || bt.numElements() != rank
        || st.numElements() != rank) {
      throw node.invalidArgument(
          "Expected begin and size arguments to be 1-D tensors of size "
              + rank
              + ", but got shapes "
              + bt.shape()
              + " and "
              + st.shape()
              + " instead.");
    }
    long[] begin = bt.toLongArray();
    long[] size = st.toLongArray();
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int i = 0; i < rank; i++) {
      long b = begin[i];
      long s = size[i] == -1 ? dims[i] - b : size[i];
      if (b < 0 || b > dims[i]) {
        throw node.invalidArgument(
            "Expected begin[" + i + "] in [0, " + dims[i] + "], but got " + b);
      }
      if (s < 0 || b + s > dims[i]) {
        throw node.invalidArgument(
            "Expected size[" + i + "] in [0, " + (dims[i] - b) + "], but got " + s);
      }
      maps[i] = ArrayCopy.linear(s, b, 1, strides[i]);
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  private static void tile(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor mt = ctx.input(1);
    int rank = in.shape().rank();
    if (mt.shape().rank() != 1 || mt.numElements() != rank) {
      throw node.invalidArgument(
          "Expected multiples argument to be a vector of length "
              + rank
              + " but got length "
              + (mt.shape().rank() == 0 ? 0 : mt.shape().dim(0)));
    }
    long[] mult = mt.toLongArray();
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    long[] outDims = new long[rank];
    for (int i = 0; i < rank; i++) {
      if (mult[i] < 0) {
        throw node.invalidArgument("Expected multiples[" + i + "] >= 0, but got " + mult[i]);
      }
      try {
        outDims[i] = Math.multiplyExact(dims[i], mult[i]);
      } catch (ArithmeticException e) {
        throw node.invalidArgument(
            "Encountered overflow when multiplying " + dims[i] + " with " + mult[i]);
      }
    }
    Shape.of(outDims); // INVALID_ARGUMENT past 2^63-1 elements, as TF's TensorShape
    for (int i = 0; i < rank; i++) {
      long n = outDims[i];
      long[] m = new long[MemoryShortage.arrayLength("dimension " + i + " of the output", n)];
      for (int j = 0; j < m.length; j++) {
        m[j] = (j % dims[i]) * strides[i];
      }
      maps[i] = m;
    }
    long outElements = 1;
    boolean same = true;
    for (int i = 0; i < rank; i++) {
      outElements *= maps[i].length;
      same &= mult[i] == 1;
    }
    if (same) {
      ctx.setOutput(0, in);
      return;
    }
    if (outElements > 0 && in.dtype() == DType.UINT16) {
      // TF's TileOp instantiates no functor for uint16.
      throw node.error(
          dev.rawops.Code.UNIMPLEMENTED,
          "TileOp : The input data type is not supported, DataType : "
              + in.dtype().tfName()
              + ", Dimension : "
              + rank);
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }

  private static Kernel pad(NodeInfo node) {
    String op = node.op();
    boolean mirror = op.equals("MirrorPad");
    boolean reflect = mirror && node.attrs().getString("mode").equals("REFLECT");
    return ctx -> {
      Tensor in = ctx.input(0);
      Tensor pt = ctx.input(1);
      int rank = in.shape().rank();
      if (pt.shape().rank() != 2 || pt.shape().dim(1) != 2) {
        throw node.invalidArgument("paddings must be a matrix with 2 columns: " + pt.shape());
      }
      if (pt.shape().dim(0) != rank) {
        throw node.invalidArgument(
            "The first dimension of paddings must be the rank of inputs"
                + pt.shape()
                + " "
                + in.shape());
      }
      long[] p = pt.toLongArray();
      long[] dims = in.shape().dims();
      long[] strides = ArrayCopy.strides(dims);
      long[][] maps = new long[rank][];
      long[] outDims = new long[rank];
      for (int i = 0; i < rank; i++) {
        long before = p[2 * i];
        long after = p[2 * i + 1];
        if (before < 0 || after < 0) {
          throw node.invalidArgument("Paddings must be non-negative: " + before + " " + after);
        }
        long n = dims[i];
        if (mirror) {
          long limit = reflect ? n - 1 : n;
          if (before > limit || after > limit) {
            throw node.invalidArgument(
                reflect
                    ? "paddings must be less than the dimension size: "
                        + before
                        + ", "
                        + after
                        + " not less than "
                        + n
                    : "paddings must be no greater than the dimension size: "
                        + before
                        + ", "
                        + after
                        + " greater than "
                        + n);
          }
        }
        long padded;
        try {
          padded = Math.addExact(Math.addExact(before, n), after);
        } catch (ArithmeticException e) {
          throw node.invalidArgument(
              "Encountered overflow when adding " + before + ", " + n + " and " + after);
        }
        outDims[i] = padded;
        long[] m =
            new long[MemoryShortage.arrayLength("dimension " + i + " of the output", padded)];
        for (int j = 0; j < m.length; j++) {
          long s = j - before;
          if (s < 0 || s >= n) {
            if (!mirror) {
              m[j] = FILL;
              continue;
            }
            s = s < 0 ? (reflect ? -s : -s - 1) : (reflect ? 2 * n - 2 - s : 2 * n - 1 - s);
          }
          m[j] = s * strides[i];
        }
        maps[i] = m;
      }
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(outDims));
      if (op.equals("PadV2")) {
        Tensor c = ctx.input(2);
        if (c.shape().rank() != 0) {
          throw node.invalidArgument("constant_values must be a scalar. Got: " + c.shape());
        }
        ArrayCopy.fill(out, c, 0);
      }
      ArrayCopy.gather(in, out, maps);
      ctx.setOutput(0, out.freeze());
    };
  }
}
