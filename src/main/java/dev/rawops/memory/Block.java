package dev.rawops.memory;

import java.lang.foreign.MemorySegment;

/**
 * A block handed out by an {@link Allocator}.
 *
 * @param kind where the memory lives
 * @param address the first byte's address in its address space (a device pointer for DEVICE)
 * @param size usable bytes (at least what was asked for)
 * @param segment the memory as a Java segment for HOST and PINNED_HOST blocks; null for DEVICE
 */
public record Block(MemoryKind kind, long address, long size, MemorySegment segment) {}
