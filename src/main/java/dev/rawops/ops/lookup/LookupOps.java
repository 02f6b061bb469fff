package dev.rawops.ops.lookup;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Lookup op family: hash tables as session resources (TF's lookup_ops.cc), their initializers
 * (from tensors and from text files) and the ops that find, insert, remove, count, export and
 * import entries. The shape functions are TF's: the mutable tables hand their consumers the key and
 * value dtypes and shapes (TF's handle shapes and types), so a consumer's dtypes are checked at
 * build time and a find's output shape is known; HashTableV2 hands nothing on.
 */
public final class LookupOps implements OpFamily {
  /** The ops that make a table, each with its shape-and-type data (none for HashTable). */
  static final List<String> CREATORS =
      List.of(
          "HashTableV2",
          "AnonymousHashTable",
          "MutableHashTableV2",
          "AnonymousMutableHashTable",
          "MutableHashTableOfTensorsV2",
          "AnonymousMutableHashTableOfTensors",
          "MutableDenseHashTableV2",
          "AnonymousMutableDenseHashTable");

  @Override
  public List<Op> ops() {
    List<Op> ops = new ArrayList<>();
    for (String op : CREATORS) {
      DefinedOp d = DefinedOp.of(op, LookupOps::creatorShape);
      ops.add(
          op.contains("Mutable") ? d.constant((node, i) -> Optional.of(handleTensor(node))) : d);
    }
    ops.add(DefinedOp.of("LookupTableFindV2", LookupOps::findShape));
    ops.add(DefinedOp.of("LookupTableInsertV2", handleOnly()));
    ops.add(
        DefinedOp.of(
            "LookupTableRemoveV2",
            node -> {
              Shapes.requireRank(node, 0, 0);
              Shapes.requireRankAtLeast(node, 1, 1);
              return List.of();
            }));
    ops.add(
        DefinedOp.of(
            "LookupTableSizeV2",
            node -> {
              Shapes.requireRank(node, 0, 0);
              return List.of(PartialShape.of());
            }));
    ops.add(DefinedOp.of("LookupTableExportV2", LookupOps::exportShape));
    ops.add(DefinedOp.of("LookupTableImportV2", LookupOps::importShape));
    ops.add(DefinedOp.of("InitializeTableV2", LookupOps::initializeShape));
    ops.add(
        DefinedOp.of(
            "InitializeTableFromTextFileV2",
            node -> {
              Shapes.requireRank(node, 0, 0);
              Shapes.requireRank(node, 1, 0);
              return List.of();
            }));
    return ops;
  }

  private static DefinedOp.ShapeFn handleOnly() {
    return node -> {
      Shapes.requireRank(node, 0, 0);
      return List.of();
    };
  }

  private static List<PartialShape> creatorShape(NodeInfo node) {
    if (node.op().contains("DenseHashTable")) {
      Shapes.requireRankAtMost(node, 0, 1);
    }
    return ShapeFns.of(PartialShape.of());
  }

  /** The handle a creator outputs as build time sees it: where it lives, dtypes and shapes. */
  public static TableHandle buildTimeHandle(NodeInfo node) {
    String container = node.attrs().has("container") ? node.attrs().getString("container") : "";
    String shared = node.attrs().has("shared_name") ? node.attrs().getString("shared_name") : "";
    PartialShape key =
        node.op().contains("DenseHashTable") ? node.inputShape(0) : PartialShape.of();
    PartialShape value =
        node.attrs().has("value_shape")
            ? PartialShape.fromProto(node.attrs().getShape("value_shape"))
            : PartialShape.of();
    return new TableHandle(
        container.isEmpty() ? TableHandle.DEFAULT_CONTAINER : container,
        shared.isEmpty() ? node.name() : shared,
        DType.fromProto(node.attrs().getType("key_dtype")),
        DType.fromProto(node.attrs().getType("value_dtype")),
        key,
        value,
        null);
  }

  private static Tensor handleTensor(NodeInfo node) {
    return Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), buildTimeHandle(node));
  }

  /** The table's shape-and-type data when build time knows the handle (a mutable creator). */
  private static Optional<TableHandle> handleData(NodeInfo node) {
    return node.constantInput(0)
        .filter(t -> t.dtype() == DType.RESOURCE && t.numElements() == 1)
        .map(t -> t.getObject(0))
        .filter(TableHandle.class::isInstance)
        .map(TableHandle.class::cast);
  }

  /** TF's ValidateTableType: the op's key and value dtype attrs against the table's. */
  private static void validateTypes(NodeInfo node, TableHandle h, String keyAttr, String valAttr) {
    check(node, h.keyDtype(), node.attrs().getType(keyAttr));
    check(node, h.valueDtype(), node.attrs().getType(valAttr));
  }

  private static void check(NodeInfo node, DType table, dev.rawops.tfproto.DataType attr) {
    if (table.proto() != attr) {
      throw node.invalidArgument(
          "Trying to read value with wrong dtype. Expected "
              + table.tfName()
              + " got "
              + DType.tfName(attr));
    }
  }

  private static List<PartialShape> findShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 0);
    Optional<TableHandle> h = handleData(node);
    if (h.isEmpty()) {
      return List.of(PartialShape.unknownRank());
    }
    validateTypes(node, h.get(), "Tin", "Tout");
    PartialShape keys = node.inputShape(1);
    PartialShape suffix = h.get().keyShape();
    if (!suffix.hasRank() || !keys.hasRank()) {
      return List.of(PartialShape.unknownRank());
    }
    if (keys.rank() < suffix.rank()) {
      throw node.invalidArgument(
          "Expected keys to have suffix " + suffix + " but saw shape: " + keys);
    }
    return List.of(keys.sub(0, keys.rank() - suffix.rank()).concat(h.get().valueShape()));
  }

  private static List<PartialShape> exportShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 0);
    handleData(node).ifPresent(h -> validateTypes(node, h, "Tkeys", "Tvalues"));
    return List.of(PartialShape.unknownRank(), PartialShape.unknownRank());
  }

  private static List<PartialShape> importShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 0);
    Shapes.requireRank(node, 1, 1);
    long k = Shapes.dimOr(node.inputShape(1), 0);
    PartialShape values = node.inputShape(2);
    long v = values.hasRank() && values.rank() > 0 ? values.dim(0) : PartialShape.UNKNOWN;
    if (k >= 0 && v >= 0 && k != v) {
      throw node.invalidArgument("Dimensions must be equal, but are " + k + " and " + v);
    }
    return List.of();
  }

  /** WithRank(keys, 1), then TF's Merge(keys, values), with its messages. */
  private static List<PartialShape> initializeShape(NodeInfo node) {
    Shapes.requireRank(node, 0, 0);
    Shapes.requireRank(node, 1, 1);
    PartialShape a = node.inputShape(1);
    PartialShape b = node.inputShape(2);
    if (a.hasRank() && b.hasRank()) {
      if (a.rank() != b.rank()) {
        throw node.invalidArgument(
            "Shapes must be equal rank, but are " + a.rank() + " and " + b.rank());
      }
      for (int d = 0; d < a.rank(); d++) {
        if (a.dim(d) >= 0 && b.dim(d) >= 0 && a.dim(d) != b.dim(d)) {
          throw node.invalidArgument(
              "Dimension "
                  + d
                  + " in both shapes must be equal, but are "
                  + a.dim(d)
                  + " and "
                  + b.dim(d)
                  + ". Shapes are "
                  + a
                  + " and "
                  + b
                  + ".");
        }
      }
    }
    return List.of();
  }
}
