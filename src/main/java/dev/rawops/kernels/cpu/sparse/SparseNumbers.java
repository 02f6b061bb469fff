package dev.rawops.kernels.cpu.sparse;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.cpu.support.NumericArrays;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;

/**
 * A numeric vector for the sparse arithmetic kernels: floating types as doubles (complex
 * interleaved), integers as longs (unsigned zero-extended, uint64 as its bits). Each result is
 * rounded or wrapped to the dtype as it is made, as TF's kernels compute in the dtype itself.
 */
final class SparseNumbers {
  final DType t;
  final boolean floating;
  final int lanes;
  final double[] d;
  final long[] l;

  private SparseNumbers(DType t, double[] d, long[] l) {
    this.t = t;
    this.floating = NumericArrays.isFloating(t);
    this.lanes = NumericArrays.lanes(t);
    this.d = d;
    this.l = l;
  }

  static SparseNumbers of(Tensor v) {
    return NumericArrays.isFloating(v.dtype())
        ? new SparseNumbers(v.dtype(), NumericArrays.doubles(v), null)
        : new SparseNumbers(v.dtype(), null, NumericArrays.longs(v));
  }

  static SparseNumbers zeros(DType t, int n) {
    return NumericArrays.isFloating(t)
        ? new SparseNumbers(t, new double[n * NumericArrays.lanes(t)], null)
        : new SparseNumbers(t, null, new long[n]);
  }

  /** The tensor [n] (or {@code shape}) holding these numbers. */
  Tensor store(KernelContext ctx, Shape shape) {
    return storeInto(ctx.allocateUninitialized(t, shape));
  }

  /** These numbers written into {@code b} (of this dtype and as many elements), frozen. */
  Tensor storeInto(TensorBuffer b) {
    if (floating) {
      NumericArrays.store(b, d);
    } else {
      NumericArrays.store(b, l);
    }
    return b.freeze();
  }

  /** Element {@code from} of {@code src} into element {@code to}. */
  void set(int to, SparseNumbers src, int from) {
    if (floating) {
      System.arraycopy(src.d, from * lanes, d, to * lanes, lanes);
    } else {
      l[to] = src.l[from];
    }
  }

  boolean isZero(int i) {
    if (floating) {
      return d[i * lanes] == 0 && (lanes == 1 || d[i * lanes + 1] == 0);
    }
    return l[i] == 0;
  }

  /** Signed (or, for unsigned types, unsigned) comparison of two real elements. */
  int compare(int i, SparseNumbers o, int j) {
    if (floating) {
      return Double.compare(d[i], o.d[j]);
    }
    return t == DType.UINT64 ? Long.compareUnsigned(l[i], o.l[j]) : Long.compare(l[i], o.l[j]);
  }

  /** {@code a < b} as C++ compares them (false for NaN). */
  static boolean less(SparseNumbers a, int i, SparseNumbers b, int j) {
    if (a.floating) {
      return a.d[i] < b.d[j];
    }
    return a.t == DType.UINT64 ? Long.compareUnsigned(a.l[i], b.l[j]) < 0 : a.l[i] < b.l[j];
  }

  double round(double v) {
    return NumericArrays.round(t, v);
  }

  long wrap(long v) {
    return NumericArrays.wrap(t, v);
  }

  /** out[o] = a[i] + b[j] in the dtype. */
  static void add(SparseNumbers out, int o, SparseNumbers a, int i, SparseNumbers b, int j) {
    if (out.floating) {
      for (int k = 0; k < out.lanes; k++) {
        out.d[o * out.lanes + k] = out.round(a.d[i * a.lanes + k] + b.d[j * b.lanes + k]);
      }
    } else {
      out.l[o] = out.wrap(a.l[i] + b.l[j]);
    }
  }

  /** out[o] = a[i] * b[j] (real types). */
  static void mul(SparseNumbers out, int o, SparseNumbers a, int i, SparseNumbers b, int j) {
    if (out.floating) {
      out.d[o] = out.round(a.d[i] * b.d[j]);
    } else {
      out.l[o] = out.wrap(a.l[i] * b.l[j]);
    }
  }

  /** out[o] = a[i] / b[j] (real types; integers truncate, b[j] is not zero). */
  static void div(SparseNumbers out, int o, SparseNumbers a, int i, SparseNumbers b, int j) {
    if (out.floating) {
      out.d[o] = out.round(a.d[i] / b.d[j]);
    } else if (out.t == DType.UINT64) {
      out.l[o] = Long.divideUnsigned(a.l[i], b.l[j]);
    } else {
      out.l[o] = out.wrap(a.l[i] / b.l[j]);
    }
  }
}
