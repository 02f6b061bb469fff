package dev.rawops.runtime;

import dev.rawops.kernels.Kernel;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.Signature;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.NodeDef;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One node after build: resolved, connected, shape-inferred, with its kernel. Immutable once built.
 */
public final class BuiltNode implements NodeInfo {
  final int index;
  final NodeDef def;
  final Op op;
  final Signature signature;

  /** Producer node index and output slot of each data input. */
  final int[] inputNode;

  final int[] inputSlot;
  final int[] controlInputs;
  // Filled in topological order during build; read-only afterwards.
  BuiltNode[] producers;
  PartialShape[] outputShapes;
  public Kernel kernel;
  // Where the kernel runs (Placement) and the inputs it reads in host memory wherever it runs.
  dev.rawops.kernels.Device device = dev.rawops.kernels.Device.CPU;
  java.util.Set<Integer> hostMemoryInputs = java.util.Set.of();
  // Why this node has no kernel, or null: an op TF knows that rawops does not implement
  // (UNIMPLEMENTED), or no kernel for the node's dtypes or attrs on its device (INVALID_ARGUMENT,
  // TF's "No OpKernel was registered"). As in TF, which instantiates only the kernels a run needs,
  // only a plan that needs the node fails with it, before any kernel runs.
  String missingKernel;
  // The GraphDef's versions.producer (NodeInfo.graphProducer).
  int producer = Integer.MAX_VALUE;
  dev.rawops.Code missingKernelCode = dev.rawops.Code.UNIMPLEMENTED;
  // The node's outputs computed at build time from constant inputs (constant folding), or null.
  Tensor[] folded;
  boolean broken;
  // Per data input: true where a reference output (DT_*_REF) feeds a value input, so the run reads
  // the variable behind it (TF's automatic dereference); null when there is none.
  boolean[] derefInput;
  // The dtype each output must have at run time (RESOURCE for a reference output, which carries a
  // TensorRef); set with the kernel.
  dev.rawops.tensor.DType[] outputDTypes;
  // True when the node may keep its inputs or hand out retained state (stateful ops, resource,
  // variant or reference inputs or outputs, function calls): the run never reuses their memory.
  boolean retains;
  // True when running the node costs less than handing it to another thread (CostModel).
  boolean cheap;
  // Memo of constantOutput: a Const's value is decoded once, not once per reader. Build is
  // single-threaded and nothing asks after it, so a plain array is enough.
  private Optional<Tensor>[] constants;

  BuiltNode(
      int index,
      NodeDef def,
      Op op,
      Signature signature,
      int[] inputNode,
      int[] inputSlot,
      int[] controlInputs) {
    this.index = index;
    this.def = def;
    this.op = op;
    this.signature = signature;
    this.inputNode = inputNode;
    this.inputSlot = inputSlot;
    this.controlInputs = controlInputs;
  }

  @Override
  public String name() {
    return def.getName();
  }

  @Override
  public String op() {
    return def.getOp();
  }

  @Override
  public Signature signature() {
    return signature;
  }

  @Override
  public PartialShape inputShape(int i) {
    BuiltNode p = producers[i];
    return p.outputShapes == null ? PartialShape.unknownRank() : p.outputShapes[inputSlot[i]];
  }

  @Override
  public Optional<Tensor> constantInput(int i) {
    BuiltNode p = producers[i];
    return p.broken || p.outputShapes == null ? Optional.empty() : p.constantOutput(inputSlot[i]);
  }

  @Override
  @SuppressWarnings("unchecked") // generic array creation; the array never escapes
  public Optional<Tensor> constantOutput(int i) {
    if (constants == null) {
      constants = (Optional<Tensor>[]) new Optional<?>[numOutputs()];
    }
    if (constants[i] == null) {
      Optional<Tensor> c = op.constantOutput(this, i);
      constants[i] = c.isEmpty() && folded != null ? Optional.of(folded[i]) : c;
    }
    return constants[i];
  }

  List<PartialShape> outputShapes() {
    return outputShapes == null ? List.of() : Arrays.asList(outputShapes);
  }

  @Override
  public int graphProducer() {
    return producer;
  }
}
