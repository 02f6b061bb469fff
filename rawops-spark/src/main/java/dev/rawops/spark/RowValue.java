package dev.rawops.spark;

import dev.rawops.tensor.DType;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * One row's value for one input, flattened: its dims and its elements in a primitive array (or byte
 * strings). Built from the nested arrays Spark hands over (Scala Seqs or Java lists); a value that
 * cannot be a tensor of the input's row shape is a {@link BadRow}.
 */
final class RowValue {
  final long[] dims;
  final Object data; // float[], double[], byte[], short[], int[], long[], boolean[] or byte[][]

  private RowValue(long[] dims, Object data) {
    this.dims = dims;
    this.data = data;
  }

  /** Why a row cannot be scored; the caller adds where it is. */
  static final class BadRow extends Exception {
    private static final long serialVersionUID = 1L;

    BadRow(String message) {
      super(message, null, false, false);
    }
  }

  static RowValue of(Object v, Columns.Feed f) throws BadRow {
    long[] dims = new long[f.depth()];
    Object cur = v;
    for (int level = 0; level < dims.length; level++) {
      if (cur == null) {
        throw new BadRow(level == 0 ? "the value is null" : "a nested array is null");
      }
      dims[level] = length(cur);
      if (dims[level] == 0) {
        break; // an empty array: the dims below are 0 too, unless the signature fixes them
      }
      cur = get(cur, 0);
    }
    for (int i = 0; i < dims.length; i++) {
      if (dims[i] == 0 && i + 1 < dims.length) {
        for (int j = i + 1; j < dims.length; j++) {
          dims[j] = Math.max(f.rowDims()[j], 0);
        }
        break;
      }
    }
    for (int i = 0; i < dims.length; i++) {
      long want = f.rowDims()[i];
      if (want >= 0 && dims[i] != want) {
        throw new BadRow(
            "an array of "
                + dims[i]
                + " at depth "
                + (i + 1)
                + " where the input's shape needs "
                + want);
      }
    }
    long n = 1;
    for (long d : dims) {
      n = Math.multiplyExact(n, d);
    }
    Object data = allocate(f.dtype(), Math.toIntExact(n));
    int[] at = {0};
    fill(v, 0, dims, data, f.dtype(), at);
    return new RowValue(dims, data);
  }

  private static void fill(Object v, int level, long[] dims, Object data, DType dt, int[] at)
      throws BadRow {
    if (level == dims.length) {
      if (v == null) {
        throw new BadRow(dims.length == 0 ? "the value is null" : "an element is null");
      }
      put(data, dt, at[0]++, v);
      return;
    }
    if (v == null) {
      throw new BadRow("a nested array is null");
    }
    int len = length(v);
    if (len != dims[level]) {
      throw new BadRow(
          "a ragged array: lengths "
              + dims[level]
              + " and "
              + len
              + " at depth "
              + (level + 1)
              + " (a tensor's rows have one length)");
    }
    for (int i = 0; i < len; i++) {
      fill(get(v, i), level + 1, dims, data, dt, at);
    }
  }

  private static int length(Object v) {
    if (v instanceof scala.collection.Seq<?> s) {
      return s.length();
    }
    if (v instanceof List<?> l) {
      return l.size();
    }
    return java.lang.reflect.Array.getLength(v);
  }

  private static Object get(Object v, int i) {
    if (v instanceof scala.collection.Seq<?> s) {
      return s.apply(i);
    }
    if (v instanceof List<?> l) {
      return l.get(i);
    }
    return java.lang.reflect.Array.get(v, i);
  }

  static Object allocate(DType dt, int n) {
    return switch (dt) {
      case FLOAT -> new float[n];
      case DOUBLE -> new double[n];
      case INT8 -> new byte[n];
      case INT16 -> new short[n];
      case INT32 -> new int[n];
      case INT64 -> new long[n];
      case BOOL -> new boolean[n];
      case STRING -> new byte[n][];
      default -> throw new IllegalStateException("no column type for " + dt.tfName());
    };
  }

  private static void put(Object data, DType dt, int i, Object v) {
    switch (dt) {
      case FLOAT -> ((float[]) data)[i] = (Float) v;
      case DOUBLE -> ((double[]) data)[i] = (Double) v;
      case INT8 -> ((byte[]) data)[i] = (Byte) v;
      case INT16 -> ((short[]) data)[i] = (Short) v;
      case INT32 -> ((int[]) data)[i] = (Integer) v;
      case INT64 -> ((long[]) data)[i] = (Long) v;
      case BOOL -> ((boolean[]) data)[i] = (Boolean) v;
      case STRING ->
          ((byte[][]) data)[i] =
              v instanceof byte[] b ? b : ((String) v).getBytes(StandardCharsets.UTF_8);
      default -> throw new IllegalStateException("no column type for " + dt.tfName());
    }
  }

  boolean sameDims(RowValue o) {
    return Arrays.equals(dims, o.dims);
  }

  int size() {
    return java.lang.reflect.Array.getLength(data);
  }
}
