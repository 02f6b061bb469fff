package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;

/**
 * The run-time checks and geometry of one Gather/GatherV2 call, as TF's GatherOp computes them;
 * shared by every device's kernel. params is viewed as {@code [batch, outer, gatherDim, inner]} and
 * the output as {@code [batch, outer, perBatch, inner]}, where {@code perBatch} is the number of
 * index values per batch.
 *
 * @param batch product of params.shape[:batch_dims]
 * @param outer product of params.shape[batch_dims:axis]
 * @param gatherDim params.shape[axis]
 * @param inner product of params.shape[axis + 1:]
 * @param perBatch indices.size / batch
 * @param outputShape params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]
 */
public record GatherGeometry(
    long batch, long outer, long gatherDim, long inner, long perBatch, Shape outputShape) {

  /**
   * Checks exactly as TF's CPU kernel does, in its order, with its messages.
   *
   * @param axisValue the axis input's value, or null for Gather (axis 0)
   */
  public static GatherGeometry of(
      NodeInfo node,
      Shape params,
      Shape indices,
      DType indexType,
      Long axisValue,
      long batchDimsAttr) {
    if (params.rank() < 1) {
      throw node.invalidArgument("params must be at least 1 dimensional");
    }
    long axis = axisValue == null ? 0 : axisValue;
    int batchDims = (int) batchDimsAttr;
    if (batchDims != 0) {
      if (batchDims < -indices.rank() || batchDims > indices.rank()) {
        throw node.invalidArgument(
            "Expected batch_dims in the range ["
                + -indices.rank()
                + ", "
                + indices.rank()
                + "], but got "
                + batchDims);
      }
      if (batchDims < 0) {
        batchDims += indices.rank();
      }
      if (axisValue == null) {
        axis = batchDims;
      }
    }
    if (axis < -params.rank() || axis >= params.rank()) {
      throw node.invalidArgument(
          "Expected axis in the range ["
              + -params.rank()
              + ", "
              + params.rank()
              + "), but got "
              + axis);
    }
    if (axis < 0) {
      axis += params.rank();
    }
    if (batchDims != 0) {
      if (batchDims >= params.rank()) {
        throw node.invalidArgument(
            "batch_dims ("
                + batchDims
                + ") must be less than rank(params) ("
                + params.rank()
                + ").");
      }
      if (axis < batchDims) {
        throw node.invalidArgument(
            "batch_dims (" + batchDims + ") must be less than or equal to axis (" + axis + ").");
      }
      for (int i = 0; i < batchDims; i++) {
        if (params.dim(i) != indices.dim(i)) {
          throw node.invalidArgument(
              "params.shape["
                  + i
                  + "]: "
                  + params.dim(i)
                  + " should be equal to indices.shape["
                  + i
                  + "]: "
                  + indices.dim(i));
        }
      }
    }
    int ax = (int) axis;
    long gatherDim = params.dim(ax);
    long indexMax =
        indexType == DType.INT16
            ? Short.MAX_VALUE
            : indexType == DType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    if (gatherDim > indexMax) {
      throw node.invalidArgument(
          "params.shape["
              + ax
              + "] too large for "
              + indexType.tfName()
              + " indexing: "
              + gatherDim
              + " > "
              + indexMax);
    }
    long batch = params.sub(0, batchDims).numElements();
    long outer = params.sub(batchDims, ax).numElements();
    long inner = params.numElementsFrom(ax + 1);
    Shape out =
        params
            .sub(0, ax)
            .concat(indices.sub(batchDims, indices.rank()))
            .concat(params.sub(ax + 1, params.rank()));
    long perBatch = batch == 0 ? 0 : indices.numElements() / batch;
    return new GatherGeometry(batch, outer, gatherDim, inner, perBatch, out);
  }

  /** TF's message for the bad index at flat position {@code i} of indices. */
  public String badIndexMessage(Shape indices, long i, long value) {
    return "indices"
        + Shapes.position(indices, i)
        + " = "
        + value
        + " is not in [0, "
        + gatherDim
        + ")";
  }
}
