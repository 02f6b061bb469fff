package dev.rawops.kernels.cpu.selection;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;
import java.nio.ByteBuffer;

/**
 * A tensor's elements as comparable keys, for the selection and sorting kernels: 64-bit integers as
 * longs (uint64 with its sign bit flipped so signed order is unsigned order), every other real
 * dtype as an exact double, strings as their bytes. {@code less}/{@code greater} are C++'s {@code
 * <} and {@code >}: false both ways for NaN.
 */
final class SortKeys {
  private final double[] d;
  private final long[] l;
  private final byte[][] s;

  private SortKeys(double[] d, long[] l, byte[][] s) {
    this.d = d;
    this.l = l;
    this.s = s;
  }

  static SortKeys of(Tensor t) {
    int n = Math.toIntExact(t.numElements());
    DType dt = t.dtype();
    if (dt == DType.STRING) {
      return new SortKeys(null, null, KernelAccess.strings(t));
    }
    if (dt == DType.INT64 || dt == DType.UINT64) {
      long[] l = new long[n];
      long flip = dt == DType.UINT64 ? Long.MIN_VALUE : 0;
      for (int i = 0; i < n; i++) {
        l[i] = t.getLong(i) ^ flip;
      }
      return new SortKeys(null, l, null);
    }
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = Numbers.get(t, i);
    }
    return new SortKeys(d, null, null);
  }

  boolean less(int a, int b) {
    return d != null ? d[a] < d[b] : l[a] < l[b];
  }

  boolean greater(int a, int b) {
    return d != null ? d[a] > d[b] : l[a] > l[b];
  }

  boolean equal(int a, int b) {
    return d != null ? d[a] == d[b] : l[a] == l[b];
  }

  /**
   * A hash key with C++ {@code ==} semantics: -0.0 and 0.0 are one key, each NaN its own (a NaN
   * never finds itself in a hash map).
   */
  Object hashKey(int i) {
    if (s != null) {
      return ByteBuffer.wrap(s[i]);
    }
    if (l != null) {
      return l[i];
    }
    double v = d[i];
    if (Double.isNaN(v)) {
      return new Object();
    }
    return v == 0 ? 0.0 : v;
  }

  /** C++'s {@code this[a] < other[b]}, for keys of one dtype. */
  boolean lessThan(int a, SortKeys other, int b) {
    return d != null ? d[a] < other.d[b] : l[a] < other.l[b];
  }
}
