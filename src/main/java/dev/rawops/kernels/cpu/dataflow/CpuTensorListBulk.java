package dev.rawops.kernels.cpu.dataflow;

import static dev.rawops.kernels.cpu.dataflow.CpuTensorList.elementDtype;
import static dev.rawops.kernels.cpu.dataflow.CpuTensorList.list;
import static dev.rawops.kernels.cpu.dataflow.CpuTensorList.output;
import static dev.rawops.kernels.cpu.dataflow.CpuTensorList.typed;
import static dev.rawops.kernels.cpu.dataflow.CpuTensorList.zeros;
import static dev.rawops.ops.dataflow.TensorListGeometry.checkElementType;
import static dev.rawops.ops.dataflow.TensorListGeometry.debug;
import static dev.rawops.ops.dataflow.TensorListGeometry.elementShape;
import static dev.rawops.ops.dataflow.TensorListGeometry.merge;

import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The TensorList ops that cut a dense tensor into elements (FromTensor, Scatter*, Split) or join
 * elements into one (Stack, Gather, Concat*), as TF's list_kernels.h. Elements cut from a tensor
 * are views of its rows, so making a list copies nothing; joining copies each element's bytes once.
 */
final class CpuTensorListBulk {
  private CpuTensorListBulk() {}

  static List<KernelDef> defs() {
    return List.of(
        typed("TensorListFromTensor").build(_ -> CpuTensorListBulk::fromTensor),
        typed("TensorListStack").build(CpuTensorListBulk::stack),
        typed("TensorListGather").build(CpuTensorListBulk::gather),
        typed("TensorListScatter").build(_ -> ctx -> scatter(ctx, false)),
        typed("TensorListScatterV2").build(_ -> ctx -> scatter(ctx, true)),
        typed("TensorListScatterIntoExistingList").build(_ -> CpuTensorListBulk::scatterInto),
        typed("TensorListConcat").build(n -> concat(n, false)),
        typed("TensorListConcatV2").build(n -> concat(n, true)),
        typed("TensorListSplit").build(_ -> CpuTensorListBulk::split));
  }

  /** Row {@code i} of {@code t} (shaped {@code element}), as a list stores it. */
  static Tensor row(Tensor t, long i, Shape element) {
    return rows(t, i, 1, element);
  }

  /** Rows [start, start + count) of {@code t}, shaped {@code shape}: a view for fixed widths. */
  private static Tensor rows(Tensor t, long start, long count, Shape shape) {
    long per = t.shape().numElementsFrom(1);
    long first = start * per;
    int n = Math.toIntExact(count * per);
    DType d = t.dtype();
    if (d.isFixedWidth()) {
      return Tensor.view(t, shape, first * d.byteSize());
    }
    if (d == DType.STRING) {
      byte[][] s = new byte[n][];
      for (int i = 0; i < n; i++) {
        s[i] = t.getString(first + i);
      }
      return Tensor.ofByteStrings(shape, s);
    }
    Object[] o = new Object[n];
    for (int i = 0; i < n; i++) {
      o[i] = t.getObject(first + i);
    }
    return Tensor.ofObjects(d, shape, o);
  }

  /** The parts' elements one after another in a new tensor of {@code shape}. */
  private static Tensor join(KernelContext ctx, DType dtype, Shape shape, List<Tensor> parts) {
    if (dtype.isFixedWidth()) {
      var b = ctx.allocateUninitialized(dtype, shape);
      var out = b.segment();
      long offset = 0;
      for (Tensor p : parts) {
        java.lang.foreign.MemorySegment.copy(p.data(), 0, out, offset, p.byteSize());
        offset += p.byteSize();
      }
      return b.freeze();
    }
    int n = Math.toIntExact(shape.numElements());
    if (dtype == DType.STRING) {
      byte[][] s = new byte[n][];
      int k = 0;
      for (Tensor p : parts) {
        for (long i = 0; i < p.numElements(); i++) {
          s[k++] = p.getString(i);
        }
      }
      return Tensor.ofByteStrings(shape, s);
    }
    Object[] o = new Object[n];
    int k = 0;
    for (Tensor p : parts) {
      for (long i = 0; i < p.numElements(); i++) {
        o[k++] = p.getObject(i);
      }
    }
    return Tensor.ofObjects(dtype, shape, o);
  }

