package dev.rawops.ops;

import java.util.List;

/** The built-in ops. Add a new op's class here (see docs/ARCHITECTURE.md, "Adding an op"). */
final class Ops {
  private Ops() {}

  static List<Op> all() {
    return com.google.common.collect.ImmutableList.<Op>builder()
        .addAll(core())
        .addAll(ElementwiseOps.all())
        .addAll(ReductionOps.all())
        .addAll(ArrayOps.all())
        .addAll(IndexingOps.all())
        .addAll(ImageOps.all())
        .addAll(LinalgOps.all())
        .addAll(ControlFlowOps.all())
        .addAll(StateOps.all())
        .addAll(FunctionOps.all())
        .addAll(NnOps.all())
        .build();
  }

  private static List<Op> core() {
    return List.of(
        new ConstOp(),
        new GatherNdOp(),
        new IdentityNOp(),
        new IdentityOp(),
        new NoOpOp(),
        new PlaceholderOp(),
        new PlaceholderWithDefaultOp(),
        new RaggedGatherOp(),
        new SnapshotOp(),
        new StridedSliceOp(),
        new TensorScatterUpdateOp());
  }
}
