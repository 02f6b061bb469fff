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
  // The device memory under a device-resident tensor (data is then null), or null on the host.
  private final DeviceMemory device;
  private final long deviceAddress;
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
    this.device = null;
    this.deviceAddress = 0;
  }

  /** A tensor in device memory at {@code address}: its bytes are reachable only by a copy. */
  Tensor(
      DType dtype, Shape shape, DeviceMemory device, long address, Object owner, Storage storage) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = null;
    this.strings = null;
    this.objects = null;
    this.owner = owner;
    this.storage = storage;
    this.device = device;
    this.deviceAddress = address;
  }

  private Tensor(DType dtype, Shape shape, Object[] objects) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = null;
    this.strings = null;
    this.objects = objects;
    this.owner = null;
    this.storage = null;
    this.device = null;
    this.deviceAddress = 0;
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
    if (device != null) {
      throw new IllegalStateException(
          "a "
              + dtype.tfName()
              + " tensor of shape "
              + shape
              + " lives in "
              + device.deviceName()
              + " memory: copy it to the host first");
    }
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

  /**
   * True when this tensor's elements live in a device's memory (a GPU node's output inside a run):
   * its data is not readable from Java without an explicit copy ({@link DeviceTensors#toHost}).
   * Tensors a session returns are always on the host.
   */
  public boolean isOnDevice() {
    return device != null;
  }

  DeviceMemory device() {
    return device;
  }

  long deviceAddress() {
    checkOpen();
    return deviceAddress;
  }

  /** True once {@link #close()} was called. */
  public boolean isClosed() {
    return closed;
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException(
          "a " + dtype.tfName() + " tensor of shape " + shape + " was closed");
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
      case INT8, QINT8 -> s.get(I8, i);
      case UINT8, QUINT8 -> Byte.toUnsignedLong(s.get(I8, i));
      case INT16, QINT16 -> s.getAtIndex(I16, i);
      case UINT16, QUINT16 -> Short.toUnsignedLong(s.getAtIndex(I16, i));
      case INT32, QINT32 -> s.getAtIndex(I32, i);
      case UINT32 -> Integer.toUnsignedLong(s.getAtIndex(I32, i));
      case INT64, UINT64 -> s.getAtIndex(I64, i);
      default -> throw new IllegalStateException(dtype.tfName() + " is not an integer type");
    };
  }

  // ---- Bulk getters: a copy of every element, row-major. Each throws INVALID_ARGUMENT for a dtype
  // it does not read (only exact conversions are offered) or a tensor too large for a Java array.

  /**
   * All elements of an integer tensor widened to long: signed types sign-extended, unsigned types
   * zero-extended, UINT64 as its 64 bits (read with {@link Long#toUnsignedString(long)}).
   */
  public long[] toLongArray() {
    if (dtype == DType.INT64 || dtype == DType.UINT64) {
      long[] out = new long[arrayLength("toLongArray")];
      MemorySegment.copy(segment(), I64, 0, out, 0, out.length);
      return out;
    }
    if (!dtype.isInteger()) {
      throw wrongDType("toLongArray", "an integer");
    }
    long[] out = new long[arrayLength("toLongArray")];
    for (int i = 0; i < out.length; i++) {
      out[i] = getIndex(i);
    }
    return out;
  }

  /** All elements of an INT32, INT16, UINT16, INT8 or UINT8 tensor as int (widened exactly). */
  public int[] toIntArray() {
    int[] out;
    switch (dtype) {
      case INT32 -> {
        out = new int[arrayLength("toIntArray")];
        MemorySegment.copy(segment(), I32, 0, out, 0, out.length);
      }
      case INT8, UINT8, INT16, UINT16 -> {
        out = new int[arrayLength("toIntArray")];
        for (int i = 0; i < out.length; i++) {
          out[i] = (int) getIndex(i);
        }
      }
      default -> throw wrongDType("toIntArray", "an int32, int16, uint16, int8 or uint8");
    }
    return out;
  }

  /**
   * The 16 bits of each element of an INT16, UINT16, HALF or BFLOAT16 tensor (for half and bfloat16
   * their IEEE bit patterns: half 1.0 is {@code 0x3C00}, bfloat16 1.0 is {@code 0x3F80}).
   */
  public short[] toShortArray() {
    if (dtype.byteSize() != 2) {
      throw wrongDType("toShortArray", "an int16, uint16, half or bfloat16");
    }
    short[] out = new short[arrayLength("toShortArray")];
    MemorySegment.copy(segment(), I16, 0, out, 0, out.length);
    return out;
  }

  /**
   * The bytes of an INT8 or UINT8 tensor (uint8 values above 127 read negative: mask with 0xFF).
   */
  public byte[] toByteArray() {
    if (dtype != DType.INT8 && dtype != DType.UINT8) {
      throw wrongDType("toByteArray", "an int8 or uint8");
    }
    byte[] out = new byte[arrayLength("toByteArray")];
    MemorySegment.copy(segment(), I8, 0, out, 0, out.length);
    return out;
  }

  /** All elements of a BOOL tensor. */
  public boolean[] toBooleanArray() {
    if (dtype != DType.BOOL) {
      throw wrongDType("toBooleanArray", "a bool");
    }
    boolean[] out = new boolean[arrayLength("toBooleanArray")];
    for (int i = 0; i < out.length; i++) {
      out[i] = getBoolean(i);
    }
    return out;
  }

  /**
   * All elements of a FLOAT, HALF or BFLOAT16 tensor as float (half and bfloat16 widen exactly).
   */
  public float[] toFloatArray() {
    float[] out;
    switch (dtype) {
      case FLOAT -> {
        out = new float[arrayLength("toFloatArray")];
        MemorySegment.copy(segment(), F32, 0, out, 0, out.length);
      }
      case HALF, BFLOAT16 -> {
        out = new float[arrayLength("toFloatArray")];
        for (int i = 0; i < out.length; i++) {
          short bits = getShort(i);
          out[i] =
              dtype == DType.HALF ? Float.float16ToFloat(bits) : TensorText.bfloat16ToFloat(bits);
        }
      }
      default -> throw wrongDType("toFloatArray", "a float, half or bfloat16");
    }
    return out;
  }

  /** All elements of a DOUBLE, FLOAT, HALF or BFLOAT16 tensor as double (widened exactly). */
  public double[] toDoubleArray() {
    if (dtype == DType.DOUBLE) {
      double[] out = new double[arrayLength("toDoubleArray")];
      MemorySegment.copy(segment(), F64, 0, out, 0, out.length);
      return out;
    }
    if (dtype != DType.FLOAT && dtype != DType.HALF && dtype != DType.BFLOAT16) {
      throw wrongDType("toDoubleArray", "a double, float, half or bfloat16");
    }
    float[] f = toFloatArray();
    double[] out = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      out[i] = f[i];
    }
    return out;
  }

  /** A COMPLEX64 tensor's real parts ({@code [0]}) and imaginary parts ({@code [1]}). */
  public float[][] toComplexFloatArrays() {
    if (dtype != DType.COMPLEX64) {
      throw wrongDType("toComplexFloatArrays", "a complex64");
    }
    int n = arrayLength("toComplexFloatArrays");
    float[][] out = new float[2][n];
    for (int i = 0; i < n; i++) {
      out[0][i] = getFloat(2L * i);
      out[1][i] = getFloat(2L * i + 1);
    }
    return out;
  }

  /**
   * A COMPLEX128 or COMPLEX64 tensor's real parts ({@code [0]}) and imaginary parts ({@code [1]}),
   * complex64 widened exactly.
   */
  public double[][] toComplexDoubleArrays() {
    if (dtype != DType.COMPLEX128 && dtype != DType.COMPLEX64) {
      throw wrongDType("toComplexDoubleArrays", "a complex128 or complex64");
    }
    int n = arrayLength("toComplexDoubleArrays");
    double[][] out = new double[2][n];
    boolean wide = dtype == DType.COMPLEX128;
    for (int i = 0; i < n; i++) {
      out[0][i] = wide ? getDouble(2L * i) : getFloat(2L * i);
      out[1][i] = wide ? getDouble(2L * i + 1) : getFloat(2L * i + 1);
    }
    return out;
  }

  /** Copies of a STRING tensor's elements' bytes. */
  public byte[][] toBytesArray() {
    if (dtype != DType.STRING) {
      throw wrongDType("toBytesArray", "a string");
    }
    byte[][] s = stringArray();
    byte[][] out = new byte[s.length][];
    for (int i = 0; i < s.length; i++) {
      out[i] = s[i].clone();
    }
    return out;
  }

  /**
   * A STRING tensor's elements decoded as UTF-8 (bytes that are not UTF-8 become U+FFFD: use {@link
   * #toBytesArray()} for binary data).
   */
  public String[] toStringArray() {
    if (dtype != DType.STRING) {
      throw wrongDType("toStringArray", "a string");
    }
    byte[][] s = stringArray();
    String[] out = new String[s.length];
    for (int i = 0; i < s.length; i++) {
      out[i] = new String(s[i], StandardCharsets.UTF_8);
    }
    return out;
  }

  /** The longest Java array every JVM allocates (the JDK's own soft limit). */
  static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  /** The element count as a Java array length, or INVALID_ARGUMENT when it cannot be one. */
  private int arrayLength(String method) {
    long n = numElements();
    if (n > MAX_ARRAY_LENGTH) {
      throw RawOpsException.invalidArgument(
          method
              + ": a "
              + dtype.tfName()
              + shape
              + " tensor has "
              + n
              + " elements, more than a Java array holds; read it through data()");
    }
    return (int) n;
  }

  private RawOpsException wrongDType(String method, String wanted) {
    return RawOpsException.invalidArgument(
        method + " reads " + wanted + " tensor, got " + dtype.tfName() + shape);
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
    if (device != null || o.device != null) {
      return false; // device bytes are compared only after an explicit copy to the host
    }
    return MemorySegment.mismatch(data, 0, byteSize(), o.data, 0, o.byteSize()) == -1;
  }

  /**
   * The values in NumPy's {@code str()} layout (see {@link TensorFormat}): {@code [[1. 2.]\n [3.
   * 4.]]}, summarized with "..." past 1000 elements as NumPy does (see {@link TensorFormat}).
   */
  public String format() {
    return TensorFormat.format(this);
  }

  /**
   * Dtype, shape and values, e.g. {@code Tensor(dtype=float, shape=[2], [1. 2.])}; values as {@link
   * #format()} prints them (summarized past 1000 elements), on their own lines when they take
   * several.
   */
  @Override
  public String toString() {
    if (closed) {
      return "Tensor(dtype=" + dtype.tfName() + ", shape=" + shape + ", closed)";
    }
    if (device != null) {
      return "Tensor(dtype="
          + dtype.tfName()
          + ", shape="
          + shape
          + ", on "
          + device.deviceName()
          + ")";
    }
    String values = format();
    return "Tensor(dtype="
        + dtype.tfName()
        + ", shape="
        + shape
        + ","
        + (values.indexOf('\n') >= 0 ? "\n" : " ")
        + values
        + ")";
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

  /** A HALF tensor of the values rounded to the nearest half (IEEE 754 binary16, ties to even). */
  public static Tensor ofHalfs(Shape shape, float... v) {
    TensorBuffer b = TensorBuffer.allocate(DType.HALF, checkCount(shape, v.length));
    for (int i = 0; i < v.length; i++) {
      b.segment().setAtIndex(I16, i, Float.floatToFloat16(v[i]));
    }
    return b.freeze();
  }

  /** A BFLOAT16 tensor of the values rounded to the nearest bfloat16 (ties to even). */
  public static Tensor ofBfloat16s(Shape shape, float... v) {
    TensorBuffer b = TensorBuffer.allocate(DType.BFLOAT16, checkCount(shape, v.length));
    for (int i = 0; i < v.length; i++) {
      b.segment().setAtIndex(I16, i, TensorText.floatToBfloat16(v[i]));
    }
    return b.freeze();
  }

  /** A COMPLEX64 tensor with element i = {@code real[i] + imag[i]j}. */
  public static Tensor ofComplex64(Shape shape, float[] real, float[] imag) {
    checkParts(real.length, imag.length);
    TensorBuffer b = TensorBuffer.allocate(DType.COMPLEX64, checkCount(shape, real.length));
    for (int i = 0; i < real.length; i++) {
      b.segment().setAtIndex(F32, 2L * i, real[i]);
      b.segment().setAtIndex(F32, 2L * i + 1, imag[i]);
    }
    return b.freeze();
  }

  /** A COMPLEX128 tensor with element i = {@code real[i] + imag[i]j}. */
  public static Tensor ofComplex128(Shape shape, double[] real, double[] imag) {
    checkParts(real.length, imag.length);
    TensorBuffer b = TensorBuffer.allocate(DType.COMPLEX128, checkCount(shape, real.length));
    for (int i = 0; i < real.length; i++) {
      b.segment().setAtIndex(F64, 2L * i, real[i]);
      b.segment().setAtIndex(F64, 2L * i + 1, imag[i]);
    }
    return b.freeze();
  }

  private static void checkParts(int real, int imag) {
    if (real != imag) {
      throw RawOpsException.invalidArgument(
          "a complex tensor needs as many imaginary parts as real parts, got "
              + real
              + " and "
              + imag);
    }
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
   *
   * @throws NullPointerException if {@code base} or {@code shape} is null
   * @throws RawOpsException INVALID_ARGUMENT for a string or object tensor, an offset that is
   *     negative or not a multiple of the element size, or a view reaching past the base's end
   */
  public static Tensor view(Tensor base, Shape shape, long byteOffset) {
    java.util.Objects.requireNonNull(base, "base");
    java.util.Objects.requireNonNull(shape, "shape");
    if (base.dtype == DType.STRING || base.dtype.isObject()) {
      throw RawOpsException.invalidArgument(
          "a view shares fixed-width memory; a " + base.dtype.tfName() + " tensor has none");
    }
    long esz = base.dtype.byteSize();
    long bytes;
    try {
      bytes = Math.multiplyExact(shape.numElements(), esz);
    } catch (ArithmeticException e) {
      bytes = Long.MAX_VALUE;
    }
    if (byteOffset < 0 || byteOffset % esz != 0 || bytes > base.byteSize() - byteOffset) {
      throw RawOpsException.invalidArgument(
          "a view of shape "
              + shape
              + " at byte offset "
              + byteOffset
              + " does not fit in a "
              + base.dtype.tfName()
              + " tensor of shape "
              + base.shape
              + " ("
              + base.byteSize()
              + " bytes); the offset must be a multiple of "
              + esz);
    }
    if (base.device != null) {
      long address = base.deviceAddress() + byteOffset;
      base.markAliased();
      if (base.storage != null) {
        base.storage.retain();
      }
      return new Tensor(base.dtype, shape, base.device, address, null, base.storage);
    }
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
