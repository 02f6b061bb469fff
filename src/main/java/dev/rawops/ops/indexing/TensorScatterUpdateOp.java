package dev.rawops.ops.indexing;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.ShapeMerge;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import java.util.List;

/**
 * TensorScatterUpdate: a copy of {@code tensor} with {@code output[indices[i…, :]] = updates[i…]},
 * where {@code updates.shape == indices.shape[:-1] + tensor.shape[indices.shape[-1]:]}.
 *
 * <p>Shape rules are checked at build time as far as the static shapes allow (TF's
 * ScatterNdTensorShape) and completely at run time by {@link Geometry} (TF's TensorScatterOp and
 * DoScatterNd checks, in their order and wording).
 */
public final class TensorScatterUpdateOp implements Op {
  private static final OpSchema SCHEMA =
      OpSchema.parse(
          """
      name: "TensorScatterUpdate"
      input_arg { name: "tensor" type_attr: "T" }
      input_arg { name: "indices" type_attr: "Tindices" }
      input_arg { name: "updates" type_attr: "T" }
      output_arg { name: "output" type_attr: "T" }
      attr { name: "T" type: "type" }
      attr {
        name: "Tindices" type: "type"
        allowed_values { list { type: DT_INT16 type: DT_INT32 type: DT_INT64 type: DT_UINT16 } }
      }
      attr { name: "bad_indices_policy" type: "string" default_value { s: "" } }
      """);

  static final int TENSOR = 0;
  static final int INDICES = 1;
  static final int UPDATES = 2;

  /** TF's CPU kernel dispatches index depths 1..7 only (its message says 5, but 6 and 7 run). */
  private static final int MAX_DEPTH = 7;

  @Override
  public OpSchema schema() {
    return SCHEMA;
  }

  @Override
  public void checkAttrs(NodeInfo node) {
    BadIndicesPolicy.of(node);
  }

  /**
   * TF's ScatterNdTensorShape: tensor and indices of rank ≥ 1 (updates may be a scalar here; the
   * kernel rejects it), then ScatterNdShapeHelper's empty-input and prefix/suffix rules.
   */
  @Override
  public List<PartialShape> inferShapes(NodeInfo node) {
    Shapes.requireRankAtLeast(node, TENSOR, 1);
    Shapes.requireRankAtLeast(node, INDICES, 1);
    PartialShape tensor = node.inputShape(TENSOR);
    PartialShape indices = node.inputShape(INDICES);
    PartialShape updates = node.inputShape(UPDATES);
    if (ShapeMerge.numElements(tensor) == 0
        && (ShapeMerge.numElements(indices) > 0 || ShapeMerge.numElements(updates) > 0)) {
      throw node.invalidArgument("Indices and updates specified for empty input");
    }
    if (indices.hasRank()
        && updates.hasRank()
        && updates.rank() != 0
        && indices.dim(indices.rank() - 1) >= 0) {
      checkPrefixAndSuffix(node, tensor, indices, updates);
    }
    return List.of(tensor);
  }

  /**
   * updates' leading dims must merge with indices.shape[:-1], the rest with tensor.shape[depth:].
   */
  private static void checkPrefixAndSuffix(
      NodeInfo node, PartialShape tensor, PartialShape indices, PartialShape updates) {
    int outer = indices.rank() - 1;
    long depth = indices.dim(outer);
    PartialShape prefixIndices = ShapeMerge.subshape(indices, 0, outer);
    PartialShape prefixUpdates = ShapeMerge.subshape(updates, 0, outer);
    String why = ShapeMerge.mergeError(prefixIndices, prefixUpdates);
    if (why != null) {
      throw node.invalidArgument(
          "Dimensions [0,"
              + outer
              + ") of indices[shape="
              + indices
              + "] = "
              + prefixIndices
              + " must match dimensions [0,"
              + outer
              + ") of updates[shape="
              + updates
              + "] = "
              + prefixUpdates
              + ": "
              + why);
    }
    PartialShape suffixTensor = ShapeMerge.subshape(tensor, depth, Long.MAX_VALUE);
    PartialShape suffixUpdates = ShapeMerge.subshape(updates, outer, Long.MAX_VALUE);
    why = ShapeMerge.mergeError(suffixTensor, suffixUpdates);
    if (why != null) {
      throw node.invalidArgument(
          "Dimensions ["
              + depth
              + ","
              + tensor.rank()
              + ") of input[shape="
              + tensor
              + "] = "
              + suffixTensor
              + " must match dimensions ["
              + outer
              + ","
              + updates.rank()
              + ") of updates[shape="
              + updates
              + "] = "
              + suffixUpdates
              + ": "
              + why);
    }
  }

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
  public record Geometry(
      int depth, long numUpdates, long sliceSize, Shape batchShape, long[] sliceStrides) {

    /** Checks shapes exactly as TF's CPU kernel does, in its order, with its messages. */
    public static Geometry of(
        NodeInfo node, Shape tensor, Shape indices, Shape updates, DType indexType) {
      ScatterNdChecks.check(node, tensor, indices, updates);
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
        return new Geometry(
            (int) depth, 0, sliceSize, indices.sub(0, indices.rank() - 1), new long[0]);
      }
      if (depth < 1 || depth > MAX_DEPTH) {
        throw node.invalidArgument(
            "Only indices.shape[-1] values between 1 and 5 are currently supported."
                + "  Requested rank: "
                + depth);
      }
      return new Geometry(
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
          new StringBuilder("indices")
              .append(GatherNdOp.position(batchShape, update))
              .append(" = [");
      for (int d = 0; d < index.length; d++) {
        sb.append(d > 0 ? ", " : "").append(index[d]);
      }
      return sb.append("] does not index into shape ").append(tensor).toString();
    }
  }
}
