package dev.rawops.kernels.gpu;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.KernelContext;
import dev.rawops.memory.Block;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.DeviceTensors;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * One GPU kernel call: its inputs' device addresses (a device tensor's own; a host tensor, e.g. a
 * feed given straight to a GPU node, is uploaded for the call), device outputs that stay on the
 * device as tensors of the run ({@link #output}, {@link #finish}), scratch buffers and index tables
 * freed at the end. Holds the device's turn from start to close, so kernels running on several
 * threads take turns on the one stream.
 */
final class GpuRun implements AutoCloseable {
  /** Threads per block of every launch. */
  static final int BLOCK = 256;

  /** At most this many blocks per launch; the kernels' grid-stride loops cover the rest. */
  static final long MAX_GRID = 65_535;

  private final GpuBackend backend;
  private final DeviceAllocator memory;
  private final Object owner;
  private final List<Block> blocks = new ArrayList<>();
  private final List<Block> outputs = new ArrayList<>();

  private GpuRun(GpuBackend backend, DeviceAllocator memory, Object owner) {
    this.backend = backend;
    this.memory = memory;
    this.owner = owner;
  }

  static GpuRun start(KernelContext ctx) {
    GpuBackend b = Gpu.backend().orElseThrow(GpuRun::noDevice);
    DeviceAllocator m = Gpu.memory().orElseThrow(GpuRun::noDevice);
    Gpu.TURN.lock();
    return new GpuRun(b, m, ctx.owner());
  }

  private static RawOpsException noDevice() {
    return RawOpsException.of(Code.UNAVAILABLE, "no GPU device: " + Gpu.unavailableReason());
  }

  GpuBackend backend() {
    return backend;
  }

  /** A scratch device buffer of {@code bytes} bytes for this call, contents undefined. */
  long alloc(long bytes) {
    Block b = memory.allocate(bytes, false);
    blocks.add(b);
    return b.address();
  }

  /** The device address of input {@code t}: its own when on the device, else an upload of it. */
  long in(Tensor t) {
    if (t.isOnDevice()) {
      return DeviceTensors.address(t);
    }
    Block b = memory.upload(t.data(), t.byteSize());
    blocks.add(b);
    return b.address();
  }

  /** A device copy of {@code values} as int64 (index tables: dims, strides, offsets). */
  long upload(long[] values) {
    long p = alloc(8L * values.length);
    if (values.length > 0) {
      backend.copyToDevice(MemorySegment.ofArray(values), p, 8L * values.length);
    }
    return p;
  }

  /** A device output of this call; {@link #finish} makes it a tensor. */
  Out output(DType dtype, Shape shape) {
    Block b = memory.allocate(shape.numElements() * dtype.byteSize(), false);
    outputs.add(b);
    return new Out(dtype, shape, b);
  }

  /** A device output whose bytes start as {@code src}'s (a device-to-device copy). */
  Out outputCopyOf(Tensor src) {
    Out o = output(src.dtype(), src.shape());
    if (src.byteSize() > 0) {
      backend.copyWithin(in(src), o.address(), src.byteSize());
    }
    return o;
  }

  /** Output {@code o} as a device tensor of the run (given back when dead). */
  Tensor finish(Out o) {
    outputs.remove(o.block);
    return DeviceTensors.wrap(o.dtype, o.shape, memory, o.block, memory, owner);
  }

  /** A device output being written. */
  static final class Out {
    final DType dtype;
    final Shape shape;
    final Block block;

    Out(DType dtype, Shape shape, Block block) {
      this.dtype = dtype;
      this.shape = shape;
      this.block = block;
    }

    long address() {
      return block.address();
    }
  }

  /** Launches {@code kernel} with enough threads for {@code work} items (none when 0). */
  void launch(String kernel, long work, long... args) {
    if (work <= 0) {
      return;
    }
    long grid = Math.min(MAX_GRID, (work + BLOCK - 1) / BLOCK);
    backend.launch(kernel, grid, BLOCK, args);
  }

  @Override
  public void close() {
    try {
      backend.sync();
      for (Block b : blocks) {
        memory.free(b);
      }
      for (Block b : outputs) {
        memory.free(b); // not finished: the call failed
      }
      blocks.clear();
      outputs.clear();
    } finally {
      Gpu.TURN.unlock();
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
