package dev.rawops.ops.dataflow;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.Op;
import dev.rawops.ops.Shapes;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * The TensorArrayV3 family (TF 1's TensorArray: a per-run list of tensors behind a resource handle,
 * threaded through a {@code flow} float scalar). Shape functions as TF's data_flow_ops.cc; the
 * kernels and the TensorArray itself are in {@code kernels.cpu.dataflow} ({@code CpuTensorArray},
 * {@code TensorArrayBulkKernels}, {@code TensorArray}).
 */
final class TensorArrayOps {
  private TensorArrayOps() {}

  static List<Op> all() {
    return List.of(
        DefinedOp.of(
            "TensorArrayV3",
            node -> {
              Shapes.requireRank(node, 0, 0);
              return List.of(PartialShape.of(2), PartialShape.of());
            }),
        DefinedOp.of(
            "TensorArrayWriteV3",
            node -> {
              Shapes.requireRank(node, 1, 0);
              Shapes.requireRank(node, 3, 0);
              return List.of(PartialShape.of());
            }),
        DefinedOp.of(
            "TensorArrayReadV3",
            node -> {
              Shapes.requireRank(node, 1, 0);
              Shapes.requireRank(node, 2, 0);
              return List.of(PartialShape.unknownRank());
            }),
        DefinedOp.of(
            "TensorArrayGatherV3",
            node -> {
              Shapes.requireRank(node, 1, 1);
              Shapes.requireRank(node, 2, 0);
              PartialShape indices = node.inputShape(1);
              PartialShape element = PartialShape.fromProto(node.attrs().getShape("element_shape"));
              long n = indices.hasRank() ? indices.dim(0) : PartialShape.UNKNOWN;
              return List.of(element.hasRank() ? PartialShape.of(n).concat(element) : element);
            }),
        DefinedOp.of(
            "TensorArrayScatterV3",
            node -> {
              Shapes.requireRank(node, 1, 1);
              Shapes.requireRank(node, 3, 0);
              return List.of(PartialShape.of());
            }),
        DefinedOp.of(
            "TensorArrayConcatV3",
            node -> {
              Shapes.requireRank(node, 1, 0);
              return List.of(PartialShape.unknownRank(), PartialShape.of(PartialShape.UNKNOWN));
            }),
        DefinedOp.of(
            "TensorArraySplitV3",
            node -> {
              Shapes.requireRank(node, 2, 1);
              Shapes.requireRank(node, 3, 0);
              return List.of(PartialShape.of());
            }),
        DefinedOp.of(
            "TensorArraySizeV3",
            node -> {
              Shapes.requireRank(node, 1, 0);
              return List.of(PartialShape.of());
            }),
        DefinedOp.of("TensorArrayCloseV3", node -> List.of()));
  }
}
