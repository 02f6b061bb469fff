package dev.rawops.kernels.cpu.lookup;

import dev.rawops.Code;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.lookup.LookupChecks;
import dev.rawops.ops.lookup.TableHandle;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The ops on a table handle (TF's lookup_table_op.cc and lookup_table_init_op.cc): find, insert,
 * remove, size, export, import and the two initializers, each with TF's checks in TF's order.
 */
final class CpuTableOps {
  private CpuTableOps() {}

  static List<KernelDef> defs() {
    return List.of(
        KernelDef.builder("LookupTableFindV2", Device.CPU).build(n -> CpuTableOps::find),
        KernelDef.builder("LookupTableInsertV2", Device.CPU).build(n -> CpuTableOps::insert),
        KernelDef.builder("LookupTableRemoveV2", Device.CPU).build(n -> CpuTableOps::remove),
        KernelDef.builder("LookupTableSizeV2", Device.CPU).build(n -> CpuTableOps::size),
        KernelDef.builder("LookupTableExportV2", Device.CPU).build(n -> CpuTableOps::export),
        KernelDef.builder("LookupTableImportV2", Device.CPU).build(n -> CpuTableOps::importValues),
        KernelDef.builder("InitializeTableV2", Device.CPU).build(n -> CpuTableOps::initialize),
        KernelDef.builder("InitializeTableFromTextFileV2", Device.CPU)
            .build(n -> CpuTableOps::initializeFromFile));
  }

  private static TableHandle handle(KernelContext ctx) {
    Tensor t = ctx.input(0);
    if (t.numElements() != 1 || !(t.getObject(0) instanceof TableHandle h)) {
      throw ctx.node()
          .invalidArgument(
              "Trying to access resource using the wrong type: input 0 is not a lookup table"
                  + " handle");
    }
    return h;
  }

  /** TF's GetLookupTable: the handle's table, NOT_FOUND when the session has none under it. */
  static LookupTable table(KernelContext ctx) {
    TableHandle h = handle(ctx);
    if (h.table() instanceof LookupTable t) {
      return t;
    }
    return ctx.state()
        .get(h.key(), LookupTable.class)
        .orElseThrow(() -> ctx.node().error(Code.NOT_FOUND, h.missing()));
  }

  private static void find(KernelContext ctx) {
    LookupTable t = table(ctx);
    NodeInfo node = ctx.node();
    LookupChecks.matchSignature(
        node, List.of(DType.RESOURCE, t.keyDtype, t.valueDtype), List.of(t.valueDtype));
    Tensor keys = ctx.input(1);
    Tensor defaults = ctx.input(2);
    t.checkFind(node, keys, defaults);
    Shape out = LookupChecks.valueShapeFor(keys.shape(), t.keyShape.rank(), t.valueShape);
    ctx.setOutput(0, t.find(ctx, keys, defaults, out));
  }

  private static void insert(KernelContext ctx) {
    LookupTable t = table(ctx);
    LookupChecks.matchSignature(
        ctx.node(), List.of(DType.RESOURCE, t.keyDtype, t.valueDtype), List.of());
    t.checkInsert(ctx.node(), ctx.input(1), ctx.input(2));
    t.insert(ctx.node(), ctx.input(1), ctx.input(2));
  }

  private static void remove(KernelContext ctx) {
    LookupTable t = table(ctx);
    LookupChecks.matchSignature(ctx.node(), List.of(DType.RESOURCE, t.keyDtype), List.of());
    t.checkRemove(ctx.node(), ctx.input(1));
    t.remove(ctx.node(), ctx.input(1));
  }

  private static void size(KernelContext ctx) {
    ctx.setOutput(0, Tensor.ofLongs(Shape.scalar(), table(ctx).size()));
  }

  private static void export(KernelContext ctx) {
    LookupTable t = table(ctx);
    LookupChecks.matchSignature(
        ctx.node(), List.of(DType.RESOURCE), List.of(t.keyDtype, t.valueDtype));
    List<Tensor> kv = t.export(ctx);
    ctx.setOutput(0, kv.get(0));
    ctx.setOutput(1, kv.get(1));
  }

  private static void importValues(KernelContext ctx) {
    LookupTable t = table(ctx);
    LookupChecks.matchSignature(
        ctx.node(), List.of(DType.RESOURCE, t.keyDtype, t.valueDtype), List.of());
    t.checkImport(ctx.node(), ctx.input(1), ctx.input(2));
    t.importValues(ctx.node(), ctx.input(1), ctx.input(2));
  }

  /** TF's GetInitializableLookupTable: only a HashTable takes an initializer. */
  private static HashTable initializable(KernelContext ctx) {
    LookupTable t = table(ctx);
    HashTable h = t.initializable();
    if (h == null) {
      TableHandle handle = handle(ctx);
      throw ctx.node()
          .invalidArgument(
              "Table " + handle.container() + " " + handle.name() + " is not initializable");
    }
    return h;
  }

  private static void initialize(KernelContext ctx) {
    HashTable t = initializable(ctx);
    NodeInfo node = ctx.node();
    LookupChecks.matchSignature(node, List.of(DType.RESOURCE, t.keyDtype, t.valueDtype), List.of());
    Tensor keys = ctx.input(1);
    Tensor values = ctx.input(2);
    if (keys.shape().rank() != 1) {
      throw node.invalidArgument("Keys must be a vector, but received shape" + keys.shape());
    }
    if (values.shape().rank() != 1) {
      throw node.invalidArgument("Values must be a vector, but received shape" + values.shape());
    }
    if (keys.numElements() != values.numElements()) {
      throw node.invalidArgument(
          "Keys and values must have the same size "
              + keys.numElements()
              + " vs "
              + values.numElements());
    }
    t.importValues(node, keys, values);
  }

  private static void initializeFromFile(KernelContext ctx) {
    NodeInfo node = ctx.node();
    String delimiter = node.attrs().getString("delimiter");
    if (delimiter.getBytes(StandardCharsets.UTF_8).length != 1) {
      throw node.invalidArgument("delimiter should be only 1 char");
    }
    HashTable t = initializable(ctx);
    LookupChecks.matchSignature(node, List.of(DType.RESOURCE, DType.STRING), List.of());
    Tensor file = ctx.input(1);
    if (file.shape().rank() != 0) {
      throw node.invalidArgument("filename should be a single string, but got " + file.shape());
    }
    String name = new String(file.getString(0), StandardCharsets.UTF_8);
    if (name.isEmpty()) {
      throw node.invalidArgument("filename cannot be empty.");
    }
    TextFileInit init =
        new TextFileInit(
            node,
            name,
            node.attrs().getInt("vocab_size"),
            delimiter.charAt(0),
            node.attrs().getInt("key_index"),
            node.attrs().getInt("value_index"),
            node.attrs().getInt("offset"),
            t.keyDtype,
            t.valueDtype);
    init.checkIndices();
    // One initializer at a time: the check for an initialized table and the fill are one step.
    synchronized (t) {
      init.run(t);
    }
  }
}
