package dev.rawops.kernels.cpu.array;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelFactory;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;

/**
 * What the Array family's CPU kernels share: {@link #def}, an op's kernel for TF's CPU dtypes; the
 * vector and scalar readers of an input; a dimension inserted or removed; and the gather of an
 * input through one index map per axis into a fresh tensor.
 */
final class CpuArray {
  private CpuArray() {}

  /** {@code op}'s kernel, for TF's CPU dtypes of every type attr TF constrains. */
  static KernelDef def(String op, KernelFactory f) {
    if (!TfCpuRegistrations.registers(op)) {
      throw new IllegalStateException("TF registers no CPU kernel for " + op);
    }
    KernelDef.Builder b = KernelDef.builder(op, Device.CPU);
    for (String attr : TfCpuRegistrations.typeAttrs(op)) {
      b.tfCpuTypes(attr);
    }
    return b.build(f);
  }

  // ---- helpers

  static long[] vector(KernelContext ctx, int i, String what) {
    Tensor t = ctx.input(i);
    if (t.shape().rank() != 1) {
      throw ctx.node().invalidArgument(what + " must be a vector, not " + t.shape());
    }
    return t.toLongArray();
  }

  static long scalarValue(KernelContext ctx, int i, String what) {
    Tensor t = ctx.input(i);
    if (t.numElements() != 1) {
      throw ctx.node().invalidArgument(what + " must be a scalar, but got shape " + t.shape());
    }
    return t.getIndex(0);
  }

  static long[] remove(long[] dims, int at) {
    long[] out = new long[dims.length - 1];
    for (int i = 0, j = 0; i < dims.length; i++) {
      if (i != at) {
        out[j++] = dims[i];
      }
    }
    return out;
  }

  static long[] insert(long[] dims, int at, long v) {
    long[] out = new long[dims.length + 1];
    for (int i = 0, j = 0; i < out.length; i++) {
      out[i] = i == at ? v : dims[j++];
    }
    return out;
  }

  static Tensor gathered(KernelContext ctx, Tensor in, long[][] maps) {
    long[] od = new long[maps.length];
    for (int i = 0; i < od.length; i++) {
      od[i] = maps[i].length;
    }
    TensorBuffer out = ctx.allocate(in.dtype(), Shape.of(od));
    ArrayCopy.gather(in, out, maps);
    return out.freeze();
  }
}
