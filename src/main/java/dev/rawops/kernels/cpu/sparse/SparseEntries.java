package dev.rawops.kernels.cpu.sparse;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;

/** What the sparse kernels share: entry orders, int64 outputs, values picked by entry. */
final class SparseEntries {
  private SparseEntries() {}

  /**
   * The entries' order sorted by the index columns {@code dims}, in that priority (TF's {@code
   * SparseTensor::Reorder}). A stable sort: TF's std::sort keeps equal indices in their order for
   * the small inputs it sorts by insertion.
   */
  static int[] sortedOrder(long[] ix, int n, int rank, int[] dims) {
    int[] order = identity(n);
    boolean sorted = true;
    for (int i = 1; i < n && sorted; i++) {
      sorted = compareOn(ix, rank, dims, i - 1, i) <= 0;
    }
    if (!sorted) {
      mergeSort(ix, rank, dims, order, new int[n], 0, n);
    }
    return order;
  }

  /** Stable merge sort of {@code order[from, to)} by the index columns {@code dims}. */
  private static void mergeSort(
      long[] ix, int rank, int[] dims, int[] order, int[] tmp, int from, int to) {
    if (to - from < 2) {
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(ix, rank, dims, order, tmp, from, mid);
    mergeSort(ix, rank, dims, order, tmp, mid, to);
    if (compareOn(ix, rank, dims, order[mid - 1], order[mid]) <= 0) {
      return;
    }
    System.arraycopy(order, from, tmp, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && compareOn(ix, rank, dims, tmp[i], tmp[j]) <= 0)) {
        order[k] = tmp[i++];
      } else {
        order[k] = tmp[j++];
      }
    }
  }

  private static int compareOn(long[] ix, int rank, int[] dims, int a, int b) {
    for (int d : dims) {
      int c = Long.compare(ix[a * rank + d], ix[b * rank + d]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  static int[] identity(int n) {
    int[] dims = new int[n];
    for (int i = 0; i < n; i++) {
      dims[i] = i;
    }
    return dims;
  }

  /** Rows {@code order} of an n x rank index matrix. */
  static long[] permuteRows(long[] ix, int rank, int[] order) {
    long[] out = new long[order.length * rank];
    for (int i = 0; i < order.length; i++) {
      System.arraycopy(ix, order[i] * rank, out, i * rank, rank);
    }
    return out;
  }

  static Tensor longs(KernelContext ctx, Shape shape, long[] v) {
    TensorBuffer b = ctx.allocateUninitialized(DType.INT64, shape);
    MemorySegment.copy(v, 0, b.segment(), Layouts.I64, 0, v.length);
    return b.freeze();
  }

  /** An index matrix [n, rank] as a tensor. */
  static Tensor indices(KernelContext ctx, long[] ix, int n, int rank) {
    return longs(ctx, Shape.of(n, rank), ix);
  }

  /** Elements {@code order[0..n)} of the vector {@code values}, in that order. */
  static Tensor pick(KernelContext ctx, Tensor values, int[] order, int n) {
    TensorBuffer out = ctx.allocate(values.dtype(), Shape.of(n));
    SliceCopier c = SliceCopier.of(values, out, 1);
    for (int i = 0; i < n; i++) {
      c.copy(order[i], i);
    }
    return out.freeze();
  }

  /** Row-major comparison of entry i of {@code a} with entry j of {@code b}. */
  static int compare(long[] a, int i, long[] b, int j, int rank) {
    for (int d = 0; d < rank; d++) {
      int c = Long.compare(a[i * rank + d], b[j * rank + d]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
