package dev.rawops.kernels.cpu.lookup;

import dev.rawops.Code;
import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * TF's HashTable (an InitializableLookupTable): filled once by an initializer, read-only after.
 * Until then it has size 0, finds fail and exports abort, as TF's.
 */
final class HashTable extends IndexedTable {
  private boolean initialized;

  HashTable(DType keyDtype, DType valueDtype) {
    super(keyDtype, valueDtype, Shape.scalar());
  }

  @Override
  HashTable initializable() {
    return this;
  }

  synchronized boolean isInitialized() {
    return initialized;
  }

  @Override
  synchronized long size() {
    return initialized ? index.size() : 0;
  }

  @Override
  synchronized Tensor find(KernelContext ctx, Tensor keys, Tensor defaults, Shape out) {
    if (!initialized) {
      throw ctx.node().error(Code.FAILED_PRECONDITION, "Table not initialized.");
    }
    return lookup(ctx, keys, defaults, out, false);
  }

  @Override
  void insert(NodeInfo node, Tensor keys, Tensor values) {
    throw unimplemented(node, "Insert");
  }

  @Override
  void remove(NodeInfo node, Tensor keys) {
    throw unimplemented(node, "Remove");
  }

  /** ImportValues, which InitializeTableV2 also calls: TF's Initialize over the two tensors. */
  @Override
  synchronized void importValues(NodeInfo node, Tensor keys, Tensor values) {
    checkInsert(node, keys, values);
    if (initialized) {
      if (keys.numElements() != index.size()) {
        throw node.error(
            Code.FAILED_PRECONDITION, "Table was already initialized with different data.");
      }
      return;
    }
    add(node, keys, values);
    initialized = true;
  }

  /**
   * TF's AreEntriesSame for a table already initialized: the entry counts alone decide; true when
   * {@code count} equals the size.
   */
  synchronized boolean sameCount(long count) {
    return count == index.size();
  }

  synchronized void markInitialized() {
    initialized = true;
  }

  /**
   * Adds each pair in order; a key already there with another value is TF's FAILED_PRECONDITION
   * (the pairs before it stay, as in TF, but the table is not initialized).
   */
  synchronized void add(NodeInfo node, Tensor keys, Tensor values) {
    long n = keys.numElements();
    for (long i = 0; i < n; i++) {
      int s = index.put(keys, i);
      if (s < 0) {
        rows.ensure(index.slotLimit());
        rows.set(-s - 1, values, i);
      } else if (!sameValue(s, values, i)) {
        throw node.error(
            Code.FAILED_PRECONDITION,
            "HashTable has different value for same key. Key "
                + text(keys, i)
                + " has "
                + text(rows.element(s, 0), 0)
                + " and trying to add value "
                + text(values, i));
      }
    }
  }

  /** C++'s {@code !=} on the value: floats by value (NaN differs from itself). */
  private boolean sameValue(int slot, Tensor values, long i) {
    Tensor old = rows.element(slot, 0);
    return switch (valueDtype) {
      case FLOAT, DOUBLE -> Numbers.get(old, 0) == Numbers.get(values, i);
      case STRING -> java.util.Arrays.equals(old.getString(0), values.getString(i));
      case BOOL -> old.getBoolean(0) == values.getBoolean(i);
      default -> old.getIndex(0) == values.getIndex(i);
    };
  }

  /** One element as TF's StrCat prints it. */
  static String text(Tensor t, long i) {
    return switch (t.dtype()) {
      case STRING -> new String(t.getString(i), StandardCharsets.UTF_8);
      case BOOL -> t.getBoolean(i) ? "1" : "0";
      case FLOAT -> TfNumbers.floatText(t.getFloat(i));
      case DOUBLE -> TfNumbers.doubleText(t.getDouble(i));
      default -> Long.toString(t.getIndex(i));
    };
  }

  @Override
  synchronized List<Tensor> export(KernelContext ctx) {
    if (!initialized) {
      throw ctx.node().error(Code.ABORTED, "HashTable is not initialized.");
    }
    return exportEntries(ctx);
  }
}
