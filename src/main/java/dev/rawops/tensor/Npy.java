package dev.rawops.tensor;

import com.google.common.base.Splitter;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NumPy {@code .npy} files, format versions 1–3. Reads bool, every int/uint, f2/f4/f8, c8/c16,
 * fixed-width bytes {@code S} and unicode {@code U} (as UTF-8 strings), either byte order and
 * Fortran order; {@code |V2} is read and written as bfloat16, which NumPy lacks. Object arrays are
 * refused. Files are memory-mapped, so sizes beyond 2 GiB work.
 */
public final class Npy {
  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
  private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
  private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

  private Npy() {}

  /** A parsed header: dtype code, shape, order, and where the data starts. */
  private record Header(String descr, boolean fortran, Shape shape, long dataOffset) {}

  /**
   * Reads a .npy file into a tensor.
   *
   * @throws RawOpsException NOT_FOUND for a missing file; INVALID_ARGUMENT for a malformed file, an
   *     object array, or a dtype rawops has no tensor for
   */
  public static Tensor read(Path path) {
    java.util.Objects.requireNonNull(path, "path");
    try (Arena arena = Arena.ofConfined();
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
      MemorySegment file = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
      Header h = header(file, path);
      return decode(file, h, path);
    } catch (NoSuchFileException e) {
      throw RawOpsException.of(Code.NOT_FOUND, "no such .npy file: " + path);
    } catch (IOException e) {
      throw RawOpsException.of(Code.UNAVAILABLE, "cannot read " + path + ": " + e.getMessage());
    }
  }

  /**
   * Reads a .npy file's bytes into a tensor; {@code where} names them in errors.
   *
   * @throws NullPointerException if {@code bytes} is null
   * @throws RawOpsException INVALID_ARGUMENT for a malformed file, an object array, or a dtype
   *     rawops has no tensor for; RESOURCE_EXHAUSTED past {@link dev.rawops.Limits}
   */
  public static Tensor read(byte[] bytes, String where) {
    java.util.Objects.requireNonNull(bytes, "bytes");
    MemorySegment file = MemorySegment.ofArray(bytes);
    return decode(file, header(file, where), where);
  }

  /**
   * The size a .npy stream declares: its header's length plus its data's bytes, read from the
   * stream's first bytes ({@code prefix}, holding the whole header) before anything else is read,
   * so that a member of a {@code .npz} claiming gigabytes is refused before it is inflated.
   *
   * @throws RawOpsException INVALID_ARGUMENT for a malformed or cut header
   */
  public static long declaredBytes(byte[] prefix, String where) {
    Header h = header(MemorySegment.ofArray(prefix), where);
    Matcher m = Pattern.compile("(\\d+)$").matcher(h.descr);
    long item = m.find() ? Long.parseLong(m.group(1)) : 1;
    if (h.descr.length() > 1 && h.descr.charAt(1) == 'U') {
      item *= 4; // UCS-4 code points
    }
    try {
      return Math.addExact(h.dataOffset, Math.multiplyExact(h.shape.numElements(), item));
    } catch (ArithmeticException e) {
      throw bad(where, "shape " + h.shape + " of " + h.descr + " is larger than 64-bit sizes");
    }
  }

