package dev.rawops.ragged;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;

/**
 * How rawops prints tensor elements, close to NumPy's and TensorFlow's Python notation so results
 * read the same as in TF: integers in decimal (unsigned ones unsigned), floating point values as
 * the shortest decimal that reads back to the same value of their type ({@code 1.5}, {@code
 * 1.0E-5}, {@code nan}, {@code inf}, {@code -inf}; half and bfloat16 via float), booleans as
 * {@code True}/{@code False}, complex numbers as {@code (1.0+2.0j)}, and strings as Python bytes
 * literals: {@code b'abc'}, with {@code \\}, {@code \'}, {@code \t}, {@code \n}, {@code \r} and
 * {@code \xNN} for other bytes outside printable ASCII. Dimensions nest as {@code [a, b]}.
 */
public final class ElementFormat {
  private final Tensor tensor;
  private final long rowSize;

  /** A formatter for the elements of {@code tensor}. */
  public ElementFormat(Tensor tensor) {
    this.tensor = tensor;
    Shape s = tensor.shape();
    this.rowSize = s.rank() == 0 ? 1 : s.numElementsFrom(1);
  }

  /** The whole tensor: its one element for a scalar, else nested lists. */
  public void appendAll(StringBuilder sb) {
    if (tensor.shape().rank() == 0) {
      appendElement(sb, 0);
    } else {
      appendRows(sb, 0, tensor.shape().dim(0));
    }
  }

  /** Rows [start, limit) of dimension 0 as a list, e.g. {@code [[1, 2], [3, 4]]}. */
  public void appendRows(StringBuilder sb, long start, long limit) {
    sb.append('[');
    for (long r = start; r < limit; r++) {
      if (r > start) {
        sb.append(", ");
      }
      if (tensor.shape().rank() <= 1) {
        appendElement(sb, r);
      } else {
        appendBlock(sb, 1, r * rowSize);
      }
    }
    sb.append(']');
  }

  /** Dimension {@code dim} and inward, starting at flat element {@code offset}. */
  private void appendBlock(StringBuilder sb, int dim, long offset) {
    Shape s = tensor.shape();
    long stride = s.numElementsFrom(dim + 1);
    sb.append('[');
    for (long k = 0; k < s.dim(dim); k++) {
      if (k > 0) {
        sb.append(", ");
      }
      if (dim == s.rank() - 1) {
        appendElement(sb, offset + k);
      } else {
        appendBlock(sb, dim + 1, offset + k * stride);
      }
    }
    sb.append(']');
  }

  /** Flat element {@code i}. */
  public void appendElement(StringBuilder sb, long i) {
    DType t = tensor.dtype();
    switch (t) {
      case BOOL -> sb.append(tensor.getBoolean(i) ? "True" : "False");
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32 -> sb.append(tensor.getIndex(i));
      case UINT64 -> sb.append(Long.toUnsignedString(tensor.getLong(i)));
      case HALF -> sb.append(real(Float.float16ToFloat(tensor.getShort(i))));
      case BFLOAT16 -> sb.append(real(Float.intBitsToFloat(tensor.getShort(i) << 16)));
      case FLOAT -> sb.append(real(tensor.getFloat(i)));
      case DOUBLE -> sb.append(real(tensor.getDouble(i)));
      case COMPLEX64 -> complex(sb, real(tensor.getFloat(2 * i)), tensor.getFloat(2 * i + 1));
      case COMPLEX128 -> complex(sb, real(tensor.getDouble(2 * i)), tensor.getDouble(2 * i + 1));
      case STRING -> appendBytes(sb, tensor.getString(i));
    }
  }

  private static String real(float f) {
    return Float.isFinite(f) ? Float.toString(f) : nonFinite(f);
  }

  private static String real(double d) {
    return Double.isFinite(d) ? Double.toString(d) : nonFinite(d);
  }

  private static String nonFinite(double d) {
    return Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf";
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

  /** A Python bytes literal: {@code b'…'}. */
  public static void appendBytes(StringBuilder sb, byte[] bytes) {
    sb.append("b'");
    for (byte b : bytes) {
      int c = b & 0xff;
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '\'' -> sb.append("\\'");
        case '\t' -> sb.append("\\t");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        default -> {
          if (c >= 0x20 && c < 0x7f) {
            sb.append((char) c);
          } else {
            sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
          }
        }
      }
    }
    sb.append('\'');
  }
}
