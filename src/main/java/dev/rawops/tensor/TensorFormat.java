package dev.rawops.tensor;

/**
 * Prints tensors in the layout of NumPy's {@code str()}: nested brackets, elements separated by
 * spaces, rows on their own lines, and "..." past {@link #THRESHOLD} elements ({@link #EDGE_ITEMS}
 * items kept at each edge of every axis), as {@code numpy.set_printoptions(threshold, edgeitems)}
 * does. Each element prints as Python prints it; unlike NumPy, elements are not padded into aligned
 * columns nor given a common precision, and long rows are not wrapped. {@link Tensor#format()},
 * {@link Tensor#toString()} and {@code rawops run} print through here.
 */
public final class TensorFormat {
  /** NumPy's default {@code threshold}: more elements than this are summarized. */
  public static final long THRESHOLD = 1000;

  /** NumPy's default {@code edgeitems}: items kept at each end of a summarized axis. */
  public static final int EDGE_ITEMS = 3;

  private TensorFormat() {}

  /**
   * The most characters one tensor prints as: NumPy's element threshold keeps axes of up to 6 items
   * whole, so a [6,6,6,6,6,6,6,6,6,6] tensor would otherwise print 60 million elements.
   */
  static final int MAX_CHARS = 1 << 20;

  /** Thrown when the text reaches MAX_CHARS, to unwind the recursion at once. */
  private static final class TooLong extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLong() {
      super(null, null, false, false);
    }
  }

  /** The tensor's values in NumPy's {@code str()} layout with its default print options. */
  public static String format(Tensor t) {
    return format(t, THRESHOLD, EDGE_ITEMS);
  }

  /**
   * The tensor's values in NumPy's {@code str()} layout under {@code
   * numpy.set_printoptions(threshold=threshold, edgeitems=edgeItems)}; the text stops after about
   * {@value #MAX_CHARS} characters whatever the options.
   *
   * @throws IllegalArgumentException if {@code threshold} is negative or {@code edgeItems} is below
   *     1
   */
  public static String format(Tensor t, long threshold, int edgeItems) {
    if (threshold < 0 || edgeItems < 1) {
      throw new IllegalArgumentException(
          "threshold must be >= 0 and edgeItems >= 1, got " + threshold + " and " + edgeItems);
    }
    StringBuilder sb = new StringBuilder();
    boolean elide = t.numElements() > threshold;
    if (t.shape().rank() == 0) {
      return element(t, 0);
    }
    if (t.numElements() == 0) {
      return "[]"; // NumPy prints every empty array so, whatever its shape
    }
    try {
      append(sb, t, 0, 0, elide ? edgeItems : -1);
    } catch (TooLong e) {
      sb.append(" ... (printing stopped at ")
          .append(MAX_CHARS)
          .append(
              " characters; Npy.write or rawops run --out DIR writes the whole tensor as .npy)");
    }
    return sb.toString();
  }

  /** {@code edge} < 0: print every item. */
  private static void append(StringBuilder sb, Tensor t, int axis, long base, int edge) {
    Shape s = t.shape();
    long n = s.dim(axis);
    long stride = s.numElementsFrom(axis + 1);
    sb.append('[');
    for (long i = 0; i < n; i++) {
      if (sb.length() > MAX_CHARS) {
        throw new TooLong();
      }
      if (edge >= 0 && n > 2L * edge && i == edge) {
        // The summary takes an item's place, with the same separator after it.
        sb.append(
            axis == s.rank() - 1
                ? "... "
                : "..." + "\n".repeat(s.rank() - axis - 1) + " ".repeat(axis + 1));
        i = n - edge - 1;
        continue;
      }
      if (axis == s.rank() - 1) {
        sb.append(element(t, base + i));
        if (i < n - 1) {
          sb.append(' ');
        }
      } else {
        append(sb, t, axis + 1, base + i * stride, edge);
        if (i < n - 1) {
          sb.append("\n".repeat(s.rank() - axis - 1)).append(" ".repeat(axis + 1));
        }
      }
    }
    sb.append(']');
  }

  /** Element {@code i} (row-major) as NumPy prints it: {@code 1.}, {@code True}, {@code b'a'}. */
  public static String element(Tensor t, long i) {
    return switch (t.dtype()) {
      case BOOL -> t.getBoolean(i) ? "True" : "False";
      case INT8, INT16, INT32, INT64 -> Long.toString(t.getIndex(i));
      case UINT8, UINT16, UINT32 -> Long.toString(t.getIndex(i));
      case QINT8, QUINT8, QINT16, QUINT16, QINT32 -> Long.toString(t.getIndex(i));
      case UINT64 -> Long.toUnsignedString(t.getLong(i));
      case HALF -> real(Float.float16ToFloat(t.getShort(i)));
      case BFLOAT16 -> real(TensorText.bfloat16ToFloat(t.getShort(i)));
      case FLOAT -> real(t.getFloat(i));
      case DOUBLE -> real(t.getDouble(i));
      case COMPLEX64 -> complex(real(t.getFloat(2 * i)), t.getFloat(2 * i + 1));
      case COMPLEX128 -> complex(real(t.getDouble(2 * i)), t.getDouble(2 * i + 1));
      case STRING -> bytes(t.getString(i));
      case RESOURCE, VARIANT -> String.valueOf(t.getObject(i));
    };
  }

  private static String real(float f) {
    return Float.isFinite(f) ? numpyStyle(Float.toString(f)) : TensorText.nonFinite(f);
  }

  private static String real(double d) {
    return Double.isFinite(d) ? numpyStyle(Double.toString(d)) : TensorText.nonFinite(d);
  }

  /** Java's shortest repr in NumPy's spelling: "1.0" → "1.", "1.5E10" → "1.5e+10". */
  private static String numpyStyle(String java) {
    int e = java.indexOf('E');
    String mantissa = e < 0 ? java : java.substring(0, e);
    if (mantissa.endsWith(".0")) {
      mantissa = mantissa.substring(0, mantissa.length() - 1);
    }
    if (e < 0) {
      return mantissa;
    }
    String exp = java.substring(e + 1);
    boolean negative = exp.startsWith("-");
    String digits = negative ? exp.substring(1) : exp;
    return mantissa + "e" + (negative ? "-" : "+") + (digits.length() < 2 ? "0" + digits : digits);
  }

  private static String complex(String re, double im) {
    String ims =
        Double.isFinite(im)
            ? numpyStyle(Double.toString(Math.abs(im)))
            : TensorText.nonFinite(Math.abs(im));
    return "(" + re + (im < 0 || (im == 0 && 1 / im < 0) ? "-" : "+") + ims + "j)";
  }

  private static String bytes(byte[] b) {
    StringBuilder sb = new StringBuilder();
    TensorText.appendBytesLiteral(sb, b);
    return sb.toString();
  }

  /** "dtype=float shape=[2,3]". */
  public static String describe(Tensor t) {
    return "dtype=" + t.dtype().tfName() + " shape=" + t.shape();
  }
}
