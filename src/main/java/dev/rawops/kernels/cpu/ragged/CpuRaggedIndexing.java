package dev.rawops.kernels.cpu.ragged;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.cpu.support.IndexChunks;
import dev.rawops.kernels.cpu.support.SliceCopier;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * Ragged ops of the indexing family on CPU: RaggedRange (TF's ragged_range_op: one range per row,
 * splits and flat values) and RaggedTensorToTensor (row partitions ROW_SPLITS, VALUE_ROWIDS and
 * FIRST_DIM_SIZE; rows longer than the requested shape are truncated, missing ones take
 * default_value broadcast to the inner shape).
 */
public final class CpuRaggedIndexing {
  private CpuRaggedIndexing() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedRange", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("Tsplits")
              .build(RaggedRange::new),
          KernelDef.builder("RaggedTensorToTensor", Device.CPU)
              .tfCpuTypes("T")
              .tfCpuTypes("Tindex")
              .build(ToTensor::new));

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

  private record ToTensor(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor shapeIn = ctx.input(0);
      Tensor values = ctx.input(1);
      Tensor dflt = ctx.input(2);
      List<String> types =
          node.attrs().get("row_partition_types").getList().getSList().stream()
              .map(b -> b.toStringUtf8())
              .toList();
      int first = 3;
      int level = 0;
      long nrows;
      if (types.isEmpty()) {
        throw node.invalidArgument("Invalid row_partition_types");
      }
      if (types.get(0).equals("FIRST_DIM_SIZE")) {
        nrows = ctx.input(first).getIndex(0);
        level = 1;
      } else if (types.get(0).equals("ROW_SPLITS")) {
        nrows = ctx.input(first).numElements() - 1;
      } else {
        throw node.invalidArgument("Invalid first partition input: " + types.get(0));
      }
      int raggedRank = types.size() - level;
      // Per level: each element's row and position in it.
      long[][] rowOf = new long[raggedRank][];
      long[][] posOf = new long[raggedRank][];
      long[] maxLen = new long[raggedRank];
      long parents = nrows;
      for (int l = 0; l < raggedRank; l++) {
        String type = types.get(level + l);
        long[] p = IndexChunks.readAll(ctx.input(first + level + l));
        long[] row;
        long[] pos;
        if (type.equals("ROW_SPLITS")) {
          long n = p.length == 0 ? 0 : p[p.length - 1];
          row = new long[(int) n];
          pos = new long[(int) n];
          for (int r = 0; r + 1 < p.length; r++) {
            if (p[r] > p[r + 1] || p[r + 1] > n) {
              throw node.invalidArgument("Invalid row_splits at " + (r + 1));
            }
            for (long j = p[r]; j < p[r + 1]; j++) {
              row[(int) j] = r;
              pos[(int) j] = j - p[r];
            }
            maxLen[l] = Math.max(maxLen[l], p[r + 1] - p[r]);
          }
        } else if (type.equals("VALUE_ROWIDS")) {
          row = p;
          pos = new long[p.length];
          for (int j = 0; j < p.length; j++) {
            if (j > 0 && p[j] < p[j - 1]) {
              throw node.invalidArgument("value_rowids must be sorted");
            }
            pos[j] = j > 0 && p[j] == p[j - 1] ? pos[j - 1] + 1 : 0;
            if (p[j] < 0 || p[j] >= parents) {
              throw node.invalidArgument("value_rowids out of range");
            }
            maxLen[l] = Math.max(maxLen[l], pos[j] + 1);
          }
        } else {
          throw node.invalidArgument("Invalid partition type: " + type);
        }
        rowOf[l] = row;
        posOf[l] = pos;
        parents = row.length;
      }
      if (values.shape().rank() < 1 || values.shape().dim(0) != parents) {
        throw node.invalidArgument(
            "Expected values.shape[0] = " + parents + ", got values of shape " + values.shape());
      }
      Shape inner = values.shape().sub(1, values.shape().rank());
      int outRank = raggedRank + 1 + inner.rank();
      long[] dims = new long[outRank];
      dims[0] = nrows;
      for (int l = 0; l < raggedRank; l++) {
        dims[l + 1] = maxLen[l];
      }
      for (int i = 0; i < inner.rank(); i++) {
        dims[raggedRank + 1 + i] = inner.dim(i);
      }
      if (shapeIn.shape().rank() == 1) {
        long[] want = shapeIn.toLongArray();
        if (want.length != outRank) {
          throw node.invalidArgument(
              "rt_input.shape and shape=" + shapeIn.shape() + " are incompatible");
        }
        for (int i = 0; i < outRank; i++) {
          if (want[i] >= 0) {
            if (i > raggedRank && want[i] != dims[i]) {
              throw node.invalidArgument(
                  "Input values dimension " + i + " does not match the requested shape");
            }
            dims[i] = want[i];
          }
        }
      }
      Shape outShape = Shape.of(dims);
      TensorBuffer out = ctx.allocate(values.dtype(), outShape);
      long innerSize = inner.numElements();
      long slots = outShape.numElements() / Math.max(1, innerSize);
      if (innerSize > 0) {
        fillDefault(dflt, inner, out, slots, innerSize);
      }
      long[] parentIndex = new long[(int) nrows];
      for (int i = 0; i < nrows; i++) {
        parentIndex[i] = i < dims[0] ? i : -1;
      }
      for (int l = 0; l < raggedRank; l++) {
        long width = dims[l + 1];
        long[] child = new long[rowOf[l].length];
        for (int j = 0; j < child.length; j++) {
          long parent = parentIndex[(int) rowOf[l][j]];
          child[j] = parent < 0 || posOf[l][j] >= width ? -1 : parent * width + posOf[l][j];
        }
        parentIndex = child;
      }
      if (innerSize > 0) {
        SliceCopier copier = SliceCopier.of(values, out, innerSize);
        for (int j = 0; j < parentIndex.length; j++) {
          if (parentIndex[j] >= 0) {
            copier.copy(j * innerSize, parentIndex[j] * innerSize);
          }
        }
      }
      ctx.setOutput(0, out.freeze());
    }

    /** Every output slot gets default_value broadcast (NumPy rules) to the inner shape. */
    private void fillDefault(
        Tensor dflt, Shape inner, TensorBuffer out, long slots, long innerSize) {
      Shape d = dflt.shape();
      if (d.rank() > inner.rank()) {
        throw node.invalidArgument(
            "default_value.shape="
                + d
                + " and rt_input.flat_values.shape="
                + inner
                + " are incompatible: default_value.rank = "
                + d.rank()
                + " must be less than rt_input.flat_values.rank = "
                + (inner.rank() + 1));
      }
      int off = inner.rank() - d.rank();
      for (int i = 0; i < d.rank(); i++) {
        if (d.dim(i) != 1 && d.dim(i) != inner.dim(off + i)) {
          throw node.invalidArgument(
              "default_value.shape="
                  + d
                  + " and rt_input.flat_values.shape="
                  + inner
                  + " are incompatible");
        }
      }
      // The broadcast default as one inner slice, then copied into every slot.
      TensorBuffer slice = TensorBuffer.allocate(dflt.dtype(), inner);
      SliceCopier one = SliceCopier.of(dflt, slice, 1);
      long[] idims = inner.dims();
      for (long e = 0; e < innerSize; e++) {
        long rem = e;
        long src = 0;
        long stride = 1;
        for (int i = inner.rank() - 1; i >= 0; i--) {
          long coord = rem % idims[i];
          rem /= idims[i];
          int di = i - off;
          if (di >= 0) {
            long dd = d.dim(di);
            src += (dd == 1 ? 0 : coord) * stride;
            stride *= dd;
          }
        }
        one.copy(src, e);
      }
      Tensor sliceT = slice.freeze();
      SliceCopier all = SliceCopier.of(sliceT, out, innerSize);
      for (long sl = 0; sl < slots; sl++) {
        all.copy(0, sl * innerSize);
      }
    }
  }
}
