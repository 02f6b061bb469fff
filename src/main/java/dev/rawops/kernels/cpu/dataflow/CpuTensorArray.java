package dev.rawops.kernels.cpu.dataflow;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The TensorArrayV3 family on CPU, as TF's tensor_array.h and tensor_array_ops.cc. A TensorArray is
 * made by its TensorArrayV3 node each time that node runs, so it lives in the run (TF's per-step
 * container) and a loop's iterations or two concurrent runs never share one. Its handle is a scalar
 * RESOURCE tensor holding the object; stored elements are read-only views, so no kernel ever writes
 * into them in place.
 */
public final class CpuTensorArray {
  private CpuTensorArray() {}

  // TF's TensorArray::tensor_array_counter: unique names "<tensor_array_name>_<n>".
  private static final AtomicLong COUNTER = new AtomicLong();

  /** One TensorArray: its elements and TF's per-element written/read/cleared state. */
  static final class TensorArray {
    final DType dtype;
    final String name;
    PartialShape elementShape;
    final boolean identicalShapes;
    final boolean dynamicSize;
    final boolean clearAfterRead;
    boolean closed;
    final List<Entry> entries = new ArrayList<>();

    static final class Entry {
      Tensor value;
      Shape shape;
      boolean written;
      boolean read;
      boolean cleared;
    }

    TensorArray(
        DType dtype,
        String name,
        int size,
        PartialShape elementShape,
        boolean identicalShapes,
        boolean dynamicSize,
        boolean clearAfterRead) {
      this.dtype = dtype;
      this.name = name;
      this.elementShape = elementShape;
      this.identicalShapes = identicalShapes;
      this.dynamicSize = dynamicSize;
      this.clearAfterRead = clearAfterRead;
      for (int i = 0; i < size; i++) {
        entries.add(new Entry());
      }
    }

    private void checkOpen(NodeInfo node) {
      if (closed) {
        throw node.invalidArgument("TensorArray " + name + " has already been closed.");
      }
    }

    synchronized int size(NodeInfo node) {
      checkOpen(node);
      return entries.size();
    }

    synchronized void close() {
      entries.clear();
      closed = true;
    }

    /** TF's LockedWriteOrAggregate without aggregation (multiple_writes_aggregate is false). */
    synchronized void write(NodeInfo node, long index, Tensor value) {
      checkOpen(node);
      if (index < 0 || (!dynamicSize && index >= entries.size())) {
        throw node.invalidArgument(
            "TensorArray "
                + name
                + ": Tried to write to index "
                + index
                + " but array is not resizeable and size is: "
                + entries.size());
      }
      while (entries.size() <= index) {
        entries.add(new Entry());
      }
      Entry e = entries.get((int) index);
      String at = "TensorArray " + name + ": Could not write to TensorArray index " + index;
      if (value.dtype() != dtype) {
        throw node.invalidArgument(
            at
                + " because the value dtype is "
                + value.dtype().tfName()
                + " but TensorArray dtype is "
                + dtype.tfName()
                + ".");
      }
      if (!elementShape.isCompatibleWith(value.shape())) {
        throw node.invalidArgument(
            at
                + " because the value shape is "
                + value.shape()
                + " which is incompatible with the TensorArray's inferred element shape: "
                + debug(elementShape)
                + " (consider setting infer_shape=False).");
      } else if (identicalShapes && !elementShape.isFullyDefined()) {
        elementShape = value.shape().toPartial();
      }
      if (e.read) {
        throw node.invalidArgument(at + " because it has already been read.");
      }
      if (e.written) {
        throw node.invalidArgument(at + " because it has already been written to.");
      }
      e.value = readOnly(value);
      e.shape = value.shape();
      e.written = true;
    }

