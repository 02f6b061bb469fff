package dev.rawops.kernels.cpu.lookup;

import dev.rawops.kernels.KernelContext;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Layouts;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * What TF's unordered_map tables (HashTable, MutableHashTable, MutableHashTableOfTensors) share: a
 * {@link SlotIndex} of keys and a {@link ValueRows} of values, one row per key.
 */
abstract class IndexedTable extends LookupTable {
  final SlotIndex index;
  final ValueRows rows;
  final int width;

  IndexedTable(DType keyDtype, DType valueDtype, Shape valueShape) {
    super(keyDtype, valueDtype, Shape.scalar(), valueShape);
    this.index = new SlotIndex(keyDtype);
    this.width = Math.toIntExact(valueShape.numElements());
    this.rows = new ValueRows(valueDtype, width);
  }

  /** InsertOrUpdate of every key: the last value given for a key wins. */
  final void put(Tensor keys, Tensor values) {
    long n = keys.numElements();
    for (long i = 0; i < n; i++) {
      int s = index.put(keys, i);
      int slot = s < 0 ? -s - 1 : s;
      rows.ensure(index.slotLimit());
      rows.set(slot, values, i);
    }
  }

  /**
   * The values of {@code keys}: a key's row, else the default (one for all; one per key when {@code
   * perKeyDefaults} and the default has as many elements as the output, as TF's mutable tables;
   * TF's HashTable always reads its default's first row).
   */
  final Tensor lookup(
      KernelContext ctx, Tensor keys, Tensor defaults, Shape out, boolean perKeyDefaults) {
    int[] slots = index.find(keys);
    boolean perKey = perKeyDefaults && defaults.numElements() == out.numElements();
    TensorBuffer buf = ctx.allocateUninitialized(valueDtype, out);
    rows.gather(slots, defaults, perKey, buf);
    return buf.freeze();
  }

  static void copyRow(Tensor src, long srcRow, TensorBuffer dst, long dstRow, int width) {
    if (src.dtype() == DType.STRING) {
      byte[][] d = dst.strings();
      for (int j = 0; j < width; j++) {
        d[(int) (dstRow * width + j)] = src.getString(srcRow * width + j);
      }
    } else {
      long rowBytes = (long) width * src.dtype().byteSize();
      MemorySegment.copy(src.data(), srcRow * rowBytes, dst.segment(), dstRow * rowBytes, rowBytes);
    }
  }

  /** Keys [n] and values [n, value shape…] in the index's order. */
  final List<Tensor> exportEntries(KernelContext ctx) {
    int n = index.size();
    TensorBuffer keys = ctx.allocateUninitialized(keyDtype, Shape.of(n));
    TensorBuffer values = ctx.allocateUninitialized(valueDtype, Shape.of(n).concat(valueShape));
    int[] next = {0};
    index.forEach(
        (position, slot) -> {
          int i = next[0]++;
          switch (keyDtype) {
            case STRING -> keys.strings()[i] = index.stringKeyAt(position);
            case INT32 ->
                keys.segment().setAtIndex(Layouts.I32, i, (int) index.longKeyAt(position));
            default -> keys.segment().setAtIndex(Layouts.I64, i, index.longKeyAt(position));
          }
          rows.copyTo(slot, values, i);
        });
    return List.of(keys.freeze(), values.freeze());
  }
}
