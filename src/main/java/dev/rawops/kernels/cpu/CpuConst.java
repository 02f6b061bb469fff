package dev.rawops.kernels.cpu;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.ConstOp;
import dev.rawops.tensor.Tensor;
import java.util.List;

/** Const: the value decoded at build time, the same immutable tensor every run. */
final class CpuConst {
  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Const", Device.CPU)
              .anyType("dtype")
              .build(
                  node -> {
                    Tensor value = ConstOp.value(node);
                    return ctx -> ctx.setOutput(0, value);
                  }));

  private CpuConst() {}
}
