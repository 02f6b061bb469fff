package dev.rawops.tensor;

import java.lang.foreign.MemorySegment;

/**
 * A device's memory as device-resident tensors see it: a name for messages and the one way their
 * bytes reach the host, an explicit copy. Implemented by a device (the GPU's allocator).
 */
public interface DeviceMemory {
  /** "GPU:0", for messages. */
  String deviceName();

  /** Copies {@code bytes} bytes from device address {@code src} into {@code dst} and waits. */
  void copyToHost(long src, MemorySegment dst, long bytes);
}
