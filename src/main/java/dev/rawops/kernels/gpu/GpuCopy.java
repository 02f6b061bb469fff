package dev.rawops.kernels.gpu;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.memory.Block;
import dev.rawops.tensor.DeviceTensors;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.List;

/**
 * The copy nodes the graph builder inserts at every edge between host and device memory (TF's
 * _Send/_Recv pairs, MemcpyHtoD/DtoH in its traces): {@value #TO_DEVICE} uploads a host tensor,
 * {@value #TO_HOST} downloads a device tensor into the run's host memory. Each passes on a tensor
 * already where it should be (a folded or fed value, a kernel's host-memory output), so a copy is
 * never made twice. Not TensorFlow ops: graphs cannot name them (their names start with '_').
 */
public final class GpuCopy {
  public static final String TO_DEVICE = "_HostToDevice";
  public static final String TO_HOST = "_DeviceToHost";

  static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder(TO_DEVICE, Device.GPU).build(n -> GpuCopy::toDevice),
          KernelDef.builder(TO_HOST, Device.GPU).build(n -> GpuCopy::toHost));

  private GpuCopy() {}

  private static void toDevice(KernelContext ctx) {
    Tensor t = ctx.input(0);
    if (t.isOnDevice() || !t.dtype().isFixedWidth()) {
      ctx.setOutput(0, t);
      return;
    }
    DeviceAllocator memory =
        Gpu.memory()
            .orElseThrow(
                () ->
                    dev.rawops.RawOpsException.of(
                        dev.rawops.Code.UNAVAILABLE, "no GPU device: " + Gpu.unavailableReason()));
    Block b = memory.upload(t.data(), t.byteSize());
    ctx.setOutput(0, DeviceTensors.wrap(t.dtype(), t.shape(), memory, b, memory, ctx.owner()));
  }

  private static void toHost(KernelContext ctx) {
    Tensor t = ctx.input(0);
    if (!t.isOnDevice()) {
      ctx.setOutput(0, t);
      return;
    }
    DeviceAllocator memory = Gpu.memory().orElseThrow();
    TensorBuffer b = ctx.allocateUninitialized(t.dtype(), t.shape());
    memory.copyToHost(DeviceTensors.address(t), b.segment(), t.byteSize());
    ctx.setOutput(0, b.freeze());
  }

  /** Whether {@code op} is one of the copy ops. */
  public static boolean isCopy(String op) {
    return op.equals(TO_DEVICE) || op.equals(TO_HOST);
  }
}
