package dev.rawops.kernels.cpu.sparse;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.sparse.SparseTensorChecks;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * SparseConcat, SparseSlice and SparseSplit on CPU (sparse_concat_op.cc, sparse_slice_op.cc,
 * sparse_split_op.cc and SparseTensor's Concat, Slice and Split): indices and values move, values
 * are never read, so every dtype but resource and variant runs on the same code.
 */
final class CpuSparseSlicing {
  private CpuSparseSlicing() {}

  /** Every data dtype (TF registers these ops for all of them but resource and variant). */
  private static final DType[] MOVABLE = DType.dataTypes();

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("SparseConcat", Device.CPU)
              .tfCpuTypes("T", MOVABLE)
              .build(n -> ctx -> concat(n, ctx)),
          KernelDef.builder("SparseSlice", Device.CPU)
              .tfCpuTypes("T", MOVABLE)
              .build(n -> ctx -> slice(n, ctx)),
          KernelDef.builder("SparseSplit", Device.CPU)
              .tfCpuTypes("T", MOVABLE)
              .build(n -> ctx -> split(n, ctx)));

  private static void concat(NodeInfo node, KernelContext ctx) {
    int n = (int) node.attrs().getInt("N");
    long concatAttr = node.attrs().getInt("concat_dim");
    for (int i = 0; i < n; i++) {
      Shape s = ctx.input(i).shape();
      if (s.rank() != 2) {
        throw node.invalidArgument(
            "Input indices should be a matrix but received shape " + s + " at position " + i);
      }
    }
    for (int i = 0; i < n; i++) {
      Shape s = ctx.input(n + i).shape();
      if (s.rank() != 1) {
        throw node.invalidArgument(
            "Input values should be a vector but received shape " + s + " at position " + i);
      }
    }
    for (int i = 0; i < n; i++) {
      Shape s = ctx.input(2 * n + i).shape();
      if (s.rank() != 1) {
        throw node.invalidArgument(
            "Input shapes should be a vector but received shape " + s + " at position " + i);
      }
    }
    long[][] shapes = new long[n][];
    for (int i = 0; i < n; i++) {
      shapes[i] = ctx.input(2 * n + i).toLongArray();
      long elements = 1;
      for (long d : shapes[i]) {
        elements = d < 0 || elements < 0 ? -1 : multiplyOrMinusOne(elements, d);
        if (elements < 0) {
          throw node.error(Code.INTERNAL, "Encountered overflow from large input shape.");
        }
      }
    }
    int rank = shapes[0].length;
    long cd = concatAttr < 0 ? rank + concatAttr : concatAttr;
    if (cd < 0 || cd >= rank) {
      throw node.invalidArgument(
          "Concat dimension must be in range [" + -rank + ", " + rank + "), got " + concatAttr);
    }
    int concatDim = (int) cd;
    for (int i = 1; i < n; i++) {
      if (shapes[i].length != rank) {
        throw node.invalidArgument(
            "Ranks of all input tensors must match: expected "
                + rank
                + " but got "
                + shapes[i].length
                + " at position "
                + i);
      }
      for (int j = 0; j < rank; j++) {
        if (j != concatDim && shapes[i][j] != shapes[0][j]) {
          throw node.invalidArgument(
              "Input shapes must match: expected "
                  + shapes[0][j]
                  + " for dimension "
                  + j
                  + " but got "
                  + shapes[i][j]
                  + " at position "
                  + i);
        }
      }
    }
    int[] concatOrder = new int[rank];
    concatOrder[0] = concatDim;
    for (int j = 0, k = 1; j < rank; j++) {
      if (j != concatDim) {
        concatOrder[k++] = j;
      }
    }
    long total = 0;
    for (int i = 0; i < n; i++) {
      SparseTensorChecks.create(node, ctx.input(i).shape(), ctx.input(n + i).shape(), rank);
      total += ctx.input(i).shape().dim(0);
    }
    int count = Math.toIntExact(total);
    long[] ix = new long[count * rank];
    int[] input = new int[count];
    int[] entry = new int[count];
    long offset = 0;
    int at = 0;
    for (int i = 0; i < n; i++) {
      long[] in = IndexChunks.readAll(ctx.input(i));
      int rows = (int) ctx.input(i).shape().dim(0);
      for (int e : SparseEntries.sortedOrder(in, rows, rank, concatOrder)) {
        System.arraycopy(in, e * rank, ix, at * rank, rank);
        ix[at * rank + concatDim] += offset;
        input[at] = i;
        entry[at] = e;
        at++;
      }
      offset += shapes[i][concatDim];
    }
    int[] order = SparseEntries.sortedOrder(ix, count, rank, SparseEntries.identity(rank));
    int[] srcInput = new int[count];
    int[] srcEntry = new int[count];
    for (int i = 0; i < count; i++) {
      srcInput[i] = input[order[i]];
      srcEntry[i] = entry[order[i]];
    }
    long[] outShape = shapes[0].clone();
    outShape[concatDim] = offset;
    ctx.setOutput(
        0, SparseEntries.indices(ctx, SparseEntries.permuteRows(ix, rank, order), count, rank));
    ctx.setOutput(1, gatherFrom(ctx, n, srcInput, srcEntry));
    ctx.setOutput(2, SparseEntries.longs(ctx, Shape.of(rank), outShape));
  }

  /** TF's MultiplyWithoutOverflow for non-negative factors: -1 on overflow. */
  private static long multiplyOrMinusOne(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long product = a * b;
    return high != 0 || product < 0 ? -1 : product;
  }

  /**
   * Values picked from several value inputs: entry {@code entry[i]} of input {@code n + src[i]}.
   */
  private static Tensor gatherFrom(KernelContext ctx, int n, int[] src, int[] entry) {
    DType t = ctx.input(n).dtype();
    var out = ctx.allocate(t, Shape.of(src.length));
    var copiers = new dev.rawops.kernels.cpu.support.SliceCopier[n];
    for (int i = 0; i < n; i++) {
      copiers[i] = dev.rawops.kernels.cpu.support.SliceCopier.of(ctx.input(n + i), out, 1);
    }
    for (int i = 0; i < src.length; i++) {
      copiers[src[i]].copy(entry[i], i);
    }
    return out.freeze();
  }

  private static void slice(NodeInfo node, KernelContext ctx) {
    Tensor indices = ctx.input(0);
    Tensor values = ctx.input(1);
    Tensor shapeT = ctx.input(2);
    Tensor start = ctx.input(3);
    Tensor size = ctx.input(4);
    SparseTensorChecks.validate(node, indices, values, shapeT, SparseTensorChecks.Indices.NONE);
    if (start.shape().rank() != 1) {
      throw node.invalidArgument(
          "Input start should be a vector but received shape " + start.shape());
    }
    if (size.shape().rank() != 1) {
      throw node.invalidArgument(
          "Input size should be a vector but received shape " + size.shape());
    }
    int rank = (int) shapeT.shape().dim(0);
    if (start.shape().dim(0) != rank) {
      throw node.invalidArgument(
          "Expected start to be a vector of length "
              + rank
              + " but got length "
              + start.shape().dim(0));
    }
    if (size.shape().dim(0) != rank) {
      throw node.invalidArgument(
          "Expected size to be a vector of length "
              + rank
              + " but got length "
              + size.shape().dim(0));
    }
    long[] shape = shapeT.toLongArray();
    long[] st = start.toLongArray();
    long[] sz = size.toLongArray();
    for (long v : sz) {
      if (v < 0) {
        throw node.invalidArgument("Expected a non-negative size, got " + v);
      }
    }
    long[] outShape = new long[rank];
    for (int d = 0; d < rank; d++) {
      long dim = st[d] + sz[d] < shape[d] ? sz[d] : shape[d] - st[d];
      outShape[d] = Math.max(dim, 0);
    }
    int n = (int) indices.shape().dim(0);
    long[] ix = IndexChunks.readAll(indices);
    int[] hits = new int[n];
    int count = 0;
    for (int i = 0; i < n; i++) {
      boolean hit = true;
      for (int d = 0; d < rank && hit; d++) {
        long v = ix[i * rank + d];
        hit = st[d] <= v && v < st[d] + sz[d];
      }
      if (hit) {
        hits[count++] = i;
      }
    }
    long[] out = new long[count * rank];
    for (int k = 0; k < count; k++) {
      for (int d = 0; d < rank; d++) {
        out[k * rank + d] = ix[hits[k] * rank + d] - st[d];
      }
    }
    ctx.setOutput(0, SparseEntries.indices(ctx, out, count, rank));
    ctx.setOutput(1, SparseEntries.pick(ctx, values, hits, count));
    ctx.setOutput(2, SparseEntries.longs(ctx, Shape.of(rank), outShape));
  }

  private static void split(NodeInfo node, KernelContext ctx) {
    int numSplit = (int) node.attrs().getInt("num_split");
    Tensor splitDimT = ctx.input(0);
    Tensor indices = ctx.input(1);
    Tensor values = ctx.input(2);
    Tensor shapeT = ctx.input(3);
    if (splitDimT.shape().rank() != 0) {
      throw node.invalidArgument(
          "split_dim must be a scalar but has rank " + splitDimT.shape().rank());
    }
    if (indices.shape().rank() != 2) {
      throw node.invalidArgument(
          "Input indices should be a matrix but received shape " + indices.shape());
    }
    if (values.shape().rank() != 1) {
      throw node.invalidArgument(
          "Input values should be a vector but received shape " + indices.shape());
    }
    if (shapeT.shape().rank() != 1) {
      throw node.invalidArgument(
          "Input shape should be a vector but received shape " + shapeT.shape());
    }
    long[] shape = shapeT.toLongArray();
    int rank = shape.length;
    long splitAttr = splitDimT.getLong(0);
    if (splitAttr < -rank || splitAttr >= rank) {
      throw node.invalidArgument(
          "Input axis should be in range [" + -rank + ", " + rank + "), got " + splitAttr);
    }
    int splitDim = (int) (splitAttr < 0 ? splitAttr + rank : splitAttr);
    if (numSplit < 1 || numSplit > shape[splitDim]) {
      throw node.invalidArgument(
          "Input num_split should be between 1 and the splitting dimension size ("
              + shape[splitDim]
              + "), got "
              + numSplit);
    }
    SparseTensorChecks.validate(
        node, indices, values, shapeT, SparseTensorChecks.Indices.UNORDERED);
    int n = (int) indices.shape().dim(0);
    long[] ix = IndexChunks.readAll(indices);
    long dimSize = shape[splitDim];
    long splitSize = dimSize / numSplit;
    long residual = dimSize % numSplit;
    int[] sliceOf = new int[n];
    int[] counts = new int[numSplit];
    for (int i = 0; i < n; i++) {
      long d = ix[i * rank + splitDim];
      long s = sliceIndex(d, splitSize, residual);
      if (s < 0 || s >= numSplit) {
        throw node.invalidArgument("Slice index " + s + " is larger than num_split.");
      }
      sliceOf[i] = (int) s;
      counts[(int) s]++;
    }
    for (int s = 0; s < numSplit; s++) {
      int[] members = new int[counts[s]];
      long[] out = new long[counts[s] * rank];
      int k = 0;
      for (int i = 0; i < n; i++) {
        if (sliceOf[i] != s) {
          continue;
        }
        members[k] = i;
        System.arraycopy(ix, i * rank, out, k * rank, rank);
        out[k * rank + splitDim] = dimInSlice(ix[i * rank + splitDim], splitSize, residual);
        k++;
      }
      long[] outShape = shape.clone();
      outShape[splitDim] = residual == 0 || s >= residual ? splitSize : splitSize + 1;
      ctx.setOutput(s, SparseEntries.indices(ctx, out, counts[s], rank));
      ctx.setOutput(numSplit + s, SparseEntries.pick(ctx, values, members, counts[s]));
      ctx.setOutput(2 * numSplit + s, SparseEntries.longs(ctx, Shape.of(rank), outShape));
    }
  }

  private static long sliceIndex(long dim, long splitSize, long residual) {
    if (residual == 0) {
      return dim / splitSize;
    }
    long offset = residual * (splitSize + 1);
    return dim < offset ? dim / (splitSize + 1) : residual + (dim - offset) / splitSize;
  }

  private static long dimInSlice(long dim, long splitSize, long residual) {
    if (residual == 0) {
      return dim % splitSize;
    }
    long offset = residual * (splitSize + 1);
    return dim < offset ? dim % (splitSize + 1) : (dim - offset) % splitSize;
  }
}
