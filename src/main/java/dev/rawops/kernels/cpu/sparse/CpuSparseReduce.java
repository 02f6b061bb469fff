package dev.rawops.kernels.cpu.sparse;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.NumericArrays;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseTensorChecks;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reductions over a sparse tensor's groups on CPU (sparse_reduce_op.cc, sparse_softmax_op.cc):
 * SparseReduceSum/Max with a dense output (zero where a group has no entry) and their Sparse forms
 * (one entry per group present), and SparseSoftmax over the last dimension. As TF, the entries are
 * first sorted by the kept dimensions, then grouped by equal kept coordinates; values are reduced
 * in that order in the dtype (max starting from the dtype's lowest finite value).
 */
final class CpuSparseReduce {
  private CpuSparseReduce() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseReduceSum", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> reduce(n, ctx, false, false)),
          KernelDef.builder("SparseReduceMax", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> reduce(n, ctx, true, false)),
          KernelDef.builder("SparseReduceSumSparse", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> reduce(n, ctx, false, true)),
          KernelDef.builder("SparseReduceMaxSparse", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> reduce(n, ctx, true, true)),
          KernelDef.builder("SparseSoftmax", Device.CPU)
              .tfCpuTypes("T")
              .build(n -> ctx -> softmax(n, ctx)));

  /** Entries in sorted order, split into runs of equal coordinates on {@code groupDims}. */
  private static final class Groups {
    private final int[] order;
    private final List<int[]> runs;

    Groups(int[] order, List<int[]> runs) {
      this.order = order;
      this.runs = runs;
    }

    int[] order() {
      return order;
    }

    List<int[]> runs() {
      return runs;
    }
  }

  private static Groups group(long[] ix, int n, int rank, int[] groupDims, int[] sortDims) {
    int[] order = SparseEntries.sortedOrder(ix, n, rank, sortDims);
    List<int[]> runs = new ArrayList<>();
    int start = 0;
    for (int i = 1; i <= n; i++) {
      if (i == n || !sameGroup(ix, order[i - 1], order[i], rank, groupDims)) {
        runs.add(new int[] {start, i});
        start = i;
      }
    }
    return new Groups(order, n == 0 ? List.of() : runs);
  }

  private static boolean sameGroup(long[] ix, int a, int b, int rank, int[] dims) {
    for (int d : dims) {
      if (ix[a * rank + d] != ix[b * rank + d]) {
        return false;
      }
    }
    return true;
  }

  private static void reduce(NodeInfo node, KernelContext ctx, boolean max, boolean sparseOut) {
    Tensor indices = ctx.input(0);
    Tensor values = ctx.input(1);
    Tensor shapeT = ctx.input(2);
    Tensor axesT = ctx.input(3);
    boolean keepDims = node.attrs().getBool("keep_dims");
    if (shapeT.shape().rank() != 1) {
      throw node.invalidArgument(
          "Expected input_shape to be a vector; got shape: " + shapeT.shape());
    }
    if (axesT.shape().rank() > 1) {
      throw node.invalidArgument(
          "Expected reduction_axes to be a scalar or a vector; got shape: " + axesT.shape());
    }
    long ndims = shapeT.numElements();
    long[] axesIn = axesT.toLongArray();
    for (long a : axesIn) {
      if (a < -ndims || a >= ndims) {
        throw node.invalidArgument(
            "Invalid reduction dimension " + a + ", for input with " + ndims + " dimensions.");
      }
    }
    long[] shape = SparseTensorChecks.buildShape(node, shapeT);
    SparseTensorChecks.create(node, indices.shape(), values.shape(), shape.length);
    int rank = shape.length;
    boolean[] reduced = new boolean[rank];
    for (long a : axesIn) {
      reduced[(int) ((a + rank) % rank)] = true;
    }
    int[] groupDims = dimsWhere(reduced, false);
    int[] sortDims = concat(groupDims, dimsWhere(reduced, true));
    long[] outDims = new long[keepDims ? rank : groupDims.length];
    for (int d = 0, k = 0; d < rank; d++) {
      if (keepDims) {
        outDims[d] = reduced[d] ? 1 : shape[d];
      } else if (!reduced[d]) {
        outDims[k++] = shape[d];
      }
    }
    int n = (int) indices.shape().dim(0);
    long[] ix = IndexChunks.readAll(indices);
    Groups g = group(ix, n, rank, groupDims, sortDims);
    SparseNumbers in = SparseNumbers.of(values);
    int groups = g.runs().size();
    SparseNumbers results = SparseNumbers.zeros(in.t, groups);
    for (int k = 0; k < groups; k++) {
      int[] run = g.runs().get(k);
      if (max) {
        maxOf(in, g.order(), run[0], run[1], results, k);
      } else {
        sumOf(in, g.order(), run[0], run[1], results, k);
      }
    }
    if (sparseOut) {
      long[] outIx = new long[groups * outDims.length];
      for (int k = 0; k < groups; k++) {
        int e = g.order()[g.runs().get(k)[0]];
        for (int j = 0; j < groupDims.length; j++) {
          int col = keepDims ? groupDims[j] : j;
          outIx[k * outDims.length + col] = ix[e * rank + groupDims[j]];
        }
      }
      ctx.setOutput(0, SparseEntries.indices(ctx, outIx, groups, outDims.length));
      ctx.setOutput(1, results.store(ctx, Shape.of(groups)));
      ctx.setOutput(2, SparseEntries.longs(ctx, Shape.of(outDims.length), outDims));
      return;
    }
    long[] strides = new long[groupDims.length];
    long stride = 1;
    for (int j = groupDims.length - 1; j >= 0; j--) {
      strides[j] = stride;
      stride *= shape[groupDims[j]];
    }
    Shape outShape = Shape.of(outDims);
    long size = outShape.numElements();
    // Allocated first, so an output past the tensor limit fails before the arrays are made.
    TensorBuffer outBuffer = ctx.allocateUninitialized(in.t, outShape);
    SparseNumbers dense = SparseNumbers.zeros(in.t, Math.toIntExact(size));
    for (int k = 0; k < groups; k++) {
      int e = g.order()[g.runs().get(k)[0]];
      long at = 0;
      for (int j = 0; j < groupDims.length; j++) {
        at += ix[e * rank + groupDims[j]] * strides[j];
      }
      if (at < 0 || at >= size) {
        throw node.error(
            dev.rawops.Code.INTERNAL,
            "Obtained a write index of " + at + " which is outside of bounds of [0, " + size + ")");
      }
      dense.set((int) at, results, k);
    }
    ctx.setOutput(0, dense.storeInto(outBuffer));
  }

  private static int[] dimsWhere(boolean[] reduced, boolean want) {
    int[] out = new int[reduced.length];
    int k = 0;
    for (int d = 0; d < reduced.length; d++) {
      if (reduced[d] == want) {
        out[k++] = d;
      }
    }
    return Arrays.copyOf(out, k);
  }

  private static int[] concat(int[] a, int[] b) {
    int[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static void sumOf(
      SparseNumbers in, int[] order, int from, int to, SparseNumbers out, int k) {
    for (int i = from; i < to; i++) {
      SparseNumbers.add(out, k, out, k, in, order[i]);
    }
  }

  private static void maxOf(
      SparseNumbers in, int[] order, int from, int to, SparseNumbers out, int k) {
    if (in.floating) {
      double m = NumericArrays.lowestFloating(in.t);
      for (int i = from; i < to; i++) {
        double v = in.d[order[i]];
        if (m < v) {
          m = v;
        }
      }
      out.d[k] = m;
      return;
    }
    long m = NumericArrays.lowest(in.t);
    for (int i = from; i < to; i++) {
      long v = in.l[order[i]];
      boolean less =
          in.t == dev.rawops.tensor.DType.UINT64 ? Long.compareUnsigned(m, v) < 0 : m < v;
      if (less) {
        m = v;
      }
    }
    out.l[k] = m;
  }

  private static void softmax(NodeInfo node, KernelContext ctx) {
    Tensor indices = ctx.input(0);
    Tensor values = ctx.input(1);
    Tensor shapeT = ctx.input(2);
    SparseTensorChecks.matrixAndVectors(node, indices, values, shapeT);
    long[] shape = shapeT.toLongArray();
    if (shape.length < 2) {
      throw node.invalidArgument(
          "Input should have rank >= 2, but received shape: " + CpuSparseMerge.summarize(shape));
    }
    SparseTensorChecks.buildShape(node, shapeT);
    SparseTensorChecks.create(node, indices.shape(), values.shape(), shape.length);
    int n = (int) indices.shape().dim(0);
    int rank = shape.length;
    long[] ix = IndexChunks.readAll(indices);
    int[] all = SparseEntries.identity(rank);
    Groups g = group(ix, n, rank, Arrays.copyOf(all, rank - 1), all);
    SparseNumbers in = SparseNumbers.of(values);
    double[] out = new double[n];
    double lowest = NumericArrays.lowestFloating(in.t);
    for (int[] run : g.runs()) {
      double m = lowest;
      for (int i = run[0]; i < run[1]; i++) {
        double v = in.d[g.order()[i]];
        if (m < v) {
          m = v;
        }
      }
      double sum = 0;
      for (int i = run[0]; i < run[1]; i++) {
        out[i] = in.round(Math.exp(in.round(in.d[g.order()[i]] - m)));
        sum = in.round(sum + out[i]);
      }
      double inverse = in.round(1 / sum);
      for (int i = run[0]; i < run[1]; i++) {
        out[i] = in.round(out[i] * inverse);
      }
    }
    SparseNumbers result = SparseNumbers.zeros(in.t, n);
    System.arraycopy(out, 0, result.d, 0, n);
    ctx.setOutput(0, result.store(ctx, Shape.of(n)));
  }
}
