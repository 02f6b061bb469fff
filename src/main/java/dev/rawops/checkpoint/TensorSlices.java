package dev.rawops.checkpoint;

import com.google.common.base.Splitter;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.BundleEntryProto;
import dev.rawops.tfproto.TensorSliceProto;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Partitioned tensors in a bundle, read as TF's {@code BundleReader::GetSliceValue} reads them: the
 * full tensor's entry lists its stored slices ({@code BundleEntryProto.slices}) and holds no bytes;
 * each slice is an entry of its own under TF's {@code EncodeTensorNameSlice} key (OrderedCode: 0,
 * the name, the rank, then each dimension's start and length, -1 for a whole dimension). A read
 * takes every stored slice that intersects the requested one, which they must cover exactly ({@code
 * TensorSliceSet::QueryMeta}), and copies each intersection into place.
 */
final class TensorSlices {
  private TensorSlices() {}

  /** The dtypes TF's GetSliceValue copies between slices (its HANDLE_COPY list). */
  private static final Set<DType> COPYABLE =
      EnumSet.of(
          DType.FLOAT,
          DType.DOUBLE,
          DType.INT32,
          DType.UINT8,
          DType.INT16,
          DType.INT8,
          DType.COMPLEX64,
          DType.COMPLEX128,
          DType.INT64,
          DType.BOOL,
          DType.BFLOAT16);

  /** TF's TensorSlice: per dimension a start and a length, -1 meaning the whole dimension. */
  static final class Slice {
    final long[] start;
    final long[] length;

    Slice(long[] start, long[] length) {
      this.start = start;
      this.length = length;
    }

    static Slice full(int rank) {
      long[] len = new long[rank];
      java.util.Arrays.fill(len, -1);
      return new Slice(new long[rank], len);
    }

    static Slice of(TensorSliceProto p) {
      int r = p.getExtentCount();
      long[] s = new long[r];
      long[] l = new long[r];
      for (int d = 0; d < r; d++) {
        s[d] = p.getExtent(d).getStart();
        l[d] = p.getExtent(d).hasLength() ? p.getExtent(d).getLength() : -1;
      }
      return new Slice(s, l);
    }

    /**
     * TF's slice spec, e.g. {@code "0,2:-"} (TensorSlice::Parse); INVALID_ARGUMENT when malformed.
     */
    static Slice parse(String spec, int rank) {
      if (spec.isEmpty()) {
        return full(rank);
      }
      List<String> dimList = Splitter.on(':').splitToList(spec);
      String[] dims = dimList.toArray(String[]::new);
      long[] s = new long[dims.length];
      long[] l = new long[dims.length];
      for (int d = 0; d < dims.length; d++) {
        if (dims[d].equals("-")) {
          l[d] = -1;
          continue;
        }
        String[] sl = Splitter.on(',').splitToList(dims[d]).toArray(String[]::new);
        try {
          s[d] = Long.parseLong(sl[0]);
          l[d] = sl.length == 2 ? Long.parseLong(sl[1]) : Long.MIN_VALUE;
        } catch (NumberFormatException e) {
          l[d] = Long.MIN_VALUE;
        }
        if (sl.length != 2 || s[d] < 0 || l[d] < 0) {
          throw RawOpsException.invalidArgument(
              "Expected a pair of numbers or '-' but got '" + dims[d] + "': string = " + spec);
        }
      }
      return new Slice(s, l);
    }

    int rank() {
      return start.length;
    }

    boolean isFull() {
      for (long l : length) {
        if (l >= 0) {
          return false;
        }
      }
      return true;
    }

    TensorSliceProto proto() {
      TensorSliceProto.Builder b = TensorSliceProto.newBuilder();
      for (int d = 0; d < rank(); d++) {
        TensorSliceProto.Extent.Builder x = b.addExtentBuilder().setStart(start[d]);
        if (length[d] >= 0) {
          x.setLength(length[d]);
        }
      }
      return b.build();
    }

    long begin(int d) {
      return length[d] < 0 ? 0 : start[d];
    }

    long end(int d, Shape full) {
      return length[d] < 0 ? full.dim(d) : start[d] + length[d];
    }

    Shape shape(Shape full) {
      long[] dims = new long[rank()];
      for (int d = 0; d < dims.length; d++) {
        dims[d] = end(d, full) - begin(d);
      }
      return Shape.of(dims);
    }

    boolean fits(Shape full) {
      if (rank() != full.rank()) {
        return false;
      }
      for (int d = 0; d < rank(); d++) {
        if (begin(d) < 0 || end(d, full) > full.dim(d) || end(d, full) < begin(d)) {
          return false;
        }
      }
      return true;
    }

    boolean sameAs(Slice o) {
      return java.util.Arrays.equals(start, o.start) && java.util.Arrays.equals(length, o.length);
    }

