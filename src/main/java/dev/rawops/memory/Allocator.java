package dev.rawops.memory;

/**
 * Memory for tensors of one {@link MemoryKind}. The host allocator serves CPU kernels; a GPU device
 * implements the same interface over its device memory (and a pinned-host one for staging), so the
 * runtime manages lifetimes the same way on every device.
 */
public interface Allocator {
  MemoryKind kind();

  /**
   * A block of at least {@code bytes} bytes, aligned to 64 bytes. Zero-filled when {@code zeroed};
   * otherwise its contents are undefined (the caller writes every byte it exposes).
   *
   * @throws dev.rawops.RawOpsException RESOURCE_EXHAUSTED when the memory cannot be had, naming the
   *     size and the limit
   */
  Block allocate(long bytes, boolean zeroed);

  /** Gives a block back; it must not be used afterwards. */
  void free(Block block);

  /**
   * Gives back a block that stray references may still reach (a tensor collected without being
   * closed): never hand its memory out again; release it to the system instead.
   */
  default void discard(Block block) {
    free(block);
  }

  /** Bytes handed out and not yet freed. */
  long bytesInUse();

  /** The most bytes ever in use at once (the high-water mark). */
  long peakBytesInUse();
}
