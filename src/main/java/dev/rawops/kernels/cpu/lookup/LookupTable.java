package dev.rawops.kernels.cpu.lookup;

import dev.rawops.Code;
import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.lookup.LookupChecks;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * A table in the session (TF's LookupInterface): its dtypes and shapes and the operations the table
 * ops call, each under the table's lock, so concurrent runs see whole operations.
 */
abstract class LookupTable {
  final DType keyDtype;
  final DType valueDtype;
  final Shape keyShape;
  final Shape valueShape;

  LookupTable(DType keyDtype, DType valueDtype, Shape keyShape, Shape valueShape) {
    this.keyDtype = keyDtype;
    this.valueDtype = valueDtype;
    this.keyShape = keyShape;
    this.valueShape = valueShape;
  }

  abstract long size();

  /** The values of {@code keys} (defaults where absent), of shape {@code out}. */
  abstract Tensor find(KernelContext ctx, Tensor keys, Tensor defaults, Shape out);

  abstract void insert(NodeInfo node, Tensor keys, Tensor values);

  abstract void remove(NodeInfo node, Tensor keys);

  abstract void importValues(NodeInfo node, Tensor keys, Tensor values);

  /** Keys and values, as TF's ExportValues outputs them. */
  abstract List<Tensor> export(KernelContext ctx);

  /** The table of an initializer op (TF's GetInitializableLookupTable), or null. */
  HashTable initializable() {
    return null;
  }

  void checkFind(NodeInfo node, Tensor keys, Tensor defaults) {
    LookupChecks.find(node, keys.shape(), defaults.shape(), keyShape, valueShape);
  }

  void checkInsert(NodeInfo node, Tensor keys, Tensor values) {
    LookupChecks.insert(node, keys.shape(), values.shape(), keyShape, valueShape);
  }

  void checkImport(NodeInfo node, Tensor keys, Tensor values) {
    checkInsert(node, keys, values);
  }

  void checkRemove(NodeInfo node, Tensor keys) {
    LookupChecks.keyShape(node, keys.shape(), keyShape);
  }

  /** TF's CheckTableDataTypes, when a creator finds a table of other dtypes under its name. */
  void checkDtypes(NodeInfo node, DType key, DType value, String name) {
    if (key != keyDtype || value != valueDtype) {
      throw node.invalidArgument(
          "Conflicting key/value dtypes "
              + key.tfName()
              + "->"
              + value.tfName()
              + " with "
              + keyDtype.tfName()
              + "-"
              + valueDtype.tfName()
              + " for table "
              + name);
    }
  }

  static RuntimeException unimplemented(NodeInfo node, String what) {
    return node.error(
        Code.UNIMPLEMENTED, what + " not supported by InitializableLookupTable implementations");
  }
}
