package dev.rawops.kernels.cpu.lookup;

import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * TF's MutableHashTableOfScalars (value shape []) and MutableHashTableOfTensors (value shape [d]):
 * insert overwrites, remove drops, import replaces everything.
 */
final class MutableHashTable extends IndexedTable {
  MutableHashTable(DType keyDtype, DType valueDtype, Shape valueShape) {
    super(keyDtype, valueDtype, valueShape);
  }

  @Override
  synchronized long size() {
    return index.size();
  }

  @Override
  synchronized Tensor find(KernelContext ctx, Tensor keys, Tensor defaults, Shape out) {
    return lookup(ctx, keys, defaults, out, true);
  }

  @Override
  synchronized void insert(NodeInfo node, Tensor keys, Tensor values) {
    put(keys, values);
  }

  @Override
  synchronized void remove(NodeInfo node, Tensor keys) {
    long n = keys.numElements();
    for (long i = 0; i < n; i++) {
      index.remove(keys, i);
    }
  }

  @Override
  synchronized void importValues(NodeInfo node, Tensor keys, Tensor values) {
    index.clear();
    rows.clear();
    put(keys, values);
  }

  @Override
  synchronized List<Tensor> export(KernelContext ctx) {
    return exportEntries(ctx);
  }
}
