package dev.rawops.ops.controlflow;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.ShapeFns;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.TensorShapeProto;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Function calls and functional control flow (If, While, Case, PartitionedCall and their stateless
 * forms), listed by {@link ControlFlowOps}: their kernels come from the runtime, which runs the
 * called functions' graphs.
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
        DefinedOp.of("_Arg", ShapeFns.unknown()));
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
}
