package dev.rawops.ops.controlflow;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * The ControlFlow op family: TF 1 control flow (Switch, Merge, Enter, Exit, NextIteration,
 * LoopCond, ControlTrigger and their Ref forms), Assert and Print, and TF 2's functional control
 * flow and function calls ({@link FunctionOps}: If, While, Case, PartitionedCall). The TF 1 ops'
 * meaning lives in the executor (dead tensors, frames), whose kernels only pass tensors on; the
 * functional ones get their kernels from the runtime, which runs the called functions.
 */
public final class ControlFlowOps implements OpFamily {

  @Override
  public List<Op> ops() {
    return com.google.common.collect.ImmutableList.<Op>builder()
        .add(
            DefinedOp.of("Switch", ControlFlowOps::switchShape),
            DefinedOp.of("RefSwitch", ControlFlowOps::switchShape),
            DefinedOp.of("Merge", ControlFlowOps::mergeShape),
            DefinedOp.of("RefMerge", ControlFlowOps::mergeShape),
            DefinedOp.of("Enter", ControlFlowOps::enterShape),
            DefinedOp.of("RefEnter", ControlFlowOps::enterShape),
            DefinedOp.of("Exit", ShapeFns.sameAsInput(0)),
            DefinedOp.of("RefExit", ShapeFns.sameAsInput(0)),
            DefinedOp.of("NextIteration", ShapeFns.sameAsInput(0)),
            DefinedOp.of("RefNextIteration", ShapeFns.sameAsInput(0)),
            DefinedOp.of(
                "LoopCond",
                node -> {
                  Shapes.requireRank(node, 0, 0);
                  return List.of(PartialShape.of());
                }),
            DefinedOp.of("ControlTrigger", node -> List.of()),
            DefinedOp.of(
                "Assert",
                node -> {
                  return List.of();
                }),
            DefinedOp.of("Print", ShapeFns.sameAsInput(0)),
            DefinedOp.of(
                "PrintV2",
                node -> {
                  Shapes.requireRank(node, 0, 0);
                  return List.of();
                }))
        .addAll(FunctionOps.all())
        .build();
  }

  /** TF's SwitchShape: the predicate is a scalar; both outputs are shaped like the data. */
  private static List<PartialShape> switchShape(NodeInfo node) {
    Shapes.requireRank(node, 1, 0);
    return List.of(node.inputShape(0), node.inputShape(0));
  }

  /**
   * TF's MergeShape: the inputs' common rank with the dimensions they agree on, else unknown (a
   * loop's back edge is unknown at build time); value_index is a scalar.
   */
  private static List<PartialShape> mergeShape(NodeInfo node) {
    PartialShape out = node.inputShape(0);
    if (out.hasRank()) {
      int rank = out.rank();
      long[] dims = new long[rank];
      for (int d = 0; d < rank; d++) {
        dims[d] = out.dim(d);
      }
      for (int i = 1; i < node.numInputs() && out.hasRank(); i++) {
        PartialShape in = node.inputShape(i);
        if (!in.hasRank() || in.rank() != rank) {
          out = PartialShape.unknownRank();
          break;
        }
        for (int d = 0; d < rank; d++) {
          if (in.dim(d) != dims[d]) {
            dims[d] = PartialShape.UNKNOWN;
          }
        }
      }
      if (out.hasRank()) {
        out = PartialShape.of(dims);
      }
    }
    return List.of(out, PartialShape.of());
  }

  /** TF's Enter: unknown, except that a loop invariant (is_constant) keeps its input's shape. */
  private static List<PartialShape> enterShape(NodeInfo node) {
    return List.of(
        node.attrs().getBool("is_constant") ? node.inputShape(0) : PartialShape.unknownRank());
  }
}
