package dev.rawops.ops;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;

/**
 * The run-time checks and geometry of one GatherNd call, as TF's DoGatherNd computes them; shared
 * by every device's kernel of GatherNd (indexing) and ResourceGatherNd (state).
 *
 * @param depth index depth, {@code indices.shape[-1]}
 * @param numSlices how many index vectors (product of {@code indices.shape[:-1]})
 * @param sliceSize elements per gathered slice (product of {@code params.shape[depth:]})
 * @param batchShape {@code indices.shape[:-1]}, for naming a bad index's position
 * @param outputShape {@code indices.shape[:-1] + params.shape[depth:]}
 */
public record GatherNdGeometry(
    int depth, long numSlices, long sliceSize, Shape batchShape, Shape outputShape) {

  /** Checks shapes exactly as TF's CPU kernel does, with its messages. */
  public static GatherNdGeometry of(NodeInfo node, Shape params, Shape indices, DType indexType) {
    if (params.rank() < 1) {
      throw node.invalidArgument("params must be at least a vector");
    }
    if (indices.rank() < 1) {
      throw node.invalidArgument("indices must be at least a vector");
    }
    long depth = indices.dim(indices.rank() - 1);
    if (depth > params.rank()) {
      throw node.invalidArgument(
          "index innermost dimension length must be <= params rank; saw: "
              + depth
              + " vs. "
              + params.rank());
    }
    Shape batch = indices.sub(0, indices.rank() - 1);
    if (batch.numElements() > Integer.MAX_VALUE) {
      throw node.invalidArgument(
          "indices has too many elements for int indexing: "
              + batch.numElements()
              + " > "
              + Integer.MAX_VALUE);
    }
    long indexMax = maxIndex(indexType);
    if (params.numElements() > indexMax) {
      throw node.invalidArgument(
          "params.NumElements() too large for "
              + indexType.tfName()
              + " indexing: "
              + params.numElements()
              + " > "
              + indexMax);
    }
    Shape inner = params.sub((int) depth, params.rank());
    if (inner.numElements() > indexMax) {
      throw node.invalidArgument(
          "slice size is too large for indexing: " + inner.numElements() + " > " + indexMax);
    }
    if (batch.numElements() > 0 && params.numElements() == 0) {
      throw node.invalidArgument(
          "Requested more than 0 entries, but params is empty.  Params shape: " + params);
    }
    return new GatherNdGeometry(
        (int) depth, batch.numElements(), inner.numElements(), batch, batch.concat(inner));
  }

  private static long maxIndex(DType t) {
    return switch (t) {
      case INT16 -> Short.MAX_VALUE;
      case INT32 -> Integer.MAX_VALUE;
      default -> Long.MAX_VALUE;
    };
  }

  /** TF's message for index vector {@code slice} (its values in {@code index}). */
  public String badIndexMessage(NodeInfo node, long slice, long[] index, Shape params) {
    StringBuilder sb =
        new StringBuilder("indices").append(Shapes.position(batchShape, slice)).append(" = [");
    for (int d = 0; d < index.length; d++) {
      sb.append(d > 0 ? ", " : "").append(index[d]);
    }
    return sb.append("] does not index into param shape ")
        .append(params)
        .append(", node name: ")
        .append(node.name())
        .toString();
  }
}
