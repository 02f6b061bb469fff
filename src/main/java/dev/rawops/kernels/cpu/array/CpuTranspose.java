package dev.rawops.kernels.cpu.array;

import static dev.rawops.kernels.cpu.array.CpuArray.def;
import static dev.rawops.kernels.cpu.array.CpuArray.gathered;
import static dev.rawops.kernels.cpu.array.CpuArray.vector;

import dev.rawops.Code;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the Array ops that reorder the elements of a tensor: Transpose,
 * ConjugateTranspose, ReverseV2, Reverse (its bool-mask form), ReverseSequence and Roll.
 */
final class CpuTranspose {
  private CpuTranspose() {}

  static List<KernelDef> defs() {
    List<KernelDef> d = new ArrayList<>();
    d.add(def("Transpose", n -> ctx -> transpose(ctx, false)));
    d.add(def("ConjugateTranspose", n -> ctx -> transpose(ctx, true)));
    d.add(def("ReverseV2", n -> CpuTranspose::reverse));
    d.add(def("Reverse", n -> CpuTranspose::reverseMask));
    d.add(def("ReverseSequence", CpuTranspose::reverseSequence));
    d.add(def("Roll", n -> CpuTranspose::roll));
    return d;
  }

  // ---- Transpose, Reverse, Roll

