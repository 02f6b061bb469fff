package dev.rawops.kernels.cpu.dataflow;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One TensorArray of {@link CpuTensorArray}: its elements and TF's per-element written/read/cleared
 * state.
 */
final class TensorArray {
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
    TensorList.checkSlots("a TensorArray", size); // before any slot exists
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
    TensorList.checkSlots("a TensorArray", index + 1);
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

  static String debug(PartialShape s) {
    return s.hasRank() ? s.toString() : "<unknown>";
  }

  /** A view nobody can reclaim for in-place writes: what the array stores and hands out. */
  static Tensor readOnly(Tensor t) {
    return Tensor.reshape(t, t.shape());
  }
}
