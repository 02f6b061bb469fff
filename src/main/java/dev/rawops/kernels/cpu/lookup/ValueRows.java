package dev.rawops.kernels.cpu.lookup;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A table's values, one row of {@code width} elements per slot: fixed-width dtypes as raw bytes
 * (copied in and out in bulk), strings as byte arrays. Rows are copied in from tensors, so nothing
 * a caller passed in is kept or changed.
 */
final class ValueRows {
  final DType dtype;
  final int width;
  private final int rowBytes;
  private byte[] bytes = new byte[0];
  private byte[][] strings = new byte[0][];
  private static final byte[] EMPTY = new byte[0];

  ValueRows(DType dtype, int width) {
    this.dtype = dtype;
    this.width = width;
    this.rowBytes = dtype == DType.STRING ? 0 : width * dtype.byteSize();
  }

  void ensure(int rows) {
    long need = (long) rows * width;
    if (dtype == DType.STRING) {
      if (strings.length < need) {
        int old = strings.length;
        strings = Arrays.copyOf(strings, (int) Math.max(need, strings.length * 2L));
        // A row never written reads as C++'s default value, the empty string.
        Arrays.fill(strings, old, strings.length, EMPTY);
      }
    } else if (bytes.length < (long) rows * rowBytes) {
      bytes = Arrays.copyOf(bytes, (int) Math.max((long) rows * rowBytes, bytes.length * 2L));
    }
  }

  /** Row {@code row} := row {@code srcRow} of {@code src} (rows of {@code width} elements). */
  void set(int row, Tensor src, long srcRow) {
    if (dtype == DType.STRING) {
      for (int j = 0; j < width; j++) {
        strings[row * width + j] = src.getString(srcRow * width + j);
      }
    } else {
      MemorySegment.copy(
          src.data(),
          srcRow * rowBytes,
          MemorySegment.ofArray(bytes),
          (long) row * rowBytes,
          rowBytes);
    }
  }

  /**
   * Row i of {@code dst} := row {@code slots[i]}, or where that is -1 row i (or 0) of {@code
   * defaults}: one loop with the segments read once, and 1-, 4- and 8-byte rows moved as values.
   */
  void gather(int[] slots, Tensor defaults, boolean perKey, TensorBuffer dst) {
    if (dtype == DType.STRING) {
      for (int i = 0; i < slots.length; i++) {
        if (slots[i] >= 0) {
          copyTo(slots[i], dst, i);
        } else {
          IndexedTable.copyRow(defaults, perKey ? i : 0, dst, i, width);
        }
      }
      return;
    }
    MemorySegment src = MemorySegment.ofArray(bytes);
    MemorySegment def = defaults.data();
    MemorySegment out = dst.segment();
    for (int i = 0; i < slots.length; i++) {
      boolean hit = slots[i] >= 0;
      MemorySegment from = hit ? src : def;
      long at = (long) (hit ? slots[i] : perKey ? i : 0) * rowBytes;
      long to = (long) i * rowBytes;
      switch (rowBytes) {
        case 8 -> out.set(Layouts.I64, to, from.get(Layouts.I64, at));
        case 4 -> out.set(Layouts.I32, to, from.get(Layouts.I32, at));
        case 1 -> out.set(Layouts.I8, to, from.get(Layouts.I8, at));
        default -> MemorySegment.copy(from, at, out, to, rowBytes);
      }
    }
  }

  /** Writes row {@code row} into row {@code dstRow} of {@code dst}. */
  void copyTo(int row, TensorBuffer dst, long dstRow) {
    if (dtype == DType.STRING) {
      System.arraycopy(strings, row * width, dst.strings(), (int) (dstRow * width), width);
    } else {
      MemorySegment.copy(
          MemorySegment.ofArray(bytes),
          (long) row * rowBytes,
          dst.segment(),
          dstRow * rowBytes,
          rowBytes);
    }
  }

  /** Element {@code j} of row {@code row} as a one-element tensor's bytes, for messages. */
  Tensor element(int row, int j) {
    if (dtype == DType.STRING) {
      return Tensor.ofByteStrings(dev.rawops.tensor.Shape.scalar(), strings[row * width + j]);
    }
    int size = dtype.byteSize();
    return Tensor.fromBytes(
        dtype,
        dev.rawops.tensor.Shape.scalar(),
        MemorySegment.ofArray(
            Arrays.copyOfRange(
                bytes, row * rowBytes + j * size, row * rowBytes + j * size + size)));
  }

  /** Drops every row (the arrays shrink back). */
  void clear() {
    bytes = new byte[0];
    strings = new byte[0][];
  }
}
