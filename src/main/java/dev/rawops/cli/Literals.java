package dev.rawops.cli;

import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import dev.rawops.tensor.TensorText;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tensor literals on the command line: a nested list like {@code [[0,0],[1,1]]}, a scalar like
 * {@code 3.5}, strings in single or double quotes, {@code True}/{@code False}; optionally {@code
 * :dtype} at the end ({@code [1,2]:int64}). Without a dtype the graph's expected dtype is used,
 * else it is guessed as TensorFlow's Python conversion does (int32, float, bool, string).
 */
final class Literals {
  private final String text;
  private int pos;

  private Literals(String text) {
    this.text = text;
  }

  /** Splits an optional trailing ":dtype" off {@code literal}. */
  static DType suffixType(String literal) {
    int colon = literal.lastIndexOf(':');
    if (colon < 0) {
      return null;
    }
    String name = literal.substring(colon + 1).strip().toLowerCase(Locale.ROOT);
    for (DType d : DType.values()) {
      if (d.tfName().equals(name)
          || (name.equals("float32") && d == DType.FLOAT)
          || (name.equals("float64") && d == DType.DOUBLE)
          || (name.equals("float16") && d == DType.HALF)) {
        return d;
      }
    }
    return null;
  }

  /** Parses {@code literal} into a tensor; {@code expected} (may be null) is the graph's dtype. */
  static Tensor parse(String literal, DType expected) {
    DType suffix = suffixType(literal);
    String body = suffix == null ? literal : literal.substring(0, literal.lastIndexOf(':'));
    Literals p = new Literals(body);
    Object value = p.value();
    p.skipSpace();
    if (p.pos != p.text.length()) {
      throw p.error("unexpected '" + p.text.substring(p.pos) + "'");
    }
    List<Object> flat = new ArrayList<>();
    Shape shape = shapeOf(value, flat, body);
    DType dtype = suffix != null ? suffix : expected != null ? expected : guess(flat);
    return build(dtype, shape, flat, body);
  }

  /** TF's largest rank: lists nested deeper are refused before they can exhaust the stack. */
  static final int MAX_DEPTH = 254;

  private int depth;

