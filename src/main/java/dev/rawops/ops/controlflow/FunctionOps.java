package dev.rawops.ops.controlflow;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.state.VariableHandle;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorShapeProto;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The Function op family: function calls and functional control flow (whose kernels the runtime
 * supplies, since they run nested graphs), resource variables and checkpoint restore.
 */
public final class FunctionOps {
  private FunctionOps() {}

  public static List<Op> all() {
    return List.of(
        DefinedOp.of("PartitionedCall", ShapeFns.unknown()),
        DefinedOp.of("StatefulPartitionedCall", ShapeFns.unknown()),
        DefinedOp.of("If", FunctionOps::declaredOutputShapes),
        DefinedOp.of("StatelessIf", FunctionOps::declaredOutputShapes),
        DefinedOp.of("While", FunctionOps::declaredOutputShapes),
        DefinedOp.of("StatelessWhile", FunctionOps::declaredOutputShapes),
        DefinedOp.of("Case", FunctionOps::declaredOutputShapes),
        DefinedOp.of("StatelessCase", FunctionOps::declaredOutputShapes),
        DefinedOp.of("_Arg", ShapeFns.unknown()),
        // The handle is known from the attrs: consumers check the variable's dtype at build, as
        // TF's shape functions do with the handle's shape-and-type data.
        DefinedOp.of("VarHandleOp", ShapeFns.scalar())
            .constant(
                (node, i) ->
                    Optional.of(
                        Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), VariableHandle.of(node)))),
        DefinedOp.of("ReadVariableOp", variableDtype("dtype", FunctionOps.unknownShapes())),
        DefinedOp.of("AssignVariableOp", variableDtype("dtype", FunctionOps.unknownShapes())),
        DefinedOp.of("AssignAddVariableOp", variableDtype("dtype", FunctionOps.unknownShapes())),
        DefinedOp.of("AssignSubVariableOp", variableDtype("dtype", FunctionOps.unknownShapes())),
        DefinedOp.of("VarIsInitializedOp", ShapeFns.scalar()),
        DefinedOp.of("DestroyResourceOp", ShapeFns.unknown()),
        DefinedOp.of("ResourceGather", variableDtype("dtype", FunctionOps::resourceGatherShape)),
        DefinedOp.of("RestoreV2", ShapeFns.unknown()));
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

  /** If/While/Case: the {@code output_shapes} attr when the graph states it, else unknown. */
  private static List<PartialShape> declaredOutputShapes(NodeInfo node) {
    List<PartialShape> out = new ArrayList<>();
    AttrValue shapes = node.attrs().has("output_shapes") ? node.attrs().get("output_shapes") : null;
    if (shapes != null && shapes.getList().getShapeCount() == node.numOutputs()) {
      for (TensorShapeProto s : shapes.getList().getShapeList()) {
        out.add(PartialShape.fromProto(s));
      }
      return out;
    }
    return Collections.nCopies(node.numOutputs(), PartialShape.unknownRank());
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
