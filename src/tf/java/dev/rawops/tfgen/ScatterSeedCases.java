package dev.rawops.tfgen;

import static dev.rawops.tfgen.ScatterCaseKit.Via.CONST;
import static dev.rawops.tfgen.ScatterCaseKit.shape;

import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;

/**
 * The examples of seed page 003 (tf.tensor_scatter_nd_update), as in
 * graphs/examples/tensor_scatter_update.
 */
final class ScatterSeedCases {
  private ScatterSeedCases() {}

  static void add(CaseList out) {
    seed(
        out,
        "rank-1 insert of 4 values",
        Tensor.ofInts(shape(8), new int[8]),
        Tensor.ofInts(shape(4, 1), 1, 3, 4, 7),
        Tensor.ofInts(shape(4), 9, 10, 11, 12));
    seed(
        out,
        "rank-2 scalar updates",
        Tensor.ofInts(shape(3, 2), 1, 1, 1, 1, 1, 1),
        Tensor.ofInts(shape(2, 2), 0, 1, 2, 0),
        Tensor.ofInts(shape(2), 5, 10));
    seed(
        out,
        "(6, 3) row updates",
        Tensor.ofInts(shape(6, 3), new int[18]),
        Tensor.ofInts(shape(2, 1), 2, 4),
        Tensor.ofInts(shape(2, 3), 1, 2, 3, 4, 5, 6));
    Shape video = shape(13, 11, 7, 5, 3);
    seed(
        out,
        "5-D video batch, replace the first two clips with ones",
        zeros(video),
        Tensor.ofInts(shape(2, 1), 0, 1),
        ones(shape(2, 11, 7, 5, 3)));
    seed(
        out,
        "5-D video batch, replace the first frame of the first three clips",
        zeros(video),
        Tensor.ofInts(shape(3, 2), 0, 0, 1, 0, 2, 0),
        ones(shape(3, 7, 5, 3)));
    seed(
        out,
        "draw an X on a 5x5 matrix with indices of batch shape [2,5]",
        zeros(shape(5, 5)),
        Tensor.ofInts(shape(2, 5, 2), 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 4, 1, 3, 2, 2, 3, 1, 4, 0),
        ones(shape(2, 5)));
  }

  private static void seed(CaseList out, String what, Tensor t, Tensor i, Tensor u) {
    TensorScatterUpdateCases.add(
        out, "seed 003 example: " + what, ScatterCaseKit.build(t, i, u, CONST, null));
  }

  private static Tensor zeros(Shape s) {
    return Tensor.ofFloats(s, new float[Math.toIntExact(s.numElements())]);
  }

  private static Tensor ones(Shape s) {
    float[] v = new float[Math.toIntExact(s.numElements())];
    java.util.Arrays.fill(v, 1f);
    return Tensor.ofFloats(s, v);
  }
}