    /** TF's DebugString: {@code start,length} or {@code -} per dimension, joined by ':'. */
    String debug() {
      List<String> parts = new ArrayList<>();
      for (int d = 0; d < rank(); d++) {
        parts.add(length[d] < 0 ? "-" : start[d] + "," + length[d]);
      }
      return String.join(":", parts);
    }
  }

  /**
   * TF's checkpoint::ParseShapeAndSlice ({@code "5 3 0,2:-"}), checked against the stored shape as
   * RestoreV2 does.
   */
  static Slice parseShapeAndSlice(String key, String spec, Shape stored) {
    List<String> parts = Splitter.on(' ').splitToList(spec);
    if (parts.size() < 2) {
      throw RawOpsException.invalidArgument(
          "Need least two elements in shape_and_slice specification: " + spec);
    }
    long[] dims = new long[parts.size() - 1];
    for (int d = 0; d < dims.length; d++) {
      try {
        dims[d] = Long.parseLong(parts.get(d));
      } catch (NumberFormatException e) {
        dims[d] = -1;
      }
      if (dims[d] < 0) {
        throw RawOpsException.invalidArgument(
            "Non numerical dimension in shape_and_slice: " + spec);
      }
    }
    Shape shape = Shape.of(dims);
    if (!shape.equals(stored)) {
      throw RawOpsException.invalidArgument(
          "tensor_name = "
              + key
              + "; shape in shape_and_slice spec "
              + shape
              + " does not match the shape stored in checkpoint: "
              + stored);
    }
    Slice s = Slice.parse(parts.get(parts.size() - 1), dims.length);
    if (s.rank() != dims.length || !s.fits(shape)) {
      throw RawOpsException.invalidArgument(
          "Expected a slice of rank " + dims.length + " within " + shape + ": " + spec);
    }
    return s;
  }

