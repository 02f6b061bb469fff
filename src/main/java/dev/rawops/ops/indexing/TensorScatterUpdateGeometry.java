package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.ScatterNdGeometry;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;

/**
 * The run-time checks and geometry of one TensorScatterUpdate call, as TF's CPU kernel computes
 * them; shared by every device's kernel. {@link #nothingToWrite()} calls leave the tensor as is.
 *
 * @param depth index depth: {@code indices.shape[-1]}, in 1..7 unless nothing is written
 * @param numUpdates how many index vectors (product of {@code indices.shape[:-1]})
 * @param sliceSize elements per update (product of {@code tensor.shape[depth:]})
 * @param batchShape {@code indices.shape[:-1]}, for naming a bad index's position
 * @param sliceStrides element offset of one step along each indexed dimension of the tensor
 */
// sliceStrides is an array because kernels read it per index component in their inner loop; the
// record carries one call's geometry and is never compared or hashed.
@SuppressWarnings("ArrayRecordComponent")
public record TensorScatterUpdateGeometry(
    int depth, long numUpdates, long sliceSize, Shape batchShape, long[] sliceStrides) {

  /** TF's CPU kernel dispatches index depths 1..7 only (its message says 5, but 6 and 7 run). */
  private static final int MAX_DEPTH = 7;

  /** Checks shapes exactly as TF's CPU kernel does, in its order, with its messages. */
  public static TensorScatterUpdateGeometry of(
      NodeInfo node, Shape tensor, Shape indices, Shape updates, DType indexType) {
    ScatterNdGeometry.check(node, tensor, indices, updates);
    long indexMax = maxIndex(indexType);
    if (indices.numElements() > indexMax) {
      throw node.invalidArgument(
          "indices has too many elements for "
              + indexType.tfName()
              + " indexing: "
              + indices.numElements()
              + " > "
              + indexMax);
    }
    if (tensor.dim(0) > indexMax) {
      throw node.invalidArgument(
          "params_shape[0] too large for "
              + indexType.tfName()
              + " indexing: "
              + tensor.dim(0)
              + " > "
              + indexMax);
    }
    // Like TF's DoScatterNd, a rank-1 indices counts as depth 1 from here on.
    long depth = indices.rank() > 1 ? indices.dim(indices.rank() - 1) : 1;
    long sliceSize = depth >= tensor.rank() ? 1 : tensor.numElementsFrom((int) depth);
    if (sliceSize > indexMax) {
      throw node.invalidArgument(
          "slice size is too large for indexing: " + sliceSize + " > " + indexMax);
    }
    long numUpdates = indices.numElements() / Math.max(depth, 1);
    if (tensor.numElements() == 0) {
      return new TensorScatterUpdateGeometry(
          (int) depth, 0, sliceSize, indices.sub(0, indices.rank() - 1), new long[0]);
    }
    if (depth < 1 || depth > MAX_DEPTH) {
      throw node.invalidArgument(
          "Only indices.shape[-1] values between 1 and 5 are currently supported."
              + "  Requested rank: "
              + depth);
    }
    return new TensorScatterUpdateGeometry(
        (int) depth,
        numUpdates,
        sliceSize,
        indices.sub(0, indices.rank() - 1),
        strides(tensor, (int) depth, sliceSize));
  }

  /** Element offset of one step along each indexed dimension (a copy). */
  @Override
  public long[] sliceStrides() {
    return sliceStrides.clone();
  }

  /** True when the output equals the input: an empty tensor, or no index vectors. */
  public boolean nothingToWrite() {
    return numUpdates == 0;
  }

  private static long[] strides(Shape tensor, int depth, long sliceSize) {
    long[] s = new long[depth];
    long stride = sliceSize;
    for (int d = depth - 1; d >= 0; d--) {
      s[d] = stride;
      stride *= tensor.dim(d);
    }
    return s;
  }

  private static long maxIndex(DType t) {
    return switch (t) {
      case INT16 -> Short.MAX_VALUE;
      case UINT16 -> 0xFFFF;
      case INT32 -> Integer.MAX_VALUE;
      default -> Long.MAX_VALUE;
    };
  }

  /** TF's message for bad index vector {@code update} (its components in {@code index}). */
  public String badIndexMessage(long update, long[] index, Shape tensor) {
    StringBuilder sb =
        new StringBuilder("indices").append(Shapes.position(batchShape, update)).append(" = [");
    for (int d = 0; d < index.length; d++) {
      sb.append(d > 0 ? ", " : "").append(index[d]);
    }
    return sb.append("] does not index into shape ").append(tensor).toString();
  }
}
