package dev.rawops.memory;

/**
 * Where a block of memory lives. Kept distinct everywhere: a kernel of one device never touches
 * another kind's memory directly; the runtime copies between them.
 */
public enum MemoryKind {
  /** Ordinary host memory (pageable), what CPU kernels read and write. */
  HOST,
  /** Page-locked host memory, the staging area for asynchronous copies to and from a device. */
  PINNED_HOST,
  /** Memory on an accelerator (CUDA device memory); not addressable from Java. */
  DEVICE
}
