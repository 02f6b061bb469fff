package dev.rawops.kernels.cpu.core;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/** Placeholder: only runs when the caller forgot to feed it, so it reports that, as TF does. */
public final class CpuPlaceholder {
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Placeholder", Device.CPU)
              .everyType("dtype")
              .build(
                  node -> {
                    PartialShape shape = PartialShape.fromProto(node.attrs().getShape("shape"));
                    String message =
                        "You must feed a value for placeholder tensor '"
                            + node.name()
                            + "' with dtype "
                            + DType.tfName(node.attrs().getType("dtype"))
                            + (shape.hasRank() ? " and shape " + shape : "");
                    return ctx -> {
                      throw node.invalidArgument(message);
                    };
                  }));

  private CpuPlaceholder() {}
}
