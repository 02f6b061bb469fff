package dev.rawops.tfgen;

import static dev.rawops.tfgen.ScatterCaseKit.Via.FED;
import static dev.rawops.tfgen.ScatterCaseKit.Via.FED_UNKNOWN;
import static dev.rawops.tfgen.ScatterCaseKit.shape;

import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.ScatterCaseKit.Via;

/**
 * Shape-rule violations, each twice: with static shapes (TF's shape function rejects it at build
 * time, or lets it through) and with shapes unknown until run time (the kernel's checks). Never
 * updates with fewer dims than indices.shape[:-1] at run time: TF 2.18 aborts the process there.
 */
final class ScatterShapeRuleCases {
  private ScatterShapeRuleCases() {}

  static void add(CaseList out) {
    both(out, "inner dims differ", shape(2, 3), shape(2, 1), 0, 1, shape(2, 4));
    both(out, "batch dims differ", shape(2, 3), shape(2, 1), 0, 1, shape(3, 3));
    both(out, "updates lack the slice dims", shape(2, 3), shape(2, 1), 0, 1, shape(2));
    both(out, "updates have an extra dim", shape(2, 2), shape(1, 1), 0, shape(1, 2, 1));
    both(out, "rank-1 indices", shape(4), shape(1), 2, shape(1));
    both(out, "rank-1 indices, updates = tensor.shape[1:]", shape(4, 3), shape(1), 2, shape(3));
    both(
        out,
        "rank-1 indices, updates [k] with k = tensor.shape[k]",
        shape(5, 5, 2),
        shape(2),
        1,
        1,
        shape(2));
    both(out, "rank-1 indices of length 1 into [3,1]", shape(3, 1), shape(1), 0, shape(1));
    both(out, "index depth beyond the tensor's rank", shape(2, 2), shape(1, 3), 0, 0, 0, shape(1));
    both(out, "index depth 0 with non-empty updates", shape(2), shape(2, 0), shape(2, 2));
    both(out, "updates for an empty tensor", shape(0), shape(1, 1), 0, shape(1));
    both(
        out,
        "indices for an empty tensor, empty updates",
        shape(3, 0),
        shape(2, 1),
        0,
        1,
        shape(2, 0));
    both(out, "scalar updates", shape(4), shape(2, 1), 2, 1, Shape.scalar());
    both(out, "scalar indices", shape(4), Shape.scalar(), 2, shape(1));
    both(out, "scalar tensor", Shape.scalar(), shape(1, 0), shape(1));
    both(out, "scalar tensor, no index vectors", Shape.scalar(), shape(0, 0), shape(0));
    both(
        out,
        "updates rank below the batch rank (static shapes only: TF 2.18 aborts at run time)",
        shape(3),
        shape(2, 2, 1),
        0,
        1,
        2,
        0,
        shape(2));
  }

  private static void both(CaseList out, String rule, Shape tensor, Shape indices, Object... rest) {
    Shape updates = (Shape) rest[rest.length - 1];
    int[] idx = new int[rest.length - 1];
    for (int k = 0; k < idx.length; k++) {
      idx[k] = (Integer) rest[k];
    }
    Tensor t = Tensor.ofInts(tensor, new int[Math.toIntExact(tensor.numElements())]);
    Tensor i =
        Tensor.ofInts(
            indices,
            idx.length == indices.numElements()
                ? idx
                : new int[Math.toIntExact(indices.numElements())]);
    Tensor u = Tensor.ofInts(updates, new int[Math.toIntExact(updates.numElements())]);
    boolean crashesTf = indices.rank() - 1 > updates.rank() && updates.rank() > 0;
    for (Via via : crashesTf ? new Via[] {FED} : new Via[] {FED, FED_UNKNOWN}) {
      String when = via == FED ? "static shapes" : "shapes known at run time only";
      TensorScatterUpdateCases.add(
          out,
          "SHAPE RULE ("
              + when
              + "): "
              + rule
              + ": tensor int32"
              + tensor
              + ", indices int32"
              + indices
              + ", updates int32"
              + updates,
          ScatterCaseKit.build(t, i, u, via, null));
    }
  }
}
