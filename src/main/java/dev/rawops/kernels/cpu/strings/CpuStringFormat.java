package dev.rawops.kernels.cpu.strings;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.strings.StringFormatTemplate;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * StringFormat on CPU (string_format_op.cc): the template split at each placeholder, each input
 * printed between the pieces as TF's {@code Tensor::SummarizeValue(summarize, print_v2=true)}
 * prints it (tensor.cc): nested brackets, {@code summarize} items kept at each end of every axis
 * with "..." between, rows separated by newlines and indented, strings quoted and C-escaped (UTF-8
 * kept), floats as {@code %.6g} (or {@code %.9g} when that does not read back as the same float),
 * doubles as {@code %.15g} (else {@code %.17g}), bools as 1 and 0, complex as "?".
 */
final class CpuStringFormat {
  private CpuStringFormat() {}

  static final List<KernelDef> DEFS =
      List.of(KernelDef.builder("StringFormat", Device.CPU).build(CpuStringFormat::kernel));

  private static final CFormat G6 = new CFormat((char) 0, -1, 6, 'g');
  private static final CFormat G9 = new CFormat((char) 0, -1, 9, 'g');
  private static final CFormat G15 = new CFormat((char) 0, -1, 15, 'g');
  private static final CFormat G17 = new CFormat((char) 0, -1, 17, 'g');

  /** tsl's kDoublePrecisionCheckMax: past it a double is printed with 17 digits at once. */
  private static final double DOUBLE_CHECK_MAX = Double.MAX_VALUE / 1.000000000000001;

  private static dev.rawops.kernels.Kernel kernel(NodeInfo node) {
    List<byte[]> pieces = StringFormatTemplate.pieces(node);
    if (pieces.size() - 1 != node.numInputs()) {
      throw node.invalidArgument(
          "num placeholders in template and num inputs must match: "
              + (pieces.size() - 1)
              + " vs. "
              + node.numInputs());
    }
    long summarize = node.attrs().getInt("summarize");
    return ctx -> format(ctx, pieces, summarize);
  }

