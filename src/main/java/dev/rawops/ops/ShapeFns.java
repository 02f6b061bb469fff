package dev.rawops.ops;

import dev.rawops.tensor.PartialShape;
import java.util.Collections;
import java.util.List;

/** Shape functions many ops share (TF's {@code shape_inference::UnchangedShape} and kin). */
public final class ShapeFns {
  private ShapeFns() {}

  /** Every output of unknown shape: for ops whose shape function rawops does not (yet) mirror. */
  public static DefinedOp.ShapeFn unknown() {
    return node -> Collections.nCopies(node.numOutputs(), PartialShape.unknownRank());
  }

  /** Every output shaped like input {@code i} (TF's UnchangedShape for i = 0). */
  public static DefinedOp.ShapeFn sameAsInput(int i) {
    return node -> Collections.nCopies(node.numOutputs(), node.inputShape(i));
  }

  /** Every output a scalar. */
  public static DefinedOp.ShapeFn scalar() {
    return node -> Collections.nCopies(node.numOutputs(), PartialShape.of());
  }

  /** Output shapes listed explicitly. */
  public static List<PartialShape> of(PartialShape... shapes) {
    return List.of(shapes);
  }
}
