package dev.rawops.ops.state;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.indexing.ScatterNdChecks;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import java.util.ArrayList;
import java.util.List;

/**
 * The State op family: TF 1 reference variables (Variable, VariableV2), Assign, AssignAdd,
 * AssignSub, IsVariableInitialized and the ref-variable scatters. Their outputs are reference types
 * ({@code DT_*_REF}); the kernels ({@code kernels.cpu.CpuState}) keep the value in the session.
 */
public final class StateOps {
  private StateOps() {}

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
      List.of("ScatterNdUpdate", "ScatterNdAdd", "ScatterNdSub");

  public static List<Op> all() {
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
    ops.add(DefinedOp.of("AssignSub", ShapeFns.sameAsInput(0)));
    ops.add(DefinedOp.of("IsVariableInitialized", ShapeFns.scalar()));
    for (String op : SCATTERS) {
      ops.add(DefinedOp.of(op, ShapeFns.sameAsInput(0)));
    }
    for (String op : SCATTER_NDS) {
      ops.add(DefinedOp.of(op, ShapeFns.sameAsInput(0)));
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
    ScatterNdChecks.check(node, ref, indices, updates);
  }
}