  private static Tensor[] splitRows(Tensor t) {
    Shape element = t.shape().sub(1, t.shape().rank());
    Tensor[] out = new Tensor[Math.toIntExact(t.shape().dim(0))];
    for (int i = 0; i < out.length; i++) {
      out[i] = row(t, i, element);
    }
    return out;
  }

  private static void requireVector(KernelContext ctx, Tensor t) {
    if (t.shape().rank() < 1) {
      throw ctx.node()
          .invalidArgument("Tensor must be at least a vector, but saw shape: " + t.shape());
    }
  }

  private static PartialShape listShapeInput(KernelContext ctx, int input, String op) {
    Tensor s = ctx.input(input);
    if (s.shape().rank() >= 2) {
      throw ctx.node()
          .invalidArgument(
              op + ": element_shape must be at most rank 1 but has the shape of " + s.shape());
    }
    return elementShape(ctx.node(), s);
  }

  private static void fromTensor(KernelContext ctx) {
    PartialShape shape = listShapeInput(ctx, 1, "TensorListFromTensor");
    Tensor t = ctx.input(0);
    requireVector(ctx, t);
    Shape element = t.shape().sub(1, t.shape().rank());
    if (!shape.isCompatibleWith(element)) {
      throw ctx.node()
          .invalidArgument(
              "Specified a list with shape "
                  + debug(shape)
                  + " from a tensor with shape "
                  + element);
    }
    output(ctx, 0, new TensorList(t.dtype(), shape, -1, splitRows(t)));
  }

  /**
   * The element shape a read of the list makes known: the element_shape input merged with the
   * list's and, unless the list's is fully defined, with every initialized element {@code i} of
   * {@code which}.
   */
  private static PartialShape readShape(
      KernelContext ctx, TensorList l, PartialShape given, int[] which) {
    PartialShape shape = merge(ctx.node(), given, l.elementShape);
    if (!l.elementShape.isFullyDefined()) {
      for (int i : which) {
        Tensor t = l.get(i);
        if (t != null) {
          shape = merge(ctx.node(), shape, t.shape());
        }
      }
    }
    return shape;
  }

  private static Kernel stack(NodeInfo node) {
    DType dtype = elementDtype(node);
    long expected = node.attrs().getInt("num_elements");
    return ctx -> {
      TensorList l = list(ctx, 0);
      checkElementType(ctx.node(), dtype, l.elementDtype);
      if (expected != -1 && l.size() != expected) {
        throw ctx.node()
            .invalidArgument(
                "Operation expected a list with "
                    + expected
                    + " elements but got a list with "
                    + l.size()
                    + " elements.");
      }
      PartialShape given =
          merge(ctx.node(), elementShape(ctx.node(), ctx.input(1)), l.elementShape);
      if (!given.isFullyDefined() && l.size() == 0) {
        throw ctx.node()
            .invalidArgument(
                "Tried to stack elements of an empty list with non-fully-defined element_shape: "
                    + debug(given));
      }
      int[] all = new int[l.size()];
      Arrays.setAll(all, i -> i);
      PartialShape shape = readShape(ctx, l, given, all);
      if (!shape.isFullyDefined()) {
        throw ctx.node()
            .invalidArgument(
                "Tried to stack list which only contains uninitialized tensors and has a"
                    + " non-fully-defined element_shape: "
                    + debug(shape));
      }
      ctx.setOutput(0, joinElements(ctx, dtype, l, all, shape.toShape().orElseThrow()));
    };
  }

  /** Elements {@code which} of {@code l}, stacked; uninitialized ones as zeros. */
  private static Tensor joinElements(
      KernelContext ctx, DType dtype, TensorList l, int[] which, Shape element) {
    Shape out = Shape.of(which.length).concat(element);
    if (out.numElements() == 0) {
      return zeros(ctx, dtype, out);
    }
    List<Tensor> parts = new ArrayList<>(which.length);
    Tensor zero = null;
    for (int i : which) {
      if (i < 0 || i >= l.size()) {
        throw ctx.node()
            .invalidArgument(
                "Index " + i + " out o range; list only has " + l.size() + " elements.");
      }
      Tensor t = l.get(i);
      if (t == null) {
        zero = zero == null ? zeros(ctx, dtype, element) : zero;
        t = zero;
      }
      parts.add(t);
    }
    return join(ctx, dtype, out, parts);
  }

