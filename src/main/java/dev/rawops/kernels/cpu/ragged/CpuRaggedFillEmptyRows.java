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
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * RaggedFillEmptyRows on CPU (ragged_fill_empty_rows_op.cc over TF's FillEmptyRows functor): each
 * row of {@code nrows} without a value gets {@code default_value}; rows keep their values in input
 * order, sorted by row (stable) when the row ids are out of order; the input passes through when it
 * is ordered and no row is empty. Also the empty-row indicator and each value's output position.
 */
public final class CpuRaggedFillEmptyRows {
  private CpuRaggedFillEmptyRows() {}

  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("RaggedFillEmptyRows", Device.CPU)
              .tfCpuTypes("T")
              .build(FillEmptyRows::new));

  private record FillEmptyRows(NodeInfo node) implements Kernel {
    @Override
    public void compute(KernelContext ctx) {
      Tensor rowids = ctx.input(0);
      Tensor values = ctx.input(1);
      Tensor nrowsT = ctx.input(2);
      Tensor dflt = ctx.input(3);
      if (nrowsT.shape().rank() != 0) {
        throw node.invalidArgument("nrows must be a scalar, saw: " + nrowsT.shape());
      }
      if (rowids.shape().rank() != 1) {
        throw node.invalidArgument("value_rowids must be a vector, saw: " + rowids.shape());
      }
      if (values.shape().rank() != 1) {
        throw node.invalidArgument("values must be a vector, saw: " + values.shape());
      }
      if (rowids.shape().dim(0) != values.shape().dim(0)) {
        throw node.invalidArgument(
            "The length of `values` ("
                + values.shape().dim(0)
                + ") must match the first dimension of `value_rowids` ("
                + rowids.shape().dim(0)
                + ").");
      }
      if (dflt.shape().rank() != 0) {
        throw node.invalidArgument("default_value must be a scalar, saw: " + dflt.shape());
      }
      long[] ids = IndexChunks.readAll(rowids);
      int n = ids.length;
      long rows = nrowsT.getLong(0);
      if (rows < 0) {
        throw node.invalidArgument("Dimension " + rows + " must be >= 0");
      }
      TensorBuffer empty = ctx.allocate(DType.BOOL, Shape.of(rows));
      TensorBuffer reverse = ctx.allocateUninitialized(DType.INT64, Shape.of(n));
      if (rows == 0) {
        if (n != 0) {
          throw node.invalidArgument(
              "Received SparseTensor with dense_shape[0] = 0 but indices.shape[0] = " + n);
        }
        ctx.setOutput(0, TensorBuffer.allocate(DType.INT64, Shape.of(0, 1)).freeze());
        ctx.setOutput(1, TensorBuffer.allocate(values.dtype(), Shape.of(0)).freeze());
        ctx.setOutput(2, empty.freeze());
        ctx.setOutput(3, reverse.freeze());
        return;
      }
      long[] offsets = new long[Math.toIntExact(rows)];
      boolean ordered = true;
      long last = 0;
      for (int i = 0; i < n; i++) {
        long row = ids[i];
        if (row < 0 || row >= rows) {
          throw node.invalidArgument("indices(" + i + ", 0) is invalid: " + row + " >= " + rows);
        }
        offsets[(int) row]++;
        ordered &= row >= last;
        last = row;
      }
      boolean full = true;
      for (int row = 0; row < rows; row++) {
        boolean rowEmpty = offsets[row] == 0;
        empty.segment().set(ValueLayout.JAVA_BYTE, row, (byte) (rowEmpty ? 1 : 0));
        full &= !rowEmpty;
        offsets[row] = Math.max(offsets[row], 1) + (row > 0 ? offsets[row - 1] : 0);
      }
      if (full && ordered) {
        for (int i = 0; i < n; i++) {
          reverse.setIndex(i, i);
        }
        ctx.setOutput(0, rowids);
        ctx.setOutput(1, values);
        ctx.setOutput(2, empty.freeze());
        ctx.setOutput(3, reverse.freeze());
        return;
      }
      long total = offsets[(int) rows - 1];
      TensorBuffer outIds = ctx.allocate(DType.INT64, Shape.of(total));
      TensorBuffer outValues = ctx.allocate(values.dtype(), Shape.of(total));
      SliceCopier fromValues = SliceCopier.of(values, outValues, 1);
      long[] filled = new long[(int) rows];
      for (int i = 0; i < n; i++) {
        int row = (int) ids[i];
        long at = (row == 0 ? 0 : offsets[row - 1]) + filled[row]++;
        outIds.setIndex(at, row);
        fromValues.copy(i, at);
        reverse.setIndex(i, at);
      }
      SliceCopier fromDefault = SliceCopier.of(dflt, outValues, 1);
      for (int row = 0; row < rows; row++) {
        if (filled[row] == 0) {
          long at = row == 0 ? 0 : offsets[row - 1];
          outIds.setIndex(at, row);
          fromDefault.copy(0, at);
        }
      }
      ctx.setOutput(0, outIds.freeze());
      ctx.setOutput(1, outValues.freeze());
      ctx.setOutput(2, empty.freeze());
      ctx.setOutput(3, reverse.freeze());
    }
  }
}
