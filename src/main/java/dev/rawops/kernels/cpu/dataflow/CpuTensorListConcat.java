package dev.rawops.kernels.cpu.dataflow;

import static dev.rawops.kernels.cpu.dataflow.CpuTensorList.list;
import static dev.rawops.ops.dataflow.TensorListGeometry.checkElementType;
import static dev.rawops.ops.dataflow.TensorListGeometry.debug;
import static dev.rawops.ops.dataflow.TensorListGeometry.elementShape;
import static dev.rawops.ops.dataflow.TensorListGeometry.merge;

import dev.rawops.kernels.KernelContext;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;

/**
 * TensorListConcat and TensorListConcatV2 (TF's TensorListConcat kernel): the elements joined along
 * their first dimension, and their lengths. An uninitialized element's length is the leading
 * dimension every initialized element shares, else its entry of {@code leading_dims} (V2 only).
 */
final class CpuTensorListConcat {
  private CpuTensorListConcat() {}

  static void run(KernelContext ctx, DType dtype, boolean v2, PartialShape attrShape) {
    PartialShape rest = PartialShape.unknownRank();
    if (attrShape.hasRank()) {
      if (attrShape.rank() == 0) {
        throw ctx.node().invalidArgument("element_shape must not be empty");
      }
      rest = attrShape.sub(1, attrShape.rank());
    }
    TensorList l = list(ctx, 0);
    checkElementType(ctx.node(), dtype, l.elementDtype);
    long firstDim = -1;
    if (v2) {
      PartialShape given =
          merge(ctx.node(), elementShape(ctx.node(), ctx.input(1)), l.elementShape);
      if (given.hasRank() && given.rank() < 1) {
        throw ctx.node()
            .invalidArgument(
                "Concat requires elements to be at least vectors, found scalars instead.");
      }
      firstDim = given.hasRank() ? given.dim(0) : -1;
      rest = given.hasRank() ? given.sub(1, given.rank()) : given;
    }
    if (l.size() == 0 && !rest.isFullyDefined()) {
      throw ctx.node()
          .invalidArgument(
              "All except the first dimension must be fully defined when concating an empty"
                  + " tensor list. element_shape: "
                  + debug(rest));
    }
    if (!l.elementShape.isFullyDefined()) {
      boolean checkDim = firstDim == -1;
      long inferred = firstDim;
      for (int i = 0; i < l.size(); i++) {
        Tensor t = l.get(i);
        if (t == null) {
          continue;
        }
        if (t.shape().rank() < 1) {
          throw ctx.node()
              .invalidArgument(
                  "Concat saw a scalar shape at index " + i + " but requires at least vectors.");
        }
        rest = merge(ctx.node(), rest, t.shape().sub(1, t.shape().rank()));
        long d0 = t.shape().dim(0);
        if (firstDim != -1 && firstDim != d0) {
          throw ctx.node()
              .invalidArgument(
                  "First entry of element_shape input does not match the first dim of list"
                      + " element at index: "
                      + i
                      + " Expected: "
                      + firstDim
                      + " Actual: "
                      + d0);
        }
        if (checkDim) {
          if (inferred == -1) {
            inferred = d0;
          } else if (inferred != d0) {
            inferred = -1;
            checkDim = false;
          }
        }
      }
      firstDim = inferred;
    }
    if (!rest.isFullyDefined()) {
      throw ctx.node()
          .invalidArgument(
              "Trying to concat list with only uninitialized tensors but"
                  + " element_shape_except_first_dim is not fully defined: "
                  + debug(rest));
    }
    long[] leading = v2 ? ctx.input(2).toLongArray() : new long[0];
    long[] lengths = new long[l.size()];
    long total = 0;
    for (int i = 0; i < l.size(); i++) {
      Tensor t = l.get(i);
      long dim;
      if (t != null) {
        dim = t.shape().dim(0);
      } else if ((!v2 || i >= leading.length) && firstDim != -1) {
        dim = firstDim;
      } else if (!v2) {
        throw ctx.node()
            .invalidArgument(
                "Concating lists with uninitialized tensors is not supported in this version of"
                    + " TensorListConcat. Consider updating your GraphDef to run the newer"
                    + " version.");
      } else if (i >= leading.length) {
        throw ctx.node()
            .invalidArgument(
                "List contains uninitialized tensor at index "
                    + i
                    + " but leading_dims has only "
                    + leading.length
                    + " elements.");
      } else {
        dim = leading[i];
      }
      lengths[i] = dim;
      total += dim;
    }
    Shape restShape = rest.toShape().orElseThrow();
    ctx.setOutput(0, CpuTensorListBulk.joinRows(ctx, dtype, l, lengths, restShape, total));
    ctx.setOutput(1, Tensor.ofLongs(Shape.of(lengths.length), lengths));
  }
}
