package dev.rawops.runtime;

import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tfproto.DataType;
import java.util.Optional;
import java.util.Set;

/**
 * Build-time evaluation of a stateless node whose inputs are all known (Const, or folded
 * themselves), as TF's shape inference evaluates small constant subgraphs: the shape glue TF's
 * front end emits (Shape → StridedSlice → Pack → Reshape) then has exact values and shapes
 * downstream, and {@code rawops validate} shows them. General, not per pattern: any op with a CPU
 * kernel that TF's OpDef does not mark stateful folds. Folding only informs build time (shape
 * functions, {@code constantInput}); the run still runs every planned kernel, so feeds and control
 * flow behave exactly as without it. An evaluation that fails is simply not folded: the run reports
 * the error in its place, as TF would.
 */
final class ConstantFolding {
  /** The most input elements a folded node may read; larger constant work is left to the run. */
  static final long MAX_INPUT_ELEMENTS = 1 << 16;

  /** Ops whose value depends on more than their inputs: control flow, feeds, state. */
  private static final Set<String> NEVER =
      Set.of(
          "Const",
          "Placeholder",
          "PlaceholderWithDefault",
          "PlaceholderV2",
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
          "Assert",
          "Print",
          "PrintV2",
          "CheckNumerics");

  private ConstantFolding() {}

  static void fold(BuiltNode n) {
    if (n.kernel == null
        || !n.device.equals(dev.rawops.kernels.Device.CPU) // device kernels make device tensors
        || NEVER.contains(n.op())
        || n.op.schema().def().getIsStateful()
        || n.numOutputs() == 0) {
      return;
    }
    Tensor[] inputs = null; // made once the first input is known constant (most are not)
    long elements = 0;
    for (int i = 0, m = n.numInputs(); i < m; i++) {
      if (!dataType(n.inputType(i))) {
        return;
      }
      Optional<Tensor> c = n.constantInput(i);
      if (c.isEmpty()) {
        return;
      }
      if (inputs == null) {
        inputs = new Tensor[m];
      }
      inputs[i] = c.get();
      elements += inputs[i].numElements();
      if (elements > MAX_INPUT_ELEMENTS) {
        return;
      }
    }
    for (int i = 0; i < n.numOutputs(); i++) {
      if (!dataType(n.outputType(i))) {
        return;
      }
    }
    Tensor[] outputs = new Tensor[n.numOutputs()];
    try {
      n.kernel.compute(new Context(n, inputs == null ? new Tensor[0] : inputs, outputs));
    } catch (RuntimeException | StackOverflowError e) {
      return; // the run will report it
    }
    for (int i = 0; i < outputs.length; i++) {
      if (outputs[i] == null
          || outputs[i].dtype().proto() != n.outputType(i)
          || !n.outputShapes[i].isCompatibleWith(outputs[i].shape())) {
        return;
      }
    }
    n.folded = outputs;
    for (int i = 0; i < outputs.length; i++) {
      n.outputShapes[i] = PartialShape.of(outputs[i].shape().dims());
    }
  }

  private static boolean dataType(DataType t) {
    DType d = DType.fromProtoOrNull(t);
    return d != null && !d.isObject();
  }

  private static final class Context implements KernelContext {
    private final NodeInfo node;
    private final Tensor[] inputs;
    private final Tensor[] outputs;

    Context(NodeInfo node, Tensor[] inputs, Tensor[] outputs) {
      this.node = node;
      this.inputs = inputs;
      this.outputs = outputs;
    }

    @Override
    public NodeInfo node() {
      return node;
    }

    @Override
    public Tensor input(int i) {
      return inputs[i];
    }

    @Override
    public TensorBuffer allocate(DType dtype, Shape shape) {
      return TensorBuffer.allocate(dtype, shape);
    }

    @Override
    public Optional<TensorBuffer> forwardInput(int i) {
      return Optional.empty();
    }

    @Override
    public void setOutput(int i, Tensor t) {
      outputs[i] = t;
    }
  }
}
