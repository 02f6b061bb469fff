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

  private Object value() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("expected a value");
    }
    char c = text.charAt(pos);
    if (c == '[') {
      pos++;
      List<Object> items = new ArrayList<>();
      skipSpace();
      if (peek() == ']') {
        pos++;
        return items;
      }
      while (true) {
        items.add(value());
        skipSpace();
        char n = next();
        if (n == ']') {
          return items;
        }
        if (n != ',') {
          throw error("expected ',' or ']'");
        }
      }
    }
    if (c == '\'' || c == '"') {
      return quoted(c);
    }
    int start = pos;
    while (pos < text.length() && ",] ".indexOf(text.charAt(pos)) < 0) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private byte[] quoted(char quote) {
    pos++;
    StringBuilder sb = new StringBuilder();
    while (pos < text.length() && text.charAt(pos) != quote) {
      char c = text.charAt(pos++);
      if (c == '\\' && pos < text.length()) {
        c = text.charAt(pos++);
      }
      sb.append(c);
    }
    if (pos >= text.length()) {
      throw error("unterminated string");
    }
    pos++;
    return sb.toString().getBytes(StandardCharsets.UTF_8);
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
        b[i] =
            flat.get(i) instanceof byte[] bytes
                ? bytes
                : ((String) flat.get(i)).getBytes(StandardCharsets.UTF_8);
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
      }
    }
    return buf.freeze();
  }

  private static void set(MemorySegment m, DType dtype, long i, String s) {
    switch (dtype) {
      case BOOL -> m.set(Layouts.I8, i, (byte) (parseBool(s) ? 1 : 0));
      case INT8, UINT8 -> m.set(Layouts.I8, i, (byte) Long.parseLong(s));
      case INT16, UINT16 -> m.setAtIndex(Layouts.I16, i, (short) Long.parseLong(s));
      case INT32, UINT32 -> m.setAtIndex(Layouts.I32, i, (int) Long.parseLong(s));
      case INT64 -> m.setAtIndex(Layouts.I64, i, Long.parseLong(s));
      case UINT64 -> m.setAtIndex(Layouts.I64, i, Long.parseUnsignedLong(s));
      case HALF -> m.setAtIndex(Layouts.I16, i, Float.floatToFloat16(parseFloat(s)));
      case BFLOAT16 -> m.setAtIndex(Layouts.I16, i, TensorText.floatToBfloat16(parseFloat(s)));
      case FLOAT -> m.setAtIndex(Layouts.F32, i, parseFloat(s));
      case DOUBLE -> m.setAtIndex(Layouts.F64, i, parseDouble(s));
      case COMPLEX64 -> m.setAtIndex(Layouts.F32, 2 * i, parseFloat(s));
      case COMPLEX128 -> m.setAtIndex(Layouts.F64, 2 * i, parseDouble(s));
      case STRING -> throw new IllegalStateException("strings are built separately");
      case RESOURCE, VARIANT ->
          throw new IllegalStateException("resource and variant tensors have no literals");
    }
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
      default -> Double.parseDouble(s);
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