  /** TF's checkpoint::EncodeTensorNameSlice, as the index's byte key (ISO-8859-1). */
  static String encodeKey(String name, Slice s) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeNumIncreasing(out, 0);
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      out.write(b);
      if (b == 0) {
        out.write(0xff);
      } else if (b == (byte) 0xff) {
        out.write(0);
      }
    }
    out.write(0);
    out.write(1);
    writeNumIncreasing(out, s.rank());
    for (int d = 0; d < s.rank(); d++) {
      writeSignedNumIncreasing(out, s.start[d]);
      writeSignedNumIncreasing(out, s.length[d]);
    }
    return new String(out.toByteArray(), StandardCharsets.ISO_8859_1);
  }

  private static void writeNumIncreasing(ByteArrayOutputStream out, long v) {
    int len = v == 0 ? 0 : (64 - Long.numberOfLeadingZeros(v) + 7) / 8;
    out.write(len);
    for (int i = len - 1; i >= 0; i--) {
      out.write((int) (v >>> (8 * i)) & 0xff);
    }
  }

  /** OrderedCode::WriteSignedNumIncreasing: n bytes hold [-2^(7n-1), 2^(7n-1)). */
  private static void writeSignedNumIncreasing(ByteArrayOutputStream out, long v) {
    long x = v < 0 ? ~v : v;
    int bits = 64 - Long.numberOfLeadingZeros(x); // Log2Floor64(x) + 1; 0 for x = 0
    int len = bits / 7 + 1; // TF's kBitsToLength
    byte[] buf = new byte[10];
    byte sign = (byte) (v < 0 ? 0xff : 0);
    buf[0] = sign;
    buf[1] = sign;
    for (int i = 0; i < 8; i++) {
      buf[2 + i] = (byte) (v >>> (56 - 8 * i));
    }
    int begin = 10 - len;
    buf[begin] ^= HEADER[len][0];
    if (len > 1) {
      buf[begin + 1] ^= HEADER[len][1];
    }
    out.write(buf, begin, len);
  }

  private static final byte[][] HEADER = {
    {0, 0},
    {(byte) 0x80, 0},
    {(byte) 0xc0, 0},
    {(byte) 0xe0, 0},
    {(byte) 0xf0, 0},
    {(byte) 0xf8, 0},
    {(byte) 0xfc, 0},
    {(byte) 0xfe, 0},
    {(byte) 0xff, 0},
    {(byte) 0xff, (byte) 0x80},
    {(byte) 0xff, (byte) 0xc0}
  };

  /**
   * Slice {@code want} of the partitioned tensor {@code key}.
   *
   * @throws RawOpsException INVALID_ARGUMENT when the stored slices do not cover {@code want}, a
   *     stored slice does not fit the tensor or overlaps another, or the dtype is one TF does not
   *     copy between slices; NOT_FOUND for a stored slice the index lacks; DATA_LOSS for damage
   */
  static Tensor read(TensorBundle bundle, String key, BundleEntryProto full, Slice want) {
    Shape shape = TensorProtos.shapeOf(full.getShape());
    if (!want.fits(shape)) {
      throw RawOpsException.invalidArgument(
          "slice " + want.debug() + " does not fit tensor " + key + " of shape " + shape);
    }
    List<Slice> stored = new ArrayList<>();
    for (TensorSliceProto p : full.getSlicesList()) {
      Slice s = Slice.of(p);
      if (!s.fits(shape)) {
        throw RawOpsException.invalidArgument(
            "checkpoint "
                + bundle.prefix()
                + ": stored slice "
                + s.debug()
                + " of "
                + key
                + " does not fit its shape "
                + shape);
      }
      for (Slice o : stored) {
        if (intersect(s, o, shape) != null) {
          throw RawOpsException.invalidArgument(
              "Overlapping slices: existing slice = " + o.debug() + ", new slice = " + s.debug());
        }
      }
      stored.add(s);
    }
    Shape out = want.shape(shape);
    List<Slice> hits = new ArrayList<>();
    long covered = 0;
    for (Slice s : stored) {
      Slice i = intersect(want, s, shape);
      if (i != null) {
        hits.add(s);
        covered += i.shape(shape).numElements();
      }
    }
    if (covered != out.numElements()) {
      throw RawOpsException.invalidArgument(
          "Does not have sufficient slices for partitioned tensor "
              + key
              + " to restore in slice_spec: "
              + want.debug());
    }
    DType dtype = DType.fromProtoOrNull(full.getDtype());
    for (Slice s : hits) {
      if (s.sameAs(want)) {
        return part(bundle, key, full, s);
      }
    }
    if (dtype == null || !COPYABLE.contains(dtype)) {
      throw RawOpsException.invalidArgument(
          "Dtype " + DType.tfName(full.getDtype()) + " not supported.");
    }
    MemorySegment dst =
        MemorySegment.ofArray(new byte[Math.toIntExact(out.numElements() * dtype.byteSize())]);
    for (Slice s : hits) {
      Tensor part = part(bundle, key, full, s);
      if (!part.shape().equals(s.shape(shape)) || part.dtype() != dtype) {
        throw TensorBundle.corrupt(
            TensorBundle.indexPath(bundle.prefix()),
            "slice " + s.debug() + " of " + key + " holds " + part.dtype().tfName() + part.shape());
      }
      copy(part.data(), s, dst, want, intersect(want, s, shape), shape, dtype.byteSize());
    }
    return Tensor.fromBytes(dtype, out, dst);
  }

  /** A stored slice's tensor: the entry itself for a whole tensor read in slices. */
  private static Tensor part(TensorBundle bundle, String key, BundleEntryProto full, Slice s) {
    return s.isFull()
        ? bundle.readEntry(key, full.toBuilder().clearSlices().build())
        : bundle.readSliceEntry(key, encodeKey(key, s), s.debug());
  }

  /** The intersection of two slices in absolute coordinates, or null when empty. */
  private static Slice intersect(Slice a, Slice b, Shape full) {
    int r = a.rank();
    long[] s = new long[r];
    long[] l = new long[r];
    for (int d = 0; d < r; d++) {
      long lo = Math.max(a.begin(d), b.begin(d));
      long hi = Math.min(a.end(d, full), b.end(d, full));
      if (hi <= lo) {
        return null;
      }
      s[d] = lo;
      l[d] = hi - lo;
    }
    return new Slice(s, l);
  }

  /**
   * Copies region {@code part} from {@code src} (laid out as slice {@code from}) into {@code dst}.
   */
  private static void copy(
      MemorySegment src,
      Slice from,
      MemorySegment dst,
      Slice to,
      Slice part,
      Shape full,
      int elem) {
    int r = part.rank();
    Shape srcShape = from.shape(full);
    Shape dstShape = to.shape(full);
    if (r == 0) {
      MemorySegment.copy(src, 0, dst, 0, elem);
      return;
    }
    long run = part.length[r - 1] * elem;
    long[] idx = new long[r - 1]; // offsets within part over the leading dimensions
    while (true) {
      long so = 0;
      long dOff = 0;
      for (int d = 0; d < r; d++) {
        long g = part.start[d] + (d < r - 1 ? idx[d] : 0);
        so = so * srcShape.dim(d) + (g - from.begin(d));
        dOff = dOff * dstShape.dim(d) + (g - to.begin(d));
      }
      MemorySegment.copy(src, so * elem, dst, dOff * elem, run);
      int d = r - 2;
      while (d >= 0 && ++idx[d] == part.length[d]) {
        idx[d] = 0;
        d--;
      }
      if (d < 0) {
        return;
      }
    }
  }
}
