package dev.rawops.conform;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import java.util.Arrays;

/**
 * One element of a tensor, compared by its bits and written for people (floats with their bits).
 */
final class Elements {
  private Elements() {}

  static boolean equal(Tensor a, Tensor b, long i) {
    if (a.dtype() == DType.STRING) {
      return Arrays.equals(a.getString(i), b.getString(i));
    }
    int size = a.dtype().byteSize();
    for (int k = 0; k < size; k++) {
      if (a.getByte(i * size + k) != b.getByte(i * size + k)) {
        return false;
      }
    }
    return true;
  }

  /**
   * E.g. "7", "true", "-0.0 (bits 0x80000000)", "(1.0 (bits 0x3f800000), 2.0 …)", "b\"a\\x00\"".
   */
  static String format(Tensor t, long i) {
    return switch (t.dtype()) {
      case BOOL -> Boolean.toString(t.getBoolean(i));
      case INT8,
          INT16,
          INT32,
          INT64,
          UINT8,
          UINT16,
          UINT32,
          QINT8,
          QUINT8,
          QINT16,
          QUINT16,
          QINT32 ->
          Long.toString(t.getIndex(i));
      case UINT64 -> Long.toUnsignedString(t.getLong(i));
      case HALF -> half(t.getShort(i));
      case BFLOAT16 ->
          withBits(Float.intBitsToFloat((t.getShort(i) & 0xffff) << 16), t.getShort(i) & 0xffff, 4);
      case FLOAT -> float32(t.getFloat(i));
      case DOUBLE -> float64(t.getDouble(i));
      case COMPLEX64 ->
          "(" + float32(t.getFloat(2 * i)) + ", " + float32(t.getFloat(2 * i + 1)) + ")";
      case COMPLEX128 ->
          "(" + float64(t.getDouble(2 * i)) + ", " + float64(t.getDouble(2 * i + 1)) + ")";
      case STRING -> bytes(t.getString(i));
      case RESOURCE, VARIANT -> String.valueOf(t.getObject(i));
    };
  }

  private static String half(short bits) {
    return withBits(Float.float16ToFloat(bits), bits & 0xffff, 4);
  }

  private static String float32(float v) {
    return withBits(v, Float.floatToRawIntBits(v) & 0xffffffffL, 8);
  }

  private static String float64(double v) {
    return v + " (bits 0x" + String.format("%016x", Double.doubleToRawLongBits(v)) + ")";
  }

  private static String withBits(float v, long bits, int hexDigits) {
    return v + " (bits 0x" + String.format("%0" + hexDigits + "x", bits) + ")";
  }

  /** Python-style bytes literal: printable ASCII as is, everything else escaped. */
  private static String bytes(byte[] b) {
    StringBuilder sb = new StringBuilder("b\"");
    for (byte x : b) {
      int c = x & 0xff;
      if (c == '"' || c == '\\') {
        sb.append('\\').append((char) c);
      } else if (c >= 0x20 && c < 0x7f) {
        sb.append((char) c);
      } else {
        sb.append(String.format("\\x%02x", c));
      }
    }
    return sb.append('"').toString();
  }
}
