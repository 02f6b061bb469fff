package dev.rawops.tfgen;

import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.RaggedGatherGraphs.Params;
import dev.rawops.tfgen.TypedProtos.Encoding;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * RaggedGather fixtures: the seed page's examples, PARAMS_RAGGED_RANK 1..3 × indices rank 0..2 ×
 * inner dimensions 0..2 × both Tsplits, every Tvalues × Tindices, empty rows and results, special
 * floating-point values; TF's lenient cases and every error are in {@link RaggedGatherEdgeCases}.
 */
public final class RaggedGatherCases implements CaseFamily {
  static final DType[] INDEX_TYPES = {DType.INT32, DType.INT64};
  static final DType[] SPLITS_TYPES = {DType.INT32, DType.INT64};

  @Override
  public String directory() {
    return "ragged_gather";
  }

  @Override
  public List<Case> cases(Random random) {
    CaseList out = new CaseList(directory());
    seeds(out);
    structures(out, random);
    dtypes(out, random);
    empty(out, random);
    specials(out);
    RaggedGatherEdgeCases.add(out, random);
    return out.cases();
  }

  static Input constant(Tensor t) {
    return Input.constant(t, CONTENT);
  }

  static List<Input> constants(List<Tensor> ts) {
    return ts.stream().map(RaggedGatherCases::constant).toList();
  }

  static Tensor i32(Shape s, long... v) {
    return Tensor.ofIntegers(DType.INT32, s, v);
  }

  static Tensor i64(Shape s, long... v) {
    return Tensor.ofIntegers(DType.INT64, s, v);
  }

  /** The seed page's op on params [[1, 2], [], [3, 4, 5], [6]] (and a two-level variant). */
  private static void seeds(CaseList out) {
    List<Input> splits = List.of(constant(i64(Shape.of(5), 0, 2, 2, 5, 6)));
    Input values = constant(i32(Shape.of(6), 1, 2, 3, 4, 5, 6));
    RaggedGatherGraphs.add(
        out,
        "seed 004: output[i] = params[indices[i]] -> [[3, 4, 5], [1, 2], []]",
        splits,
        values,
        constant(i32(Shape.of(3), 2, 0, 1)));
    RaggedGatherGraphs.add(
        out,
        "seed 004: output.ragged_rank = rank(indices) + params.ragged_rank - 1 = 2 -> "
            + "[[[3, 4, 5], [1, 2]], [[6], [6]]]",
        splits,
        values,
        constant(i32(Shape.of(2, 2), 2, 0, 3, 3)));
    RaggedGatherGraphs.add(
        out,
        "seed 004: scalar index, OUTPUT_RAGGED_RANK 0 -> dense [3, 4, 5]",
        splits,
        values,
        constant(i32(Shape.scalar(), 2)));
    List<Input> twoLevels =
        constants(List.of(i32(Shape.of(4), 0, 2, 2, 5), i32(Shape.of(6), 0, 2, 3, 4, 4, 6)));
    RaggedGatherGraphs.add(
        out,
        "seed 004: params [[[1, 2], [3]], [], [[4], [], [5, 6]]], indices [2, 0, 1]",
        twoLevels,
        values,
        constant(i64(Shape.of(3), 2, 0, 1)));
    RaggedGatherGraphs.add(
        out,
        "seed 004: two ragged levels, scalar index 2 -> [[4], [], [5, 6]]",
        twoLevels,
        values,
        constant(i64(Shape.scalar(), 2)));
  }

