package dev.rawops.tensor;

import dev.rawops.memory.Allocator;
import dev.rawops.memory.Block;
import dev.rawops.memory.MemoryKind;

/**
 * Device-resident tensors for device kernels and the runtime: wrapping a device block as a tensor
 * (its lifetime then follows the same rules as pooled host memory: the run that made it gives the
 * block back when the tensor is dead), its device address, and the explicit copy to the host.
 */
public final class DeviceTensors {
  private DeviceTensors() {}

  /**
   * A tensor over device {@code block}, which {@code allocator} gets back when the tensor is dead;
   * {@code owner} is the run that made it ({@link dev.rawops.kernels.KernelContext#owner()}).
   */
  public static Tensor wrap(
      DType dtype,
      Shape shape,
      Allocator allocator,
      Block block,
      DeviceMemory device,
      Object owner) {
    if (block.kind() != MemoryKind.DEVICE || !dtype.isFixedWidth()) {
      throw new IllegalArgumentException(
          "a device tensor needs a DEVICE block and a fixed-width dtype");
    }
    return new Tensor(
        dtype, shape, device, block.address(), owner, new Storage(allocator, block, owner));
  }

  /** The device address of {@code t}'s first element. */
  public static long address(Tensor t) {
    if (!t.isOnDevice()) {
      throw new IllegalArgumentException("a host tensor has no device address");
    }
    return t.deviceAddress();
  }

  /** A host copy of device tensor {@code t} (memory the GC manages, owned by {@code owner}). */
  public static Tensor toHost(Tensor t, Object owner) {
    TensorBuffer b = TensorBuffer.allocate(t.dtype(), t.shape(), owner);
    long bytes = t.byteSize();
    if (bytes > 0) {
      t.device().copyToHost(t.deviceAddress(), b.segment(), bytes);
    }
    return b.freeze();
  }

  /**
   * Replaces every device tensor among a run's results with one host copy (a tensor fetched twice
   * is copied once) and gives the device memory back.
   */
  public static void fetchToHost(Tensor[] results, Object run) {
    for (int f = 0; f < results.length; f++) {
      Tensor d = results[f];
      if (d != null && d.isOnDevice()) {
        Tensor h = toHost(d, run);
        for (int g = f; g < results.length; g++) {
          if (results[g] == d) {
            results[g] = h;
          }
        }
        Lifetimes.drop(d, run);
      }
    }
  }
}
