package dev.rawops.kernels.cpu;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
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
                    Tensor value = node.constantOutput(0).orElseThrow(); // decoded once, at build
                    return ctx -> ctx.setOutput(0, value);
                  }));

  private CpuConst() {}
}
