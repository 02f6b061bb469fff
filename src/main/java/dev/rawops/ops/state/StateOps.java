package dev.rawops.ops.state;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ScatterNdGeometry;
import dev.rawops.ops.ShapeFns;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The State op family: TF 1 reference variables (Variable, VariableV2), Assign, AssignAdd,
 * AssignSub, IsVariableInitialized and the ref-variable scatters. Their outputs are reference types
 * ({@code DT_*_REF}); the kernels ({@code kernels.cpu.state.CpuState}) keep the value in the
 * session.
 */
public final class StateOps implements OpFamily {

  static final List<String> SCATTERS =
      List.of(
          "ScatterUpdate",
          "ScatterAdd",
          "ScatterSub",
          "ScatterMul",
          "ScatterDiv",
          "ScatterMin",
          "ScatterMax");

  static final List<String> SCATTER_NDS =
      List.of("ScatterNdUpdate", "ScatterNdAdd", "ScatterNdSub", "ScatterNdMin", "ScatterNdMax");

  static final List<String> RESOURCE_SCATTERS =
      List.of(
          "ResourceScatterUpdate",
          "ResourceScatterAdd",
          "ResourceScatterSub",
          "ResourceScatterMul",
          "ResourceScatterDiv",
          "ResourceScatterMin",
          "ResourceScatterMax");

  static final List<String> RESOURCE_SCATTER_NDS =
      List.of(
          "ResourceScatterNdUpdate",
          "ResourceScatterNdAdd",
          "ResourceScatterNdSub",
          "ResourceScatterNdMin",
          "ResourceScatterNdMax");

  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    DefinedOp.ShapeFn declared =
        node -> List.of(PartialShape.fromProto(node.attrs().getShape("shape")));
    ops.add(DefinedOp.of("VariableV2", declared));
    ops.add(DefinedOp.of("Variable", declared));
    ops.add(
        DefinedOp.of(
            "Assign",
            node -> {
              PartialShape lhs = node.inputShape(0);
              PartialShape rhs = node.inputShape(1);
              if (node.attrs().getBool("validate_shape") && lhs.hasRank() && rhs.hasRank()) {
                mergeShapes(node, lhs, rhs);
              }
              return List.of(rhs);
            }));
    ops.add(DefinedOp.of("AssignAdd", ShapeFns.sameAsInput(0)));
    // TF's UnchangedShape; begin, end and strides are checked when it runs.
    ops.add(DefinedOp.of("StridedSliceAssign", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("AssignSub", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("IsVariableInitialized", ShapeFns.scalar()));
    for (String op : SCATTERS) {
      ops.add(DefinedOp.of(op, ShapeFns.sameAsInput(0)));
    }
    for (String op : SCATTER_NDS) {
      ops.add(DefinedOp.of(op, ShapeFns.sameAsInput(0)));
    }
    ops.addAll(
        List.of(
            // The handle is known from the attrs: consumers check the variable's dtype at build,
            // as TF's shape functions do with the handle's shape-and-type data.
            DefinedOp.of("VarHandleOp", ShapeFns.scalar())
                .constant(
                    (node, i) ->
                        Optional.of(
                            Tensor.ofObjects(
                                DType.RESOURCE, Shape.scalar(), VariableHandle.of(node)))),
            DefinedOp.of("ReadVariableOp", variableDtype("dtype", unknownShapes())),
            DefinedOp.of("AssignVariableOp", variableDtype("dtype", unknownShapes())),
            DefinedOp.of("AssignAddVariableOp", variableDtype("dtype", unknownShapes())),
            DefinedOp.of("AssignSubVariableOp", variableDtype("dtype", unknownShapes())),
            DefinedOp.of("VarIsInitializedOp", ShapeFns.scalar()),
            DefinedOp.of("DestroyResourceOp", ShapeFns.unknown()),
            DefinedOp.of("ResourceGather", variableDtype("dtype", StateOps::resourceGatherShape)),
            DefinedOp.of(
                "ResourceGatherNd",
                variableDtype(
                    "dtype",
                    node -> {
                      dev.rawops.ops.Shapes.requireRankAtLeast(node, 1, 1);
                      return List.of(PartialShape.unknownRank());
                    })),
            DefinedOp.of("ResourceStridedSliceAssign", ShapeFns.unknown()),
            DefinedOp.of("RestoreV2", ShapeFns.unknown())));
    for (String op : RESOURCE_SCATTERS) {
      // TF's ResourceScatterUpdateShape: with the variable's shape unknown to the handle (rawops
      // keeps only its dtype), only the dtype check remains.
      ops.add(DefinedOp.of(op, variableDtype("dtype", unknownShapes())));
    }
    for (String op : RESOURCE_SCATTER_NDS) {
      ops.add(
          DefinedOp.of(
              op,
              node -> {
                dev.rawops.ops.Shapes.requireRankAtLeast(node, 1, 1);
                dev.rawops.ops.Shapes.requireRankAtLeast(node, 2, 1);
                ScatterNdGeometry.inferCheck(
                    node, PartialShape.unknownRank(), node.inputShape(1), node.inputShape(2));
                return List.of();
              }));
    }
    return ops;
  }

  /** TF's InferenceContext::Merge, with its messages. */
  static void mergeShapes(NodeInfo node, PartialShape a, PartialShape b) {
    if (a.rank() != b.rank()) {
      throw node.invalidArgument(
          "Shapes must be equal rank, but are " + a.rank() + " and " + b.rank());
    }
    for (int d = 0; d < a.rank(); d++) {
      if (a.dim(d) >= 0 && b.dim(d) >= 0 && a.dim(d) != b.dim(d)) {
        throw node.invalidArgument(
            "Dimension "
                + d
                + " in both shapes must be equal, but are "
                + a.dim(d)
                + " and "
                + b.dim(d)
                + ". Shapes are "
                + a
                + " and "
                + b
                + ".");
      }
    }
  }

  /** The run-time shape checks a ref ScatterNd* shares with TensorScatterUpdate, in TF's words. */
  public static void checkScatterNd(NodeInfo node, Shape ref, Shape indices, Shape updates) {
    ScatterNdGeometry.check(node, ref, indices, updates);
  }

  private static DefinedOp.ShapeFn unknownShapes() {
    return ShapeFns.unknown();
  }

  /**
   * TF's check of a variable op's dtype against the handle's when build time knows the handle (a
   * VarHandleOp, possibly through Identity): INVALID_ARGUMENT with TF's wording, at build.
   */
  private static DefinedOp.ShapeFn variableDtype(String attr, DefinedOp.ShapeFn then) {
    return node -> {
      Optional<Tensor> h = node.constantInput(0);
      if (h.isPresent()
          && h.get().numElements() == 1
          && h.get().getObject(0) instanceof VariableHandle v
          && v.dtype().proto() != node.attrs().getType(attr)) {
        throw node.invalidArgument(
            "Trying to read variable with wrong dtype. Expected "
                + v.dtype().tfName()
                + " got "
                + DType.tfName(node.attrs().getType(attr)));
      }
      return then.infer(node);
    };
  }

  /** indices.shape + params.shape[1:] when batch_dims is 0; params' shape is the variable's. */
  private static List<PartialShape> resourceGatherShape(NodeInfo node) {
    long batchDims = node.attrs().getInt("batch_dims");
    if (batchDims != 0) {
      throw node.error(
          dev.rawops.Code.UNIMPLEMENTED,
          "ResourceGather with batch_dims = " + batchDims + " is not supported by rawops (0 is)");
    }
    return List.of(PartialShape.unknownRank());
  }
}