  private static void format(KernelContext ctx, List<byte[]> pieces, long summarize) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(cString(pieces.get(0)));
    for (int i = 0; i < pieces.size() - 1; i++) {
      summarizeV2(ctx.input(i), summarize, out);
      out.writeBytes(cString(pieces.get(i + 1)));
    }
    ctx.setOutput(0, Tensor.ofByteStrings(Shape.scalar(), out.toByteArray()));
  }

  /** TF appends each piece's {@code c_str()}: a NUL in the template ends its piece. */
  private static byte[] cString(byte[] s) {
    for (int i = 0; i < s.length; i++) {
      if (s[i] == 0) {
        return java.util.Arrays.copyOf(s, i);
      }
    }
    return s;
  }

  /** Tensor::SummarizeValue(maxEntries, print_v2 = true). */
  static void summarizeV2(Tensor t, long maxEntries, ByteArrayOutputStream out) {
    long num = t.numElements();
    if (maxEntries < 0) {
      maxEntries = num;
    }
    long limit = Math.min(maxEntries, num);
    long[] dims = t.shape().dims();
    if (t.dtype() == DType.COMPLEX64 || t.dtype() == DType.COMPLEX128) {
      if (dims.length > 0) {
        out.write('[');
      }
      for (long i = 0; i < limit; i++) {
        ascii(out, i > 0 ? " ?" : "?");
      }
      if (maxEntries < num) {
        ascii(out, "...");
      }
      if (dims.length > 0) {
        out.write(']');
      }
      return;
    }
    if (dims.length == 0) {
      for (long i = 0; i < limit; i++) {
        if (i > 0) {
          out.write(' ');
        }
        element(t, i, out);
      }
      if (num > limit) {
        ascii(out, "...");
      }
      return;
    }
    printDim(t, 0, dims, limit, 0, out);
  }

  private static void printDim(
      Tensor t, int dim, long[] dims, long ends, long base, ByteArrayOutputStream out) {
    if (dim == dims.length) {
      element(t, base, out);
      return;
    }
    out.write('[');
    long count = dims[dim];
    long startOfEnd = Math.max(ends, count - ends);
    long per = 1;
    for (int i = dim + 1; i < dims.length; i++) {
      per *= dims[i];
    }
    for (long i = 0; i < ends && i < count; i++) {
      if (i > 0) {
        spacing(dim, dims.length, out);
      }
      printDim(t, dim + 1, dims, ends, base + per * i, out);
    }
    if (count > 2 * ends) {
      spacing(dim, dims.length, out);
      ascii(out, "...");
    }
    for (long i = startOfEnd; i < count; i++) {
      spacing(dim, dims.length, out);
      printDim(t, dim + 1, dims, ends, base + per * i, out);
    }
    out.write(']');
  }

  private static void spacing(int dim, int rank, ByteArrayOutputStream out) {
    if (dim == rank - 1) {
      out.write(' ');
      return;
    }
    for (int j = 0; j < rank - dim - 1; j++) {
      out.write('\n');
    }
    for (int j = 0; j <= dim; j++) {
      out.write(' ');
    }
  }

  private static void ascii(ByteArrayOutputStream out, String s) {
    out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
  }

  private static void element(Tensor t, long i, ByteArrayOutputStream out) {
    switch (t.dtype()) {
      case STRING -> {
        out.write('"');
        cEscape(t.getString(i), out);
        out.write('"');
      }
      case BOOL -> out.write(t.getBoolean(i) ? '1' : '0');
      case FLOAT, HALF, BFLOAT16 -> ascii(out, floatText((float) Numbers.get(t, i)));
      case DOUBLE -> ascii(out, doubleText(t.getDouble(i)));
      case UINT64 -> ascii(out, Long.toUnsignedString(Numbers.getLong(t, i)));
      default -> ascii(out, Long.toString(Numbers.getLong(t, i)));
    }
  }

  /**
   * tsl's FloatToBuffer, as TF runs it with denormals-are-zero: a subnormal float becomes a zero of
   * its sign when printf widens it to double.
   */
  static String floatText(float f) {
    if (f != 0 && Math.abs(f) < Float.MIN_NORMAL) {
      f = Math.copySign(0f, f);
    }
    if (Float.isNaN(f)) {
      return Float.floatToRawIntBits(f) < 0 ? "-nan" : "nan";
    }
    String s = new String(G6.formatDouble(f), StandardCharsets.US_ASCII);
    if (Float.isInfinite(f) || Float.parseFloat(s) == f) {
      return s;
    }
    return new String(G9.formatDouble(f), StandardCharsets.US_ASCII);
  }

  /**
   * tsl's DoubleToBuffer; its read-back comparison runs with denormals-are-zero, so a subnormal
   * matches any subnormal or zero it reads back as.
   */
  static String doubleText(double d) {
    if (Double.isNaN(d)) {
      return Double.doubleToRawLongBits(d) < 0 ? "-nan" : "nan";
    }
    if (Math.abs(d) <= DOUBLE_CHECK_MAX) {
      String s = new String(G15.formatDouble(d), StandardCharsets.US_ASCII);
      if (daz(Double.parseDouble(s)) == daz(d)) {
        return s;
      }
    }
    return new String(G17.formatDouble(d), StandardCharsets.US_ASCII);
  }

  private static double daz(double d) {
    return Math.abs(d) < Double.MIN_NORMAL ? 0 : d;
  }

  /** absl::Utf8SafeCEscape: quotes, backslash and control bytes escaped; bytes ≥ 0x80 kept. */
  private static void cEscape(byte[] b, ByteArrayOutputStream out) {
    for (byte x : b) {
      int c = x & 0xFF;
      switch (c) {
        case '\n' -> ascii(out, "\\n");
        case '\r' -> ascii(out, "\\r");
        case '\t' -> ascii(out, "\\t");
        case '"' -> ascii(out, "\\\"");
        case '\'' -> ascii(out, "\\'");
        case '\\' -> ascii(out, "\\\\");
        default -> {
          if (c < 0x20 || c == 0x7F) {
            out.write('\\');
            out.write('0' + (c >> 6));
            out.write('0' + ((c >> 3) & 7));
            out.write('0' + (c & 7));
          } else {
            out.write(c);
          }
        }
      }
    }
  }
}
