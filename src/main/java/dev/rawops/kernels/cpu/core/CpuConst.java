package dev.rawops.kernels.cpu.core;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.core.ConstOp;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * Const: the value decoded at build time, the same immutable tensor every run; a large value
 * (ConstOp.EAGER_BYTES) is decoded the first time the node runs, so an unneeded one never is.
 */
public final class CpuConst {
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Const", Device.CPU)
              .anyTypeOrQuantized("dtype")
              .build(
                  node -> {
                    Optional<Tensor> known = node.constantOutput(0); // decoded once, at build
                    if (known.isPresent()) {
                      Tensor value = known.get();
                      return ctx -> ctx.setOutput(0, value);
                    }
                    Supplier<Tensor> lazy = Suppliers.memoize(() -> ConstOp.value(node));
                    return ctx -> ctx.setOutput(0, lazy.get());
                  }));

  private CpuConst() {}
}
