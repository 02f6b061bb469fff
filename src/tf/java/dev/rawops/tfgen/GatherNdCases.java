package dev.rawops.tfgen;

import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;

/**
 * GatherNd fixtures: every example of the seed pages, every Tparams × Tindices, index depth 0..rank
 * for params rank 1..4 with batch ranks 0..3, floating-point special values; the edge and error
 * cases are in {@link GatherNdEdgeCases}.
 */
public final class GatherNdCases implements CaseFamily {
  static final DType[] INDEX_TYPES = {DType.INT16, DType.INT32, DType.INT64};

  @Override
  public String directory() {
    return "gather_nd";
  }

  @Override
  public List<Case> cases(Random random) {
    CaseList out = new CaseList(directory());
    seeds(out);
    dtypes(out, random);
    depths(out, random);
    specials(out);
    GatherNdEdgeCases.add(out, random);
    return out.cases();
  }

  static Tensor idx(DType t, Shape s, long... v) {
    return Tensor.ofIntegers(t, s, v);
  }

  static Tensor i32(Shape s, long... v) {
    return idx(DType.INT32, s, v);
  }

  static Input constant(Tensor t) {
    return Input.constant(t, CONTENT);
  }

  /** The examples of seeds 000 (tf.compat.v1.gather_nd) and 001 (GatherNd), strings as Const. */
  private static void seeds(CaseList out) {
    Tensor m22 = Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d");
    Tensor m23 = Tensor.ofStrings(Shape.of(2, 3), "a", "b", "c", "d", "e", "f");
    Tensor t3 = Tensor.ofStrings(Shape.of(2, 2, 2), "a0", "b0", "c0", "d0", "a1", "b1", "c1", "d1");
    Tensor zeros =
        Tensor.fromBytes(
            DType.FLOAT, Shape.of(5, 7, 3), MemorySegment.ofArray(new byte[5 * 7 * 3 * 4]));
    seed(
        out,
        "seeds 000+001: simple indexing into a matrix -> [a, d]",
        m22,
        i32(Shape.of(2, 2), 0, 0, 1, 1));
    seed(
        out,
        "seed 000: gathering rows of a 2x3 matrix -> [[d, e, f], [a, b, c]]",
        m23,
        i32(Shape.of(2, 1), 1, 0));
    seed(
        out,
        "seed 001: slice indexing into a matrix -> [[c, d], [a, b]]",
        m22,
        i32(Shape.of(2, 1), 1, 0));
    Tensor batchPositions = i32(Shape.of(5, 2), 0, 1, 1, 0, 2, 4, 3, 2, 4, 1);
    seed(
        out,
        "seed 000: one row from each matrix of tf.zeros([5, 7, 3]), batch positions written into the "
            + "index vectors -> shape [5, 3]",
        zeros,
        batchPositions);
    seed(
        out,
        "seed 000: the batch_dims=1 form of the previous example (indices [[1],[0],[4],[2],[1]]); raw GatherNd "
            + "has no batch_dims, so the batch position is an explicit leading index component",
        zeros,
        batchPositions);
    seed(
        out,
        "seed 000: batch_dims=1 with indices tf.zeros([5, 1]), written as raw GatherNd indices "
            + "[[b, 0] for b in 0..4] -> shape [5, 3]",
        zeros,
        i32(Shape.of(5, 2), 0, 0, 1, 0, 2, 0, 3, 0, 4, 0));
    seed(
        out,
        "seeds 000+001: indexing into a 3-tensor -> [[[a1, b1], [c1, d1]]]",
        t3,
        i32(Shape.of(1, 1), 1));
    seed(
        out,
        "seeds 000+001: 3-tensor, depth 2 -> [[c0, d0], [a1, b1]]",
        t3,
        i32(Shape.of(2, 2), 0, 1, 1, 0));
    seed(
        out,
        "seeds 000+001: 3-tensor, depth 3 -> [b0, b1]",
        t3,
        i32(Shape.of(2, 3), 0, 0, 1, 1, 0, 1));
    seed(
        out,
        "seeds 000+001: batched indexing into a matrix -> [[a], [b]]",
        m22,
        i32(Shape.of(2, 1, 2), 0, 0, 0, 1));
    seed(
        out,
        "seeds 000+001: batched slice indexing into a matrix -> [[[c, d]], [[a, b]]]",
        m22,
        i32(Shape.of(2, 1, 1), 1, 0));
    seed(
        out,
        "seeds 000+001: batched indexing into a 3-tensor, depth 1",
        t3,
        i32(Shape.of(2, 1, 1), 1, 0));
    seed(
        out,
        "seeds 000+001: batched indexing into a 3-tensor, depth 2 -> [[[c0, d0], [a1, b1]], [[a0, b0], [c1, d1]]]",
        t3,
        i32(Shape.of(2, 2, 2), 0, 1, 1, 0, 0, 0, 1, 1));
    seed(
        out,
        "seeds 000+001: batched indexing into a 3-tensor, depth 3 -> [[b0, b1], [d0, c1]]",
        t3,
        i32(Shape.of(2, 2, 3), 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0));
    seed(
        out,
        "seed 000: batch_dims=1, indices [[1], [0]] -> [[c0, d0], [a1, b1]], as raw GatherNd with the batch "
            + "position as leading index component: [[0, 1], [1, 0]]",
        t3,
        i32(Shape.of(2, 2), 0, 1, 1, 0));
    seed(
        out,
        "seed 000: batch_dims=1, indices [[[1]], [[0]]] -> [[[c0, d0]], [[a1, b1]]], as raw GatherNd "
            + "[[[0, 1]], [[1, 0]]]",
        t3,
        i32(Shape.of(2, 1, 2), 0, 1, 1, 0));
    seed(
        out,
        "seed 000: batch_dims=1, indices [[[1, 0]], [[0, 1]]] -> [[c0], [b1]], as raw GatherNd "
            + "[[[0, 1, 0]], [[1, 0, 1]]]",
        t3,
        i32(Shape.of(2, 1, 3), 0, 1, 0, 1, 0, 1));
  }

