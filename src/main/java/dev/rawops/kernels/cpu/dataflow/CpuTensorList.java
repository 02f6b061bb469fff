package dev.rawops.kernels.cpu.dataflow;

import static dev.rawops.ops.dataflow.TensorListGeometry.checkElementType;
import static dev.rawops.ops.dataflow.TensorListGeometry.debug;
import static dev.rawops.ops.dataflow.TensorListGeometry.elementShape;
import static dev.rawops.ops.dataflow.TensorListGeometry.merge;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.Kernel;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;

/**
 * TF 2's TensorList ops that make a list or touch one element, as TF's list_kernels.cc: the checks
 * in TF's order and words. A list is a DT_VARIANT scalar holding a {@link TensorList}; the ops that
 * read or write many elements are {@link CpuTensorListBulk}.
 */
public final class CpuTensorList {
  private CpuTensorList() {}

  static List<KernelDef> defs() {
    return List.of(
        KernelDef.builder("EmptyTensorList", Device.CPU).build(CpuTensorList::empty),
        KernelDef.builder("TensorListReserve", Device.CPU).build(CpuTensorList::reserve),
        KernelDef.builder("TensorListPushBack", Device.CPU).build(CpuTensorList::pushBack),
        KernelDef.builder("TensorListLength", Device.CPU)
            .build(
                _ -> ctx -> ctx.setOutput(0, Tensor.ofInts(Shape.scalar(), list(ctx, 0).size()))),
        KernelDef.builder("TensorListElementShape", Device.CPU)
            .build(CpuTensorList::elementShapeOf),
        KernelDef.builder("TensorListResize", Device.CPU).build(_ -> CpuTensorList::resize),
        KernelDef.builder("TensorListSetItem", Device.CPU).build(CpuTensorList::setItem),
        KernelDef.builder("TensorListConcatLists", Device.CPU).build(CpuTensorList::concatLists),
        typed("TensorListGetItem").build(CpuTensorList::getItem),
        typed("TensorListPopBack").build(CpuTensorList::popBack),
        typed("TensorListPushBackBatch").build(CpuTensorList::pushBackBatch));
  }

  /** The templated list kernels: TF registers them for its POD, string and variant types. */
  static KernelDef.Builder typed(String op) {
    return KernelDef.builder(op, Device.CPU).tfCpuTypes("element_dtype", DType.values());
  }

  static DType elementDtype(NodeInfo node) {
    return DType.fromProto(node.attrs().getType("element_dtype"));
  }

  /** TF's GetInputList. */
  static TensorList list(KernelContext ctx, int input) {
    Tensor t = ctx.input(input);
    if (t.shape().rank() != 0) {
      throw ctx.node().invalidArgument("Input list must be a scalar saw: " + t.shape());
    }
    return asList(ctx, t.dtype().isObject() ? t.getObject(0) : t, "Input handle is not a list.");
  }

  private static TensorList asList(KernelContext ctx, Object o, String what) {
    if (o instanceof TensorList l) {
      return l;
    }
    throw ctx.node().invalidArgument(what + " Saw: '" + o + "'");
  }

  static void output(KernelContext ctx, int i, TensorList l) {
    ctx.setOutput(i, Tensor.ofObjects(DType.VARIANT, Shape.scalar(), l));
  }

  static int scalarInt(KernelContext ctx, int input, String what) {
    Tensor t = ctx.input(input);
    if (t.shape().rank() != 0) {
      throw ctx.node().invalidArgument(what + " must be a scalar, but had shape: " + t.shape());
    }
    return t.getInt(0);
  }

  /** An element TF keeps uninitialized, read as zeros of the shape the rules make known. */
  static Tensor zeros(KernelContext ctx, DType dtype, Shape shape) {
    if (dtype.isObject()) {
      return Tensor.ofObjects(dtype, shape, new Object[Math.toIntExact(shape.numElements())]);
    }
    return ctx.allocate(dtype, shape).freeze();
  }

