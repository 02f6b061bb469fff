package dev.rawops.cli;

import dev.rawops.ragged.RaggedTensor;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorText;

/**
 * Prints tensors the way NumPy's {@code str()} does: nested brackets, elements separated by spaces,
 * rows on their own lines, and "..." past 1000 elements (3 items kept at each edge).
 */
public final class TensorFormat {
  static final long THRESHOLD = 1000;
  private static final int EDGE = 3;

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

  public static String format(Tensor t) {
    StringBuilder sb = new StringBuilder();
    boolean elide = t.numElements() > THRESHOLD;
    if (t.shape().rank() == 0) {
      return element(t, 0);
    }
    if (t.numElements() == 0) {
      return "[]"; // NumPy prints every empty array so, whatever its shape
    }
    try {
      append(sb, t, 0, 0, elide);
    } catch (TooLong e) {
      sb.append(" ... (printing stopped at ")
          .append(MAX_CHARS)
          .append(" characters; --out DIR writes the whole tensor as .npy)");
    }
    return sb.toString();
  }

  private static void append(StringBuilder sb, Tensor t, int axis, long base, boolean elide) {
    Shape s = t.shape();
    long n = s.dim(axis);
    long stride = s.numElementsFrom(axis + 1);
    sb.append('[');
    for (long i = 0; i < n; i++) {
      if (sb.length() > MAX_CHARS) {
        throw new TooLong();
      }
      if (elide && n > 2 * EDGE && i == EDGE) {
        sb.append(axis == s.rank() - 1 ? "... " : "...\n" + " ".repeat(axis + 1));
        i = n - EDGE - 1;
        continue;
      }
      if (axis == s.rank() - 1) {
        sb.append(element(t, base + i));
        if (i < n - 1) {
          sb.append(' ');
        }
      } else {
        append(sb, t, axis + 1, base + i * stride, elide);
        if (i < n - 1) {
          sb.append("\n".repeat(s.rank() - axis - 1)).append(" ".repeat(axis + 1));
        }
      }
    }
    sb.append(']');
  }

  /** One element as NumPy prints it. */
  static String element(Tensor t, long i) {
    return switch (t.dtype()) {
      case BOOL -> t.getBoolean(i) ? "True" : "False";
      case INT8, INT16, INT32, INT64 -> Long.toString(t.getIndex(i));
      case UINT8, UINT16, UINT32 -> Long.toString(t.getIndex(i));
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

  /** "ragged dtype=int32 ragged_rank=1 rank=2 nrows=3". */
  public static String describe(RaggedTensor r) {
    return "ragged dtype="
        + r.dtype().tfName()
        + " ragged_rank="
        + r.raggedRank()
        + " rank="
        + r.rank()
        + " nrows="
        + r.nrows();
  }
}
