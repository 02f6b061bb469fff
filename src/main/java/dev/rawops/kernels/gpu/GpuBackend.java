package dev.rawops.kernels.gpu;

import java.lang.foreign.MemorySegment;

/**
 * What rawops' GPU kernels need from a device: memory, copies on one stream, launches of the
 * kernels in {@code src/main/cuda}, and a sync. Two implementations run the same kernel sources:
 * {@link CudaDriver} (the CUDA driver API through FFM, PTX built by nvcc) and {@link HostEmulation}
 * (the kernels compiled for the host by g++, every thread of the grid run in turn), which is how
 * the kernels are tested on machines without a GPU.
 *
 * <p>Device addresses are plain {@code long}s. Copies and launches are ordered on the backend's one
 * stream; a caller that reads host memory a copy writes calls {@link #sync()} first. Calls are not
 * thread-safe: a kernel holds the backend's monitor for its whole sequence of calls.
 *
 * <p>Every failure is a {@link dev.rawops.RawOpsException} carrying the device's own message
 * (cuGetErrorString); the executor adds the node and op.
 */
public interface GpuBackend {
  /** "CUDA NVIDIA H200 (driver 13.0)" or "host emulation (librawops_gpu_host.so)". */
  String describe();

  /** A device buffer of {@code bytes} bytes (at least 1), contents undefined. */
  long alloc(long bytes);

  void free(long address);

  /** Copies {@code bytes} bytes of host memory to device address {@code dst}. */
  void copyToDevice(MemorySegment src, long dst, long bytes);

  /** Copies {@code bytes} bytes from device address {@code src} into host memory. */
  void copyToHost(long src, MemorySegment dst, long bytes);

  /** Copies {@code bytes} bytes between two device buffers. */
  void copyWithin(long src, long dst, long bytes);

  /** Sets {@code bytes} bytes at {@code dst} to {@code value} (0 to 255). */
  void memset(long dst, int value, long bytes);

  /**
   * Launches kernel {@code name} (its {@code extern "C"} name in src/main/cuda) over {@code grid}
   * blocks of {@code block} threads, its one argument a struct of 64-bit fields holding {@code
   * args}.
   */
  void launch(String name, long grid, int block, long... args);

  /** Waits until every copy and launch issued so far has finished. */
  void sync();
}