  private static Header header(MemorySegment f, Object path) {
    if (f.byteSize() < 10
        || MemorySegment.mismatch(f, 0, 6, MemorySegment.ofArray(MAGIC), 0, 6) != -1) {
      throw bad(path, "not a .npy file (missing the \\x93NUMPY magic)");
    }
    int major = f.get(Layouts.I8, 6);
    long len;
    long start;
    if (major == 1) {
      len = Short.toUnsignedLong(f.get(Layouts.I16, 8));
      start = 10;
    } else if (major == 2 || major == 3) {
      if (f.byteSize() < 12) {
        throw bad(path, "file ends inside the 4-byte header length of format version " + major);
      }
      len = Integer.toUnsignedLong(f.get(Layouts.I32, 8));
      start = 12;
    } else {
      throw bad(path, "unsupported .npy format version " + major + " (rawops reads 1, 2 and 3)");
    }
    if (start + len > f.byteSize()) {
      throw bad(path, "header length " + len + " runs past the end of the file");
    }
    String text =
        new String(
            f.asSlice(start, len).toArray(Layouts.I8),
            major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    return new Header(
        field(DESCR, text, path),
        "True".equals(field(FORTRAN, text, path)),
        parseShape(field(SHAPE, text, path), path),
        start + len);
  }

  private static String field(Pattern p, String header, Object path) {
    Matcher m = p.matcher(header);
    if (!m.find()) {
      String h = header.strip();
      throw bad(
          path,
          "header "
              + (h.length() > 200 ? h.substring(0, 200) + "… (" + h.length() + " chars)" : h)
              + " lacks the entry matching "
              + p.pattern());
    }
    return m.group(1);
  }

  /** TF's largest rank; a header asking for more is refused before anything is allocated. */
  static final int MAX_RANK = 254;

  private static final Pattern DIM = Pattern.compile("[0-9]{1,19}L?");

  private static Shape parseShape(String s, Object path) {
    List<Long> dims = new ArrayList<>();
    long elements = 1;
    for (String part : Splitter.on(',').trimResults().omitEmptyStrings().split(s)) {
      if (!DIM.matcher(part).matches()) { // Python 2 wrote long dims as "3L"
        throw bad(path, "bad shape (" + s + "): '" + part + "' is not a dimension");
      }
      long d;
      try {
        d = Long.parseLong(part.replace("L", ""));
      } catch (NumberFormatException e) {
        throw bad(path, "bad shape (" + s + "): '" + part + "' is too large");
      }
      if (dims.size() == MAX_RANK) {
        throw bad(path, "shape has more than " + MAX_RANK + " dimensions (TF's largest rank)");
      }
      dims.add(d);
      try {
        elements = Math.multiplyExact(elements, d);
      } catch (ArithmeticException e) {
        throw bad(path, "shape (" + s + ") has more elements than fit in 64 bits");
      }
    }
    return Shape.of(dims.stream().mapToLong(Long::longValue).toArray());
  }

  private static Tensor decode(MemorySegment f, Header h, Object path) {
    if (h.descr.length() < 2 || "<>|=".indexOf(h.descr.charAt(0)) < 0) {
      throw bad(
          path,
          "descr '"
              + h.descr
              + "' must be a byte-order character (<, >, | or =) followed by a type code");
    }
    char order = h.descr.charAt(0);
    String code = h.descr.substring(1);
    if (code.startsWith("O")) {
      throw bad(
          path,
          "object arrays (dtype=object, e.g. Python str or bytes objects) cannot be read; "
              + "save strings as fixed-width bytes: np.save(f, np.array(x, dtype='S'))");
    }
    if (code.startsWith("S") || code.startsWith("U")) {
      return strings(f, h, code, path);
    }
    DType dtype = dtypeOf(code, path);
    long bytes;
    try {
      bytes = Math.multiplyExact(h.shape.numElements(), (long) dtype.byteSize());
    } catch (ArithmeticException e) {
      throw bad(path, "shape " + h.shape + " of " + h.descr + " is larger than 64-bit sizes");
    }
    if (bytes > f.byteSize() - h.dataOffset) {
      throw bad(path, "data is shorter than shape " + h.shape + " of " + h.descr + " needs");
    }
    TensorProtos.checkTensorBytes(dtype, h.shape);
    TensorBuffer b = TensorBuffer.allocate(dtype, h.shape);
    MemorySegment.copy(f, h.dataOffset, b.segment(), 0, bytes);
    if (order == '>' && dtype.byteSize() > 1) {
      swapBytes(b.segment(), dtype);
    }
    Tensor t = b.freeze();
    return h.fortran ? fromFortran(t) : t;
  }

  private static DType dtypeOf(String code, Object path) {
    return switch (code) {
      case "b1" -> DType.BOOL;
      case "i1" -> DType.INT8;
      case "i2" -> DType.INT16;
      case "i4" -> DType.INT32;
      case "i8" -> DType.INT64;
      case "u1" -> DType.UINT8;
      case "u2" -> DType.UINT16;
      case "u4" -> DType.UINT32;
      case "u8" -> DType.UINT64;
      case "f2" -> DType.HALF;
      case "V2" -> DType.BFLOAT16;
      case "f4" -> DType.FLOAT;
      case "f8" -> DType.DOUBLE;
      case "c8" -> DType.COMPLEX64;
      case "c16" -> DType.COMPLEX128;
      default ->
          throw bad(
              path,
              "dtype '"
                  + code
                  + "' is not supported (rawops reads b1, i1-i8, u1-u8, "
                  + "f2, f4, f8, c8, c16, S, U, and V2 as bfloat16)");
    };
  }

  private static Tensor strings(MemorySegment f, Header h, String code, Object path) {
    boolean unicode = code.startsWith("U");
    if (!WIDTH.matcher(code.substring(1)).matches()) {
      throw bad(path, "descr '" + h.descr + "' needs a string width of 1 to 9 digits");
    }
    long width = Long.parseLong(code.substring(1)) * (unicode ? 4 : 1);
    long n = h.shape.numElements();
    long maxElements = Math.min(dev.rawops.Limits.maxStringElements(), Integer.MAX_VALUE - 8);
    if (n > maxElements) {
      throw dev.rawops.Limits.exceeded(
          path + ": a string tensor of shape " + h.shape + " has too many elements (" + n + "); it",
          dev.rawops.Limits.MAX_STRING_ELEMENTS,
          maxElements);
    }
    long bytes;
    try {
      bytes = Math.multiplyExact(n, width);
    } catch (ArithmeticException e) {
      throw bad(path, "shape " + h.shape + " of " + code + " is larger than 64-bit sizes");
    }
    if (bytes > f.byteSize() - h.dataOffset) {
      throw bad(path, "data is shorter than shape " + h.shape + " of " + code + " needs");
    }
    long maxElementBytes = dev.rawops.Limits.maxStringElementBytes();
    if (n > 0 && width > maxElementBytes) {
      throw dev.rawops.Limits.exceeded(
          path + ": string elements of " + width + " bytes",
          dev.rawops.Limits.MAX_STRING_ELEMENT_BYTES,
          maxElementBytes);
    }
    boolean bigEndian = h.descr.charAt(0) == '>';
    byte[][] out = new byte[Math.toIntExact(n)][];
    for (int i = 0; i < out.length; i++) {
      MemorySegment raw = f.asSlice(h.dataOffset + i * width, width);
      out[i] = unicode ? utf32ToUtf8(raw, bigEndian, path) : stripNuls(raw.toArray(Layouts.I8));
    }
    Tensor t = KernelAccess.wrapStrings(h.shape, out);
    return h.fortran ? fromFortran(t) : t;
  }

  private static byte[] stripNuls(byte[] raw) {
    int end = raw.length;
    while (end > 0 && raw[end - 1] == 0) {
      end--;
    }
    return java.util.Arrays.copyOf(raw, end);
  }

  private static final Pattern WIDTH = Pattern.compile("[0-9]{1,9}");

  private static byte[] utf32ToUtf8(MemorySegment raw, boolean bigEndian, Object path) {
    StringBuilder sb = new StringBuilder();
    for (long i = 0; i + 4 <= raw.byteSize(); i += 4) {
      int cp = raw.get(Layouts.I32, i);
      if (bigEndian) {
        cp = Integer.reverseBytes(cp);
      }
      if (cp == 0) {
        break;
      }
      if (cp < 0 || cp > Character.MAX_CODE_POINT || (cp >= 0xD800 && cp <= 0xDFFF)) {
        throw bad(path, "invalid unicode code point " + Integer.toUnsignedString(cp));
      }
      sb.appendCodePoint(cp);
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void swapBytes(MemorySegment s, DType dtype) {
    // Complex numbers swap each of their two parts.
    int unit = dtype == DType.COMPLEX64 ? 4 : dtype == DType.COMPLEX128 ? 8 : dtype.byteSize();
    byte[] tmp = new byte[unit];
    for (long off = 0; off < s.byteSize(); off += unit) {
      MemorySegment.copy(s, Layouts.I8, off, tmp, 0, unit);
      for (int k = 0; k < unit; k++) {
        s.set(Layouts.I8, off + k, tmp[unit - 1 - k]);
      }
    }
  }

  /** Column-major data to row-major: element at C-index i comes from its Fortran offset. */
  private static Tensor fromFortran(Tensor t) {
    Shape shape = t.shape();
    int rank = shape.rank();
    if (rank < 2) {
      return t;
    }
    TensorBuffer b = TensorBuffer.allocate(t.dtype(), shape);
    long[] idx = new long[rank];
    int esz = t.dtype().byteSize();
    for (long i = 0; i < shape.numElements(); i++) {
      long rem = i;
      long fortranOffset = 0;
      for (int d = rank - 1; d >= 0; d--) {
        idx[d] = rem % shape.dim(d);
        rem /= shape.dim(d);
      }
      for (int d = rank - 1; d >= 0; d--) {
        fortranOffset = fortranOffset * shape.dim(d) + idx[d];
      }
      if (t.dtype() == DType.STRING) {
        b.strings()[(int) i] = t.stringArray()[(int) fortranOffset];
      } else {
        MemorySegment.copy(t.segment(), fortranOffset * esz, b.segment(), i * esz, esz);
      }
    }
    return b.freeze();
  }

  /** Writes {@code t} as a version 1 .npy file (STRING as fixed-width bytes {@code |S<n>}). */
  public static void write(Tensor t, Path path) {
    try (OutputStream out = Files.newOutputStream(path)) {
      write(t, out);
    } catch (IOException e) {
      throw RawOpsException.of(Code.UNAVAILABLE, "cannot write " + path + ": " + e.getMessage());
    }
  }

  public static void write(Tensor t, OutputStream out) throws IOException {
    int width = 0;
    if (t.dtype() == DType.STRING) {
      for (byte[] s : t.stringArray()) {
        width = Math.max(width, s.length);
      }
    }
    byte[] header = headerBytes(descr(t.dtype(), Math.max(width, 1)), t.shape());
    out.write(header);
    if (t.dtype() == DType.STRING) {
      for (byte[] s : t.stringArray()) {
        out.write(s);
        out.write(new byte[Math.max(width, 1) - s.length]);
      }
    } else {
      byte[] chunk = new byte[1 << 20];
      MemorySegment data = t.segment();
      for (long off = 0; off < t.byteSize(); off += chunk.length) {
        int n = (int) Math.min(chunk.length, t.byteSize() - off);
        MemorySegment.copy(data, Layouts.I8, off, chunk, 0, n);
        out.write(chunk, 0, n);
      }
    }
  }

  private static String descr(DType d, int stringWidth) {
    return switch (d) {
      case BOOL -> "|b1";
      case INT8 -> "|i1";
      case INT16 -> "<i2";
      case INT32 -> "<i4";
      case INT64 -> "<i8";
      case UINT8 -> "|u1";
      case UINT16 -> "<u2";
      case UINT32 -> "<u4";
      case UINT64 -> "<u8";
      case HALF -> "<f2";
      case BFLOAT16 -> "|V2";
      case FLOAT -> "<f4";
      case DOUBLE -> "<f8";
      case COMPLEX64 -> "<c8";
      case COMPLEX128 -> "<c16";
      case STRING -> "|S" + stringWidth;
      case RESOURCE, VARIANT, QINT8, QUINT8, QINT16, QUINT16, QINT32 ->
          throw RawOpsException.of(
              Code.UNIMPLEMENTED, "a " + d.tfName() + " tensor cannot be written to .npy");
    };
  }

  private static byte[] headerBytes(String descr, Shape shape) {
    StringBuilder dims = new StringBuilder();
    for (int i = 0; i < shape.rank(); i++) {
      dims.append(shape.dim(i)).append(shape.rank() == 1 ? "," : i < shape.rank() - 1 ? ", " : "");
    }
    String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + dims + "), }";
    // Pad with spaces so the data starts on a 64-byte boundary, newline-terminated.
    int total = 10 + dict.length() + 1;
    int pad = (64 - total % 64) % 64;
    String text = dict + " ".repeat(pad) + "\n";
    byte[] h = new byte[10 + text.length()];
    System.arraycopy(MAGIC, 0, h, 0, 6);
    h[6] = 1;
    h[7] = 0;
    MemorySegment.ofArray(h).set(Layouts.I16, 8, (short) text.length());
    System.arraycopy(text.getBytes(StandardCharsets.ISO_8859_1), 0, h, 10, text.length());
    return h;
  }

  private static RawOpsException bad(Object path, String what) {
    return RawOpsException.invalidArgument(path + ": " + what);
  }
}