  private static Kernel gather(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      TensorList l = list(ctx, 0);
      checkElementType(ctx.node(), dtype, l.elementDtype);
      int[] indices = ctx.input(1).toIntArray();
      PartialShape given =
          merge(ctx.node(), elementShape(ctx.node(), ctx.input(2)), l.elementShape);
      if (!given.isFullyDefined() && indices.length == 0) {
        throw ctx.node()
            .invalidArgument(
                "Tried to gather 0-elements from a list with non-fully-defined shape: "
                    + debug(given));
      }
      if (!l.elementShape.isFullyDefined()) {
        for (int i : indices) {
          if (i < 0 || i >= l.size()) {
            throw ctx.node()
                .invalidArgument(
                    "Trying to gather element " + i + " in a list with " + l.size() + " elements.");
          }
        }
      }
      PartialShape shape = readShape(ctx, l, given, indices);
      if (!shape.isFullyDefined()) {
        throw ctx.node()
            .invalidArgument(
                "Tried to gather uninitialized tensors from a list with non-fully-defined"
                    + " element_shape: "
                    + debug(shape));
      }
      ctx.setOutput(0, joinElements(ctx, dtype, l, indices, shape.toShape().orElseThrow()));
    };
  }

  private static void scatter(KernelContext ctx, boolean v2) {
    Tensor indices = ctx.input(1);
    PartialShape shape = listShapeInput(ctx, 2, "TensorListScatter");
    int numElements = -1;
    if (v2) {
      Tensor n = ctx.input(3);
      if (n.shape().rank() != 0) {
        throw ctx.node().invalidArgument("num_elements must be a scalar");
      }
      numElements = n.getInt(0);
    }
    if (numElements < -1) {
      throw ctx.node()
          .invalidArgument("TensorListScatter expects num_elements >= -1, found: " + numElements);
    }
    Tensor t = ctx.input(0);
    requireVector(ctx, t);
    Shape element = t.shape().sub(1, t.shape().rank());
    if (!shape.isCompatibleWith(element)) {
      throw ctx.node()
          .invalidArgument(
              "Specified a list with shape "
                  + debug(shape)
                  + " from a tensor with shape "
                  + element);
    }
    if (indices.numElements() != t.shape().dim(0)) {
      throw ctx.node()
          .invalidArgument(
              "Invalid number of rows in input tensor. Expected: "
                  + indices.numElements()
                  + " Actual: "
                  + t.shape().dim(0));
    }
    int[] idx = indices.toIntArray();
    int highest = -1;
    for (int i : idx) {
      if (i < 0) {
        throw ctx.node().invalidArgument("Indices in TensorListScatter must all be non-negative.");
      }
      if (numElements != -1 && i >= numElements) {
        throw ctx.node()
            .invalidArgument(
                "TensorListScatter: Trying to scatter at index "
                    + i
                    + " in list with size "
                    + numElements);
      }
      highest = Math.max(highest, i);
    }
    Tensor[] out = new Tensor[TensorList.checkSlots(Math.max(highest + 1L, numElements))];
    for (int k = 0; k < idx.length; k++) {
      out[idx[k]] = row(t, k, element);
    }
    output(ctx, 0, new TensorList(t.dtype(), shape, -1, out));
  }

  private static void scatterInto(KernelContext ctx) {
    TensorList l = list(ctx, 0);
    Tensor t = ctx.input(1);
    Tensor indices = ctx.input(2);
    if (t.dtype() != l.elementDtype) {
      throw ctx.node()
          .invalidArgument(
              "Invalid data types; input tensor type: "
                  + t.dtype().tfName()
                  + " list element_type: "
                  + l.elementDtype.tfName());
    }
    requireVector(ctx, t);
    if (indices.shape().rank() != 1) {
      throw ctx.node()
          .invalidArgument(
              "Expected indices to be a vector, but received shape: " + indices.shape());
    }
    if (indices.numElements() != t.shape().dim(0)) {
      throw ctx.node()
          .invalidArgument(
              "Expected len(indices) == tensor.shape[0], but saw: "
                  + indices.numElements()
                  + " vs. "
                  + t.shape().dim(0));
    }
    int[] idx = indices.toIntArray();
    int max = -1;
    for (int i : idx) {
      if (i < 0) {
        // TF indexes its vector with the negative index (undefined behaviour); refuse it.
        throw ctx.node()
            .invalidArgument(
                "Indices in TensorListScatterIntoExistingList must all be non-negative, saw " + i);
      }
      max = Math.max(max, i);
    }
    Shape element = t.shape().sub(1, t.shape().rank());
    TensorList.Editor out = l.edit().resize(Math.max(l.size(), max + 1L));
    for (int k = 0; k < idx.length; k++) {
      out.set(idx[k], row(t, k, element));
    }
    output(ctx, 0, out.build());
  }

  private static Kernel concat(NodeInfo node, boolean v2) {
    DType dtype = elementDtype(node);
    PartialShape attrShape =
        node.attrs().has("element_shape")
            ? PartialShape.fromProto(node.attrs().getShape("element_shape"))
            : PartialShape.unknownRank();
    return ctx -> CpuTensorListConcat.run(ctx, dtype, v2, attrShape);
  }

  private static void split(KernelContext ctx) {
    PartialShape shape = elementShape(ctx.node(), ctx.input(1));
    if (shape.hasRank() && shape.rank() < 1) {
      throw ctx.node()
          .invalidArgument(
              "TensorListSplit requires element_shape to be at least of rank 1, but saw: "
                  + debug(shape));
    }
    Tensor t = ctx.input(0);
    requireVector(ctx, t);
    Shape rest = t.shape().sub(1, t.shape().rank());
    PartialShape shapeRest = shape.hasRank() ? shape.sub(1, shape.rank()) : shape;
    if (!shapeRest.isCompatibleWith(rest)) {
      throw ctx.node()
          .invalidArgument(
              "tensor shape "
                  + t.shape()
                  + " is not compatible with element_shape "
                  + debug(shape));
    }
    Tensor lengths = ctx.input(2);
    if (lengths.shape().rank() != 1) {
      throw ctx.node()
          .invalidArgument("Expected lengths to be a vector, received shape: " + lengths.shape());
    }
    long[] len = lengths.toLongArray();
    Tensor[] out = new Tensor[len.length];
    long start = 0;
    long rows = t.shape().dim(0);
    for (int i = 0; i < len.length; i++) {
      if (len[i] < 0) {
        throw ctx.node().invalidArgument("Invalid value in lengths: " + len[i]);
      }
      long end = start + len[i];
      if (end > rows) {
        throw ctx.node()
            .invalidArgument(
                "Attempting to slice [" + start + ", " + end + "] from tensor with length " + rows);
      }
      out[i] = rows(t, start, len[i], Shape.of(len[i]).concat(rest));
      start = end;
    }
    if (start != rows) {
      throw ctx.node()
          .invalidArgument(
              "Unused values in tensor. Length of tensor: " + rows + " Values used: " + start);
    }
    output(ctx, 0, new TensorList(t.dtype(), shape, -1, out));
  }

  /** Concat's join: the elements (uninitialized ones as zeros of their length) end to end. */
  static Tensor joinRows(
      KernelContext ctx, DType dtype, TensorList l, long[] lengths, Shape rest, long total) {
    Shape out = Shape.of(total).concat(rest);
    if (out.numElements() == 0) {
      return zeros(ctx, dtype, out);
    }
    List<Tensor> parts = new ArrayList<>(l.size());
    for (int i = 0; i < l.size(); i++) {
      Tensor t = l.get(i);
      parts.add(t != null ? t : zeros(ctx, dtype, Shape.of(lengths[i]).concat(rest)));
    }
    return join(ctx, dtype, out, parts);
  }
}