  /**
   * PARAMS_RAGGED_RANK 1..3 × indices rank 0..2 × inner dimensions 0..2 × Tsplits, the inputs
   * reaching the op as Consts or Placeholders of full, partial or unknown shape in turn.
   */
  private static void structures(CaseList out, Random r) {
    DType[] types = {
      DType.FLOAT,
      DType.INT32,
      DType.STRING,
      DType.DOUBLE,
      DType.INT64,
      DType.BFLOAT16,
      DType.BOOL,
      DType.UINT8,
      DType.COMPLEX64,
      DType.HALF,
      DType.INT16
    };
    int k = 0;
    for (int raggedRank = 1; raggedRank <= 3; raggedRank++) {
      for (int indicesRank = 0; indicesRank <= 2; indicesRank++) {
        for (int innerRank = 0; innerRank <= 2; innerRank++) {
          for (DType splitsType : SPLITS_TYPES) {
            Encoding enc = k % 2 == 0 ? CONTENT : TYPED;
            Params p =
                RaggedGatherGraphs.params(
                    r,
                    raggedRank,
                    1 + r.nextInt(4),
                    3,
                    splitsType,
                    types[k % types.length],
                    RandomTensors.shape(r, innerRank, 1, 3),
                    enc == TYPED);
            Tensor indices =
                RaggedGatherGraphs.indices(
                    r, INDEX_TYPES[k % 2], RandomTensors.shape(r, indicesRank, 1, 3), p.rows());
            String what =
                "PARAMS_RAGGED_RANK "
                    + raggedRank
                    + ", indices rank "
                    + indicesRank
                    + ", "
                    + innerRank
                    + " inner dimension"
                    + (innerRank == 1 ? "" : "s")
                    + ", inputs "
                    + kind(k);
            RaggedGatherGraphs.add(
                out,
                what,
                inputs(p.splits(), k, enc),
                input(p.values(), k, enc),
                input(indices, k, enc));
            k++;
          }
        }
      }
    }
  }

  /** The 4 ways inputs reach the op, chosen by {@code k % 4}. */
  private static String kind(int k) {
    return switch (k % 4) {
      case 0 -> "all Const";
      case 1 -> "all Placeholders with their full shape";
      case 2 -> "all Placeholders with unknown dimensions";
      default -> "all Placeholders of unknown rank";
    };
  }

  static Input input(Tensor t, int k, Encoding enc) {
    return switch (k % 4) {
      case 0 -> Input.constant(t, enc);
      case 1 -> Input.fed(t, t.shape().toPartial(), enc, k % 8 == 1);
      case 2 -> Input.fed(t, PartialShape.unknownDims(t.shape().rank()), enc, false);
      default -> Input.fedNoShape(t, enc, k % 8 == 3);
    };
  }

  static List<Input> inputs(List<Tensor> ts, int k, Encoding enc) {
    List<Input> in = new ArrayList<>();
    for (Tensor t : ts) {
      in.add(input(t, k, enc));
    }
    return in;
  }

  /**
   * Every Tvalues × Tindices, random one- or two-level params with an inner dimension now and then.
   */
  private static void dtypes(CaseList out, Random r) {
    int k = 0;
    for (DType t : DType.dataTypes()) {
      for (DType ti : INDEX_TYPES) {
        Encoding enc = k % 3 == 0 ? TYPED : CONTENT;
        Params p =
            RaggedGatherGraphs.params(
                r,
                1 + k % 2,
                2 + r.nextInt(4),
                4,
                SPLITS_TYPES[(k / 2) % 2],
                t,
                RandomTensors.shape(r, k % 3 == 2 ? 1 : 0, 1, 3),
                enc == TYPED);
        Tensor indices = RaggedGatherGraphs.indices(r, ti, Shape.of(1 + r.nextInt(5)), p.rows());
        RaggedGatherGraphs.add(
            out,
            "Tvalues " + t.tfName() + " x Tindices " + ti.tfName() + ", inputs " + kind(k),
            inputs(p.splits(), k, enc),
            input(p.values(), k, enc),
            input(indices, k, enc));
        k++;
      }
    }
  }

