package dev.rawops.kernels.cpu;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/** RaggedRange on CPU (TF's ragged_range_op): one range per row, splits and flat values. */
final class CpuRaggedIndexing {
  private CpuRaggedIndexing() {}

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedRange", Device.CPU)
              .typeConstraint("T", IndexingKernelTypes.of("RaggedRange", "T"))
              .typeConstraint("Tsplits", IndexingKernelTypes.of("RaggedRange", "Tsplits"))
              .build(RaggedRange::new));

  private record RaggedRange(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor starts = ctx.input(0);
      Tensor limits = ctx.input(1);
      Tensor deltas = ctx.input(2);
      String[] names = {"starts", "limits", "deltas"};
      Tensor[] in = {starts, limits, deltas};
      long nrows = -1;
      for (int i = 0; i < 3; i++) {
        if (in[i].shape().rank() > 1) {
          throw node.invalidArgument(names[i] + " must be a scalar or vector");
        }
        if (in[i].shape().rank() == 1) {
          if (nrows >= 0 && nrows != in[i].shape().dim(0)) {
            throw node.invalidArgument("starts, limits, and deltas must have the same shape");
          }
          nrows = in[i].shape().dim(0);
        }
      }
      if (nrows < 0) {
        nrows = 1;
      }
      DType t = starts.dtype();
      boolean integral = t.isInteger();
      DType splitsType = node.outputDType(0);
      TensorBuffer splits = ctx.allocate(splitsType, Shape.of(nrows + 1));
      long[] size = new long[(int) nrows];
      long total = 0;
      for (int r = 0; r < nrows; r++) {
        double start = value(starts, r);
        double limit = value(limits, r);
        double delta = value(deltas, r);
        if (delta == 0) {
          throw node.invalidArgument("Requires delta != 0");
        }
        long n;
        if ((delta > 0 && limit < start) || (delta < 0 && limit > start)) {
          n = 0;
        } else if (integral) {
          long s = (long) start;
          long l = (long) limit;
          long d = (long) delta;
          n = (Math.abs(l - s) + Math.abs(d) - 1) / Math.abs(d);
        } else if (t == DType.FLOAT) {
          n = (long) Math.ceil(Math.abs(((float) limit - (float) start) / (float) delta));
        } else {
          n = (long) Math.ceil(Math.abs((limit - start) / delta));
        }
        size[r] = n;
        total += n;
        if (splitsType == DType.INT32 && total > Integer.MAX_VALUE) {
          throw node.invalidArgument(
              "The total range size overflowed. Consider using int64 instead of int32 for"
                  + " row_splits_dtype.");
        }
        splits.setIndex(r + 1, total);
      }
      TensorBuffer values = ctx.allocate(t, Shape.of(total));
      long j = 0;
      for (int r = 0; r < nrows; r++) {
        switch (t) {
          case FLOAT -> {
            float v = (float) value(starts, r);
            float d = (float) value(deltas, r);
            for (long i = 0; i < size[r]; i++, v += d) {
              values.segment().setAtIndex(dev.rawops.tensor.Layouts.F32, j++, v);
            }
          }
          case DOUBLE -> {
            double v = value(starts, r);
            double d = value(deltas, r);
            for (long i = 0; i < size[r]; i++, v += d) {
              values.segment().setAtIndex(dev.rawops.tensor.Layouts.F64, j++, v);
            }
          }
          default -> {
            long v = (long) value(starts, r);
            long d = (long) value(deltas, r);
            for (long i = 0; i < size[r]; i++, v += d) {
              values.setIndex(j++, v);
            }
          }
        }
      }
      ctx.setOutput(0, splits.freeze());
      ctx.setOutput(1, values.freeze());
    }

    /** Element r of a scalar-or-vector input (a scalar broadcasts). */
    private static double value(Tensor t, int r) {
      long i = t.shape().rank() == 0 ? 0 : r;
      return switch (t.dtype()) {
        case FLOAT -> t.getFloat(i);
        case DOUBLE -> t.getDouble(i);
        default -> t.getIndex(i);
      };
    }
  }
}
