package dev.rawops.kernels.cpu.parsing;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * DecodePaddedRaw on CPU (decode_padded_raw_op.cc): each string's first fixed_length bytes as a row
 * of out_type, zeros after a shorter string; big-endian input reversed element by element.
 */
final class CpuDecodePaddedRaw {
  private CpuDecodePaddedRaw() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DecodePaddedRaw", Device.CPU)
              .tfCpuTypes("out_type")
              .build(n -> ctx -> decode(n, ctx)));

  private static void decode(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    Tensor length = ctx.input(1);
    if (length.shape().rank() != 0) {
      throw node.invalidArgument("k must be scalar, got shape " + length.shape());
    }
    int fixed = length.getInt(0);
    DType t = node.outputDType(0);
    int esz = t.byteSize();
    if (fixed % esz != 0) {
      throw node.invalidArgument(
          "fixed_length (" + fixed + ") must be a multiple of the size of out_type (" + esz + ")");
    }
    if (fixed <= 0) {
      throw node.invalidArgument("fixed_length (" + fixed + ") must be greater than zero.");
    }
    long[] dims = new long[input.shape().rank() + 1];
    for (int d = 0; d < input.shape().rank(); d++) {
      dims[d] = input.shape().dim(d);
    }
    dims[dims.length - 1] = fixed / esz;
    TensorBuffer out = ctx.allocate(t, Shape.of(dims));
    MemorySegment seg = out.segment();
    byte[][] in = KernelAccess.strings(input);
    boolean swap = !node.attrs().getBool("little_endian") && esz > 1;
    for (int i = 0; i < in.length; i++) {
      long base = (long) i * fixed;
      int n = Math.min(in[i].length, fixed);
      if (!swap) {
        MemorySegment.copy(in[i], 0, seg, ValueLayout.JAVA_BYTE, base, n);
        continue;
      }
      // TF reverses whole elements of fixed_length bytes, reading past a short string's end as
      // the zeros its padding holds.
      for (int p = 0; p < fixed; p += esz) {
        for (int b = 0; b < esz; b++) {
          int src = p + esz - 1 - b;
          seg.set(ValueLayout.JAVA_BYTE, base + p + b, src < in[i].length ? in[i][src] : 0);
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }
}
