package dev.rawops.kernels.cpu.strings;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.KernelAccess;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * StringJoin (string_join_op.cc: scalars repeat, every other input one shape) and ReduceJoin
 * (reduce_join_op.cc: the strings along the reduced axes joined with the first listed axis varying
 * fastest (no axes: each string alone), each axis checked in TF's order and words).
 */
final class CpuStringJoin {
  private CpuStringJoin() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("StringJoin", Device.CPU).build(n -> ctx -> join(n, ctx)),
          KernelDef.builder("ReduceJoin", Device.CPU).build(n -> ctx -> reduceJoin(n, ctx)));

  private static void join(NodeInfo node, KernelContext ctx) {
    byte[] sep = node.attrs().get("separator").getS().toByteArray();
    int n = node.numInputs();
    byte[][][] in = new byte[n][][];
    boolean[] scalar = new boolean[n];
    Shape shape = Shape.scalar();
    for (int j = 0; j < n; j++) {
      Tensor t = ctx.input(j);
      in[j] = KernelAccess.strings(t);
      scalar[j] = t.shape().rank() == 0;
      if (!scalar[j]) {
        if (shape.rank() == 0) {
          shape = t.shape();
        } else if (!shape.equals(t.shape())) {
          throw node.invalidArgument("Input shapes do not match: " + shape + " vs. " + t.shape());
        }
      }
    }
    TensorBuffer out = ctx.allocate(DType.STRING, shape);
    byte[][] o = out.strings();
    byte[][] parts = new byte[n][];
    for (int i = 0; i < o.length; i++) {
      for (int j = 0; j < n; j++) {
        parts[j] = in[j][scalar[j] ? 0 : i];
      }
      o[i] = joined(parts, parts.length, sep);
    }
    ctx.setOutput(0, out.freeze());
  }

  static byte[] joined(byte[][] parts, int count, byte[] sep) {
    int size = count == 0 ? 0 : (count - 1) * sep.length;
    for (int j = 0; j < count; j++) {
      size += parts[j].length;
    }
    byte[] r = new byte[size];
    int at = 0;
    for (int j = 0; j < count; j++) {
      if (j > 0) {
        System.arraycopy(sep, 0, r, at, sep.length);
        at += sep.length;
      }
      System.arraycopy(parts[j], 0, r, at, parts[j].length);
      at += parts[j].length;
    }
    return r;
  }

  private static void reduceJoin(NodeInfo node, KernelContext ctx) {
    Tensor input = ctx.input(0);
    Shape shape = input.shape();
    int rank = shape.rank();
    long[] axes = ctx.input(1).toLongArray();
    boolean[] reduced = new boolean[rank];
    List<Integer> red = new ArrayList<>();
    for (long a : axes) {
      if (a < -rank || a >= rank) {
        throw node.error(
            Code.OUT_OF_RANGE,
            "Invalid reduction dimension " + a + " for input with " + rank + " dimension(s)");
      }
      int axis = (int) (a < 0 ? a + rank : a);
      if (reduced[axis]) {
        throw node.invalidArgument("Duplicate reduction dimension " + a);
      }
      reduced[axis] = true;
      red.addFirst(axis);
    }
    boolean keepDims = node.attrs().getBool("keep_dims");
    byte[] sep = node.attrs().get("separator").getS().toByteArray();
    List<Long> outDims = new ArrayList<>();
    List<Integer> kept = new ArrayList<>();
    for (int i = 0; i < rank; i++) {
      if (reduced[i]) {
        if (keepDims) {
          outDims.add(1L);
        }
      } else {
        kept.add(i);
        outDims.add(shape.dim(i));
      }
    }
    Shape outShape = Shape.of(outDims.stream().mapToLong(Long::longValue).toArray());
    long[] strides = new long[rank];
    long stride = 1;
    for (int i = rank - 1; i >= 0; i--) {
      strides[i] = stride;
      stride *= shape.dim(i);
    }
    long reduceCount = 1;
    for (int i : red) {
      reduceCount *= shape.dim(i);
    }
    byte[][] in = KernelAccess.strings(input);
    TensorBuffer out = ctx.allocate(DType.STRING, outShape);
    byte[][] o = out.strings();
    byte[][] parts = new byte[Math.toIntExact(reduceCount)][];
    for (int k = 0; k < o.length; k++) {
      long base = offset(k, kept, shape, strides);
      for (int r = 0; r < parts.length; r++) {
        parts[r] = in[Math.toIntExact(base + offset(r, red, shape, strides))];
      }
      o[k] = joined(parts, parts.length, sep);
    }
    ctx.setOutput(0, out.freeze());
  }

  /** The flat input offset of the {@code linear}-th combination of the {@code axes}. */
  private static long offset(long linear, List<Integer> axes, Shape shape, long[] strides) {
    long off = 0;
    for (int j = axes.size() - 1; j >= 0; j--) {
      int a = axes.get(j);
      long d = shape.dim(a);
      off += (linear % d) * strides[a];
      linear /= d;
    }
    return off;
  }
}
