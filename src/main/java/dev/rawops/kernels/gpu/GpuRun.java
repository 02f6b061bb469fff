package dev.rawops.kernels.gpu;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.memory.Block;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * One GPU kernel call: device buffers for its inputs, outputs and index tables, launches, copies
 * back, and every buffer freed at the end. Holds the backend's monitor from start to close, so
 * kernels running on several threads take turns on the one stream.
 */
final class GpuRun implements AutoCloseable {
  /** Threads per block of every launch. */
  static final int BLOCK = 256;

  /** At most this many blocks per launch; the kernels' grid-stride loops cover the rest. */
  static final long MAX_GRID = 65_535;

  /** One device, one stream: kernel calls take turns. */
  private static final java.util.concurrent.locks.ReentrantLock TURN =
      new java.util.concurrent.locks.ReentrantLock();

  private final GpuBackend backend;
  private final DeviceAllocator memory;
  private final List<Block> blocks = new ArrayList<>();

  private GpuRun(GpuBackend backend) {
    this.backend = backend;
    this.memory = new DeviceAllocator(backend);
  }

  static GpuRun start() {
    GpuBackend b =
        Gpu.backend()
            .orElseThrow(
                () ->
                    RawOpsException.of(
                        Code.UNAVAILABLE, "no GPU device: " + Gpu.unavailableReason()));
    TURN.lock();
    return new GpuRun(b);
  }

  GpuBackend backend() {
    return backend;
  }

  /** A device buffer of {@code bytes} bytes, contents undefined. */
  long alloc(long bytes) {
    Block b = memory.allocate(bytes, false);
    blocks.add(b);
    return b.address();
  }

  /** A device copy of {@code t}'s bytes (a fixed-width dtype). */
  long upload(Tensor t) {
    long p = alloc(t.byteSize());
    if (t.byteSize() > 0) {
      backend.copyToDevice(t.data(), p, t.byteSize());
    }
    return p;
  }

  /** A device copy of {@code values} as int64 (index tables: dims, strides, offsets). */
  long upload(long[] values) {
    long p = alloc(8L * values.length);
    if (values.length > 0) {
      backend.copyToDevice(MemorySegment.ofArray(values), p, 8L * values.length);
    }
    return p;
  }

  /** Launches {@code kernel} with enough threads for {@code work} items (none when 0). */
  void launch(String kernel, long work, long... args) {
    if (work <= 0) {
      return;
    }
    long grid = Math.min(MAX_GRID, (work + BLOCK - 1) / BLOCK);
    backend.launch(kernel, grid, BLOCK, args);
  }

  /** Copies device buffer {@code src} into all of {@code out} and waits for it. */
  void download(long src, TensorBuffer out) {
    long bytes = out.segment().byteSize();
    if (bytes > 0) {
      backend.copyToHost(src, out.segment(), bytes);
    }
    backend.sync();
  }

  @Override
  public void close() {
    try {
      backend.sync();
      for (Block b : blocks) {
        memory.free(b);
      }
      blocks.clear();
    } finally {
      TURN.unlock();
    }
  }

  /** 1 when an index tensor is int64 (the kernels read int32 otherwise). */
  static long wide(DType indexType) {
    return indexType == DType.INT64 ? 1 : 0;
  }

  static long[] concat(long[] a, long[] b) {
    long[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
