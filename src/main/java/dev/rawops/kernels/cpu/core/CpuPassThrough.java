package dev.rawops.kernels.cpu.core;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * Ops whose outputs are their inputs: Identity, IdentityN, PlaceholderWithDefault (when not fed),
 * and NoOp with nothing to pass. The same tensor object flows on; nothing is copied.
 */
public final class CpuPassThrough {
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Identity", Device.CPU)
              .everyType("T")
              .build(_ -> ctx -> ctx.setOutput(0, ctx.input(0))),
          KernelDef.builder("PlaceholderWithDefault", Device.CPU)
              .everyType("dtype")
              .build(_ -> ctx -> ctx.setOutput(0, ctx.input(0))),
          KernelDef.builder("IdentityN", Device.CPU)
              .everyType("T")
              .build(
                  node ->
                      ctx -> {
                        for (int i = 0; i < node.numInputs(); i++) {
                          ctx.setOutput(i, ctx.input(i));
                        }
                      }),
          KernelDef.builder("NoOp", Device.CPU).build(_ -> _ -> {}));

  private CpuPassThrough() {}
}
