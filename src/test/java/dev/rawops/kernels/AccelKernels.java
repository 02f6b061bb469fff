package dev.rawops.kernels;

import dev.rawops.tensor.DType;
import java.util.List;

/**
 * A provider of a device that is neither CPU nor GPU, for {@link KernelRegistryTest}: one kernel
 * (Identity, any dtype) on device "ACCEL", and a tolerance for float Exp. Public with a no-argument
 * constructor, as {@link java.util.ServiceLoader} requires.
 */
public final class AccelKernels implements KernelProvider {
  static final Device ACCEL = new Device("ACCEL");

  static final KernelDef IDENTITY =
      KernelDef.builder("Identity", ACCEL).build(node -> ctx -> ctx.setOutput(0, ctx.input(0)));

  @Override
  public Device device() {
    return ACCEL;
  }

  @Override
  public List<KernelDef> kernels() {
    return List.of(IDENTITY);
  }

  @Override
  public double tolerance(String op, DType dtype) {
    return op.equals("Exp") && dtype == DType.FLOAT ? 1e-3 : 0;
  }
}
