package dev.rawops.kernels.gpu;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelProvider;
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

  @Override
  public List<KernelDef> kernels() {
    List<KernelDef> all = new ArrayList<>();
    all.addAll(GpuGatherNd.DEFS);
    all.addAll(GpuStridedSlice.DEFS);
    all.addAll(GpuTensorScatterUpdate.DEFS);
    all.addAll(GpuRaggedGather.DEFS);
    all.addAll(GpuCopy.DEFS);
    return all;
  }
}
