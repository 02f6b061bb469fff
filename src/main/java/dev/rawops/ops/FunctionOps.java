package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorShapeProto;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The Function op family: function calls and functional control flow (whose kernels the runtime
 * supplies, since they run nested graphs), resource variables and checkpoint restore.
 */
final class FunctionOps {
  private FunctionOps() {}

  static List<Op> all() {
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
        DefinedOp.of("VarHandleOp", ShapeFns.scalar()),
        DefinedOp.of("ReadVariableOp", ShapeFns.unknown()),
        DefinedOp.of("AssignVariableOp", ShapeFns.unknown()),
        DefinedOp.of("AssignAddVariableOp", ShapeFns.unknown()),
        DefinedOp.of("AssignSubVariableOp", ShapeFns.unknown()),
        DefinedOp.of("VarIsInitializedOp", ShapeFns.scalar()),
        DefinedOp.of("DestroyResourceOp", ShapeFns.unknown()),
        DefinedOp.of("ResourceGather", FunctionOps::resourceGatherShape),
        DefinedOp.of("RestoreV2", ShapeFns.unknown()));
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