  private static void seed(CaseList out, String what, Tensor params, Tensor indices) {
    GatherNdGraphs.add(out, what, constant(params), constant(indices), null);
  }

  /**
   * Every Tparams × Tindices, random geometry, inputs as Const and as Placeholder, both encodings.
   */
  private static void dtypes(CaseList out, Random r) {
    int k = 0;
    for (DType t : DType.dataTypes()) {
      for (DType ti : INDEX_TYPES) {
        Encoding enc = k % 2 == 0 ? CONTENT : TYPED;
        int rank = 1 + k % 4;
        Shape ps = RandomTensors.shape(r, rank, 1, 4);
        int depth = r.nextInt(rank + 1);
        Shape batch = RandomTensors.shape(r, r.nextInt(3), 1, 3);
        Tensor params = RandomTensors.of(r, t, ps, enc == TYPED);
        Tensor indices =
            idx(ti, batch.concat(Shape.of(depth)), RandomTensors.validIndices(r, ps, depth, batch));
        Input p =
            switch (k % 3) {
              case 0 -> Input.constant(params, enc);
              case 1 -> Input.fed(params, ps.toPartial(), enc, k % 4 == 1);
              default -> Input.fed(params, PartialShape.unknownDims(rank), enc, false);
            };
        GatherNdGraphs.add(
            out,
            "Tparams " + t.tfName() + " x Tindices " + ti.tfName(),
            p,
            Input.constant(indices, enc),
            null);
        k++;
      }
    }
  }

  /** Index depth 0..rank for params of rank 1..4, with batch shapes of rank 0..3. */
  private static void depths(CaseList out, Random r) {
    DType[] types = {
      DType.FLOAT,
      DType.INT32,
      DType.STRING,
      DType.DOUBLE,
      DType.INT64,
      DType.HALF,
      DType.BOOL,
      DType.UINT8,
      DType.COMPLEX64,
      DType.BFLOAT16,
      DType.INT8
    };
    int k = 0;
    for (int rank = 1; rank <= 4; rank++) {
      for (int depth = 0; depth <= rank; depth++) {
        for (int batchRank = 0; batchRank <= 3; batchRank++) {
          Shape ps = RandomTensors.shape(r, rank, 1, 4);
          Shape batch = RandomTensors.shape(r, batchRank, 1, 3);
          Tensor params = RandomTensors.of(r, types[k % types.length], ps, false);
          Tensor indices =
              idx(
                  INDEX_TYPES[k % 3],
                  batch.concat(Shape.of(depth)),
                  RandomTensors.validIndices(r, ps, depth, batch));
          GatherNdGraphs.add(
              out,
              "index depth " + depth + " into params of rank " + rank + ", batch rank " + batchRank,
              constant(params),
              constant(indices),
              null);
          k++;
        }
      }
    }
  }

  /** NaNs with payloads and sign, -0.0, infinities, subnormals: gathered (reversed) bit for bit. */
  private static void specials(CaseList out) {
    DType[] floats = {
      DType.HALF, DType.BFLOAT16, DType.FLOAT, DType.DOUBLE, DType.COMPLEX64, DType.COMPLEX128
    };
    for (DType t : floats) {
      for (Encoding enc : Encoding.values()) {
        Tensor params = RandomTensors.specials(t, enc == TYPED);
        long n = params.numElements();
        long[] reversed = new long[(int) n];
        for (int i = 0; i < n; i++) {
          reversed[i] = n - 1 - i;
        }
        GatherNdGraphs.add(
            out,
            "special values (NaN payloads, -0.0, +-inf, subnormals, extremes) reversed",
            Input.fed(params, PartialShape.of(-1), enc, false),
            constant(idx(DType.INT64, Shape.of(n, 1), reversed)),
            null);
      }
    }
  }
}
