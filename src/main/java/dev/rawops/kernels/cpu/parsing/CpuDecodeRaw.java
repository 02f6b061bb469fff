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
 * DecodeRaw on CPU (decode_raw_op.cc): strings of one length reinterpreted as vectors of out_type,
 * copied in bulk; big-endian input reversed element by element (each half of a complex on its own).
 */
final class CpuDecodeRaw {
  private CpuDecodeRaw() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("DecodeRaw", Device.CPU)
              .tfCpuTypes("out_type")
              .build(n -> ctx -> decode(n, ctx)));

  private static void decode(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    byte[][] in = KernelAccess.strings(input);
    int n = (int) input.numElements();
    long size = -1;
    for (int i = 0; i < n; i++) {
      if (size == -1) {
        size = in[i].length;
      } else if (size != in[i].length) {
        throw node.invalidArgument(
            "DecodeRaw requires input strings to all be the same size, but element "
                + i
                + " has size "
                + size
                + " != "
                + in[i].length);
      }
    }
    DType t = node.outputDType(0);
    long[] dims = new long[input.shape().rank() + 1];
    for (int d = 0; d < input.shape().rank(); d++) {
      dims[d] = input.shape().dim(d);
    }
    if (size <= 0) {
      ctx.setOutput(0, ctx.allocate(t, Shape.of(dims)).freeze());
      return;
    }
    int esz = t.byteSize();
    if (size % esz != 0) {
      throw node.invalidArgument(
          "Input to DecodeRaw has length "
              + size
              + " that is not a multiple of "
              + esz
              + ", the size of "
              + t.tfName());
    }
    dims[dims.length - 1] = size / esz;
    TensorBuffer out = ctx.allocateUninitialized(t, Shape.of(dims));
    MemorySegment seg = out.segment();
    boolean swap = !node.attrs().getBool("little_endian") && esz > 1;
    int unit = t == DType.COMPLEX64 || t == DType.COMPLEX128 ? esz / 2 : esz;
    for (int i = 0; i < n; i++) {
      long base = i * size;
      if (!swap) {
        MemorySegment.copy(in[i], 0, seg, ValueLayout.JAVA_BYTE, base, (int) size);
        continue;
      }
      for (int p = 0; p < size; p += unit) {
        for (int b = 0; b < unit; b++) {
          seg.set(ValueLayout.JAVA_BYTE, base + p + b, in[i][p + unit - 1 - b]);
        }
      }
    }
    ctx.setOutput(0, out.freeze());
  }
}
