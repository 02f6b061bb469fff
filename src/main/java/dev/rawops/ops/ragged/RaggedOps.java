package dev.rawops.ops.ragged;

import dev.rawops.ops.DefinedOp;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpFamily;
import dev.rawops.ops.ShapeFns;
import dev.rawops.tensor.PartialShape;
import java.util.List;

/**
 * The Ragged op family: ops on ragged tensors given as nested row splits and flat values —
 * RaggedGather ({@link RaggedGatherOp}, checked by {@link RaggedGatherGeometry}), RaggedRange,
 * RaggedTensorToTensor, RaggedTensorToSparse, RaggedTensorToVariant and RaggedTensorFromVariant
 * (the encoded DT_VARIANT form), and RaggedCross.
 */
public final class RaggedOps implements OpFamily {
  @Override
  public List<Op> ops() {
    return List.of(
        new RaggedGatherOp(),
        DefinedOp.of("RaggedRange", node -> List.of(PartialShape.of(-1), PartialShape.of(-1))),
        DefinedOp.of("RaggedTensorToTensor", ShapeFns.unknown()),
        DefinedOp.of("RaggedTensorToSparse", ShapeFns.unknown()),
        DefinedOp.of("RaggedTensorToVariant", ShapeFns.unknown()),
        DefinedOp.of("RaggedTensorFromVariant", ShapeFns.unknown()),
        DefinedOp.of("RaggedCross", ShapeFns.unknown()));
  }
}