  private static Kernel empty(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      Tensor max = ctx.input(1);
      if (max.shape().rank() != 0) {
        throw ctx.node()
            .invalidArgument(
                "max_num_elements expected to be a scalar but got shape: " + max.shape());
      }
      PartialShape shape = elementShape(ctx.node(), ctx.input(0));
      output(ctx, 0, new TensorList(dtype, shape, max.getInt(0), new Tensor[0]));
    };
  }

  private static Kernel reserve(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      PartialShape shape = elementShape(ctx.node(), ctx.input(0));
      Tensor n = ctx.input(1);
      if (n.shape().rank() != 0) {
        throw ctx.node()
            .invalidArgument(
                "The num_elements to reserve must be a tensor size 1, but got " + n.shape());
      }
      int count = n.getInt(0);
      if (count < 0) {
        throw ctx.node()
            .invalidArgument(
                "The num_elements to reserve must be a non negative number, but got " + count);
      }
      output(ctx, 0, TensorList.reserved(dtype, shape, count));
    };
  }

  private static Kernel pushBack(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      Tensor item = ctx.input(1);
      if (item.dtype() != dtype) {
        throw ctx.node()
            .invalidArgument(
                "Invalid data types; list elements "
                    + dtype.tfName()
                    + " but tried to append "
                    + item.dtype().tfName());
      }
      TensorList l = list(ctx, 0);
      if (!l.elementShape.isCompatibleWith(item.shape())) {
        throw ctx.node()
            .invalidArgument(
                "Tried to append a tensor with incompatible shape to a list. Op element shape: "
                    + item.shape()
                    + " list shape: "
                    + debug(l.elementShape));
      }
      checkElementType(ctx.node(), dtype, l.elementDtype);
      if (l.maxNumElements != -1 && l.size() >= l.maxNumElements) {
        throw ctx.node()
            .invalidArgument(
                "Tried to push item into a full list list size: "
                    + l.size()
                    + " max_num_elements: "
                    + l.maxNumElements);
      }
      output(ctx, 0, l.edit().resize(l.size() + 1L).set(l.size(), TensorList.stored(item)).build());
    };
  }

  private static Kernel elementShapeOf(NodeInfo node) {
    DType out = DType.fromProto(node.attrs().getType("shape_type"));
    return ctx -> {
      PartialShape s = list(ctx, 0).elementShape;
      long[] dims = s.hasRank() ? new long[s.rank()] : new long[] {-1};
      for (int i = 0; s.hasRank() && i < dims.length; i++) {
        dims[i] = s.dim(i);
      }
      Shape shape = s.hasRank() ? Shape.of(dims.length) : Shape.scalar();
      ctx.setOutput(0, Tensor.ofIntegers(out, shape, dims));
    };
  }

  private static void resize(KernelContext ctx) {
    TensorList l = list(ctx, 0);
    int size = scalarInt(ctx, 1, "size");
    if (size < 0) {
      throw ctx.node()
          .invalidArgument("TensorListSlice expects size to be non-negative. Got: " + size);
    }
    output(ctx, 0, l.edit().resize(size).build());
  }

  private static Kernel setItem(NodeInfo node) {
    DType dtype = elementDtype(node);
    boolean resize =
        node.attrs().has("resize_if_index_out_of_bounds")
            && node.attrs().getBool("resize_if_index_out_of_bounds");
    return ctx -> {
      TensorList l = list(ctx, 0);
      checkElementType(ctx.node(), dtype, l.elementDtype);
      int index = scalarInt(ctx, 1, "index");
      if ((!resize || index < 0) && (index < 0 || index >= l.size())) {
        throw ctx.node()
            .invalidArgument(
                "Trying to modify element " + index + " in a list with " + l.size() + " elements.");
      }
      Tensor item = ctx.input(2);
      if (!l.elementShape.isCompatibleWith(item.shape())) {
        throw ctx.node()
            .invalidArgument(
                "Tried to set a tensor with incompatible shape at a list index. Item element"
                    + " shape: "
                    + item.shape()
                    + " list shape: "
                    + debug(l.elementShape));
      }
      TensorList.Editor e = l.edit();
      if (index >= l.size()) {
        e.resize(index + 1L);
      }
      output(ctx, 0, e.set(index, TensorList.stored(item)).build());
    };
  }

  /** TF's TensorListGetItem: an uninitialized element reads as zeros when its shape is known. */
  private static Kernel getItem(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      TensorList l = list(ctx, 0);
      checkElementType(ctx.node(), dtype, l.elementDtype);
      int index = scalarInt(ctx, 1, "index");
      if (index < 0 || index >= l.size()) {
        throw ctx.node()
            .invalidArgument(
                "Trying to access element " + index + " in a list with " + l.size() + " elements.");
      }
      Tensor t = l.get(index);
      if (t != null) {
        ctx.setOutput(0, t);
        return;
      }
      PartialShape shape =
          merge(ctx.node(), elementShape(ctx.node(), ctx.input(2)), l.elementShape);
      if (!shape.isFullyDefined()) {
        for (int i = 0; i < l.size(); i++) {
          if (l.get(i) != null) {
            shape = merge(ctx.node(), shape, l.get(i).shape());
          }
        }
      }
      if (!shape.isFullyDefined()) {
        throw ctx.node()
            .invalidArgument(
                "Trying to read an uninitialized tensor but element_shape is not fully defined: "
                    + debug(shape)
                    + " and no list element is set.");
      }
      ctx.setOutput(0, zeros(ctx, dtype, shape.toShape().orElseThrow()));
    };
  }

  private static Kernel popBack(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      TensorList l = list(ctx, 0);
      checkElementType(ctx.node(), dtype, l.elementDtype);
      if (l.size() == 0) {
        throw ctx.node().invalidArgument("Trying to pop from an empty list.");
      }
      Tensor t = l.get(l.size() - 1);
      if (t == null) {
        PartialShape shape =
            merge(ctx.node(), elementShape(ctx.node(), ctx.input(1)), l.elementShape);
        if (!shape.isFullyDefined()) {
          throw ctx.node()
              .invalidArgument(
                  "Trying to read an uninitialized tensor but element_shape is not fully defined."
                      + debug(shape));
        }
        t = zeros(ctx, dtype, shape.toShape().orElseThrow());
      }
      ctx.setOutput(1, t);
      output(ctx, 0, l.edit().resize(l.size() - 1).build());
    };
  }

  private static Kernel concatLists(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      Tensor a = ctx.input(0);
      Tensor b = ctx.input(1);
      if (!a.shape().equals(b.shape())) {
        throw ctx.node()
            .invalidArgument(
                "Incompatible input TensorList tensor shapes: " + a.shape() + " vs. " + b.shape());
      }
      int n = Math.toIntExact(a.numElements());
      Object[] out = new Object[n];
      for (int i = 0; i < n; i++) {
        TensorList la =
            asList(ctx, a.getObject(i), "input_a is not a TensorList at index " + i + ". ");
        TensorList lb =
            asList(ctx, b.getObject(i), "input_b is not a TensorList at index " + i + ". ");
        checkListType(ctx, "input_a", i, la.elementDtype, dtype);
        checkListType(ctx, "input_b", i, lb.elementDtype, dtype);
        if (!la.elementShape.equals(lb.elementShape)) {
          throw ctx.node()
              .invalidArgument(
                  "input_a and input_b TensorList element shapes are not identical at index "
                      + i
                      + ".  Saw "
                      + debug(la.elementShape)
                      + " vs. "
                      + debug(lb.elementShape));
        }
        TensorList.Editor joined = la.edit().resize((long) la.size() + lb.size());
        for (int j = 0; j < lb.size(); j++) {
          joined.set(la.size() + j, lb.get(j));
        }
        out[i] = joined.build();
      }
      ctx.setOutput(0, Tensor.ofObjects(DType.VARIANT, a.shape(), out));
    };
  }

  private static void checkListType(KernelContext ctx, String which, int i, DType got, DType op) {
    if (got != op) {
      throw ctx.node()
          .invalidArgument(
              which
                  + "["
                  + i
                  + "].dtype != element_dtype.  Saw: "
                  + got.tfName()
                  + " vs. "
                  + op.tfName());
    }
  }

  private static Kernel pushBackBatch(NodeInfo node) {
    DType dtype = elementDtype(node);
    return ctx -> {
      Tensor input = ctx.input(1);
      if (input.dtype() != dtype) {
        throw ctx.node()
            .invalidArgument(
                "Invalid data types; list elements "
                    + dtype.tfName()
                    + " but tried to append "
                    + input.dtype().tfName());
      }
      if (input.shape().rank() < 1) {
        throw ctx.node()
            .invalidArgument(
                "Expected tensor to be at least a vector, but saw shape: " + input.shape());
      }
      Tensor handles = ctx.input(0);
      if (handles.shape().rank() != 1) {
        throw ctx.node()
            .invalidArgument(
                "Expected input_handles to be a vector, but saw shape: " + handles.shape());
      }
      int batch = Math.toIntExact(handles.numElements());
      if (input.shape().dim(0) != batch) {
        throw ctx.node()
            .invalidArgument(
                "Expected tensor.shape[0] == input_handles.size, but saw "
                    + input.shape().dim(0)
                    + " vs. "
                    + batch);
      }
      Shape element = input.shape().sub(1, input.shape().rank());
      TensorList[] lists = new TensorList[batch];
      for (int b = 0; b < batch; b++) {
        TensorList l =
            asList(ctx, handles.getObject(b), "Input handle at index " + b + " is not a list.");
        if (!l.elementShape.isCompatibleWith(element)) {
          throw ctx.node()
              .invalidArgument(
                  "Tried to append a tensor with incompatible shape to a list at index "
                      + b
                      + ". Op element shape: "
                      + element
                      + " list shape: "
                      + debug(l.elementShape));
        }
        if (l.elementDtype != dtype) {
          throw ctx.node()
              .invalidArgument(
                  "Invalid data type at index "
                      + b
                      + "; op elements "
                      + dtype.tfName()
                      + " but list elements "
                      + l.elementDtype.tfName());
        }
        lists[b] = l;
      }
      Object[] out = new Object[batch];
      for (int b = 0; b < batch; b++) {
        TensorList l = lists[b];
        out[b] =
            l.edit()
                .resize(l.size() + 1L)
                .set(l.size(), CpuTensorListBulk.row(input, b, element))
                .build();
      }
      ctx.setOutput(0, Tensor.ofObjects(DType.VARIANT, handles.shape(), out));
    };
  }
}
