package dev.rawops.ops.dataflow;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Op;
import dev.rawops.ops.ShapeMerge;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Optional;

/**
 * TF 2's TensorList ops (list_ops.cc): a list is a DT_VARIANT scalar, made, changed and read by
 * these ops; the kernels and the list itself are in {@code kernels.cpu.dataflow} ({@code
 * CpuTensorList}, {@code CpuTensorListBulk}, {@code TensorList}). The shape functions are TF's
 * without its handle data (the element dtype and shape TF's shape inference carries beside a
 * variant), so an element shape is known here only from an {@code element_shape} input or attr.
 */
final class TensorListOps {
  private TensorListOps() {}

  private static final List<PartialShape> SCALAR = List.of(PartialShape.of());

  static List<Op> all() {
    return List.of(
        DefinedOp.of("EmptyTensorList", n -> listOut(n, 0)),
        DefinedOp.of("TensorListReserve", n -> listOut(n, 0)),
        DefinedOp.of("TensorListPushBack", _ -> SCALAR),
        DefinedOp.of("TensorListPushBackBatch", TensorListOps::pushBackBatch),
        DefinedOp.of("TensorListLength", _ -> SCALAR),
        DefinedOp.of(
            "TensorListPopBack", _ -> List.of(PartialShape.of(), PartialShape.unknownRank())),
        DefinedOp.of("TensorListStack", TensorListOps::stack),
        DefinedOp.of(
            "TensorListConcat",
            n -> concat(PartialShape.fromProto(n.attrs().getShape("element_shape")))),
        DefinedOp.of("TensorListConcatV2", n -> concat(elementShape(n, 1))),
        DefinedOp.of("TensorListSplit", TensorListOps::split),
        DefinedOp.of("TensorListFromTensor", TensorListOps::fromTensor),
        DefinedOp.of("TensorListElementShape", _ -> List.of(PartialShape.unknownRank())),
        DefinedOp.of("TensorListGetItem", n -> List.of(elementShape(n, 2))),
        DefinedOp.of(
            "TensorListResize",
            n -> {
              Shapes.requireRank(n, 1, 0);
              return SCALAR;
            }),
        DefinedOp.of("TensorListSetItem", _ -> SCALAR),
        DefinedOp.of("TensorListGather", n -> List.of(concat(n.inputShape(1), elementShape(n, 2)))),
        DefinedOp.of("TensorListScatter", n -> listOut(n, 2)),
        DefinedOp.of("TensorListScatterV2", n -> listOut(n, 2)),
        DefinedOp.of(
            "TensorListScatterIntoExistingList",
            n -> {
              Shapes.requireRankAtLeast(n, 1, 1);
              Shapes.requireRank(n, 2, 1);
              return SCALAR;
            }),
        DefinedOp.of(
            "TensorListConcatLists",
            n -> List.of(mergeShapes(n, n.inputShape(0), n.inputShape(1)))));
  }

  /** A new list: its element_shape input checked as TF's shape function does. */
  private static List<PartialShape> listOut(NodeInfo node, int elementShapeInput) {
    elementShape(node, elementShapeInput);
    return SCALAR;
  }

  /**
   * TF's MakeShapeFromShapeTensorTreatScalarAsUnknownShape: a shape input of rank at most 1; a
   * constant scalar must be -1 (unknown rank), a constant vector's -1 entries are unknown dims.
   */
  static PartialShape elementShape(NodeInfo node, int input) {
    Shapes.requireRankAtMost(node, input, 1);
    Optional<Tensor> c = node.constantInput(input);
    if (c.isPresent() && c.get().dtype().isInteger()) {
      Tensor t = c.get();
      if (t.shape().rank() == 0) {
        if (t.getIndex(0) != -1) {
          throw node.invalidArgument(
              "Received an invalid shape scalar with a static value that is not '-1': Tensor<type: "
                  + t.dtype().tfName()
                  + " shape: [] values: "
                  + t.getIndex(0)
                  + ">");
        }
        return PartialShape.unknownRank();
      }
      long[] dims = t.toLongArray();
      for (long d : dims) {
        if (d < -1) {
          throw node.invalidArgument("Invalid value in tensor used for shape: " + d);
        }
      }
      return PartialShape.of(dims);
    }
    PartialShape s = node.inputShape(input);
    if (s.hasRank() && s.rank() == 1 && s.dim(0) >= 0) {
      return PartialShape.unknownDims((int) s.dim(0));
    }
    return PartialShape.unknownRank();
  }

  private static PartialShape concat(PartialShape a, PartialShape b) {
    return a.hasRank() && b.hasRank() ? a.concat(b) : PartialShape.unknownRank();
  }

  private static PartialShape mergeShapes(NodeInfo node, PartialShape a, PartialShape b) {
    String error = ShapeMerge.mergeError(a, b);
    if (error != null) {
      throw node.invalidArgument(error);
    }
    if (!a.hasRank()) {
      return b;
    }
    if (!b.hasRank()) {
      return a;
    }
    long[] d = new long[a.rank()];
    for (int i = 0; i < d.length; i++) {
      d[i] = a.dim(i) >= 0 ? a.dim(i) : b.dim(i);
    }
    return PartialShape.of(d);
  }

  private static List<PartialShape> stack(NodeInfo node) {
    long n = node.attrs().getInt("num_elements");
    return List.of(
        concat(PartialShape.of(n < 0 ? PartialShape.UNKNOWN : n), elementShape(node, 1)));
  }

  private static List<PartialShape> concat(PartialShape element) {
    PartialShape out =
        element.hasRank()
            ? PartialShape.of(PartialShape.UNKNOWN)
                .concat(ShapeMerge.subshape(element, 1, 1L << 40))
            : PartialShape.unknownRank();
    return List.of(out, PartialShape.of(PartialShape.UNKNOWN));
  }

  private static List<PartialShape> split(NodeInfo node) {
    Shapes.requireRankAtLeast(node, 0, 1);
    Shapes.requireRank(node, 2, 1);
    PartialShape tensor = node.inputShape(0);
    PartialShape fromTensor =
        tensor.hasRank()
            ? PartialShape.of(PartialShape.UNKNOWN).concat(tensor.sub(1, tensor.rank()))
            : tensor;
    mergeShapes(node, fromTensor, elementShape(node, 1));
    return SCALAR;
  }

  private static List<PartialShape> fromTensor(NodeInfo node) {
    PartialShape rest = ShapeMerge.subshape(node.inputShape(0), 1, 1L << 40);
    mergeShapes(node, rest, elementShape(node, 1));
    return SCALAR;
  }

  private static List<PartialShape> pushBackBatch(NodeInfo node) {
    Shapes.requireRank(node, 0, 1);
    Shapes.requireRankAtLeast(node, 1, 1);
    PartialShape handles = node.inputShape(0);
    PartialShape tensor = node.inputShape(1);
    long h = handles.hasRank() ? handles.dim(0) : PartialShape.UNKNOWN;
    long t = tensor.hasRank() ? tensor.dim(0) : PartialShape.UNKNOWN;
    if (h >= 0 && t >= 0 && h != t) {
      throw node.invalidArgument(Shapes.dimsMismatch(node, t, h));
    }
    return List.of(PartialShape.of(h >= 0 ? h : t));
  }
}
