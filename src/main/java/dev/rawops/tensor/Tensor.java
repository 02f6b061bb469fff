package dev.rawops.tensor;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;
import static dev.rawops.tensor.Layouts.I8;

import dev.rawops.RawOpsException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An immutable tensor. Fixed-width elements live off-heap in a little-endian {@link MemorySegment}
 * (64-bit sizes and offsets throughout); STRING elements are byte arrays. Users only ever see
 * read-only views of the data; kernels write through {@link TensorBuffer} before freezing.
 *
 * <p>A tensor a session returns may sit in the session's memory pool: {@link #close() close} it
 * when done (try-with-resources) so the memory is reused at once; an unclosed tensor's memory is
 * released when it is garbage-collected. A closed tensor's data must not be used: its accessors
 * throw {@link IllegalStateException}, and a segment taken from {@link #data()} before closing may
 * see other data afterwards. Closing a tensor the caller made, or a view, only marks it closed.
 */
public final class Tensor implements AutoCloseable {
  private final DType dtype;
  private final Shape shape;
  private final MemorySegment data; // writable underlying memory; null for STRING
  private final byte[][] strings; // null unless STRING
  private final Object[] objects; // null unless RESOURCE or VARIANT
  // Who allocated the memory (a run of the runtime), or null. Only the owner may reclaim the
  // memory for in-place writing ...
  private final Object owner;
  // ... and only while no view shares it.
  private final AtomicBoolean aliased = new AtomicBoolean();
  // Pooled memory this tensor holds one reference to, or null (memory the GC manages).
  private final Storage storage;
  private volatile boolean closed;
  // True once this object's storage reference was dropped (or handed to an in-place writer).
  private final AtomicBoolean released = new AtomicBoolean();
  // How many slots of the run that made this tensor hold it (that run's executor only, under its
  // lock): no map lookup per node.
  int runHolds;

  Tensor(DType dtype, Shape shape, MemorySegment data, byte[][] strings, Object owner) {
    this(dtype, shape, data, strings, owner, null);
  }

  Tensor(
      DType dtype,
      Shape shape,
      MemorySegment data,
      byte[][] strings,
      Object owner,
      Storage storage) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = data;
    this.strings = strings;
    this.objects = null;
    this.owner = owner;
    this.storage = storage;
  }

  private Tensor(DType dtype, Shape shape, Object[] objects) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = null;
    this.strings = null;
    this.objects = objects;
    this.owner = null;
    this.storage = null;
  }

  /**
   * A RESOURCE or VARIANT tensor: its elements are Java objects (resource handles, lists) that
   * kernels made and understand. The array is copied; the objects are shared.
   */
  public static Tensor ofObjects(DType dtype, Shape shape, Object... elements) {
    if (!dtype.isObject()) {
      throw new IllegalArgumentException(dtype.tfName() + " tensors do not hold objects");
    }
    return new Tensor(dtype, checkCount(shape, elements.length), elements.clone());
  }

  /** Element i of a RESOURCE or VARIANT tensor. */
  public Object getObject(long i) {
    checkOpen();
    if (objects == null) {
      throw new IllegalStateException("a " + dtype.tfName() + " tensor has no object elements");
    }
    return objects[Math.toIntExact(i)];
  }

  public DType dtype() {
    return dtype;
  }

  public Shape shape() {
    return shape;
  }

  public long numElements() {
    return shape.numElements();
  }

  /** The element data, read-only. Throws for STRING tensors. */
  public MemorySegment data() {
    return segment().asReadOnly();
  }

  MemorySegment segment() {
    checkOpen();
    if (data == null) {
      throw new IllegalStateException("a " + dtype.tfName() + " tensor has no fixed-width data");
    }
    return data;
  }

  byte[][] stringArray() {
    checkOpen();
    if (strings == null) {
      throw new IllegalStateException("a " + dtype.tfName() + " tensor has no string elements");
    }
    return strings;
  }

  boolean reclaimableBy(Object who) {
    return owner != null
        && owner == who
        && !aliased.get()
        && (storage == null || !storage.escaped())
        && !released.get();
  }

  /**
   * Returns this tensor's memory to the session's pool when nothing else uses it (no view, not
   * retained by the session's state), and marks the tensor closed; using its data afterwards throws
   * {@link IllegalStateException}. Closing twice does nothing.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    releaseStorage();
  }

  /** True once {@link #close()} was called. */
  public boolean isClosed() {
    return closed;
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("tensor " + this + " was closed");
    }
  }

  Storage storage() {
    return storage;
  }

  Object owner() {
    return owner;
  }

  /** Drops this object's reference to its storage, once; true when that freed the memory. */
  boolean releaseStorage() {
    return storage != null && released.compareAndSet(false, true) && storage.release();
  }

  /** Hands this object's storage reference over to an in-place writer; false if it had none. */
  boolean transferStorage() {
    return storage != null && released.compareAndSet(false, true);
  }

  void markClosed() {
    closed = true;
  }

  void markAliased() {
    aliased.set(true);
  }

  /** Size of the data in bytes (fixed-width types). */
  public long byteSize() {
    return numElements() * dtype.byteSize();
  }

  public boolean getBoolean(long i) {
    return segment().get(I8, i) != 0;
  }

  public byte getByte(long i) {
    return segment().get(I8, i);
  }

  public short getShort(long i) {
    return segment().getAtIndex(I16, i);
  }

  public int getInt(long i) {
    return segment().getAtIndex(I32, i);
  }

  public long getLong(long i) {
    return segment().getAtIndex(I64, i);
  }

  public float getFloat(long i) {
    return segment().getAtIndex(F32, i);
  }

  public double getDouble(long i) {
    return segment().getAtIndex(F64, i);
  }

  /** A copy of string element i's bytes. */
  public byte[] getString(long i) {
    return stringArray()[Math.toIntExact(i)].clone();
  }

  /** Element i of an integer tensor widened to long (unsigned types zero-extended). */
  public long getIndex(long i) {
    MemorySegment s = segment();
    return switch (dtype) {
      case INT8 -> s.get(I8, i);
      case UINT8 -> Byte.toUnsignedLong(s.get(I8, i));
      case INT16 -> s.getAtIndex(I16, i);
      case UINT16 -> Short.toUnsignedLong(s.getAtIndex(I16, i));
      case INT32 -> s.getAtIndex(I32, i);
      case UINT32 -> Integer.toUnsignedLong(s.getAtIndex(I32, i));
      case INT64, UINT64 -> s.getAtIndex(I64, i);
      default -> throw new IllegalStateException(dtype.tfName() + " is not an integer type");
    };
  }

  /** All elements of an integer tensor widened to long. */
  public long[] toLongArray() {
    long[] out = new long[Math.toIntExact(numElements())];
    for (int i = 0; i < out.length; i++) {
      out[i] = getIndex(i);
    }
    return out;
  }

  /** True when dtype, shape and every element's bits are equal. */
  public boolean contentEquals(Tensor o) {
    if (dtype != o.dtype || !shape.equals(o.shape)) {
      return false;
    }
    if (dtype == DType.STRING) {
      return Arrays.deepEquals(strings, o.strings);
    }
    if (dtype.isObject()) {
      return Arrays.equals(objects, o.objects);
    }
    return MemorySegment.mismatch(data, 0, byteSize(), o.data, 0, o.byteSize()) == -1;
  }

  @Override
  public String toString() {
    return "Tensor<" + dtype.tfName() + shape + ">";
  }

  // ---- Factories for callers that build small tensors (tests, CLI literals, feeds).

  public static Tensor ofFloats(Shape shape, float... v) {
    TensorBuffer b = TensorBuffer.allocate(DType.FLOAT, checkCount(shape, v.length));
    MemorySegment.copy(v, 0, b.segment(), F32, 0, v.length);
    return b.freeze();
  }

  public static Tensor ofDoubles(Shape shape, double... v) {
    TensorBuffer b = TensorBuffer.allocate(DType.DOUBLE, checkCount(shape, v.length));
    MemorySegment.copy(v, 0, b.segment(), F64, 0, v.length);
    return b.freeze();
  }

  public static Tensor ofInts(Shape shape, int... v) {
    TensorBuffer b = TensorBuffer.allocate(DType.INT32, checkCount(shape, v.length));
    MemorySegment.copy(v, 0, b.segment(), I32, 0, v.length);
    return b.freeze();
  }

  public static Tensor ofLongs(Shape shape, long... v) {
    TensorBuffer b = TensorBuffer.allocate(DType.INT64, checkCount(shape, v.length));
    MemorySegment.copy(v, 0, b.segment(), I64, 0, v.length);
    return b.freeze();
  }

  /** An integer tensor of any integer dtype from long values (truncated to the type's width). */
  public static Tensor ofIntegers(DType dtype, Shape shape, long... v) {
    TensorBuffer b = TensorBuffer.allocate(dtype, checkCount(shape, v.length));
    for (int i = 0; i < v.length; i++) {
      b.setIndex(i, v[i]);
    }
    return b.freeze();
  }

  public static Tensor ofBooleans(Shape shape, boolean... v) {
    TensorBuffer b = TensorBuffer.allocate(DType.BOOL, checkCount(shape, v.length));
    for (int i = 0; i < v.length; i++) {
      b.segment().set(I8, i, (byte) (v[i] ? 1 : 0));
    }
    return b.freeze();
  }

  /** A STRING tensor of UTF-8 encoded values. */
  public static Tensor ofStrings(Shape shape, String... v) {
    byte[][] bytes = new byte[v.length][];
    for (int i = 0; i < v.length; i++) {
      bytes[i] = v[i].getBytes(StandardCharsets.UTF_8);
    }
    return ofByteStrings(shape, bytes);
  }

  /** A STRING tensor of the given byte strings (copied). */
  public static Tensor ofByteStrings(Shape shape, byte[]... v) {
    checkCount(shape, v.length);
    byte[][] copy = new byte[v.length][];
    for (int i = 0; i < v.length; i++) {
      copy[i] = v[i].clone();
    }
    return new Tensor(DType.STRING, shape, null, copy, null);
  }

  /** A tensor holding a copy of {@code bytes} (little-endian element data). */
  public static Tensor fromBytes(DType dtype, Shape shape, MemorySegment bytes) {
    TensorBuffer b = TensorBuffer.allocate(dtype, shape);
    if (bytes.byteSize() != b.segment().byteSize()) {
      throw RawOpsException.invalidArgument(
          "expected "
              + b.segment().byteSize()
              + " bytes of "
              + dtype.tfName()
              + " data for shape "
              + shape
              + ", got "
              + bytes.byteSize());
    }
    MemorySegment.copy(bytes, 0, b.segment(), 0, bytes.byteSize());
    return b.freeze();
  }

  /**
   * A tensor sharing {@code base}'s memory from {@code byteOffset}: no copy. The base can no longer
   * be reclaimed for in-place writes, since the view would see them.
   */
  public static Tensor view(Tensor base, Shape shape, long byteOffset) {
    long bytes = shape.numElements() * base.dtype.byteSize();
    MemorySegment slice = base.segment().asSlice(byteOffset, bytes);
    base.markAliased();
    Storage s = base.storage;
    if (s != null) {
      s.retain();
    }
    return new Tensor(base.dtype, shape, slice, null, null, s);
  }

  /** The same elements under another shape of equal element count: no copy. */
  public static Tensor reshape(Tensor base, Shape shape) {
    if (shape.numElements() != base.numElements()) {
      throw RawOpsException.invalidArgument(
          "cannot reshape " + base.shape + " (" + base.numElements() + " elements) to " + shape);
    }
    if (base.dtype == DType.STRING) {
      return new Tensor(DType.STRING, shape, null, base.strings, null);
    }
    if (base.dtype.isObject()) {
      return new Tensor(base.dtype, shape, base.objects);
    }
    return view(base, shape, 0);
  }

  private static Shape checkCount(Shape shape, long count) {
    if (shape.numElements() != count) {
      throw RawOpsException.invalidArgument(
          "shape " + shape + " needs " + shape.numElements() + " values, got " + count);
    }
    return shape;
  }
}
