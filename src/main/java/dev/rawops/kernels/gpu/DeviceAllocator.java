package dev.rawops.kernels.gpu;

import dev.rawops.memory.Allocator;
import dev.rawops.memory.Block;
import dev.rawops.memory.MemoryKind;
import dev.rawops.tensor.DeviceMemory;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Device memory of a {@link GpuBackend} as an {@link Allocator} of {@link MemoryKind#DEVICE}, and
 * the copies of whole tensors between host and device, which it counts ({@link #uploads()}, {@link
 * #downloads()}): the copy nodes, a GPU kernel given a host tensor, a fetched device tensor. Index
 * tables a kernel uploads for one launch are not tensor copies and are not counted.
 */
public final class DeviceAllocator implements Allocator, DeviceMemory {
  private static final long ALIGN = 256;

  private final GpuBackend backend;
  private final AtomicLong inUse = new AtomicLong();
  private final AtomicLong peak = new AtomicLong();
  private final AtomicLong uploads = new AtomicLong();
  private final AtomicLong downloads = new AtomicLong();
  private final AtomicLong uploadBytes = new AtomicLong();
  private final AtomicLong downloadBytes = new AtomicLong();

  public DeviceAllocator(GpuBackend backend) {
    this.backend = backend;
  }

  @Override
  public MemoryKind kind() {
    return MemoryKind.DEVICE;
  }

  @Override
  public String deviceName() {
    return "GPU:0";
  }

  @Override
  public Block allocate(long bytes, boolean zeroed) {
    long size = Math.max(ALIGN, (bytes + ALIGN - 1) / ALIGN * ALIGN);
    Gpu.TURN.lock();
    try {
      long address = backend.alloc(size);
      if (zeroed) {
        backend.memset(address, 0, size);
      }
      long now = inUse.addAndGet(size);
      peak.accumulateAndGet(now, Math::max);
      return new Block(MemoryKind.DEVICE, address, size, null);
    } finally {
      Gpu.TURN.unlock();
    }
  }

  @Override
  public void free(Block block) {
    Gpu.TURN.lock();
    try {
      backend.sync(); // a launch still reading it finishes first
      backend.free(block.address());
      inUse.addAndGet(-block.size());
    } finally {
      Gpu.TURN.unlock();
    }
  }

  /** A device block holding a copy of {@code bytes} bytes of {@code src}: one upload. */
  Block upload(MemorySegment src, long bytes) {
    Block b = allocate(bytes, false);
    Gpu.TURN.lock();
    try {
      if (bytes > 0) {
        backend.copyToDevice(src, b.address(), bytes);
      }
    } catch (RuntimeException e) {
      free(b);
      throw e;
    } finally {
      Gpu.TURN.unlock();
    }
    uploads.incrementAndGet();
    uploadBytes.addAndGet(bytes);
    return b;
  }

  @Override
  public void copyToHost(long src, MemorySegment dst, long bytes) {
    Gpu.TURN.lock();
    try {
      if (bytes > 0) {
        backend.copyToHost(src, dst, bytes);
      }
      backend.sync();
    } finally {
      Gpu.TURN.unlock();
    }
    downloads.incrementAndGet();
    downloadBytes.addAndGet(bytes);
  }

  @Override
  public long bytesInUse() {
    return inUse.get();
  }

  @Override
  public long peakBytesInUse() {
    return peak.get();
  }

  /** Tensors copied host to device so far. */
  public long uploads() {
    return uploads.get();
  }

  /** Tensors copied device to host so far. */
  public long downloads() {
    return downloads.get();
  }

  public long uploadBytes() {
    return uploadBytes.get();
  }

  public long downloadBytes() {
    return downloadBytes.get();
  }

  /** Sets the copy counters to zero (tests, benchmarks). */
  public void resetCounts() {
    uploads.set(0);
    downloads.set(0);
    uploadBytes.set(0);
    downloadBytes.set(0);
  }
}
