package dev.rawops.ragged;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorText;
import java.math.BigDecimal;
import java.util.function.LongConsumer;

/**
 * Elements in the notation of Python lists, as TensorFlow prints a ragged tensor (its {@code
 * to_list()}): integers in decimal (unsigned ones unsigned); floating point values as Python's
 * {@code repr} spells the shortest decimal that reads back to the same value of their own type
 * ({@code 1.0}, {@code 0.1}, {@code 1e-05}, {@code 1.5e+16}, {@code nan}, {@code inf}, {@code
 * -inf}; half and bfloat16 through float); booleans {@code True}/{@code False}; complex numbers
 * {@code (1.0+2.0j)}; strings as Python bytes literals, {@code b'abc'}, escaping {@code \\}, {@code
 * \'}, {@code \t}, {@code \n}, {@code \r} and other bytes outside printable ASCII as {@code \xNN}.
 * Dimensions nest as {@code [a, b]}; when eliding, a list longer than {@code 2 * EDGE} items shows
 * its first and last {@link #EDGE} around {@code ...}, as NumPy summarizes.
 */
final class ElementFormat {
  /** Items kept at each end of a list when eliding. */
  static final int EDGE = 3;

  private final Tensor tensor;
  private final long rowSize;
  private final boolean elide;

  /** A formatter for the elements of {@code tensor}; {@code elide} summarizes long lists. */
  ElementFormat(Tensor tensor, boolean elide) {
    this.tensor = tensor;
    Shape s = tensor.shape();
    this.rowSize = s.rank() == 0 ? 1 : s.numElementsFrom(1);
    this.elide = elide;
  }

  /** Items [start, limit) as a bracketed, comma-separated list, summarized when eliding. */
  void appendList(StringBuilder sb, long start, long limit, LongConsumer item) {
    sb.append('[');
    for (long i = start; i < limit; i++) {
      if (i > start) {
        sb.append(", ");
      }
      if (elide && limit - start > 2 * EDGE && i == start + EDGE) {
        sb.append("...");
        i = limit - EDGE - 1;
        continue;
      }
      item.accept(i);
    }
    sb.append(']');
  }

  /** The whole tensor: its one element for a scalar, else nested lists. */
  void appendAll(StringBuilder sb) {
    if (tensor.shape().rank() == 0) {
      appendElement(sb, 0);
    } else {
      appendRows(sb, 0, tensor.shape().dim(0));
    }
  }

  /** Rows [start, limit) of dimension 0 as a list, e.g. {@code [[1, 2], [3, 4]]}. */
  void appendRows(StringBuilder sb, long start, long limit) {
    appendList(
        sb,
        start,
        limit,
        r -> {
          if (tensor.shape().rank() <= 1) {
            appendElement(sb, r);
          } else {
            appendBlock(sb, 1, r * rowSize);
          }
        });
  }

  /** Dimension {@code dim} and inward, starting at flat element {@code offset}. */
  private void appendBlock(StringBuilder sb, int dim, long offset) {
    Shape s = tensor.shape();
    long stride = s.numElementsFrom(dim + 1);
    appendList(
        sb,
        0,
        s.dim(dim),
        k -> {
          if (dim == s.rank() - 1) {
            appendElement(sb, offset + k);
          } else {
            appendBlock(sb, dim + 1, offset + k * stride);
          }
        });
  }

  /** Flat element {@code i}. */
  private void appendElement(StringBuilder sb, long i) {
    DType t = tensor.dtype();
    switch (t) {
      case BOOL -> sb.append(tensor.getBoolean(i) ? "True" : "False");
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32 -> sb.append(tensor.getIndex(i));
      case QINT8, QUINT8, QINT16, QUINT16, QINT32 -> sb.append(tensor.getIndex(i));
      case UINT64 -> sb.append(Long.toUnsignedString(tensor.getLong(i)));
      case HALF -> sb.append(real(Float.float16ToFloat(tensor.getShort(i))));
      case BFLOAT16 -> sb.append(real(TensorText.bfloat16ToFloat(tensor.getShort(i))));
      case FLOAT -> sb.append(real(tensor.getFloat(i)));
      case DOUBLE -> sb.append(real(tensor.getDouble(i)));
      case COMPLEX64 -> complex(sb, real(tensor.getFloat(2 * i)), tensor.getFloat(2 * i + 1));
      case COMPLEX128 -> complex(sb, real(tensor.getDouble(2 * i)), tensor.getDouble(2 * i + 1));
      case STRING -> TensorText.appendBytesLiteral(sb, tensor.getString(i));
      case RESOURCE, VARIANT -> sb.append(tensor.getObject(i));
    }
  }

  private static String real(float f) {
    return Float.isFinite(f) ? python(Float.toString(f), f) : TensorText.nonFinite(f);
  }

  private static String real(double d) {
    return Double.isFinite(d) ? python(Double.toString(d), d) : TensorText.nonFinite(d);
  }

  /**
   * Java's shortest repr ({@code javaRepr}) in Python's spelling: positional for decimal exponents
   * -4..15, else {@code d.ddde±XX}.
   */
  private static String python(String javaRepr, double value) {
    if (value == 0) {
      return 1 / value < 0 ? "-0.0" : "0.0";
    }
    BigDecimal v = new BigDecimal(javaRepr).stripTrailingZeros();
    String digits = v.unscaledValue().abs().toString();
    int exponent = digits.length() - 1 - v.scale();
    String sign = v.signum() < 0 ? "-" : "";
    if (exponent >= -4 && exponent < 16) {
      String plain = v.toPlainString();
      return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    String exp = String.valueOf(Math.abs(exponent));
    return sign
        + mantissa
        + "e"
        + (exponent < 0 ? "-" : "+")
        + (exp.length() < 2 ? "0" + exp : exp);
  }

  private static void complex(StringBuilder sb, String re, float im) {
    complex(sb, re, (double) im, real(Math.abs(im)));
  }

  private static void complex(StringBuilder sb, String re, double im) {
    complex(sb, re, im, real(Math.abs(im)));
  }

  private static void complex(StringBuilder sb, String re, double im, String absIm) {
    boolean negative = im < 0 || (im == 0 && 1 / im < 0);
    sb.append('(').append(re).append(negative ? '-' : '+').append(absIm).append("j)");
  }
}