  /** Empty rows, empty results, params without rows or values, zero-sized inner dimensions. */
  private static void empty(CaseList out, Random r) {
    Tensor v5 = RandomTensors.of(r, DType.FLOAT, Shape.of(5), false);
    List<Input> s = constants(List.of(i32(Shape.of(4), 0, 2, 2, 5)));
    RaggedGatherGraphs.add(
        out, "no indices: empty result", s, constant(v5), constant(i32(Shape.of(0))));
    RaggedGatherGraphs.add(
        out, "indices [2,0]: two empty rows", s, constant(v5), constant(i64(Shape.of(2, 0))));
    RaggedGatherGraphs.add(
        out, "indices [0,3]: no rows", s, constant(v5), constant(i32(Shape.of(0, 3))));
    RaggedGatherGraphs.add(
        out,
        "only the empty row, three times",
        s,
        constant(v5),
        constant(i32(Shape.of(3), 1, 1, 1)));
    RaggedGatherGraphs.add(
        out,
        "scalar index of an empty row: empty dense result",
        s,
        constant(v5),
        constant(i32(Shape.scalar(), 1)));
    RaggedGatherGraphs.add(
        out,
        "params with no values, every row empty",
        constants(List.of(i64(Shape.of(4), 0, 0, 0, 0))),
        constant(RandomTensors.of(r, DType.STRING, Shape.of(0), false)),
        constant(i64(Shape.of(2, 2), 2, 0, 1, 1)));
    RaggedGatherGraphs.add(
        out,
        "params with no rows (splits [0]), no indices",
        constants(List.of(i32(Shape.of(1), 0))),
        constant(RandomTensors.of(r, DType.INT32, Shape.of(0, 2), false)),
        constant(i32(Shape.of(0))));
    RaggedGatherGraphs.add(
        out,
        "zero-sized inner dimension: values [3,0,2]",
        constants(List.of(i32(Shape.of(3), 0, 1, 3))),
        constant(RandomTensors.of(r, DType.DOUBLE, Shape.of(3, 0, 2), false)),
        constant(i32(Shape.of(2), 1, 0)));
    List<Input> twoLevels =
        constants(List.of(i64(Shape.of(4), 0, 2, 2, 3), i64(Shape.of(4), 0, 0, 2, 2)));
    RaggedGatherGraphs.add(
        out,
        "two levels with empty rows at both levels",
        twoLevels,
        constant(RandomTensors.of(r, DType.HALF, Shape.of(2, 3), false)),
        constant(i32(Shape.of(2, 2), 0, 1, 2, 0)));
    Params big =
        RaggedGatherGraphs.params(r, 3, 0, 2, DType.INT64, DType.FLOAT, Shape.of(2), false);
    RaggedGatherGraphs.add(
        out,
        "three levels, no rows at all, no indices",
        constants(big.splits()),
        constant(big.values()),
        constant(i64(Shape.of(0, 2))));
    Tensor emptyStrings = Tensor.ofStrings(Shape.of(3), "", "", "");
    RaggedGatherGraphs.add(
        out,
        "empty strings",
        constants(List.of(i32(Shape.of(3), 0, 1, 3))),
        constant(emptyStrings),
        Input.fed(i64(Shape.of(3), 1, 0, 1), PartialShape.of(-1), TYPED, false));
  }

  /** NaN payloads, -0.0, infinities, subnormals: gathered in reverse row order, bit for bit. */
  private static void specials(CaseList out) {
    DType[] floats = {
      DType.HALF, DType.BFLOAT16, DType.FLOAT, DType.DOUBLE, DType.COMPLEX64, DType.COMPLEX128
    };
    for (DType t : floats) {
      Encoding enc = t == DType.FLOAT || t == DType.DOUBLE ? CONTENT : TYPED;
      Tensor values = RandomTensors.specials(t, enc == TYPED);
      long n = values.numElements();
      long[] splits = new long[(int) n + 1];
      long[] reversed = new long[(int) n];
      for (int i = 0; i < n; i++) {
        splits[i + 1] = i + 1;
        reversed[i] = n - 1 - i;
      }
      RaggedGatherGraphs.add(
          out,
          "special values (NaN payloads, -0.0, +-inf, subnormals, extremes) in reverse",
          constants(List.of(i64(Shape.of(n + 1), splits))),
          Input.fed(values, PartialShape.of(-1), enc, false),
          constant(i64(Shape.of(n), reversed)));
    }
  }
}
