package dev.rawops.tensor;

import static dev.rawops.tensor.Layouts.F32;
import static dev.rawops.tensor.Layouts.F64;
import static dev.rawops.tensor.Layouts.I16;
import static dev.rawops.tensor.Layouts.I32;
import static dev.rawops.tensor.Layouts.I64;
import static dev.rawops.tensor.Layouts.I8;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import dev.rawops.RawOpsException;
import dev.rawops.tfproto.TensorProto;
import dev.rawops.tfproto.TensorShapeProto;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * TensorProto ↔ Tensor, with TensorFlow's rules: {@code tensor_content} must hold exactly the data;
 * a typed {@code *_val} list shorter than the shape repeats its last value, an empty one means
 * zeros, and a longer one is cut to the shape (all as TF's Tensor::FromProto does).
 */
public final class TensorProtos {
  private TensorProtos() {}

  /**
   * The concrete shape of a TensorShapeProto.
   *
   * @throws NullPointerException if {@code p} is null
   * @throws RawOpsException INVALID_ARGUMENT for unknown rank or dims, rank over 254, or more
   *     elements than 64 bits count
   */
  public static Shape shapeOf(TensorShapeProto p) {
    java.util.Objects.requireNonNull(p, "shape proto");
    if (p.getUnknownRank()) {
      throw RawOpsException.invalidArgument(
          "a tensor's shape must be fully defined, got unknown rank");
    }
    if (p.getDimCount() > dev.rawops.Limits.MAX_RANK) {
      throw RawOpsException.invalidArgument(
          "a tensor's rank "
              + p.getDimCount()
              + " exceeds TensorFlow's maximum of "
              + dev.rawops.Limits.MAX_RANK);
    }
    long[] d = new long[p.getDimCount()];
    for (int i = 0; i < d.length; i++) {
      d[i] = p.getDim(i).getSize();
      if (d[i] < 0) {
        throw RawOpsException.invalidArgument(
            "a tensor's shape must be fully defined, got " + PartialShape.fromProto(p));
      }
    }
    return Shape.of(d);
  }

  /**
   * Bytes the decoded tensor would take (element data, or for strings its elements' bytes plus a
   * reference each), computed from the proto alone, without decoding or allocating anything.
   * Long.MAX_VALUE when that overflows.
   *
   * @throws RawOpsException INVALID_ARGUMENT for an unknown dtype or a malformed shape
   */
  public static long decodedBytes(TensorProto p) {
    DType dtype = DType.fromProto(p.getDtype());
    Shape shape = shapeOf(p.getTensorShape());
    long n = shape.numElements();
    try {
      if (dtype == DType.STRING) {
        long bytes = Math.multiplyExact(n, 16L);
        if (!p.getTensorContent().isEmpty()) {
          return Math.addExact(bytes, p.getTensorContent().size());
        }
        int distinct = (int) Math.min(n, p.getStringValCount());
        for (int i = 0; i < distinct; i++) {
          bytes = Math.addExact(bytes, p.getStringVal(i).size());
        }
        return bytes;
      }
      return dtype.isObject() ? 0 : Math.multiplyExact(n, (long) dtype.byteSize());
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /**
   * Checks what {@link #toTensor} would reject for the proto's form, without decoding or
   * allocating: its dtype, its shape, and the size of a fixed-width {@code tensor_content}. Limits
   * are left to decoding.
   *
   * @throws RawOpsException as {@link #toTensor} does for a malformed proto
   */
  public static void checkStructure(TensorProto p) {
    java.util.Objects.requireNonNull(p, "tensor proto");
    DType dtype = DType.fromProto(p.getDtype());
    if (dtype.isObject()) {
      throw RawOpsException.of(
          dev.rawops.Code.UNIMPLEMENTED,
          "a "
              + dtype.tfName()
              + " TensorProto cannot be decoded: rawops holds resource and"
              + " variant tensors only as values kernels make at run time");
    }
    Shape shape = shapeOf(p.getTensorShape());
    if (dtype != DType.STRING && !p.getTensorContent().isEmpty()) {
      long expected;
      try {
        expected = Math.multiplyExact(shape.numElements(), (long) dtype.byteSize());
      } catch (ArithmeticException e) {
        expected = Long.MAX_VALUE;
      }
      if (p.getTensorContent().size() != expected) {
        throw contentSize(p.getTensorContent().size(), dtype, shape, expected);
      }
    }
  }

  /**
   * Decodes a TensorProto as TF's Tensor::FromProto does.
   *
   * @throws NullPointerException if {@code p} is null
   * @throws RawOpsException INVALID_ARGUMENT for a malformed proto (unknown dtype, unknown or
   *     negative dims, rank over 254, {@code tensor_content} of the wrong size), UNIMPLEMENTED for
   *     resource and variant protos, RESOURCE_EXHAUSTED past {@link dev.rawops.Limits}
   */
  public static Tensor toTensor(TensorProto p) {
    java.util.Objects.requireNonNull(p, "tensor proto");
    DType dtype = DType.fromProto(p.getDtype());
    if (dtype.isObject()) {
      throw RawOpsException.of(
          dev.rawops.Code.UNIMPLEMENTED,
          "a "
              + dtype.tfName()
              + " TensorProto cannot be decoded: rawops holds resource and"
              + " variant tensors only as values kernels make at run time");
    }
    Shape shape = shapeOf(p.getTensorShape());
    if (dtype == DType.STRING) {
      return strings(p, shape);
    }
    checkTensorBytes(dtype, shape);
    if (!p.getTensorContent().isEmpty() || shape.numElements() == 0) {
      return fromContent(p.getTensorContent(), dtype, shape);
    }
    TensorBuffer b = TensorBuffer.allocate(dtype, shape);
    fillTyped(p, b);
    return b.freeze();
  }

  /**
   * RESOURCE_EXHAUSTED when a fixed-width tensor of {@code shape} would pass {@link
   * dev.rawops.Limits#maxTensorBytes()}; checked before allocating.
   */
  public static void checkTensorBytes(DType dtype, Shape shape) {
    long limit = dev.rawops.Limits.maxTensorBytes();
    long bytes;
    try {
      bytes = Math.multiplyExact(shape.numElements(), (long) dtype.byteSize());
    } catch (ArithmeticException e) {
      bytes = Long.MAX_VALUE;
    }
    if (bytes > limit) {
      throw dev.rawops.Limits.exceeded(
          "a " + dtype.tfName() + " tensor of shape " + shape + " (" + bytes + " bytes)",
          dev.rawops.Limits.MAX_TENSOR_BYTES,
          limit);
    }
  }

  private static RawOpsException contentSize(long size, DType dtype, Shape shape, long expected) {
    return RawOpsException.invalidArgument(
        "tensor_content holds "
            + size
            + " bytes but a "
            + dtype.tfName()
            + " tensor of shape "
            + shape
            + " needs "
            + expected);
  }

  private static Tensor fromContent(ByteString content, DType dtype, Shape shape) {
    long expected = shape.numElements() * dtype.byteSize();
    if (content.size() != expected) {
      throw contentSize(content.size(), dtype, shape, expected);
    }
    TensorBuffer b = TensorBuffer.allocate(dtype, shape);
    MemorySegment.copy(
        MemorySegment.ofBuffer(content.asReadOnlyByteBuffer()), 0, b.segment(), 0, expected);
    return b.freeze();
  }

  private static Tensor strings(TensorProto p, Shape shape) {
    List<ByteString> vals = p.getStringValList();
    TensorBuffer b = TensorBuffer.allocate(DType.STRING, shape);
    byte[][] out = b.strings();
    if (!p.getTensorContent().isEmpty()) {
      decodeStringList(p.getTensorContent(), out);
      return b.freeze();
    }
    if (!vals.isEmpty()) {
      // TF repeats the last value over the rest of the shape; the repeats share one array
      // (elements are never written after freezing), so a 1 MB value over [20000] stays 1 MB.
      int distinct = Math.min(out.length, vals.size());
      long bytes = 0;
      long elementLimit = dev.rawops.Limits.maxStringElementBytes();
      for (int i = 0; i < distinct; i++) {
        checkStringElement(vals.get(i).size(), elementLimit);
        bytes += vals.get(i).size();
      }
      long limit = dev.rawops.Limits.maxStringBytes();
      if (bytes > limit) {
        throw dev.rawops.Limits.exceeded(
            "a string tensor of " + bytes + " bytes", "maxStringBytes", limit);
      }
      for (int i = 0; i < distinct; i++) {
        out[i] = vals.get(i).toByteArray();
      }
      for (int i = distinct; i < out.length; i++) {
        out[i] = out[distinct - 1];
      }
    }
    return b.freeze();
  }

  /**
   * TF's string {@code tensor_content} (what its exporter writes for a string Const, e.g. through
   * TF Java): one varint32 length per element, then all the bytes, with nothing left over, as TF's
   * port::DecodeStringList reads it.
   */
  private static void decodeStringList(ByteString content, byte[][] out) {
    try {
      CodedInputStream in = content.newCodedInput();
      int[] sizes = new int[out.length];
      long total = 0;
      long elementLimit = dev.rawops.Limits.maxStringElementBytes();
      for (int i = 0; i < sizes.length; i++) {
        sizes[i] = in.readRawVarint32();
        if (sizes[i] < 0) {
          throw badStringContent(content.size(), out.length);
        }
        checkStringElement(sizes[i], elementLimit);
        total += sizes[i];
      }
      if (total != content.size() - in.getTotalBytesRead()) {
        throw badStringContent(content.size(), out.length);
      }
      for (int i = 0; i < out.length; i++) {
        out[i] = in.readRawBytes(sizes[i]);
      }
    } catch (IOException e) {
      throw badStringContent(content.size(), out.length);
    }
  }

  private static void checkStringElement(long bytes, long limit) {
    if (bytes > limit) {
      throw dev.rawops.Limits.exceeded(
          "a string element of " + bytes + " bytes",
          dev.rawops.Limits.MAX_STRING_ELEMENT_BYTES,
          limit);
    }
  }

  private static RawOpsException badStringContent(int bytes, int elements) {
    return RawOpsException.invalidArgument(
        "tensor_content of "
            + bytes
            + " bytes is not a string list of "
            + elements
            + " elements (varint32 lengths, then the bytes)");
  }

  /** Typed fields: element i takes value min(i, count-1); no values at all means zeros. */
  private static void fillTyped(TensorProto p, TensorBuffer b) {
    MemorySegment s = b.segment();
    long n = b.shape().numElements();
    switch (b.dtype()) {
      case FLOAT -> fill(n, p.getFloatValCount(), (d, k) -> s.setAtIndex(F32, d, p.getFloatVal(k)));
      case DOUBLE ->
          fill(n, p.getDoubleValCount(), (d, k) -> s.setAtIndex(F64, d, p.getDoubleVal(k)));
      case INT32, UINT32, QINT32 -> fillInt32(p, s, n, b.dtype() == DType.UINT32);
      case INT16, UINT16, QINT16, QUINT16 ->
          fill(n, p.getIntValCount(), (d, k) -> s.setAtIndex(I16, d, (short) p.getIntVal(k)));
      case INT8, UINT8, QINT8, QUINT8 ->
          fill(n, p.getIntValCount(), (d, k) -> s.set(I8, d, (byte) p.getIntVal(k)));
      case INT64 -> fill(n, p.getInt64ValCount(), (d, k) -> s.setAtIndex(I64, d, p.getInt64Val(k)));
      case UINT64 ->
          fill(n, p.getUint64ValCount(), (d, k) -> s.setAtIndex(I64, d, p.getUint64Val(k)));
      case BOOL ->
          fill(n, p.getBoolValCount(), (d, k) -> s.set(I8, d, (byte) (p.getBoolVal(k) ? 1 : 0)));
      case HALF, BFLOAT16 ->
          fill(n, p.getHalfValCount(), (d, k) -> s.setAtIndex(I16, d, (short) p.getHalfVal(k)));
      case COMPLEX64 ->
          fill(
              n,
              p.getScomplexValCount() / 2,
              (d, k) -> {
                s.setAtIndex(F32, 2 * d, p.getScomplexVal(2 * k));
                s.setAtIndex(F32, 2 * d + 1, p.getScomplexVal(2 * k + 1));
              });
      case COMPLEX128 ->
          fill(
              n,
              p.getDcomplexValCount() / 2,
              (d, k) -> {
                s.setAtIndex(F64, 2 * d, p.getDcomplexVal(2 * k));
                s.setAtIndex(F64, 2 * d + 1, p.getDcomplexVal(2 * k + 1));
              });
      case STRING -> throw new IllegalStateException("strings are handled separately");
      case RESOURCE, VARIANT -> throw new IllegalStateException("checked in toTensor");
    }
  }

  private static void fillInt32(TensorProto p, MemorySegment s, long n, boolean unsigned) {
    if (unsigned) {
      fill(n, p.getUint32ValCount(), (d, k) -> s.setAtIndex(I32, d, p.getUint32Val(k)));
    } else {
      fill(n, p.getIntValCount(), (d, k) -> s.setAtIndex(I32, d, p.getIntVal(k)));
    }
  }

  /** Writes element {@code dst} from value {@code src} of the typed field. */
  private interface Setter {
    void set(long dst, int src);
  }

  private static void fill(long n, int count, Setter setter) {
    if (count == 0) {
      return; // the buffer is already zeros, as TF fills them
    }
    for (long i = 0; i < n; i++) {
      setter.set(i, (int) Math.min(i, count - 1));
    }
  }

  /**
   * The tensor as a TensorProto: {@code tensor_content} for fixed-width, {@code string_val} for
   * STRING.
   */
  public static TensorProto toProto(Tensor t) {
    java.util.Objects.requireNonNull(t, "tensor");
    TensorProto.Builder b = TensorProto.newBuilder().setDtype(t.dtype().proto());
    b.setTensorShape(t.shape().toPartial().toProto());
    if (t.dtype() == DType.STRING) {
      for (byte[] s : t.stringArray()) {
        b.addStringVal(ByteString.copyFrom(s));
      }
    } else if (t.byteSize() > 0) {
      b.setTensorContent(ByteString.copyFrom(t.segment().asByteBuffer()));
    }
    return b.build();
  }
}