    /** TF's LockedRead: zeros for an unwritten element of fully known shape. */
    synchronized Tensor read(NodeInfo node, long index) {
      checkOpen(node);
      if (index < 0 || index >= entries.size()) {
        throw node.invalidArgument(
            "Tried to read from index " + index + " but array size is: " + entries.size());
      }
      Entry e = entries.get((int) index);
      if (!e.written) {
        if (!elementShape.isFullyDefined()) {
          throw node.invalidArgument(
              "TensorArray "
                  + name
                  + ": Could not read from TensorArray index "
                  + index
                  + ".  Furthermore, the element shape is not fully defined: "
                  + debug(elementShape)
                  + ".  It is possible you are working with a resizeable TensorArray and"
                  + " stop_gradients is not allowing the gradients to be written.  If you set"
                  + " the full element_shape property on the forward TensorArray, the proper"
                  + " all-zeros tensor will be returned instead of incurring this error.");
        }
        e.shape = elementShape.toShape().orElseThrow();
        e.written = true;
      }
      if (e.cleared) {
        throw node.invalidArgument(
            "TensorArray "
                + name
                + ": Could not read index "
                + index
                + " twice because it was cleared after a previous read (perhaps try setting"
                + " clear_after_read = false?).");
      }
      if (e.value == null) {
        e.value = TensorBuffer.allocate(dtype, e.shape).freeze();
      }
      Tensor v = e.value;
      if (clearAfterRead) {
        e.value = null;
        e.cleared = true;
      }
      e.read = true;
      return v;
    }
  }

  static String debug(PartialShape s) {
    return s.hasRank() ? s.toString() : "<unknown>";
  }

  /** A view nobody can reclaim for in-place writes: what the array stores and hands out. */
  static Tensor readOnly(Tensor t) {
    return Tensor.reshape(t, t.shape());
  }

  static TensorArray array(KernelContext ctx) {
    Tensor h = ctx.input(0);
    if (h.dtype() != DType.RESOURCE || !(h.getObject(0) instanceof TensorArray ta)) {
      throw ctx.node().invalidArgument("input 0 is not a TensorArray handle");
    }
    return ta;
  }

  private static int scalarIndex(KernelContext ctx, int input) {
    Tensor t = ctx.input(input);
    if (t.shape().rank() != 0) {
      throw ctx.node()
          .invalidArgument("TensorArray index must be scalar, but had shape: " + t.shape());
    }
    return t.getInt(0);
  }

  private static void checkReadType(KernelContext ctx, TensorArray ta, DType requested) {
    if (ta.dtype != requested) {
      throw ctx.node()
          .invalidArgument(
              "TensorArray dtype is "
                  + ta.dtype.tfName()
                  + " but Op requested dtype "
                  + requested.tfName()
                  + ".");
    }
  }

  private static void checkWriteType(KernelContext ctx, TensorArray ta, Tensor value) {
    if (value.dtype() != ta.dtype) {
      throw ctx.node()
          .invalidArgument(
              "TensorArray dtype is "
                  + ta.dtype.tfName()
                  + " but Op is trying to write dtype "
                  + value.dtype().tfName()
                  + ".");
    }
  }

  public static List<KernelDef> defs() {
    DType[] all = DType.values();
    DType[] gatherTypes = withVariant(DType.dataTypes());
    return List.of(
        KernelDef.builder("TensorArrayV3", Device.CPU).build(CpuTensorArray::create),
        KernelDef.builder("TensorArrayWriteV3", Device.CPU)
            .typeConstraint("T", all)
            .build(
                _ ->
                    ctx -> {
                      int index = scalarIndex(ctx, 1);
                      TensorArray ta = array(ctx);
                      checkWriteType(ctx, ta, ctx.input(2));
                      ta.write(ctx.node(), index, ctx.input(2));
                      ctx.setOutput(0, ctx.input(3));
                    }),
        KernelDef.builder("TensorArrayReadV3", Device.CPU)
            .typeConstraint("dtype", all)
            .build(
                node -> {
                  DType dtype = DType.fromProto(node.attrs().getType("dtype"));
                  return ctx -> {
                    int index = scalarIndex(ctx, 1);
                    TensorArray ta = array(ctx);
                    checkReadType(ctx, ta, dtype);
                    ctx.setOutput(0, ta.read(ctx.node(), index));
                  };
                }),
        KernelDef.builder("TensorArrayGatherV3", Device.CPU)
            .typeConstraint("dtype", gatherTypes)
            .build(CpuTensorArray::gather),
        KernelDef.builder("TensorArrayScatterV3", Device.CPU)
            .typeConstraint("T", all)
            .build(_ -> CpuTensorArray::scatter),
        KernelDef.builder("TensorArrayConcatV3", Device.CPU)
            .typeConstraint("dtype", DType.dataTypes())
            .build(CpuTensorArray::concat),
        KernelDef.builder("TensorArraySplitV3", Device.CPU)
            .typeConstraint("T", all)
            .build(_ -> CpuTensorArray::split),
        KernelDef.builder("TensorArraySizeV3", Device.CPU)
            .build(
                _ ->
                    ctx ->
                        ctx.setOutput(
                            0, Tensor.ofInts(Shape.scalar(), array(ctx).size(ctx.node())))),
        KernelDef.builder("TensorArrayCloseV3", Device.CPU).build(_ -> ctx -> array(ctx).close()));
  }

