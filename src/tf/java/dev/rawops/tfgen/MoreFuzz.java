package dev.rawops.tfgen;

import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.Random;

/**
 * Random StridedSlice (every mask, every way of feeding) and TensorScatterUpdate cases for
 * differential fuzzing against TensorFlow ({@link DifferentialFuzzTest}).
 */
final class MoreFuzz {
  private MoreFuzz() {}

  /** One random StridedSlice case: input rank 0..4, spec length 0..rank+2, random masks. */
  static void stridedSlice(CaseList out, Random r) {
    DType t = DType.dataTypes()[r.nextInt(DType.dataTypes().length)];
    int rank = r.nextInt(5);
    Shape shape = RandomTensors.shape(r, rank, r.nextInt(10) == 0 ? 0 : 1, 4);
    boolean typed = r.nextBoolean();
    Tensor input = RandomTensors.of(r, t, shape, typed);
    int n = r.nextInt(rank + 3);
    long[] begin = new long[n];
    long[] end = new long[n];
    long[] strides = new long[n];
    for (int i = 0; i < n; i++) {
      long dim = i < rank ? shape.dim(i) : 1;
      begin[i] = r.nextInt((int) (2 * dim + 3)) - dim - 1;
      end[i] = r.nextInt((int) (2 * dim + 3)) - dim - 1;
      int[] s = {1, 1, 1, -1, -1, 2, -2, 3, r.nextInt(20) == 0 ? 0 : 1};
      strides[i] = s[r.nextInt(s.length)];
    }
    long[] masks = new long[5];
    int bits = Math.max(1, n);
    for (int k = 0; k < 5; k++) {
      masks[k] = r.nextInt(3) == 0 ? 0 : r.nextInt(1 << bits);
    }
    if (r.nextInt(3) != 0) {
      masks[2] = Long.bitCount(masks[2]) > 1 ? Long.lowestOneBit(masks[2]) : masks[2];
    }
    DType[] index = {DType.INT32, DType.INT64, DType.INT16};
    StridedSliceCaseKit.InputVia[] inVia = StridedSliceCaseKit.InputVia.values();
    StridedSliceCaseKit.VectorsVia[] vecVia = StridedSliceCaseKit.VectorsVia.values();
    StridedSliceCaseKit.add(
        out,
        "differential fuzzing",
        input,
        new StridedSliceCaseKit.Spec(begin, end, strides, masks),
        index[r.nextInt(r.nextInt(10) == 0 ? 3 : 2)],
        inVia[r.nextInt(inVia.length)],
        vecVia[r.nextInt(vecVia.length)],
        typed ? TYPED : CONTENT,
        r.nextBoolean());
  }

  /** One random TensorScatterUpdate case: valid, or with indices at and past the bounds. */
  static void tensorScatterUpdate(CaseList out, Random r) {
    DType t = DType.dataTypes()[r.nextInt(DType.dataTypes().length)];
    int rank = 1 + r.nextInt(4);
    Shape shape = RandomTensors.shape(r, rank, 1, 4);
    int depth = 1 + r.nextInt(rank);
    Shape batch = RandomTensors.shape(r, r.nextInt(3), 1, 3);
    DType ti = r.nextBoolean() ? DType.INT32 : DType.INT64;
    Tensor tensor = ScatterCaseKit.random(t, shape, r);
    Tensor idx;
    if (r.nextInt(4) == 0) {
      long[] v = new long[Math.toIntExact(batch.numElements() * depth)];
      for (int i = 0; i < v.length; i++) {
        long dim = shape.dim(i % depth);
        long[] choices = {-1, dim, dim + 1, 0, Math.max(0, dim - 1)};
        v[i] = choices[r.nextInt(choices.length)];
      }
      idx = Tensor.ofIntegers(ti, batch.concat(Shape.of(depth)), v);
    } else {
      idx = ScatterCaseKit.indices(ti, shape, depth, batch, r);
    }
    Tensor upd = ScatterCaseKit.updatesFor(tensor, idx, r);
    String[] policies = {null, null, "", "DEFAULT", "ERROR", "IGNORE"};
    ScatterCaseKit.Via[] via = ScatterCaseKit.Via.values();
    TensorScatterUpdateCases.add(
        out,
        "differential fuzzing",
        ScatterCaseKit.build(
            tensor, idx, upd, via[r.nextInt(via.length)], policies[r.nextInt(policies.length)]));
  }

  /**
   * One random RaggedGather case: PARAMS_RAGGED_RANK 1..3, any dtype, indices of rank 0..2, inner
   * dimensions 0..2, rows that may be empty, and now and then indices at and past the bounds.
   */
  static void raggedGather(CaseList out, Random r) {
    DType t = DType.dataTypes()[r.nextInt(DType.dataTypes().length)];
    int raggedRank = 1 + r.nextInt(3);
    DType splitsType = r.nextBoolean() ? DType.INT32 : DType.INT64;
    boolean typed = r.nextBoolean();
    RaggedGatherGraphs.Params p =
        RaggedGatherGraphs.params(
            r,
            raggedRank,
            1 + r.nextInt(4),
            3,
            splitsType,
            t,
            RandomTensors.shape(r, r.nextInt(3), 1, 3),
            typed);
    DType ti = r.nextBoolean() ? DType.INT32 : DType.INT64;
    Shape ishape = RandomTensors.shape(r, r.nextInt(3), 1, 3);
    Tensor indices;
    if (r.nextInt(4) == 0) {
      long rows = p.rows();
      long[] choices = {-1, rows, rows + 1, 0, rows - 1};
      long[] v = new long[Math.toIntExact(ishape.numElements())];
      for (int i = 0; i < v.length; i++) {
        v[i] = choices[r.nextInt(choices.length)];
      }
      indices = Tensor.ofIntegers(ti, ishape, v);
    } else {
      indices = RaggedGatherGraphs.indices(r, ti, ishape, p.rows());
    }
    int k = r.nextInt(4);
    TypedProtos.Encoding enc = typed ? TYPED : CONTENT;
    RaggedGatherGraphs.add(
        out,
        "differential fuzzing",
        RaggedGatherCases.inputs(p.splits(), k, enc),
        RaggedGatherCases.input(p.values(), k, enc),
        RaggedGatherCases.input(indices, k, enc));
  }
}
