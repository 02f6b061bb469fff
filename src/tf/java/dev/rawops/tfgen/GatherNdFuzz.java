package dev.rawops.tfgen;

import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random GatherNd cases for differential fuzzing, as a {@link Spec} that can be shrunk: every
 * dtype, params rank 0..4 with dims 0..4, index depth 0..rank (sometimes rank + 1), batch rank
 * 0..3, indices at and just past the bounds, every policy, every way of feeding.
 */
final class GatherNdFuzz {
  private GatherNdFuzz() {}

  /** How an input reaches GatherNd. */
  enum Mode {
    CONST,
    FED_STATIC,
    FED_PARTIAL,
    FED_UNKNOWN_RANK,
    FED_NO_SHAPE_ATTR
  }

  /** One GatherNd case; indices are kept as values so that single index vectors can be cut out. */
  record Spec(
      Tensor params,
      DType indexType,
      Shape indicesShape,
      long[] indices,
      String policy,
      Mode paramsMode,
      Mode indicesMode,
      Encoding encoding) {

    Tensor indexTensor() {
      return Tensor.ofIntegers(indexType, indicesShape, indices);
    }

    void addTo(CaseList out) {
      GatherNdGraphs.add(
          out,
          "differential fuzzing",
          input(params, paramsMode, encoding, false),
          input(indexTensor(), indicesMode, encoding, true),
          policy);
    }

    /** Smaller variants that might still show a mismatch, simplest first. */
    List<Spec> shrinkCandidates() {
      List<Spec> out = new ArrayList<>();
      if (paramsMode != Mode.CONST || indicesMode != Mode.CONST || encoding != CONTENT) {
        out.add(
            new Spec(
                params, indexType, indicesShape, indices, policy, Mode.CONST, Mode.CONST, CONTENT));
      }
      if (policy != null) {
        out.add(
            new Spec(
                params, indexType, indicesShape, indices, null, paramsMode, indicesMode, encoding));
      }
      int rank = indicesShape.rank();
      if (rank >= 1) {
        int depth = (int) indicesShape.dim(rank - 1);
        long vectors = depth == 0 ? 0 : indices.length / depth;
        for (int v = 0; v < vectors && vectors > 1; v++) {
          long[] one = java.util.Arrays.copyOfRange(indices, v * depth, (v + 1) * depth);
          out.add(
              new Spec(
                  params,
                  indexType,
                  Shape.of(1, depth),
                  one,
                  policy,
                  paramsMode,
                  indicesMode,
                  encoding));
        }
      }
      return out;
    }
  }

  static Input input(Tensor t, Mode mode, Encoding e, boolean keyWithIndex) {
    return switch (mode) {
      case CONST -> Input.constant(t, e);
      case FED_STATIC -> Input.fed(t, t.shape().toPartial(), e, keyWithIndex);
      case FED_PARTIAL -> Input.fed(t, PartialShape.unknownDims(t.shape().rank()), e, keyWithIndex);
      case FED_UNKNOWN_RANK -> Input.fed(t, PartialShape.unknownRank(), e, keyWithIndex);
      case FED_NO_SHAPE_ATTR -> Input.fedNoShape(t, e, keyWithIndex);
    };
  }

  static Spec random(Random r) {
    DType t = DType.dataTypes()[r.nextInt(DType.dataTypes().length)];
    Encoding enc = r.nextBoolean() ? CONTENT : TYPED;
    int rank = r.nextInt(20) == 0 ? 0 : 1 + r.nextInt(4);
    long[] dims = new long[rank];
    for (int d = 0; d < rank; d++) {
      dims[d] = r.nextInt(12) == 0 ? 0 : 1 + r.nextInt(4);
    }
    Shape ps = Shape.of(dims);
    int depth = r.nextInt(20) == 0 ? rank + 1 : r.nextInt(rank + 1);
    Shape batch = RandomTensors.shape(r, r.nextInt(4), r.nextInt(15) == 0 ? 0 : 1, 3);
    DType ti = GatherNdCases.INDEX_TYPES[r.nextInt(3)];
    long[] ix = indices(r, ps, depth, batch, r.nextInt(10) < 7);
    String[] policies = {
      null, "", "DEFAULT", "ERROR", "IGNORE", "IGNORE", r.nextInt(10) == 0 ? "Ignore" : "ERROR"
    };
    Mode[] modes = Mode.values();
    return new Spec(
        RandomTensors.of(r, t, ps, enc == TYPED),
        ti,
        batch.concat(Shape.of(depth)),
        ix,
        policies[r.nextInt(policies.length)],
        modes[r.nextInt(modes.length)],
        modes[r.nextInt(modes.length)],
        enc);
  }

  /**
   * Index components near the bounds; unless {@code valid}, about one vector in four has a bad one.
   */
  private static long[] indices(Random r, Shape params, int depth, Shape batch, boolean valid) {
    long[] out = new long[Math.toIntExact(batch.numElements() * depth)];
    for (int i = 0; i < out.length; i++) {
      int d = i % depth;
      long dim = d < params.rank() ? params.dim(d) : 1;
      boolean bad = !valid && r.nextInt(4) == 0;
      if (bad || dim == 0) {
        long[] wrong = {-1, -2, dim, dim + 1, Short.MAX_VALUE, Short.MIN_VALUE};
        out[i] = wrong[r.nextInt(wrong.length)];
      } else {
        out[i] = r.nextInt(3) == 0 ? dim - 1 : r.nextInt((int) dim);
      }
    }
    return out;
  }
}
