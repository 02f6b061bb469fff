package dev.rawops.kernels.cpu.reduction;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.ScatterCombine;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** Counting on CPU: Bincount and HistogramFixedWidth, with TF's checks and bin rules. */
public final class CpuCounting {
  private CpuCounting() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Bincount", Device.CPU).tfCpuTypes("T").build(Bincount::new),
          KernelDef.builder("HistogramFixedWidth", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("dtype")
              .build(Histogram::new));

  /**
   * Bincount: {@code out[v] += weight} for each value v of arr below size (or += 1 with empty
   * weights); a negative value is INVALID_ARGUMENT. Sums in arr's order in T's arithmetic (TF's CPU
   * kernel sums per-thread partial bins, so large float inputs may differ in the last bits).
   */
  private record Bincount(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor arr = ctx.input(0);
      Tensor sizeT = ctx.input(1);
      Tensor weights = ctx.input(2);
      if (sizeT.shape().rank() != 0) {
        throw node.invalidArgument("Shape must be rank 0 but is rank " + sizeT.shape().rank());
      }
      long size = sizeT.getIndex(0);
      if (size < 0) {
        throw node.invalidArgument("size (" + size + ") must be non-negative");
      }
      boolean weighted = weights.numElements() > 0;
      if (weighted && weights.numElements() != arr.numElements()) {
        throw node.invalidArgument("Input indices and weights must have the same size.");
      }
      DType t = weights.dtype();
      TensorBuffer out = ctx.allocate(t, Shape.of(size));
      long n = arr.numElements();
      long[] v = IndexChunks.readAll(arr);
      for (long x : v) {
        if (x < 0) {
          throw node.invalidArgument("Input arr must be non-negative!");
        }
      }
      MemorySegment src;
      if (weighted) {
        src = weights.data();
      } else {
        TensorBuffer one = TensorBuffer.allocate(t, Shape.of(1));
        Numbers.set(one, 0, 1);
        src = one.segment();
      }
      MemorySegment dst = out.segment();
      for (int i = 0; i < n; i++) {
        if (v[i] < size) {
          ScatterCombine.ADD.apply(t, src, weighted ? i : 0, dst, v[i], 1);
        }
      }
      ctx.setOutput(0, out.freeze());
    }
  }

  /**
   * HistogramFixedWidth: bin {@code min(int((max(x, lo) - lo) / step), nbins - 1)} with {@code step
   * = (hi - lo) / nbins} in double and the subtraction in T, as TF's functor.
   */
  private record Histogram(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor values = ctx.input(0);
      Tensor range = ctx.input(1);
      Tensor nbinsT = ctx.input(2);
      if (range.shape().rank() != 1) {
        throw node.invalidArgument("value_range should be a vector.");
      }
      if (range.numElements() != 2) {
        throw node.invalidArgument("value_range should be a vector of 2 elements.");
      }
      if (nbinsT.shape().rank() != 0) {
        throw node.invalidArgument("nbins should be a scalar.");
      }
      long nbins = nbinsT.getIndex(0);
      if (nbins <= 0) {
        throw node.invalidArgument("nbins should be a positive number, but got '" + nbins + "'");
      }
      DType t = values.dtype();
      boolean integral = t.isInteger();
      double lo = integral ? range.getIndex(0) : Numbers.get(range, 0);
      double hi = integral ? range.getIndex(1) : Numbers.get(range, 1);
      if (!(lo < hi)) {
        throw node.invalidArgument(
            "value_range should satisfy value_range[0] < value_range[1], but got '["
                + number(range, 0)
                + ", "
                + number(range, 1)
                + "]'");
      }
      double step = (hi - lo) / (double) nbins;
      double last = nbins - 1;
      long[] counts = new long[(int) nbins];
      long n = values.numElements();
      for (long i = 0; i < n; i++) {
        double diff = difference(t, values, i, range);
        double bin = Math.min(diff / step, last);
        counts[(int) bin]++;
      }
      TensorBuffer out = ctx.allocate(node.outputDType(0), Shape.of(nbins));
      for (int b = 0; b < nbins; b++) {
        out.setIndex(b, counts[b]);
      }
      ctx.setOutput(0, out.freeze());
    }

    /** {@code max(x, lo) - lo} computed in T, widened to double. */
    private static double difference(DType t, Tensor values, long i, Tensor range) {
      switch (t) {
        case FLOAT -> {
          float x = values.getFloat(i);
          float lo = range.getFloat(0);
          return (lo < x ? x : lo) - lo;
        }
        case HALF, BFLOAT16 -> {
          float x = (float) Numbers.get(values, i);
          float lo = (float) Numbers.get(range, 0);
          TensorBuffer tmp = TensorBuffer.allocate(t, Shape.of(1));
          Numbers.set(tmp, 0, (lo < x ? x : lo) - lo);
          return Numbers.get(t, tmp.segment(), 0);
        }
        case DOUBLE -> {
          double x = values.getDouble(i);
          double lo = range.getDouble(0);
          return (lo < x ? x : lo) - lo;
        }
        case UINT64 -> {
          long x = values.getLong(i);
          long lo = range.getLong(0);
          long d = (Long.compareUnsigned(lo, x) < 0 ? x : lo) - lo;
          return d >= 0 ? d : (double) (d >>> 1) * 2.0 + (d & 1);
        }
        default -> {
          long x = values.getIndex(i);
          long lo = range.getIndex(0);
          long d = (lo < x ? x : lo) - lo;
          return switch (t) {
            case INT8 -> (byte) d;
            case UINT8 -> d & 0xFF;
            case INT16 -> (short) d;
            case UINT16 -> d & 0xFFFF;
            case INT32 -> (int) d;
            case UINT32 -> d & 0xFFFFFFFFL;
            default -> d;
          };
        }
      }
    }

    private static String number(Tensor t, long i) {
      if (t.dtype().isInteger()) {
        return Long.toString(t.getIndex(i));
      }
      double v = Numbers.get(t, i);
      return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
  }
}