  private static void transpose(KernelContext ctx, boolean conjugate) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor pt = ctx.input(1);
    if (pt.shape().rank() != 1) {
      throw node.invalidArgument("perm must be a vector, not " + pt.shape());
    }
    long[] perm = pt.toLongArray();
    int rank = in.shape().rank();
    if (perm.length != rank) {
      throw node.invalidArgument(
          "transpose expects a vector of size "
              + rank
              + ". But input(1) is a vector of size "
              + perm.length);
    }
    boolean[] seen = new boolean[rank];
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int i = 0; i < rank; i++) {
      long p = perm[i];
      if (p < 0 || p >= rank) {
        throw node.invalidArgument(p + " is out of range [0 .. " + rank + ")");
      }
      if (seen[(int) p]) {
        throw node.invalidArgument(p + " is duplicated in the input.");
      }
      seen[(int) p] = true;
      maps[i] = ArrayCopy.linear(dims[(int) p], 0, 1, strides[(int) p]);
    }
    Tensor out = gathered(ctx, in, maps);
    if (conjugate && (in.dtype() == DType.COMPLEX64 || in.dtype() == DType.COMPLEX128)) {
      TensorBuffer b = ctx.allocate(in.dtype(), out.shape());
      ArrayCopy.Mover.of(out, b).move(0, 0, out.numElements());
      long n = out.numElements();
      for (long i = 0; i < n; i++) {
        if (in.dtype() == DType.COMPLEX64) {
          long at = i * 2 + 1;
          b.segment()
              .setAtIndex(
                  dev.rawops.tensor.Layouts.F32,
                  at,
                  -b.segment().getAtIndex(dev.rawops.tensor.Layouts.F32, at));
        } else {
          long at = i * 2 + 1;
          b.segment()
              .setAtIndex(
                  dev.rawops.tensor.Layouts.F64,
                  at,
                  -b.segment().getAtIndex(dev.rawops.tensor.Layouts.F64, at));
        }
      }
      out = b.freeze();
    }
    ctx.setOutput(0, out);
  }

  private static void reverse(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    long[] axes = vector(ctx, 1, "'axis'");
    int rank = in.shape().rank();
    boolean[] rev = new boolean[rank];
    for (int i = 0; i < axes.length; i++) {
      long a = axes[i] < 0 ? axes[i] + rank : axes[i];
      if (a < 0 || a >= rank) {
        throw node.invalidArgument(
            "'axis'[" + i + "] = " + axes[i] + " is out of valid range [0, " + (rank - 1));
      }
      if (rev[(int) a]) {
        throw node.invalidArgument("axis " + a + " specified more than once.");
      }
      rev[(int) a] = true;
    }
    ctx.setOutput(0, reversed(ctx, in, rev));
  }

  /** Reverse: ReverseV2 with the axes given as one bool per dimension (TF's ReverseOp checks). */
  private static void reverseMask(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor mask = ctx.input(1);
    int rank = in.shape().rank();
    if (rank > 0 && in.shape().dim(0) == 0) {
      throw node.invalidArgument("Invalid input first dimension. Found 0.");
    }
    if (rank == 0) {
      ctx.setOutput(0, in);
      return;
    }
    if (mask.shape().rank() != 1) {
      throw node.invalidArgument("'dims' must be 1-dimension, not " + mask.shape().rank());
    }
    if (mask.numElements() != rank) {
      throw node.invalidArgument(
          "'dims' must have the same number of values as 'input' has dimensions. 'input' has "
              + rank
              + "'dims' has "
              + mask.numElements()
              + " values");
    }
    ctx.setOutput(0, reversed(ctx, in, mask.toBooleanArray()));
  }

  /** {@code in} with the dimensions {@code rev} marks reversed (TF's kernels: at most 8 dims). */
  private static Tensor reversed(KernelContext ctx, Tensor in, boolean[] rev) {
    int rank = rev.length;
    if (rank > 8) {
      throw ctx.node()
          .error(Code.UNIMPLEMENTED, "reverse is not implemented for tensors of rank > 8.");
    }
    long[] dims = in.shape().dims();
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int i = 0; i < rank; i++) {
      maps[i] =
          rev[i]
              ? ArrayCopy.linear(dims[i], dims[i] - 1, -1, strides[i])
              : ArrayCopy.linear(dims[i], 0, 1, strides[i]);
    }
    return gathered(ctx, in, maps);
  }

  private static Kernel reverseSequence(NodeInfo node) {
    long seqDim = node.attrs().getInt("seq_dim");
    long batchDim = node.attrs().getInt("batch_dim");
    return ctx -> {
      Tensor in = ctx.input(0);
      Tensor lt = ctx.input(1);
      int rank = in.shape().rank();
      long[] dims = in.shape().dims();
      if (batchDim >= rank || seqDim >= rank || batchDim < 0 || seqDim < 0) {
        throw node.invalidArgument(
            "Invalid batch_dim " + batchDim + " or seq_dim " + seqDim + " for rank " + rank);
      }
      if (batchDim == seqDim) {
        throw node.invalidArgument("batch_dim == seq_dim == " + seqDim);
      }
      if (lt.shape().rank() != 1) {
        throw node.invalidArgument("seq_lengths must be 1-dim, not " + lt.shape().rank());
      }
      long[] lens = lt.toLongArray();
      int b = (int) batchDim;
      int s = (int) seqDim;
      if (lens.length != dims[b]) {
        throw node.invalidArgument(
            "Length of seq_lengths != input.dims("
                + batchDim
                + "), ("
                + lens.length
                + " vs. "
                + dims[b]
                + ")");
      }
      for (int i = 0; i < lens.length; i++) {
        if (lens[i] < 0) {
          throw node.invalidArgument("seq_lengths(" + i + ") < 0");
        }
        if (lens[i] > dims[s]) {
          throw node.invalidArgument("seq_lengths(" + i + ") > input.dims(" + seqDim + ")");
        }
      }
      long[] strides = ArrayCopy.strides(dims);
      TensorBuffer out = ctx.allocate(in.dtype(), in.shape());
      for (int bi = 0; bi < lens.length; bi++) {
        long[][] maps = new long[rank][];
        for (int d = 0; d < rank; d++) {
          if (d == b) {
            maps[d] = new long[] {bi * strides[d]};
          } else if (d == s) {
            long[] m = new long[(int) dims[d]];
            for (int j = 0; j < m.length; j++) {
              m[j] = (j < lens[bi] ? lens[bi] - 1 - j : j) * strides[d];
            }
            maps[d] = m;
          } else {
            maps[d] = ArrayCopy.linear(dims[d], 0, 1, strides[d]);
          }
        }
        ArrayCopy.gather(in, out, bi * strides[b], maps, strides);
      }
      ctx.setOutput(0, out.freeze());
    };
  }

  private static void roll(KernelContext ctx) {
    NodeInfo node = ctx.node();
    Tensor in = ctx.input(0);
    Tensor st = ctx.input(1);
    Tensor at = ctx.input(2);
    if (st.shape().rank() > 1) {
      throw node.invalidArgument("shift must be a scalar or a 1-D vector. Found: " + st.shape());
    }
    if (at.shape().rank() > 1) {
      throw node.invalidArgument("axis must be a scalar or a 1-D vector. Found: " + at.shape());
    }
    if (!st.shape().equals(at.shape())) {
      throw node.invalidArgument(
          "shift and axis must have the same size. Found shift: "
              + st.shape()
              + " and axis: "
              + at.shape());
    }
    long[] shifts = st.toLongArray();
    long[] axes = at.toLongArray();
    int rank = in.shape().rank();
    long[] dims = in.shape().dims();
    long[] total = new long[rank];
    for (int i = 0; i < axes.length; i++) {
      long a = axes[i] < 0 ? axes[i] + rank : axes[i];
      if (a < 0 || a >= rank) {
        throw node.invalidArgument("axis " + axes[i] + " is out of range");
      }
      total[(int) a] += shifts[i];
    }
    long[] strides = ArrayCopy.strides(dims);
    long[][] maps = new long[rank][];
    for (int d = 0; d < rank; d++) {
      long n = dims[d];
      long[] m = new long[(int) n];
      long sh = n == 0 ? 0 : Math.floorMod(total[d], n);
      for (int j = 0; j < n; j++) {
        m[j] = Math.floorMod(j - sh, n) * strides[d];
      }
      maps[d] = m;
    }
    ctx.setOutput(0, gathered(ctx, in, maps));
  }
}
