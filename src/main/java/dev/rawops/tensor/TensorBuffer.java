package dev.rawops.tensor;

import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;
import static dev.rawops.tensor.Layouts.I8;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.memory.Allocator;
import dev.rawops.memory.Block;
import dev.rawops.memory.HostMemory;
import dev.rawops.memory.MemoryShortage;
import java.lang.foreign.MemorySegment;

/**
 * A tensor under construction: writable until {@link #freeze()}. Kernels allocate their outputs
 * here. Memory is freed when unreachable (an automatic arena), so a tensor lives as long as
 * anything (a view, a fetched result) still references it.
 */
public final class TensorBuffer {
  private final DType dtype;
  private final Shape shape;
  private MemorySegment data;
  private byte[][] strings;
  private final Object owner;
  private Storage storage; // pooled memory under data, or null
  private boolean frozen;

  private TensorBuffer(
      DType dtype, Shape shape, MemorySegment data, byte[][] strings, Object owner) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = data;
    this.strings = strings;
    this.owner = owner;
  }

  /**
   * A fixed-width buffer in memory from {@code allocator}, zero-filled when {@code zeroed}. Its
   * frozen tensor holds the memory until {@code owner} (the runtime's run) drops it or the caller
   * closes it; then it goes back to the allocator.
   */
  public static TensorBuffer allocate(
      DType dtype, Shape shape, Object owner, Allocator allocator, boolean zeroed) {
    if (!dtype.isFixedWidth()) {
      return allocate(dtype, shape, owner);
    }
    long bytes = byteSize(dtype, shape);
    Block block = allocator.allocate(bytes, zeroed);
    TensorBuffer b = new TensorBuffer(dtype, shape, block.segment().asSlice(0, bytes), null, owner);
    b.storage = new Storage(allocator, block, owner);
    return b;
  }

  /** The bytes a fixed-width tensor of this dtype and shape needs (RESOURCE_EXHAUSTED if huge). */
  public static long byteSize(DType dtype, Shape shape) {
    long bytes;
    try {
      bytes = Math.multiplyExact(shape.numElements(), (long) dtype.byteSize());
    } catch (ArithmeticException e) {
      throw RawOpsException.of(
          Code.RESOURCE_EXHAUSTED, "tensor of shape " + shape + " is too large");
    }
    long limit = dev.rawops.Limits.maxTensorBytes();
    if (bytes > limit) {
      throw dev.rawops.Limits.exceeded(
          "a " + dtype.tfName() + " tensor of shape " + shape + " (" + bytes + " bytes)",
          dev.rawops.Limits.MAX_TENSOR_BYTES,
          limit);
    }
    return bytes;
  }

  /** A zero-filled buffer (empty strings for STRING) that no one can reclaim once frozen. */
  public static TensorBuffer allocate(DType dtype, Shape shape) {
    return allocate(dtype, shape, null);
  }

  /**
   * A zero-filled buffer whose frozen tensor {@code owner} (the runtime's run) may later {@link
   * #reclaim} for in-place writing.
   */
  public static TensorBuffer allocate(DType dtype, Shape shape, Object owner) {
    if (dtype.isObject()) {
      throw RawOpsException.of(
          Code.INTERNAL,
          "a " + dtype.tfName() + " tensor is made with Tensor.ofObjects, not allocated");
    }
    if (dtype == DType.STRING) {
      long n = shape.numElements();
      long limit = Math.min(dev.rawops.Limits.maxStringElements(), Integer.MAX_VALUE - 8);
      if (n > limit) {
        throw dev.rawops.Limits.exceeded(
            "a string tensor of shape " + shape + " (" + n + " elements)",
            "maxStringElements",
            limit);
      }
      byte[][] s = new byte[(int) n][];
      java.util.Arrays.fill(s, new byte[0]);
      return new TensorBuffer(dtype, shape, null, s, owner);
    }
    long bytes = byteSize(dtype, shape);
    MemorySegment seg;
    try {
      seg = HostMemory.allocate(bytes, true);
    } catch (OutOfMemoryError e) {
      throw MemoryShortage.of(
          "cannot allocate "
              + bytes
              + " bytes for a "
              + dtype.tfName()
              + " tensor of shape "
              + shape,
          e);
    } catch (IllegalArgumentException e) {
      throw RawOpsException.of(
          Code.RESOURCE_EXHAUSTED,
          "cannot allocate "
              + bytes
              + " bytes for a "
              + dtype.tfName()
              + " tensor of shape "
              + shape);
    }
    return new TensorBuffer(dtype, shape, seg, null, owner);
  }

  /**
   * Takes {@code t}'s memory back for writing, or returns null when that is not safe by what the
   * tensor knows: {@code owner} did not allocate it, or a view shares its memory. The caller (the
   * runtime) must also know that no one else holds {@code t}.
   */
  public static TensorBuffer reclaim(Tensor t, Object owner) {
    if (owner == null || !t.reclaimableBy(owner) || !t.dtype().isFixedWidth()) {
      return null;
    }
    TensorBuffer b = new TensorBuffer(t.dtype(), t.shape(), t.segment(), null, owner);
    if (t.transferStorage()) {
      b.storage = t.storage(); // the input's reference moves to the buffer
    }
    return b;
  }

  public DType dtype() {
    return dtype;
  }

  public Shape shape() {
    return shape;
  }

  /** The writable element memory (fixed-width types). */
  public MemorySegment segment() {
    check();
    if (data == null) {
      throw new IllegalStateException("STRING buffers have no segment; use strings()");
    }
    return data;
  }

  /** The writable element array (STRING). Elements are never mutated after freezing. */
  public byte[][] strings() {
    check();
    if (strings == null) {
      throw new IllegalStateException(dtype.tfName() + " buffers have no string array");
    }
    return strings;
  }

  /** Writes an integer element, truncating {@code v} to the dtype's width. */
  public void setIndex(long i, long v) {
    MemorySegment s = segment();
    switch (dtype) {
      case INT8, UINT8, BOOL, QINT8, QUINT8 -> s.set(I8, i, (byte) v);
      case INT16, UINT16, QINT16, QUINT16 -> s.setAtIndex(I16, i, (short) v);
      case INT32, UINT32, QINT32 -> s.setAtIndex(I32, i, (int) v);
      case INT64, UINT64 -> s.setAtIndex(I64, i, v);
      default -> throw new IllegalStateException(dtype.tfName() + " is not an integer type");
    }
  }

  /** The finished tensor; the buffer cannot be used afterwards. */
  public Tensor freeze() {
    check();
    frozen = true;
    Tensor t = new Tensor(dtype, shape, data, strings, owner, storage);
    storage = null;
    data = null;
    strings = null;
    return t;
  }

  private void check() {
    if (frozen) {
      throw new IllegalStateException("buffer already frozen");
    }
  }
}
