package dev.rawops.tfgen;

import static dev.rawops.tfgen.RaggedOpsCases.splits;
import static dev.rawops.tfgen.RaggedOpsCases.strings;
import static dev.rawops.tfgen.RaggedOpsCases.vec;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * RaggedCross (ragged, sparse and dense inputs in any order, string and hashed output, num_buckets,
 * hash_key, both splits dtypes, non-ASCII strings, empty rows, and its checks), appended by {@link
 * RaggedOpsCases} after the variant round trips with the same Random.
 */
final class RaggedCrossCases {
  private RaggedCrossCases() {}

  /** The ragged, sparse and dense inputs of a RaggedCross, in the order input_order names them. */
  private record Cross(
      List<Tensor> raggedValues,
      List<Tensor> raggedSplits,
      List<Tensor> sparseIndices,
      List<Tensor> sparseValues,
      List<Tensor> sparseShapes,
      List<Tensor> dense,
      String order) {
    static Cross of() {
      return new Cross(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), "");
    }

    Cross ragged(Tensor values, Tensor splits) {
      return new Cross(
          plus(raggedValues, values),
          plus(raggedSplits, splits),
          sparseIndices,
          sparseValues,
          sparseShapes,
          dense,
          order + "R");
    }

    Cross sparse(Tensor indices, Tensor values, Tensor shape) {
      return new Cross(
          raggedValues,
          raggedSplits,
          plus(sparseIndices, indices),
          plus(sparseValues, values),
          plus(sparseShapes, shape),
          dense,
          order + "S");
    }

    Cross dense(Tensor values) {
      return new Cross(
          raggedValues,
          raggedSplits,
          sparseIndices,
          sparseValues,
          sparseShapes,
          plus(dense, values),
          order + "D");
    }

    private static List<Tensor> plus(List<Tensor> l, Tensor t) {
      List<Tensor> c = new ArrayList<>(l);
      c.add(t);
      return List.copyOf(c);
    }

