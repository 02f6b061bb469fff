package dev.rawops.ops.dataflow;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;

/**
 * The run-time shape rules of TF's list kernels (list_kernels.cc): an {@code element_shape} input
 * decoded as TF's TensorShapeFromTensor (a scalar -1 is an unknown rank, a -1 entry an unknown
 * dimension), PartialTensorShape's MergeWith, and its DebugString, all with TF's messages.
 */
public final class TensorListGeometry {
  private TensorListGeometry() {}

  /** TF's TensorShapeFromTensor. */
  public static PartialShape elementShape(NodeInfo node, Tensor t) {
    if (t.shape().rank() == 0) {
      if ((t.dtype() == DType.INT32 || t.dtype() == DType.INT64) && t.getIndex(0) == -1) {
        return PartialShape.unknownRank();
      }
      throw node.invalidArgument(
          "The only valid scalar shape tensor is the fully unknown shape specified as -1.");
    }
    if (t.shape().rank() != 1) {
      throw node.invalidArgument("Shape must be at most rank 1 but is rank " + t.shape().rank());
    }
    if (t.dtype() != DType.INT32 && t.dtype() != DType.INT64) {
      throw node.invalidArgument(
          "Expected an int32 or int64 shape tensor; found " + t.dtype().tfName());
    }
    long[] dims = t.toLongArray();
    for (long d : dims) {
      if (d < -1) {
        throw node.invalidArgument("Dimension " + d + " must be >= -1");
      }
    }
    return PartialShape.of(dims);
  }

  /** TF's PartialTensorShape::MergeWith. */
  public static PartialShape merge(NodeInfo node, PartialShape a, PartialShape b) {
    if (!a.hasRank()) {
      return b;
    }
    if (!b.hasRank()) {
      return a;
    }
    if (a.rank() != b.rank()) {
      throw node.invalidArgument(
          "PartialTensorShape: Incompatible ranks during merge: " + a.rank() + " vs. " + b.rank());
    }
    long[] out = new long[a.rank()];
    for (int i = 0; i < out.length; i++) {
      long x = a.dim(i);
      long y = b.dim(i);
      if (x >= 0 && y >= 0 && x != y) {
        throw node.invalidArgument(
            "PartialTensorShape: Incompatible shapes during merge: "
                + debug(a)
                + " vs. "
                + debug(b));
      }
      out[i] = x >= 0 ? x : y;
    }
    return PartialShape.of(out);
  }

  /** {@link #merge} with a concrete shape. */
  public static PartialShape merge(NodeInfo node, PartialShape a, Shape b) {
    return merge(node, a, b.toPartial());
  }

  /** TF's PartialTensorShape::DebugString: {@code <unknown>} for an unknown rank, else "[2,?]". */
  public static String debug(PartialShape s) {
    return s.hasRank() ? s.toString() : "<unknown>";
  }

  /** The shape without its first dimension; an unknown rank stays unknown. */
  public static PartialShape exceptFirst(PartialShape s) {
    return s.hasRank() ? s.sub(1, s.rank()) : s;
  }

  /** TF's "Invalid data types; op elements X but list elements Y". */
  public static void checkElementType(NodeInfo node, DType op, DType list) {
    if (op != list) {
      throw node.invalidArgument(
          "Invalid data types; op elements " + op.tfName() + " but list elements " + list.tfName());
    }
  }
}
