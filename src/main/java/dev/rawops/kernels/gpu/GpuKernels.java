package dev.rawops.kernels.gpu;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelProvider;
import dev.rawops.tensor.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * rawops' GPU kernels. Registered whether or not this process has a GPU: placement asks {@link
 * Gpu#available()} before choosing one, so graphs still build for the CPU without a device.
 */
public final class GpuKernels implements KernelProvider {
  @Override
  public Device device() {
    return Device.GPU;
  }

  @Override
  public boolean available() {
    return Gpu.available();
  }

  @Override
  public String unavailableReason() {
    return Gpu.unavailableReason();
  }

  /**
   * The relative tolerance of {@code op}'s GPU result for {@code dtype} against TF's CPU result: 0
   * where they must be bit-exact, more where the GPU's float math or summation order may differ in
   * the last bits (GpuElementwise, GpuReduction; README "GPU").
   */
  @Override
  public double tolerance(String op, DType dtype) {
    return Math.max(
        0, Math.max(GpuElementwise.tolerance(op, dtype), GpuReduction.tolerance(op, dtype)));
  }

  @Override
  public List<KernelDef> kernels() {
    List<KernelDef> all = new ArrayList<>();
    all.addAll(GpuGatherNd.DEFS);
    all.addAll(GpuStridedSlice.DEFS);
    all.addAll(GpuTensorScatterUpdate.DEFS);
    all.addAll(GpuRaggedGather.DEFS);
    all.addAll(GpuElementwise.DEFS);
    all.addAll(GpuReduction.DEFS);
    all.addAll(GpuCopy.DEFS);
    return all;
  }
}