  private static DType[] withVariant(DType[] types) {
    DType[] out = java.util.Arrays.copyOf(types, types.length + 1);
    out[types.length] = DType.VARIANT;
    return out;
  }

  private static dev.rawops.kernels.Kernel create(NodeInfo node) {
    DType dtype = DType.fromProto(node.attrs().getType("dtype"));
    PartialShape elementShape = PartialShape.fromProto(node.attrs().getShape("element_shape"));
    boolean dynamic = node.attrs().getBool("dynamic_size");
    boolean clear = node.attrs().getBool("clear_after_read");
    boolean identical = node.attrs().getBool("identical_element_shapes");
    String given = node.attrs().getString("tensor_array_name");
    String base = given.isEmpty() ? node.name() : given;
    return ctx -> {
      Tensor size = ctx.input(0);
      if (size.shape().rank() != 0) {
        throw ctx.node()
            .invalidArgument("TensorArray size must be scalar, but had shape: " + size.shape());
      }
      int n = size.getInt(0);
      if (n < 0) {
        throw ctx.node().invalidArgument("Size should be >= 0.");
      }
      TensorArray ta =
          new TensorArray(
              dtype,
              base + "_" + COUNTER.getAndIncrement(),
              n,
              elementShape,
              identical,
              dynamic,
              clear);
      ctx.setOutput(0, Tensor.ofObjects(DType.RESOURCE, Shape.scalar(), ta));
      ctx.setOutput(1, Tensor.ofFloats(Shape.scalar(), 0f));
    };
  }

