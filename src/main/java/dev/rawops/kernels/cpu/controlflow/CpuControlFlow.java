package dev.rawops.kernels.cpu.controlflow;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelDef;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU kernels of the ControlFlow family. What Switch, Merge, Enter, Exit and NextIteration mean
 * (dead outputs, frames, iterations) is the executor's; their kernels only route tensors. TF
 * registers them for every type (resource handles of TensorArrays go through loops as Enters).
 */
public final class CpuControlFlow {
  private CpuControlFlow() {}

  public static List<KernelDef> defs() {
    List<KernelDef> defs = new ArrayList<>();
    Kernel passOn = ctx -> ctx.setOutput(0, ctx.input(0));
    for (String op :
        List.of(
            "Enter",
            "RefEnter",
            "Exit",
            "RefExit",
            "NextIteration",
            "RefNextIteration",
            "LoopCond",
            "Print")) {
      defs.add(KernelDef.builder(op, Device.CPU).build(_ -> passOn));
    }
    for (String op : List.of("Switch", "RefSwitch")) {
      defs.add(
          KernelDef.builder(op, Device.CPU)
              .typeConstraint("T", DType.unquantized())
              .build(_ -> CpuControlFlow::doSwitch));
    }
    for (String op : List.of("Merge", "RefMerge")) {
      defs.add(KernelDef.builder(op, Device.CPU).build(_ -> CpuControlFlow::merge));
    }
    defs.add(KernelDef.builder("ControlTrigger", Device.CPU).build(_ -> _ -> {}));
    // A function body's argument: the runtime feeds every _Arg, so its kernel never runs.
    defs.add(
        KernelDef.builder("_Arg", Device.CPU)
            .build(
                node ->
                    _ -> {
                      throw node.error(Code.INTERNAL, "function argument was not fed");
                    }));
    defs.add(KernelDef.builder("PrintV2", Device.CPU).build(_ -> _ -> {}));
    defs.add(
        KernelDef.builder("Assert", Device.CPU)
            .build(
                node -> {
                  long summarize = node.attrs().getInt("summarize");
                  return ctx -> CpuAssert.check(ctx, summarize);
                }));
    return defs;
  }

  /** TF's SwitchOp: data goes to output 1 when the predicate is true, else to output 0. */
  private static void doSwitch(dev.rawops.kernels.KernelContext ctx) {
    Tensor pred = ctx.input(1);
    if (pred.shape().rank() != 0) {
      throw ctx.node()
          .invalidArgument("The second input must be a scalar, but it has shape " + pred.shape());
    }
    ctx.setOutput(pred.getBoolean(0) ? 1 : 0, ctx.input(0));
  }

  /** TF's MergeOp: the first live input (the executor passes only that one) and its index. */
  private static void merge(dev.rawops.kernels.KernelContext ctx) {
    for (int i = 0; i < ctx.node().numInputs(); i++) {
      Tensor t = ctx.input(i);
      if (t != null) {
        ctx.setOutput(0, t);
        ctx.setOutput(1, Tensor.ofInts(Shape.scalar(), i));
        return;
      }
    }
    throw ctx.node().error(dev.rawops.Code.INTERNAL, "Merge ran without a live input");
  }
}
