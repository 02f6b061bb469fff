package dev.rawops.kernels.cpu.lookup;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.lookup.TableHandle;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The table-making ops on CPU (TF's LookupTableOp and AnonymousLookupTableOp). A named table lives
 * in the session under (container, shared_name), or the node's name with use_node_name_sharing, or
 * else a name private to the kernel, as TF's ContainerInfo; it is made on the op's first run and
 * found on every later one. An anonymous table is made on every run and lives in its handle.
 */
final class CpuTableCreators {
  private CpuTableCreators() {}

  // TF's ContainerInfo resource_id_: private names "_<n>_<node>".
  private static final AtomicLong PRIVATE = new AtomicLong();
  private static final AtomicLong ANONYMOUS = new AtomicLong();

  /** The key and value dtypes rawops' tables hold. */
  static final List<DType> KEYS = List.of(DType.INT32, DType.INT64, DType.STRING);

  static final List<DType> VALUES =
      List.of(DType.BOOL, DType.INT32, DType.INT64, DType.FLOAT, DType.DOUBLE, DType.STRING);

  static List<KernelDef> defs() {
    List<KernelDef> out = new ArrayList<>();
    for (String op :
        List.of(
            "HashTableV2",
            "AnonymousHashTable",
            "MutableHashTableV2",
            "AnonymousMutableHashTable",
            "MutableHashTableOfTensorsV2",
            "AnonymousMutableHashTableOfTensors",
            "MutableDenseHashTableV2",
            "AnonymousMutableDenseHashTable")) {
      // One registration per key dtype, with exactly the value dtypes TF pairs with it.
      for (DType key : KEYS) {
        List<DType> values = new ArrayList<>();
        for (DType value : VALUES) {
          if (TfCpuRegistrations.registers(op, Map.of("key_dtype", key, "value_dtype", value))) {
            values.add(value);
          }
        }
        if (!values.isEmpty()) {
          out.add(
              KernelDef.builder(op, Device.CPU)
                  .typeConstraint("key_dtype", key)
                  .typeConstraint("value_dtype", values.toArray(new DType[0]))
                  .build(
                      op.startsWith("Anonymous")
                          ? CpuTableCreators::anonymous
                          : CpuTableCreators::named));
        }
      }
    }
    return out;
  }

  private static Kernel named(NodeInfo node) {
    String container = node.attrs().getString("container");
    String shared = node.attrs().getString("shared_name");
    String name =
        !shared.isEmpty()
            ? shared
            : node.attrs().getBool("use_node_name_sharing")
                ? node.name()
                : "_" + PRIVATE.getAndIncrement() + "_" + node.name();
    DType key = DType.fromProto(node.attrs().getType("key_dtype"));
    DType value = DType.fromProto(node.attrs().getType("value_dtype"));
    TableHandle handle =
        new TableHandle(
            container.isEmpty() ? TableHandle.DEFAULT_CONTAINER : container,
            name,
            key,
            value,
            PartialShape.unknownRank(),
            PartialShape.unknownRank(),
            null);
    Tensor out = Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), handle);
    return ctx -> {
      LookupTable t =
          ctx.state().getOrCreate(handle.key(), LookupTable.class, k -> make(ctx, key, value));
      t.checkDtypes(ctx.node(), key, value, name);
      ctx.setOutput(0, out);
    };
  }

  private static Kernel anonymous(NodeInfo node) {
    DType key = DType.fromProto(node.attrs().getType("key_dtype"));
    DType value = DType.fromProto(node.attrs().getType("value_dtype"));
    return ctx -> {
      LookupTable t = make(ctx, key, value);
      TableHandle h =
          new TableHandle(
              TableHandle.DEFAULT_CONTAINER,
              node.op() + "/" + ANONYMOUS.getAndIncrement(),
              key,
              value,
              PartialShape.unknownRank(),
              PartialShape.unknownRank(),
              t);
      ctx.setOutput(0, Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), h));
    };
  }

  /** The table a creator node makes, with TF's constructor checks. */
  private static LookupTable make(KernelContext ctx, DType key, DType value) {
    NodeInfo node = ctx.node();
    String op = node.op();
    if (op.equals("HashTableV2") || op.equals("AnonymousHashTable")) {
      return new HashTable(key, value);
    }
    if (op.contains("OfTensors")) {
      Shape shape = valueShape(node);
      if (shape.rank() != 1) {
        throw node.invalidArgument("Default value must be a vector, got shape " + shape);
      }
      return new MutableHashTable(key, value, shape);
    }
    if (op.contains("Dense")) {
      return new DenseHashTable(
          node,
          key,
          value,
          valueShape(node),
          ctx.input(0),
          ctx.input(1),
          node.attrs().getInt("initial_num_buckets"),
          node.attrs().get("max_load_factor").getF());
    }
    return new MutableHashTable(key, value, Shape.scalar());
  }

  private static Shape valueShape(NodeInfo node) {
    PartialShape p = PartialShape.fromProto(node.attrs().getShape("value_shape"));
    return p.toShape()
        .orElseThrow(() -> node.invalidArgument("value_shape " + p + " is not fully defined"));
  }
}
