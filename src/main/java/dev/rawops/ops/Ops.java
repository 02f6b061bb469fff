package dev.rawops.ops;

import dev.rawops.ops.array.ArrayOps;
import dev.rawops.ops.controlflow.ControlFlowOps;
import dev.rawops.ops.controlflow.FunctionOps;
import dev.rawops.ops.core.ConstOp;
import dev.rawops.ops.core.IdentityNOp;
import dev.rawops.ops.core.IdentityOp;
import dev.rawops.ops.core.NoOpOp;
import dev.rawops.ops.core.PlaceholderOp;
import dev.rawops.ops.core.PlaceholderWithDefaultOp;
import dev.rawops.ops.core.SnapshotOp;
import dev.rawops.ops.elementwise.ElementwiseOps;
import dev.rawops.ops.image.ImageOps;
import dev.rawops.ops.indexing.GatherNdOp;
import dev.rawops.ops.indexing.IndexingOps;
import dev.rawops.ops.indexing.StridedSliceOp;
import dev.rawops.ops.indexing.TensorScatterUpdateOp;
import dev.rawops.ops.linalg.LinalgOps;
import dev.rawops.ops.nn.NnOps;
import dev.rawops.ops.ragged.RaggedGatherOp;
import dev.rawops.ops.reduction.ReductionOps;
import dev.rawops.ops.state.StateOps;
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
