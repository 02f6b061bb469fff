package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.CpuArray.def;
import static dev.rawops.kernels.cpu.array.CpuArray.insert;
import static dev.rawops.kernels.cpu.array.CpuArray.remove;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the Array ops that join tensors along an axis or cut one apart: Pack, Unpack,
 * ConcatV2, Concat, ParallelConcat, Split and SplitV.
 */
final class CpuConcat {
  private CpuConcat() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("Pack", CpuConcat::pack));
    d.add(def("Unpack", CpuConcat::unpack));
    d.add(def("ConcatV2", n -> ctx -> concat(ctx, n.numInputs() - 1, 0, n.numInputs() - 1)));
    d.add(def("Concat", n -> ctx -> concat(ctx, 0, 1, n.numInputs())));
    d.add(def("ParallelConcat", CpuConcat::parallelConcat));
    d.add(def("Split", n -> ctx -> split(ctx, 1, 0)));
    d.add(def("SplitV", n -> ctx -> split(ctx, 0, 2)));
    return d;
  }

  // ---- Pack, Unpack, Concat, Split

  private static Kernel pack(NodeInfo node) {
    long axisAttr = node.attrs().getInt("axis");
    return ctx -> {
      int count = node.numInputs();
      Shape first = ctx.input(0).shape();
      for (int i = 1; i < count; i++) {
        if (!ctx.input(i).shape().equals(first)) {
          throw node.invalidArgument(
              "Shapes of all inputs must match: values[0].shape = "
                  + first
                  + " != values["
                  + i
                  + "].shape = "
                  + ctx.input(i).shape());
        }
      }
      int rank = first.rank() + 1;
      if (axisAttr < -rank || axisAttr >= rank) {
        throw node.invalidArgument("axis = " + axisAttr + " not in [" + -rank + ", " + rank + ")");
      }
      int at = (int) (axisAttr < 0 ? axisAttr + rank : axisAttr);
      long[] dims = first.dims();
      TensorBuffer out = ctx.allocate(node.outputDType(0), Shape.of(insert(dims, at, count)));
      long outer = product(dims, 0, at);
      long chunk = product(dims, at, dims.length);
      if (chunk > 0 && outer > 0) {
        for (int i = 0; i < count; i++) {
          ArrayCopy.Mover m = ArrayCopy.Mover.of(ctx.input(i), out);
          for (long r = 0; r < outer; r++) {
            m.move(r * chunk, (r * count + i) * chunk, chunk);
          }
        }
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static Kernel unpack(NodeInfo node) {
    long axisAttr = node.attrs().getInt("axis");
    return ctx -> {
      Tensor in = ctx.input(0);
      long[] dims = in.shape().dims();
      int rank = dims.length;
      if (axisAttr < -rank || axisAttr >= rank) {
        throw node.invalidArgument("axis = " + axisAttr + " not in [" + -rank + ", " + rank + ")");
      }
      int at = (int) (axisAttr < 0 ? axisAttr + rank : axisAttr);
      int num = node.numOutputs();
      if (dims[at] != num) {
        throw node.invalidArgument(
            "Input shape axis " + at + " must equal " + num + ", got shape " + in.shape());
      }
      Shape outShape = Shape.of(remove(dims, at));
      long outer = product(dims, 0, at);
      long chunk = product(dims, at + 1, rank);
      for (int i = 0; i < num; i++) {
        TensorBuffer out = ctx.allocate(in.dtype(), outShape);
        if (chunk > 0) {
          ArrayCopy.Mover m = ArrayCopy.Mover.of(in, out);
          for (long r = 0; r < outer; r++) {
            m.move((r * num + i) * chunk, r * chunk, chunk);
          }
        }
        ctx.setOutput(i, out.freeze());
      }
    };
  }

  private static void concat(KernelContext ctx, int axisInput, int from, int to) {
    NodeInfo node = ctx.node();
    Tensor axisT = ctx.input(axisInput);
    if (axisT.shape().rank() != 0) {
      throw node.invalidArgument(
          "Concat dim tensor should be a scalar, but got shape " + axisT.shape());
    }
    long axis = axisT.getIndex(0);
    Shape first = ctx.input(from).shape();
    int rank = first.rank();
    if (axis < -rank || axis >= rank) {
      throw node.invalidArgument(
          "ConcatOp : Expected concatenating dimensions in the range ["
              + -rank
              + ", "
              + rank
              + "), but got "
              + axis);
    }
    int at = (int) (axis < 0 ? axis + rank : axis);
    long total = 0;
    for (int i = from; i < to; i++) {
      Shape s = ctx.input(i).shape();
      if (s.rank() != rank) {
        throw node.invalidArgument(
            "ConcatOp : Ranks of all input tensors should match: shape[0] = "
                + first
                + " vs. shape["
                + (i - from)
                + "] = "
                + s);
      }
      for (int d = 0; d < rank; d++) {
        if (d != at && s.dim(d) != first.dim(d)) {
          throw node.invalidArgument(
              "ConcatOp : Dimension "
                  + d
                  + " in both shapes must be equal: shape[0] = "
                  + first
                  + " vs. shape["
                  + (i - from)
                  + "] = "
                  + s);
        }
      }
      total += s.dim(at);
    }
    long[] dims = first.dims();
    dims[at] = total;
    TensorBuffer out = ctx.allocate(node.outputDType(0), Shape.of(dims));
    long outer = product(dims, 0, at);
    long inner = product(dims, at + 1, rank);
    long rowOut = total * inner;
    long offset = 0;
    for (int i = from; i < to; i++) {
      Tensor t = ctx.input(i);
      long chunk = t.shape().dim(at) * inner;
      if (chunk > 0) {
        ArrayCopy.Mover m = ArrayCopy.Mover.of(t, out);
        for (long r = 0; r < outer; r++) {
          m.move(r * chunk, r * rowOut + offset, chunk);
        }
      }
      offset += chunk;
    }
    ctx.setOutput(0, out.freeze());
  }

  private static Kernel parallelConcat(NodeInfo node) {
    return ctx -> {
      int count = node.numInputs();
      Shape first = ctx.input(0).shape();
      if (first.rank() == 0 || first.dim(0) != 1) {
        throw node.invalidArgument(
            "ParallelConcat input 0 must have a first dimension of 1, got " + first);
      }
      long[] dims = first.dims();
      dims[0] = count;
      TensorBuffer out = ctx.allocate(node.outputDType(0), Shape.of(dims));
      long chunk = first.numElements();
      for (int i = 0; i < count; i++) {
        Tensor t = ctx.input(i);
        if (!t.shape().equals(first)) {
          throw node.invalidArgument(
              "Shapes of all inputs must match: values[0].shape = "
                  + first
                  + " != values["
                  + i
                  + "].shape = "
                  + t.shape());
        }
        if (chunk > 0) {
          ArrayCopy.Mover.of(t, out).move(0, i * chunk, chunk);
        }
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static void split(KernelContext ctx, int valueInput, int axisInput) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(valueInput);
    Tensor axisT = ctx.input(axisInput);
    if (axisT.numElements() != 1) {
      throw node.invalidArgument("split_dim must be a scalar but has rank " + axisT.shape().rank());
    }
    long axis = axisT.getIndex(0);
    int rank = in.shape().rank();
    int num = node.numOutputs();
    if (axis < -rank || axis >= rank) {
      throw node.invalidArgument(
          "-input rank(-" + rank + ") <= split_dim < input rank (" + rank + "), but got " + axis);
    }
    int at = (int) (axis < 0 ? axis + rank : axis);
    long[] dims = in.shape().dims();
    long[] sizes = new long[num];
    if (node.op().equals("Split")) {
      if (dims[at] % num != 0) {
        throw node.invalidArgument(
            "Number of ways to split should evenly divide the split dimension, but got split_dim "
                + axis
                + " (size = "
                + dims[at]
                + ") and num_split "
                + num);
      }
      java.util.Arrays.fill(sizes, dims[at] / num);
    } else {
      Tensor st = ctx.input(1);
      long[] given = st.toLongArray();
      if (st.shape().rank() != 1 || given.length != num) {
        throw node.invalidArgument(
            "Length of size_splits should be equal to the value of num_split, but got size_splits"
                + " of length "
                + given.length
                + " and num_split "
                + num);
      }
      int neg = -1;
      long sum = 0;
      for (int i = 0; i < num; i++) {
        if (given[i] == -1) {
          if (neg >= 0) {
            throw node.invalidArgument("There can only be one -1 in the input.");
          }
          neg = i;
        } else if (given[i] < 0) {
          throw node.invalidArgument(
              "Split size at index " + i + " must be >= 0. Got: " + given[i]);
        } else {
          sum += given[i];
        }
      }
      if ((neg < 0 && sum != dims[at]) || (neg >= 0 && sum > dims[at])) {
        throw node.invalidArgument(
            "Determined shape must either match input shape along split_dim exactly if fully"
                + " specified, or be less than the size of the input along split_dim if not fully"
                + " specified.  Got: "
                + sum);
      }
      if (neg >= 0) {
        given[neg] = dims[at] - sum;
      }
      sizes = given;
    }
    long outer = product(dims, 0, at);
    long inner = product(dims, at + 1, rank);
    long rowIn = dims[at] * inner;
    long offset = 0;
    for (int i = 0; i < num; i++) {
      long[] od = dims.clone();
      od[at] = sizes[i];
      TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
      long chunk = sizes[i] * inner;
      if (chunk > 0) {
        ArrayCopy.Mover m = ArrayCopy.Mover.of(in, out);
        for (long r = 0; r < outer; r++) {
          m.move(r * rowIn + offset, r * chunk, chunk);
        }
      }
      offset += chunk;
      ctx.setOutput(i, out.freeze());
    }
  }

  private static long product(long[] dims, int from, int to) {
    long p = 1;
    for (int i = from; i < to; i++) {
      p *= dims[i];
    }
    return p;
  }
}
