package dev.rawops.tensor;

import dev.rawops.RawOpsException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Tensors from Java arrays and NIO buffers and back, and batching along axis 0 ({@link #stack},
 * {@link #unstack}). The factories copy: later changes to the array or buffer do not reach the
 * tensor. A nested array must be rectangular; a ragged one is INVALID_ARGUMENT naming the first row
 * whose length differs. The buffer factories read the elements from the buffer's position to its
 * limit and leave the position where it was.
 *
 * <pre>{@code
 * try (Tensor x = Tensors.of(new float[][] {{1, 2}, {3, 4}})) { // FLOAT [2, 2]
 *   float[][] back = Tensors.toFloatMatrix(x);
 * }
 * }</pre>
 */
public final class Tensors {
  private Tensors() {}

  // ---- From Java arrays. A 1-D array is a vector; a 2-D array a matrix of rows.

  /** A FLOAT vector. */
  public static Tensor of(float[] v) {
    return Tensor.ofFloats(Shape.of(v.length), v);
  }

  /** A FLOAT matrix, one row per element of {@code rows}. */
  public static Tensor of(float[][] rows) {
    int cols = columns(rows.length, i -> rows[i].length);
    float[] flat = new float[Math.multiplyExact(rows.length, cols)];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, flat, i * cols, cols);
    }
    return Tensor.ofFloats(Shape.of(rows.length, cols), flat);
  }

  /** A FLOAT tensor of rank 3. */
  public static Tensor of(float[][][] v) {
    List<Tensor> parts = new ArrayList<>(v.length);
    for (float[][] m : v) {
      parts.add(of(m));
    }
    return stackOrEmpty(parts, DType.FLOAT, v.length);
  }

  /** A DOUBLE vector. */
  public static Tensor of(double[] v) {
    return Tensor.ofDoubles(Shape.of(v.length), v);
  }

  /** A DOUBLE matrix. */
  public static Tensor of(double[][] rows) {
    int cols = columns(rows.length, i -> rows[i].length);
    double[] flat = new double[Math.multiplyExact(rows.length, cols)];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, flat, i * cols, cols);
    }
    return Tensor.ofDoubles(Shape.of(rows.length, cols), flat);
  }

  /** An INT32 vector. */
  public static Tensor of(int[] v) {
    return Tensor.ofInts(Shape.of(v.length), v);
  }

  /** An INT32 matrix. */
  public static Tensor of(int[][] rows) {
    int cols = columns(rows.length, i -> rows[i].length);
    int[] flat = new int[Math.multiplyExact(rows.length, cols)];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, flat, i * cols, cols);
    }
    return Tensor.ofInts(Shape.of(rows.length, cols), flat);
  }

  /** An INT64 vector. */
  public static Tensor of(long[] v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  /** An INT64 matrix. */
  public static Tensor of(long[][] rows) {
    int cols = columns(rows.length, i -> rows[i].length);
    long[] flat = new long[Math.multiplyExact(rows.length, cols)];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, flat, i * cols, cols);
    }
    return Tensor.ofLongs(Shape.of(rows.length, cols), flat);
  }

  /** A BOOL vector. */
  public static Tensor of(boolean[] v) {
    return Tensor.ofBooleans(Shape.of(v.length), v);
  }

  /** A STRING vector of UTF-8 encoded values. */
  public static Tensor of(String[] v) {
    return Tensor.ofStrings(Shape.of(v.length), v);
  }

  /** A STRING matrix of UTF-8 encoded values. */
  public static Tensor of(String[][] rows) {
    int cols = columns(rows.length, i -> rows[i].length);
    String[] flat = new String[Math.multiplyExact(rows.length, cols)];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, flat, i * cols, cols);
    }
    return Tensor.ofStrings(Shape.of(rows.length, cols), flat);
  }

  /** A STRING vector of byte strings (binary values: serialized protos, images). */
  public static Tensor ofBytes(byte[][] v) {
    return Tensor.ofByteStrings(Shape.of(v.length), v);
  }

  // ---- From NIO buffers: the remaining elements, in the given shape.

  /** A FLOAT tensor of the buffer's remaining elements. */
  public static Tensor of(Shape shape, FloatBuffer b) {
    float[] v = new float[b.remaining()];
    b.duplicate().get(v);
    return Tensor.ofFloats(shape, v);
  }

  /** A DOUBLE tensor of the buffer's remaining elements. */
  public static Tensor of(Shape shape, DoubleBuffer b) {
    double[] v = new double[b.remaining()];
    b.duplicate().get(v);
    return Tensor.ofDoubles(shape, v);
  }

  /** An INT32 tensor of the buffer's remaining elements. */
  public static Tensor of(Shape shape, IntBuffer b) {
    int[] v = new int[b.remaining()];
    b.duplicate().get(v);
    return Tensor.ofInts(shape, v);
  }

  /** An INT64 tensor of the buffer's remaining elements. */
  public static Tensor of(Shape shape, LongBuffer b) {
    long[] v = new long[b.remaining()];
    b.duplicate().get(v);
    return Tensor.ofLongs(shape, v);
  }

  /**
   * A fixed-width tensor of {@code dtype} from the buffer's remaining bytes, elements in the
   * buffer's byte order ({@link ByteBuffer#order()}); e.g. {@code ByteBuffer.wrap(bytes).order(
   * ByteOrder.LITTLE_ENDIAN)} for TensorFlow's {@code tensor_content}.
   *
   * @throws RawOpsException INVALID_ARGUMENT for a STRING or object dtype, or a byte count that is
   *     not the shape's
   */
  public static Tensor of(DType dtype, Shape shape, ByteBuffer b) {
    if (dtype == DType.STRING || dtype.isObject()) {
      throw RawOpsException.invalidArgument(
          "a " + dtype.tfName() + " tensor has no fixed-width bytes to read from a buffer");
    }
    ByteBuffer src = b.duplicate().order(b.order());
    if (b.order() == ByteOrder.LITTLE_ENDIAN || dtype.byteSize() == 1) {
      return Tensor.fromBytes(dtype, shape, MemorySegment.ofBuffer(src));
    }
    // Big-endian input: swap each element (complex: each part) into the little-endian layout.
    int width = dtype == DType.COMPLEX64 ? 4 : dtype == DType.COMPLEX128 ? 8 : dtype.byteSize();
    byte[] bytes = new byte[src.remaining()];
    src.get(bytes);
    for (int i = 0; i + width <= bytes.length; i += width) {
      for (int a = i, z = i + width - 1; a < z; a++, z--) {
        byte t = bytes[a];
        bytes[a] = bytes[z];
        bytes[z] = t;
      }
    }
    return Tensor.fromBytes(dtype, shape, MemorySegment.ofArray(bytes));
  }

  // ---- Back to Java arrays and buffers.

  /** A FLOAT matrix as rows. */
  public static float[][] toFloatMatrix(Tensor t) {
    int[] rc = matrix(t, "toFloatMatrix");
    float[] flat = t.toFloatArray();
    float[][] out = new float[rc[0]][];
    for (int i = 0; i < rc[0]; i++) {
      out[i] = java.util.Arrays.copyOfRange(flat, i * rc[1], (i + 1) * rc[1]);
    }
    return out;
  }

  /** A DOUBLE (or FLOAT, widened) matrix as rows. */
  public static double[][] toDoubleMatrix(Tensor t) {
    int[] rc = matrix(t, "toDoubleMatrix");
    double[] flat = t.toDoubleArray();
    double[][] out = new double[rc[0]][];
    for (int i = 0; i < rc[0]; i++) {
      out[i] = java.util.Arrays.copyOfRange(flat, i * rc[1], (i + 1) * rc[1]);
    }
    return out;
  }

  /** An INT32 (or narrower integer) matrix as rows. */
  public static int[][] toIntMatrix(Tensor t) {
    int[] rc = matrix(t, "toIntMatrix");
    int[] flat = t.toIntArray();
    int[][] out = new int[rc[0]][];
    for (int i = 0; i < rc[0]; i++) {
      out[i] = java.util.Arrays.copyOfRange(flat, i * rc[1], (i + 1) * rc[1]);
    }
    return out;
  }

  /** An integer matrix as rows of longs. */
  public static long[][] toLongMatrix(Tensor t) {
    int[] rc = matrix(t, "toLongMatrix");
    long[] flat = t.toLongArray();
    long[][] out = new long[rc[0]][];
    for (int i = 0; i < rc[0]; i++) {
      out[i] = java.util.Arrays.copyOfRange(flat, i * rc[1], (i + 1) * rc[1]);
    }
    return out;
  }

  /** A STRING matrix as rows of UTF-8 decoded strings. */
  public static String[][] toStringMatrix(Tensor t) {
    int[] rc = matrix(t, "toStringMatrix");
    byte[][] flat = t.toBytesArray();
    String[][] out = new String[rc[0]][rc[1]];
    for (int i = 0; i < rc[0]; i++) {
      for (int j = 0; j < rc[1]; j++) {
        out[i][j] = new String(flat[i * rc[1] + j], StandardCharsets.UTF_8);
      }
    }
    return out;
  }

  /**
   * Writes a FLOAT tensor's elements into {@code out} from its position, advancing it.
   *
   * @throws java.nio.BufferOverflowException if fewer than {@code numElements()} remain
   */
  public static void copyTo(Tensor t, FloatBuffer out) {
    out.put(t.toFloatArray());
  }

  /** Writes a DOUBLE (or FLOAT, widened) tensor's elements into {@code out}, advancing it. */
  public static void copyTo(Tensor t, DoubleBuffer out) {
    out.put(t.toDoubleArray());
  }

  /** Writes an INT32 (or narrower integer) tensor's elements into {@code out}, advancing it. */
  public static void copyTo(Tensor t, IntBuffer out) {
    out.put(t.toIntArray());
  }

  /** Writes an integer tensor's elements, widened to long, into {@code out}, advancing it. */
  public static void copyTo(Tensor t, LongBuffer out) {
    out.put(t.toLongArray());
  }

  // ---- Batching along axis 0.

  /**
   * The tensors stacked along a new axis 0, as TF's {@code tf.stack(values, axis=0)}: all of one
   * dtype and shape S, the result {@code [n] + S}. The data is copied.
   *
   * @throws RawOpsException INVALID_ARGUMENT for no tensors, or one whose dtype or shape differs
   *     from the first's (naming its index)
   */
  public static Tensor stack(List<Tensor> parts) {
    Objects.requireNonNull(parts, "parts");
    if (parts.isEmpty()) {
      throw RawOpsException.invalidArgument("stack needs at least one tensor, got none");
    }
    Tensor first = parts.get(0);
    for (int i = 1; i < parts.size(); i++) {
      Tensor p = parts.get(i);
      if (p.dtype() != first.dtype() || !p.shape().equals(first.shape())) {
        throw RawOpsException.invalidArgument(
            "stack: tensor "
                + i
                + " is "
                + p.dtype().tfName()
                + p.shape()
                + ", but tensor 0 is "
                + first.dtype().tfName()
                + first.shape());
      }
    }
    Shape out = Shape.of(parts.size()).concat(first.shape());
    if (first.dtype() == DType.STRING) {
      byte[][] all = new byte[Math.toIntExact(out.numElements())][];
      int at = 0;
      for (Tensor p : parts) {
        byte[][] v = p.toBytesArray();
        System.arraycopy(v, 0, all, at, v.length);
        at += v.length;
      }
      return Tensor.ofByteStrings(out, all);
    }
    if (first.dtype().isObject()) {
      throw RawOpsException.invalidArgument(
          "stack: " + first.dtype().tfName() + " tensors hold no data to copy");
    }
    TensorBuffer b = TensorBuffer.allocate(first.dtype(), out);
    long rowBytes = first.byteSize();
    for (int i = 0; i < parts.size(); i++) {
      MemorySegment.copy(parts.get(i).data(), 0, b.segment(), i * rowBytes, rowBytes);
    }
    return b.freeze();
  }

  /**
   * The slices of {@code t} along axis 0, as TF's {@code tf.unstack(t, axis=0)}: {@code dim(0)}
   * tensors of shape {@code t.shape()} without its first dimension. Fixed-width slices are views of
   * {@code t}'s memory (no copy; see {@link Tensor#view}).
   *
   * @throws RawOpsException INVALID_ARGUMENT for a scalar or an object tensor
   */
  public static List<Tensor> unstack(Tensor t) {
    if (t.shape().rank() == 0) {
      throw RawOpsException.invalidArgument("unstack needs a tensor of rank >= 1, got a scalar");
    }
    if (t.dtype().isObject()) {
      throw RawOpsException.invalidArgument(
          "unstack: " + t.dtype().tfName() + " tensors hold no data to slice");
    }
    int n = Math.toIntExact(t.shape().dim(0));
    Shape row = t.shape().sub(1, t.shape().rank());
    List<Tensor> out = new ArrayList<>(n);
    if (t.dtype() == DType.STRING) {
      byte[][] all = t.toBytesArray();
      int per = Math.toIntExact(row.numElements());
      for (int i = 0; i < n; i++) {
        byte[][] v = new byte[per][];
        System.arraycopy(all, i * per, v, 0, per);
        out.add(Tensor.ofByteStrings(row, v));
      }
      return out;
    }
    long rowBytes = row.numElements() * t.dtype().byteSize();
    for (int i = 0; i < n; i++) {
      out.add(Tensor.view(t, row, i * rowBytes));
    }
    return out;
  }

  private static Tensor stackOrEmpty(List<Tensor> parts, DType dtype, int n) {
    if (n == 0) {
      return TensorBuffer.allocate(dtype, Shape.of(0, 0, 0)).freeze();
    }
    try {
      return stack(parts);
    } finally {
      parts.forEach(Tensor::close);
    }
  }

  /** The common row length; INVALID_ARGUMENT naming the first row that differs. */
  private static int columns(int rows, java.util.function.IntUnaryOperator length) {
    if (rows == 0) {
      return 0;
    }
    int cols = length.applyAsInt(0);
    for (int i = 1; i < rows; i++) {
      int c = length.applyAsInt(i);
      if (c != cols) {
        throw RawOpsException.invalidArgument(
            "a tensor's rows must have one length: row 0 has " + cols + ", row " + i + " has " + c);
      }
    }
    return cols;
  }

  private static int[] matrix(Tensor t, String what) {
    if (t.shape().rank() != 2) {
      throw RawOpsException.invalidArgument(
          what + " reads a matrix (rank 2), got shape " + t.shape());
    }
    return new int[] {Math.toIntExact(t.shape().dim(0)), Math.toIntExact(t.shape().dim(1))};
  }
}