  private Object value() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("expected a value");
    }
    char c = text.charAt(pos);
    if (c == '[') {
      if (++depth > MAX_DEPTH) {
        throw error("lists nest deeper than " + MAX_DEPTH + " levels (TF's largest rank)");
      }
      pos++;
      List<Object> items = new ArrayList<>();
      skipSpace();
      if (peek() == ']') {
        pos++;
        depth--;
        return items;
      }
      while (true) {
        items.add(value());
        skipSpace();
        char n = next();
        if (n == ']') {
          depth--;
          return items;
        }
        if (n != ',') {
          throw error("expected ',' or ']'");
        }
      }
    }
    if (c == '\'' || c == '"') {
      return quoted(c, false);
    }
    if ((c == 'b' || c == 'B')
        && pos + 1 < text.length()
        && (text.charAt(pos + 1) == '\'' || text.charAt(pos + 1) == '"')) {
      pos++;
      return quoted(text.charAt(pos), true);
    }
    int start = pos;
    while (pos < text.length() && ",] ".indexOf(text.charAt(pos)) < 0) {
      pos++;
    }
    return text.substring(start, pos);
  }

  /**
   * A Python string or bytes literal body, with Python's escapes (\\ \' \" \n \t \r \0 \a \b \f \v,
   * \xhh, octal \ooo; \\uXXXX in strings), so that what {@code run} prints can be fed back.
   */
  private byte[] quoted(char quote, boolean bytes) {
    pos++;
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    StringBuilder pending = new StringBuilder(); // str characters not yet UTF-8 encoded
    while (pos < text.length() && text.charAt(pos) != quote) {
      char c = text.charAt(pos++);
      if (c != '\\') {
        if (bytes && c > 0x7f) {
          throw error("bytes literals may only contain ASCII characters; use \\x escapes");
        }
        pending.append(c);
        continue;
      }
      if (pos >= text.length()) {
        break;
      }
      char e = text.charAt(pos++);
      int code =
          switch (e) {
            case '\\', '\'', '"' -> e;
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            case 'a' -> 7;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'v' -> 11;
            case 'x' -> hex(2);
            case 'u' -> bytes ? -1 : hex(4);
            case '0', '1', '2', '3', '4', '5', '6', '7' -> octal(e);
            default -> -1;
          };
      if (code < 0) { // Python keeps an unknown escape as written
        pending.append('\\').append(e);
      } else if (e == 'x' || (e >= '0' && e <= '7')) {
        flush(pending, out);
        if (bytes || code < 0x80) {
          out.write(code);
        } else {
          pending.append((char) code);
        }
      } else {
        pending.append((char) code);
      }
    }
    if (pos >= text.length()) {
      throw error("unterminated string");
    }
    pos++;
    flush(pending, out);
    return out.toByteArray();
  }

  private static void flush(StringBuilder pending, java.io.ByteArrayOutputStream out) {
    out.writeBytes(pending.toString().getBytes(StandardCharsets.UTF_8));
    pending.setLength(0);
  }

  private int hex(int digits) {
    if (pos + digits > text.length()) {
      throw error("truncated \\x or \\u escape");
    }
    int v = 0;
    for (int k = 0; k < digits; k++) {
      int d = Character.digit(text.charAt(pos + k), 16);
      if (d < 0 || text.charAt(pos + k) > 0x7f) {
        throw error("bad hex digit in escape");
      }
      v = v * 16 + d;
    }
    pos += digits;
    return v;
  }

  private int octal(char first) {
    int v = first - '0';
    for (int k = 0; k < 2 && pos < text.length(); k++) {
      char c = text.charAt(pos);
      if (c < '0' || c > '7') {
        break;
      }
      v = v * 8 + (c - '0');
      pos++;
    }
    return v & 0xff;
  }

  private static Shape shapeOf(Object v, List<Object> flat, String literal) {
    List<Long> dims = new ArrayList<>();
    Object cur = v;
    while (cur instanceof List<?> l) {
      dims.add((long) l.size());
      cur = l.isEmpty() ? null : l.get(0);
    }
    Shape shape = Shape.of(dims.stream().mapToLong(Long::longValue).toArray());
    flatten(v, 0, shape, flat, literal);
    return shape;
  }

  private static void flatten(Object v, int depth, Shape shape, List<Object> flat, String literal) {
    if (depth == shape.rank()) {
      if (v instanceof List) {
        throw RawOpsException.invalidArgument(
            "literal "
                + literal
                + " is ragged: lists nest deeper than "
                + shape.rank()
                + " levels somewhere");
      }
      flat.add(v);
      return;
    }
    if (!(v instanceof List<?> l) || l.size() != shape.dim(depth)) {
      throw RawOpsException.invalidArgument(
          "literal "
              + literal
              + " is ragged: every list at depth "
              + depth
              + " must have "
              + shape.dim(depth)
              + " elements");
    }
    for (Object o : l) {
      flatten(o, depth + 1, shape, flat, literal);
    }
  }

  private static DType guess(List<Object> flat) {
    if (flat.isEmpty()) {
      return DType.FLOAT;
    }
    if (flat.get(0) instanceof byte[]) {
      return DType.STRING;
    }
    String s = (String) flat.get(0);
    if (s.equals("True") || s.equals("False") || s.equals("true") || s.equals("false")) {
      return DType.BOOL;
    }
    for (Object o : flat) {
      if (o instanceof String t && (t.endsWith("j") || t.endsWith("J"))) {
        return DType.COMPLEX128;
      }
    }
    for (Object o : flat) {
      if (o instanceof String t
          && (t.contains(".") || t.contains("e") || t.contains("n") || t.contains("i"))) {
        return DType.FLOAT;
      }
    }
    return DType.INT32;
  }

  private static Tensor build(DType dtype, Shape shape, List<Object> flat, String literal) {
    if (dtype == DType.STRING) {
      byte[][] b = new byte[flat.size()][];
      for (int i = 0; i < b.length; i++) {
        if (!(flat.get(i) instanceof byte[] bytes)) {
          // TF: tf.constant(1, tf.string) is a TypeError; a string element is quoted
          throw RawOpsException.invalidArgument(
              "literal "
                  + literal
                  + ": "
                  + flat.get(i)
                  + " is not a string; quote string elements ('"
                  + flat.get(i)
                  + "')");
        }
        b[i] = bytes;
      }
      return Tensor.ofByteStrings(shape, b);
    }
    TensorBuffer buf = TensorBuffer.allocate(dtype, shape);
    for (int i = 0; i < flat.size(); i++) {
      if (!(flat.get(i) instanceof String s)) {
        throw RawOpsException.invalidArgument(
            "literal " + literal + ": a quoted string cannot be a " + dtype.tfName() + " element");
      }
      try {
        set(buf.segment(), dtype, i, s.strip());
      } catch (NumberFormatException e) {
        throw RawOpsException.invalidArgument(
            "literal " + literal + ": '" + s + "' is not a " + dtype.tfName());
      } catch (IllegalArgumentException e) {
        throw RawOpsException.invalidArgument("literal " + literal + ": " + e.getMessage());
      }
    }
    return buf.freeze();
  }

  private static void set(MemorySegment m, DType dtype, long i, String s) {
    switch (dtype) {
      case BOOL -> m.set(Layouts.I8, i, (byte) (parseBool(s) ? 1 : 0));
      case INT8, UINT8, QINT8, QUINT8 -> m.set(Layouts.I8, i, (byte) integer(s, dtype));
      case INT16, UINT16, QINT16, QUINT16 ->
          m.setAtIndex(Layouts.I16, i, (short) integer(s, dtype));
      case INT32, UINT32, QINT32 -> m.setAtIndex(Layouts.I32, i, (int) integer(s, dtype));
      case INT64, UINT64 -> m.setAtIndex(Layouts.I64, i, integer(s, dtype));
      case HALF -> m.setAtIndex(Layouts.I16, i, Float.floatToFloat16(parseFloat(s)));
      case BFLOAT16 -> m.setAtIndex(Layouts.I16, i, TensorText.floatToBfloat16(parseFloat(s)));
      case FLOAT -> m.setAtIndex(Layouts.F32, i, parseFloat(s));
      case DOUBLE -> m.setAtIndex(Layouts.F64, i, parseDouble(s));
      case COMPLEX64 -> {
        double[] c = parseComplex(s);
        m.setAtIndex(Layouts.F32, 2 * i, (float) c[0]);
        m.setAtIndex(Layouts.F32, 2 * i + 1, (float) c[1]);
      }
      case COMPLEX128 -> {
        double[] c = parseComplex(s);
        m.setAtIndex(Layouts.F64, 2 * i, c[0]);
        m.setAtIndex(Layouts.F64, 2 * i + 1, c[1]);
      }
      case STRING -> throw new IllegalStateException("strings are built separately");
      case RESOURCE, VARIANT ->
          throw new IllegalStateException("resource and variant tensors have no literals");
    }
  }

  private static final java.util.regex.Pattern INTEGER =
      java.util.regex.Pattern.compile("[+-]?[0-9]+");

  /**
   * An integer literal (ASCII digits only, as Python and TF read them) that must fit {@code dtype}:
   * NumPy and TF refuse 256 as uint8 or 2^31 as int32 (OverflowError) rather than wrap it, and so
   * do we, since a wrapped index can silently become a valid one.
   */
  private static long integer(String s, DType dtype) {
    if (!INTEGER.matcher(s).matches()) {
      throw new NumberFormatException(s);
    }
    java.math.BigInteger v = new java.math.BigInteger(s);
    int bits = dtype.byteSize() * 8;
    boolean unsigned = dtype.storage().name().startsWith("UINT");
    java.math.BigInteger min =
        unsigned
            ? java.math.BigInteger.ZERO
            : java.math.BigInteger.ONE.shiftLeft(bits - 1).negate();
    java.math.BigInteger max =
        (unsigned
                ? java.math.BigInteger.ONE.shiftLeft(bits)
                : java.math.BigInteger.ONE.shiftLeft(bits - 1))
            .subtract(java.math.BigInteger.ONE);
    if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          s + " is out of range for " + dtype.tfName() + " [" + min + ", " + max + "]");
    }
    return v.longValue();
  }

  /** A Python complex literal: {@code 1+2j}, {@code -2.5j}, {@code (1-1j)}, or a real number. */
  private static double[] parseComplex(String s) {
    String t = s.startsWith("(") && s.endsWith(")") ? s.substring(1, s.length() - 1).strip() : s;
    if (!(t.endsWith("j") || t.endsWith("J"))) {
      return new double[] {parseDouble(t), 0};
    }
    String body = t.substring(0, t.length() - 1);
    // The split between real and imaginary parts: the last + or - not after an exponent 'e'.
    for (int k = body.length() - 1; k > 0; k--) {
      char c = body.charAt(k);
      char before = Character.toLowerCase(body.charAt(k - 1));
      if ((c == '+' || c == '-') && before != 'e') {
        return new double[] {parseDouble(body.substring(0, k)), imag(body.substring(k))};
      }
    }
    return new double[] {0, imag(body)};
  }

  private static double imag(String s) {
    return s.isEmpty() || s.equals("+") ? 1 : s.equals("-") ? -1 : parseDouble(s);
  }

  private static boolean parseBool(String s) {
    return switch (s) {
      case "True", "true", "1" -> true;
      case "False", "false", "0" -> false;
      default -> throw new NumberFormatException(s);
    };
  }

  private static float parseFloat(String s) {
    return (float) parseDouble(s);
  }

  private static double parseDouble(String s) {
    return switch (s.toLowerCase(Locale.ROOT)) {
      case "nan" -> Double.NaN;
      case "inf", "+inf" -> Double.POSITIVE_INFINITY;
      case "-inf" -> Double.NEGATIVE_INFINITY;
      default -> {
        if (!s.chars().allMatch(ch -> ch < 0x80)) {
          throw new NumberFormatException(s);
        }
        yield Double.parseDouble(s);
      }
    };
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private char next() {
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    return text.charAt(pos++);
  }

  private RawOpsException error(String what) {
    return RawOpsException.invalidArgument(
        "cannot parse literal " + text + " at position " + pos + ": " + what);
  }
}