    Tensor[] inputs() {
      List<Tensor> all = new ArrayList<>(raggedValues);
      all.addAll(raggedSplits);
      all.addAll(sparseIndices);
      all.addAll(sparseValues);
      all.addAll(sparseShapes);
      all.addAll(dense);
      return all.toArray(Tensor[]::new);
    }
  }

  private static DataType[] types(List<Tensor> l) {
    return l.stream().map(t -> t.dtype().proto()).toArray(DataType[]::new);
  }

  private static void cross(
      CaseList out,
      String what,
      Cross c,
      String order,
      boolean hashed,
      long buckets,
      long key,
      DType splitsOut) {
    OneNodeCases.add(
        out,
        what,
        "RaggedCross",
        g ->
            g.attr("Nsparse", c.sparseIndices().size())
                .attr("input_order", order)
                .attr("hashed_output", hashed)
                .attr("num_buckets", buckets)
                .attr("hash_key", key)
                .attrTypes("ragged_values_types", types(c.raggedValues()))
                .attrTypes("ragged_splits_types", types(c.raggedSplits()))
                .attrTypes("sparse_values_types", types(c.sparseValues()))
                .attrTypes("dense_types", types(c.dense()))
                .attr("out_values_type", hashed ? DType.INT64 : DType.STRING)
                .attr("out_row_splits_type", splitsOut),
        2,
        c.inputs());
  }

  private static void cross(
      CaseList out, String what, Cross c, boolean hashed, long buckets, long key) {
    cross(out, what, c, c.order(), hashed, buckets, key, DType.INT64);
  }

  private static Tensor ix(long... v) {
    return Tensor.ofLongs(Shape.of(v.length / 2, 2), v);
  }

  private static String word(Random r) {
    String[] parts = {"a", "ß", "日", "x", "é", "\uD83D\uDE00", "q", "zz"};
    StringBuilder b = new StringBuilder();
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      b.append(parts[r.nextInt(parts.length)]);
    }
    return b.toString();
  }

  static void add(CaseList out, Random r) {
    // TF's example: [['a', 'b'], ['c']] x [['d'], ['e']] x [['f'], ['g']]
    Cross doc =
        Cross.of()
            .ragged(strings("a", "b", "c"), vec(0, 2, 3))
            .ragged(strings("d", "e"), vec(0, 1, 2))
            .ragged(strings("f", "g"), vec(0, 1, 2));
    cross(out, "TF's example, strings", doc, false, 0, 0);
    cross(out, "TF's example, hashed", doc, true, 0, 0);
    cross(out, "TF's example, 10 buckets", doc, true, 10, 0);
    cross(out, "TF's example, hash_key", doc, true, 0, 956888297470L);
    cross(out, "TF's example, negative hash_key, 1000 buckets", doc, true, 1000, -17);
    Cross mixed =
        Cross.of()
            .ragged(vec(7, -12, Long.MIN_VALUE, 0), vec(0, 1, 1, 4))
            .sparse(ix(0, 0, 1, 0, 2, 0, 2, 3), strings("größe", "日本", "é", ""), vec(3, 5))
            .dense(Tensor.ofStrings(Shape.of(3, 2), "p", "ü", "r", "s", "\uD83D\uDE00", "t"))
            .dense(Tensor.ofLongs(Shape.of(3, 1), 42, -1, Long.MAX_VALUE));
    cross(out, "ragged, sparse and dense, non-ASCII, strings", mixed, false, 0, 0);
    cross(out, "ragged, sparse and dense, hashed", mixed, true, 0, 5);
    cross(out, "ragged, sparse and dense, 7 buckets", mixed, true, 7, 0);
    // TF reads every ragged input's splits as out_row_splits_type (it aborts on a mismatch)
    Cross mixed32 =
        Cross.of()
            .ragged(vec(7, -12, Long.MIN_VALUE, 0), splits(DType.INT32, 0, 1, 1, 4))
            .sparse(ix(0, 0, 1, 0, 2, 0, 2, 3), strings("größe", "日本", "é", ""), vec(3, 5))
            .dense(Tensor.ofStrings(Shape.of(3, 2), "p", "ü", "r", "s", "\uD83D\uDE00", "t"))
            .dense(Tensor.ofLongs(Shape.of(3, 1), 42, -1, Long.MAX_VALUE));
    cross(out, "input_order DSRD, int32 splits", mixed32, "DSRD", false, 0, 0, DType.INT32);
    cross(
        out, "input_order DDSR, hashed, int32 splits", mixed32, "DDSR", true, 100, 3, DType.INT32);
    Cross one = Cross.of().ragged(strings("x", "y", "日本"), vec(0, 2, 2, 3));
    cross(out, "one ragged input", one, false, 0, 0);
    cross(out, "one ragged input, hashed", one, true, 0, 0);
    Cross ints = Cross.of().dense(Tensor.ofLongs(Shape.of(2, 2), 1, 2, 3, 4));
    cross(out, "one dense int64 input, hashed (the values themselves)", ints, true, 0, 0);
    cross(out, "one dense int64 input, strings", ints, false, 0, 0);
    Cross sparseOnly =
        Cross.of()
            .sparse(ix(0, 0, 0, 1, 3, 0), vec(5, 6, 7), vec(4, 2))
            .sparse(ix(0, 0, 2, 0, 3, 0, 3, 1), strings("a", "b", "c", "d"), vec(4, 2));
    cross(out, "sparse only, rows missing", sparseOnly, false, 0, 0);
    cross(out, "sparse only, hashed", sparseOnly, true, 13, 0);
    cross(out, "no inputs", Cross.of(), false, 0, 0);
    Cross noRows = Cross.of().ragged(strings(), vec(0)).dense(Tensor.ofLongs(Shape.of(0, 2)));
    cross(out, "no rows", noRows, true, 0, 0);
    int batch = 30;
    Cross big = Cross.of();
    for (int col = 0; col < 3; col++) {
      long[] sp = new long[batch + 1];
      List<String> words = new ArrayList<>();
      for (int b = 0; b < batch; b++) {
        int k = r.nextInt(4);
        for (int j = 0; j < k; j++) {
          words.add(word(r));
        }
        sp[b + 1] = words.size();
      }
      Tensor values =
          col == 1
              ? Tensor.ofLongs(Shape.of(words.size()), r.longs(words.size()).toArray())
              : strings(words.toArray(String[]::new));
      big = big.ragged(values, vec(sp));
    }
    cross(out, "30 random rows, strings", big, false, 0, 0);
    cross(out, "30 random rows, hashed", big, true, 1L << 40, r.nextLong());
    // errors
    cross(
        out,
        "batch sizes differ",
        Cross.of().ragged(strings("a"), vec(0, 1)).dense(Tensor.ofLongs(Shape.of(2, 1), 1, 2)),
        false,
        0,
        0);
    cross(
        out,
        "ragged values of rank 2",
        Cross.of().ragged(Tensor.ofStrings(Shape.of(1, 1), "a"), vec(0, 1)),
        false,
        0,
        0);
    cross(
        out,
        "ragged splits not ending at the value count",
        Cross.of().ragged(strings("a", "b"), vec(0, 1)),
        false,
        0,
        0);
    cross(
        out,
        "ragged splits decreasing",
        Cross.of().ragged(strings("a", "b"), vec(0, 2, 1, 2)),
        false,
        0,
        0);
    cross(
        out,
        "ragged splits not starting at 0",
        Cross.of().ragged(strings("a", "b"), vec(1, 2)),
        false,
        0,
        0);
    cross(out, "dense input of rank 1", Cross.of().dense(strings("a", "b")), false, 0, 0);
    cross(
        out,
        "sparse input of rank 3",
        Cross.of().sparse(Tensor.ofLongs(Shape.of(1, 3), 0, 0, 0), strings("a"), vec(1, 1, 1)),
        false,
        0,
        0);
    cross(
        out,
        "sparse indices not a matrix",
        Cross.of().sparse(vec(0, 0), strings("a"), vec(1, 1)),
        false,
        0,
        0);
    cross(out, "input_order naming a missing input", one, "RR", false, 0, 0, DType.INT64);
    cross(out, "input_order with an unknown letter", one, "X", false, 0, 0, DType.INT64);
  }
}