  private static dev.rawops.kernels.Kernel gather(NodeInfo node) {
    DType dtype = DType.fromProto(node.attrs().getType("dtype"));
    PartialShape attrShape = PartialShape.fromProto(node.attrs().getShape("element_shape"));
    return ctx -> {
      TensorArray ta = array(ctx);
      Tensor indices = ctx.input(1);
      if (indices.shape().rank() != 1) {
        throw ctx.node()
            .invalidArgument(
                "Expected indices to be a vector, but received shape: " + indices.shape());
      }
      checkReadType(ctx, ta, dtype);
      int n = (int) indices.numElements();
      if (n == 0) {
        PartialShape es = attrShape.hasRank() ? attrShape : ta.elementShape;
        if (!es.isFullyDefined()) {
          throw ctx.node()
              .error(
                  dev.rawops.Code.UNIMPLEMENTED,
                  "TensorArray has size zero, but element shape "
                      + debug(es)
                      + " is not fully defined. Currently only static shapes are supported"
                      + " when packing zero-size TensorArrays.");
        }
        ctx.setOutput(0, empty(ctx, dtype, Shape.of(0).concat(es.toShape().orElseThrow())));
        return;
      }
      List<Tensor> values = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        values.add(ta.read(ctx.node(), indices.getInt(i)));
      }
      Shape first = values.get(0).shape();
      if (!attrShape.isCompatibleWith(first)) {
        throw ctx.node()
            .invalidArgument(
                "TensorArray was passed element_shape "
                    + debug(attrShape)
                    + " which does not match the Tensor at index 0: "
                    + first);
      }
      for (int i = 1; i < n; i++) {
        if (!values.get(i).shape().equals(first)) {
          throw ctx.node()
              .invalidArgument(
                  "TensorArray has inconsistent shapes.  Index 0 has shape: "
                      + first
                      + " but index "
                      + i
                      + " has shape: "
                      + values.get(i).shape());
        }
      }
      ctx.setOutput(0, concat(ctx, dtype, Shape.of(n).concat(first), values));
    };
  }

  private static dev.rawops.kernels.Kernel concat(NodeInfo node) {
    DType dtype = DType.fromProto(node.attrs().getType("dtype"));
    PartialShape except0 = PartialShape.fromProto(node.attrs().getShape("element_shape_except0"));
    return ctx -> {
      TensorArray ta = array(ctx);
      checkReadType(ctx, ta, dtype);
      int n = ta.size(ctx.node());
      if (n == 0) {
        if (!except0.isFullyDefined()) {
          throw ctx.node()
              .error(
                  dev.rawops.Code.UNIMPLEMENTED,
                  "TensorArray has size zero, but element_shape_except0 "
                      + debug(except0)
                      + " is not fully defined. Currently only static shapes are supported"
                      + " when concatenating zero-size TensorArrays.");
        }
        ctx.setOutput(0, empty(ctx, dtype, Shape.of(0).concat(except0.toShape().orElseThrow())));
        ctx.setOutput(1, TensorBuffer.allocate(DType.INT64, Shape.of(0)).freeze());
        return;
      }
      List<Tensor> values = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        values.add(ta.read(ctx.node(), i));
      }
      long[] lengths = new long[n];
      Shape rest = null;
      long total = 0;
      for (int i = 0; i < n; i++) {
        Shape s = values.get(i).shape();
        if (s.rank() < 1) {
          throw ctx.node()
              .invalidArgument(
                  "Concat saw a scalar shape at index "
                      + i
                      + " but requires at least vectors.  Did you mean to call pack?");
        }
        lengths[i] = s.dim(0);
        Shape r = s.sub(1, s.rank());
        if (i == 0) {
          rest = r;
          if (!except0.isCompatibleWith(r)) {
            throw ctx.node()
                .invalidArgument(
                    "TensorArray was passed element_shape_except0 "
                        + debug(except0)
                        + " but index 0 has (excepting dimension 0) shape: "
                        + r
                        + " which does not match.");
          }
        } else if (!r.equals(rest)) {
          throw ctx.node()
              .invalidArgument(
                  "TensorArray has inconsistent shapes.  Index 0 has (excepting dimension 0)"
                      + " shape: "
                      + rest
                      + " but index "
                      + i
                      + " has (excepting dimension 0) shape: "
                      + r);
        }
        total += lengths[i];
      }
      ctx.setOutput(0, concat(ctx, dtype, Shape.of(total).concat(rest), values));
      ctx.setOutput(1, Tensor.ofLongs(Shape.of(n), lengths));
    };
  }

  private static void scatter(KernelContext ctx) {
    TensorArray ta = array(ctx);
    Tensor indices = ctx.input(1);
    Tensor value = ctx.input(2);
    if (indices.shape().rank() != 1) {
      throw ctx.node()
          .invalidArgument(
              "Expected indices to be a vector, but received shape: " + indices.shape());
    }
    checkWriteType(ctx, ta, value);
    if (value.shape().rank() < 1) {
      throw ctx.node()
          .invalidArgument(
              "Expected value to be at least a vector, but received shape: " + value.shape());
    }
    long n = indices.numElements();
    if (n != value.shape().dim(0)) {
      throw ctx.node()
          .invalidArgument(
              "Expected len(indices) == values.shape[0], but saw: "
                  + n
                  + " vs. "
                  + value.shape().dim(0));
    }
    if (!ta.dynamicSize) {
      long max = -1;
      for (long i = 0; i < n; i++) {
        max = Math.max(max, indices.getInt(i));
      }
      int size = ta.size(ctx.node());
      if (max >= size) {
        throw ctx.node()
            .invalidArgument(
                "Max scatter index must be < array size (" + max + " vs. " + size + ")");
      }
    }
    Shape element = value.shape().sub(1, value.shape().rank());
    for (long i = 0; i < n; i++) {
      ta.write(ctx.node(), indices.getInt(i), slice(value, i, 1, element));
    }
    ctx.setOutput(0, ctx.input(3));
  }

  private static void split(KernelContext ctx) {
    TensorArray ta = array(ctx);
    Tensor value = ctx.input(1);
    Tensor lengths = ctx.input(2);
    if (lengths.shape().rank() != 1) {
      throw ctx.node()
          .invalidArgument("Expected lengths to be a vector, received shape: " + lengths.shape());
    }
    checkWriteType(ctx, ta, value);
    int n = (int) lengths.numElements();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += lengths.getLong(i);
    }
    if (value.shape().rank() < 1) {
      throw ctx.node()
          .invalidArgument(
              "Expected value to be at least a vector, but received shape: " + value.shape());
    }
    if (total != value.shape().dim(0)) {
      throw ctx.node()
          .invalidArgument(
              "Expected sum of lengths to be equal to values.shape[0], but sum of lengths is "
                  + total
                  + " and value's shape is: "
                  + value.shape());
    }
    int size = ta.size(ctx.node());
    if (!ta.dynamicSize && size < n) {
      throw ctx.node()
          .invalidArgument(
              "TensorArray's size is not equal to the size of lengths ("
                  + size
                  + " vs. "
                  + n
                  + "), and the TensorArray is not marked as dynamically resizeable");
    }
    Shape rest = value.shape().sub(1, value.shape().rank());
    long row = 0;
    for (int i = 0; i < n; i++) {
      long len = lengths.getLong(i);
      ta.write(ctx.node(), i, slice(value, row, len, Shape.of(len).concat(rest)));
      row += len;
    }
    ctx.setOutput(0, ctx.input(3));
  }

  /** Rows [row, row + count) of {@code t} along dimension 0, shaped {@code shape}. */
  private static Tensor slice(Tensor t, long row, long count, Shape shape) {
    long rowElements = t.shape().numElementsFrom(1);
    long start = row * rowElements;
    long n = count * rowElements;
    DType d = t.dtype();
    if (d.isFixedWidth()) {
      return Tensor.view(t, shape, start * d.byteSize());
    }
    Object[] objects = new Object[(int) n];
    if (d == DType.STRING) {
      byte[][] s = new byte[(int) n][];
      for (int i = 0; i < n; i++) {
        s[i] = t.getString(start + i);
      }
      return Tensor.ofByteStrings(shape, s);
    }
    for (int i = 0; i < n; i++) {
      objects[i] = t.getObject(start + i);
    }
    return Tensor.ofObjects(d, shape, objects);
  }

  private static Tensor empty(KernelContext ctx, DType dtype, Shape shape) {
    if (dtype.isObject()) {
      return Tensor.ofObjects(dtype, shape);
    }
    return ctx.allocate(dtype, shape).freeze();
  }

  /** The parts' elements one after another (a concatenation along dimension 0). */
  private static Tensor concat(KernelContext ctx, DType dtype, Shape shape, List<Tensor> parts) {
    if (dtype.isObject()) {
      List<Object> all = new ArrayList<>();
      for (Tensor p : parts) {
        for (long i = 0; i < p.numElements(); i++) {
          all.add(p.getObject(i));
        }
      }
      return Tensor.ofObjects(dtype, shape, all.toArray());
    }
    TensorBuffer b = ctx.allocate(dtype, shape);
    if (dtype == DType.STRING) {
      byte[][] s = b.strings();
      int k = 0;
      for (Tensor p : parts) {
        for (long i = 0; i < p.numElements(); i++) {
          s[k++] = p.getString(i);
        }
      }
      return b.freeze();
    }
    MemorySegment out = b.segment();
    long offset = 0;
    for (Tensor p : parts) {
      MemorySegment.copy(p.data(), 0, out, offset, p.byteSize());
      offset += p.byteSize();
    }
    return b.freeze();
  }
}
