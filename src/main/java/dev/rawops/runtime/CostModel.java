package dev.rawops.runtime;

import dev.rawops.tensor.PartialShape;
import java.util.Set;

/**
 * Which nodes are cheap enough that handing them to another thread costs more than running them
 * (TF's {@code OpKernel::IsExpensive}, false for Identity, Const, shape and control-flow kernels):
 * the executor runs cheap ready nodes on the thread that readied them and wakes an inter-op helper
 * only for an expensive one. Estimated at build time from the op family and the static sizes: a
 * node is cheap when its op only moves references or metadata, or when all its inputs and outputs
 * are known to be tiny. Anything unknown is expensive, as in TF.
 */
final class CostModel {
  /** Elements of all inputs and outputs together below which a node is cheap whatever its op. */
  static final long TINY_ELEMENTS = 256;

  /** Ops that pass references, read shapes or steer control flow: never worth a hand-off. */
  private static final Set<String> CHEAP_OPS =
      Set.of(
          "Identity",
          "IdentityN",
          "Snapshot",
          "StopGradient",
          "PreventGradient",
          "Const",
          "HostConst",
          "NoOp",
          "Placeholder",
          "PlaceholderV2",
          "PlaceholderWithDefault",
          "Shape",
          "ShapeN",
          "Size",
          "Rank",
          "Reshape",
          "ExpandDims",
          "Squeeze",
          "Switch",
          "RefSwitch",
          "Merge",
          "RefMerge",
          "Enter",
          "RefEnter",
          "Exit",
          "RefExit",
          "NextIteration",
          "RefNextIteration",
          "LoopCond",
          "ControlTrigger",
          "VariableV2",
          "VarHandleOp",
          "ReadVariableOp");

  private CostModel() {}

  static boolean cheap(BuiltNode n) {
    if (CHEAP_OPS.contains(n.op())) {
      return true;
    }
    if (n.producers == null || n.outputShapes == null) {
      return false;
    }
    long elements = 0;
    for (int k = 0; k < n.producers.length; k++) {
      elements += elements(n.inputShape(k));
    }
    for (PartialShape s : n.outputShapes) {
      elements += elements(s);
    }
    return elements <= TINY_ELEMENTS;
  }

  /** Elements of a fully known shape; past the threshold for anything unknown. */
  private static long elements(PartialShape s) {
    if (!s.isFullyDefined()) {
      return TINY_ELEMENTS + 1;
    }
    long n = 1;
    for (int d = 0; d < s.rank(); d++) {
      n *= s.dim(d);
      if (n > TINY_ELEMENTS) {
        return TINY_ELEMENTS + 1;
      }
    }
    return n;
  }
}
