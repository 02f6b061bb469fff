package dev.rawops.kernels.gpu;

import dev.rawops.memory.Allocator;
import dev.rawops.memory.Block;
import dev.rawops.memory.MemoryKind;
import java.util.concurrent.atomic.AtomicLong;

/** Device memory of a {@link GpuBackend} as an {@link Allocator} of {@link MemoryKind#DEVICE}. */
public final class DeviceAllocator implements Allocator {
  private static final long ALIGN = 256;

  private final GpuBackend backend;
  private final AtomicLong inUse = new AtomicLong();
  private final AtomicLong peak = new AtomicLong();

  public DeviceAllocator(GpuBackend backend) {
    this.backend = backend;
  }

  @Override
  public MemoryKind kind() {
    return MemoryKind.DEVICE;
  }

  @Override
  public Block allocate(long bytes, boolean zeroed) {
    long size = Math.max(ALIGN, (bytes + ALIGN - 1) / ALIGN * ALIGN);
    long address = backend.alloc(size);
    if (zeroed) {
      backend.memset(address, 0, size);
    }
    long now = inUse.addAndGet(size);
    peak.accumulateAndGet(now, Math::max);
    return new Block(MemoryKind.DEVICE, address, size, null);
  }

  @Override
  public void free(Block block) {
    backend.free(block.address());
    inUse.addAndGet(-block.size());
  }

  @Override
  public long bytesInUse() {
    return inUse.get();
  }

  @Override
  public long peakBytesInUse() {
    return peak.get();
  }
}
