package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The ragged family's conversions and crosses: RaggedTensorToSparse (ragged ranks 1 to 3, inner
 * dense dimensions, both splits dtypes, many value dtypes, empty rows and tensors, and its split
 * checks), RaggedTensorToVariant and RaggedTensorFromVariant round trips (batched and not, ragged
 * ranks 0 to 3, input_ragged_rank given or inferred, through Identity and a function call, and the
 * decoder's rank and dtype checks), and RaggedCross (ragged, sparse and dense inputs in any order,
 * string and hashed output, num_buckets, hash_key, both splits dtypes, non-ASCII strings, empty
 * rows, and its checks), and RaggedFillEmptyRows (ordered, unordered and full rows, every value
 * dtype, no rows, and its checks). Every input is fed.
 */
public final class RaggedOpsCases implements CaseFamily {
  @Override
  public String directory() {
    return "ragged";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    toSparse(out, r);
    variants(out, r);
    crosses(out, r);
    fillEmptyRows(out, r);
    roundTrip(
        out,
        "through a PartitionedCall returning its variant argument",
        true,
        1,
        2,
        DType.INT64,
        DType.INT64,
        "PartitionedCall",
        Tensor.ofLongs(Shape.of(5), 1, 2, 3, 4, 5),
        vec(0, 2, 3),
        vec(0, 1, 1, 5));
    return out.cases();
  }

  private static Tensor splits(DType t, long... v) {
    return Tensor.ofIntegers(t, Shape.of(v.length), v);
  }

  private static Tensor vec(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  private static Tensor strings(String... v) {
    return Tensor.ofStrings(Shape.of(v.length), v);
  }

  private static void toSparse(CaseList out, String what, Tensor values, Tensor... nested) {
    Tensor[] inputs = new Tensor[nested.length + 1];
    System.arraycopy(nested, 0, inputs, 0, nested.length);
    inputs[nested.length] = values;
    OneNodeCases.add(
        out,
        what,
        "RaggedTensorToSparse",
        g ->
            g.attr("RAGGED_RANK", nested.length)
                .attr("T", values.dtype())
                .attr("Tsplits", nested[0].dtype()),
        3,
        inputs);
  }

  private static void toSparse(CaseList out, Random r) {
    toSparse(
        out,
        "TF's example [[1, 2, 3], [4], [], [5, 6]]",
        Tensor.ofInts(Shape.of(6), 1, 2, 3, 4, 5, 6),
        vec(0, 3, 4, 4, 6));
    for (DType t : DType.dataTypes()) {
      DType s = t.ordinal() % 2 == 0 ? DType.INT64 : DType.INT32;
      toSparse(
          out,
          t.tfName() + " values, " + s.tfName() + " splits",
          RandomTensors.of(r, t, Shape.of(7), true),
          splits(s, 0, 2, 2, 5, 7));
    }
    toSparse(
        out,
        "ragged rank 2, non-ASCII strings",
        strings("größe", "日本", "", "a", "ß", "emoji \uD83D\uDE00"),
        vec(0, 2, 2, 3),
        vec(0, 1, 3, 6));
    toSparse(
        out,
        "ragged rank 3, int32 splits",
        RandomTensors.of(r, DType.FLOAT, Shape.of(9), true),
        splits(DType.INT32, 0, 1, 3),
        splits(DType.INT32, 0, 2, 2, 4),
        splits(DType.INT32, 0, 3, 4, 4, 9));
    toSparse(
        out,
        "values of rank 3 (inner dense dimensions)",
        RandomTensors.of(r, DType.DOUBLE, Shape.of(4, 2, 3), true),
        vec(0, 1, 1, 4));
    toSparse(out, "no rows", Tensor.ofFloats(Shape.of(0)), vec(0));
    toSparse(out, "empty rows only", Tensor.ofInts(Shape.of(0)), vec(0, 0, 0));
    toSparse(out, "no values, inner dimension 3", Tensor.ofFloats(Shape.of(0, 3)), vec(0, 0));
    toSparse(out, "splits not starting at 0", Tensor.ofInts(Shape.of(2), 1, 2), vec(1, 2));
    toSparse(out, "decreasing splits", Tensor.ofInts(Shape.of(2), 1, 2), vec(0, 2, 1, 2));
    toSparse(out, "last split past the values", Tensor.ofInts(Shape.of(2), 1, 2), vec(0, 3));
    toSparse(out, "empty splits", Tensor.ofInts(Shape.of(0)), vec());
    toSparse(
        out,
        "inner splits not matching the outer ones",
        Tensor.ofInts(Shape.of(3), 1, 2, 3),
        vec(0, 1, 3),
        vec(0, 1, 3));
  }

  /**
   * RaggedTensorToVariant of the fed ragged tensor, then (after {@code via}: "" or "Identity")
   * RaggedTensorFromVariant, whose splits and values are fetched.
   */
  private static void roundTrip(
      CaseList out,
      String what,
      boolean batched,
      long inputRaggedRank,
      long outputRaggedRank,
      DType fromValues,
      DType fromSplits,
      String via,
      Tensor values,
      Tensor... nested) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    String[] names = new String[nested.length + 1];
    for (int i = 0; i <= nested.length; i++) {
      names[i] = "in" + i;
      Tensor v = i < nested.length ? nested[i] : values;
      Input.fed(v, PartialShape.unknownRank(), Encoding.TYPED, false).addTo(g, names[i], feeds);
    }
    g.op("enc", "RaggedTensorToVariant", names)
        .attr("RAGGED_RANK", nested.length)
        .attr("Tvalues", values.dtype())
        .attr("Tsplits", nested.length > 0 ? nested[0].dtype() : DType.INT64)
        .attr("batched_input", batched);
    String src = "enc";
    if (via.equals("Identity")) {
      g.op("id", "Identity", "enc").attr("T", DataType.DT_VARIANT);
      src = "id";
    }
    if (via.equals("PartitionedCall")) {
      g.op("call", "PartitionedCall", "enc")
          .attrTypes("Tin", DType.VARIANT)
          .attrTypes("Tout", DType.VARIANT)
          .attr(
              "f",
              dev.rawops.tfproto.AttrValue.newBuilder()
                  .setFunc(dev.rawops.tfproto.NameAttrList.newBuilder().setName("keep"))
                  .build());
      src = "call";
    }
    g.op("s", "RaggedTensorFromVariant", src)
        .attr("input_ragged_rank", inputRaggedRank)
        .attr("output_ragged_rank", outputRaggedRank)
        .attr("Tvalues", fromValues)
        .attr("Tsplits", fromSplits);
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i <= outputRaggedRank; i++) {
      fetches.add("s:" + i);
    }
    out.add(
        "RaggedTensorToVariant then RaggedTensorFromVariant " + what,
        via.equals("PartitionedCall") ? TensorListKit.withLibrary(g, KEEP) : g.build(),
        feeds,
        fetches);
  }

  private static void roundTrip(
      CaseList out,
      String what,
      boolean batched,
      long inputRaggedRank,
      long outputRaggedRank,
      Tensor values,
      Tensor... nested) {
    roundTrip(
        out,
        what,
        batched,
        inputRaggedRank,
        outputRaggedRank,
        values.dtype(),
        nested.length > 0 ? nested[0].dtype() : DType.INT64,
        "",
        values,
        nested);
  }

  private static void variants(CaseList out, Random r) {
    Tensor v6 = Tensor.ofFloats(Shape.of(6), 1, 2, 3, 4, 5, 6);
    roundTrip(out, "ragged rank 1, whole", false, 1, 1, v6, vec(0, 3, 3, 6));
    roundTrip(out, "ragged rank 1, batched", true, 0, 1, v6, vec(0, 3, 3, 6));
    roundTrip(out, "ragged rank 1, batched, inferred rank", true, -1, 1, v6, vec(0, 1, 3, 6));
    for (DType t : DType.dataTypes()) {
      DType s = t.ordinal() % 2 == 0 ? DType.INT32 : DType.INT64;
      roundTrip(
          out,
          "batched ragged rank 2, " + t.tfName() + " values, " + s.tfName() + " splits",
          true,
          1,
          2,
          RandomTensors.of(r, t, Shape.of(8), true),
          splits(s, 0, 2, 2, 4),
          splits(s, 0, 3, 3, 5, 8));
    }
    Tensor words = strings("größe", "日本", "", "a", "ß", "x", "y");
    roundTrip(
        out,
        "ragged rank 3, whole, non-ASCII strings",
        false,
        3,
        3,
        words,
        vec(0, 1, 2),
        vec(0, 2, 3),
        vec(0, 1, 4, 7));
    roundTrip(
        out,
        "ragged rank 3, batched",
        true,
        2,
        3,
        words,
        vec(0, 1, 2),
        vec(0, 2, 3),
        vec(0, 1, 4, 7));
    roundTrip(
        out,
        "values of rank 3, batched",
        true,
        0,
        1,
        RandomTensors.of(r, DType.INT32, Shape.of(5, 2, 2), true),
        vec(0, 2, 2, 5));
    roundTrip(
        out,
        "values of rank 2, whole",
        false,
        1,
        1,
        RandomTensors.of(r, DType.DOUBLE, Shape.of(3, 2), true),
        vec(0, 1, 3));
    roundTrip(
        out,
        "ragged rank 0 (a dense tensor)",
        false,
        0,
        0,
        RandomTensors.of(r, DType.INT64, Shape.of(2, 3), true),
        new Tensor[0]);
    roundTrip(
        out,
        "through Identity",
        true,
        0,
        1,
        DType.FLOAT,
        DType.INT64,
        "Identity",
        v6,
        vec(0, 4, 6));
    roundTrip(out, "batched, no rows", true, 0, 1, Tensor.ofFloats(Shape.of(0)), vec(0));
    roundTrip(
        out,
        "batched, empty rows only",
        true,
        1,
        2,
        Tensor.ofInts(Shape.of(0)),
        vec(0, 2),
        vec(0, 0, 0));
    roundTrip(out, "whole, no rows", false, 1, 1, Tensor.ofFloats(Shape.of(0)), vec(0));
    // the decoder's checks
    roundTrip(out, "output_ragged_rank not input + 1", true, 0, 2, v6, vec(0, 3, 6));
    roundTrip(out, "inferred input rank negative", true, -1, 0, v6, vec(0, 3, 6));
    roundTrip(out, "wrong input_ragged_rank", false, 2, 2, v6, vec(0, 3, 6));
    roundTrip(
        out,
        "values dtype not Tvalues",
        false,
        1,
        1,
        DType.DOUBLE,
        DType.INT64,
        "",
        v6,
        vec(0, 3, 6));
    roundTrip(
        out,
        "splits dtype not Tsplits",
        false,
        1,
        1,
        DType.FLOAT,
        DType.INT32,
        "",
        v6,
        vec(0, 3, 6));
    roundTrip(out, "batched, splits not starting at 0", true, 0, 1, v6, vec(1, 3, 6));
    roundTrip(out, "batched, last split past the values", true, 0, 1, v6, vec(0, 3, 7));
    roundTrip(out, "whole, scalar values", false, 0, 0, Tensor.ofFloats(Shape.scalar(), 1));
  }

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

  private static void crosses(CaseList out, Random r) {
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

  private static final String KEEP =
      """
      function {
        signature { name: "keep" input_arg { name: "v" type: DT_VARIANT }
          output_arg { name: "o" type: DT_VARIANT } }
        ret { key: "o" value: "v" }
      }
      """;

  private static void fill(
      CaseList out, String what, Tensor rowids, Tensor values, Tensor nrows, Tensor dflt) {
    OneNodeCases.add(
        out,
        what,
        "RaggedFillEmptyRows",
        g -> g.attr("T", values.dtype()),
        4,
        rowids,
        values,
        nrows,
        dflt);
  }

  private static Tensor scalar(long v) {
    return Tensor.ofLongs(Shape.scalar(), v);
  }

  private static void fillEmptyRows(CaseList out, Random r) {
    fill(
        out,
        "rows 0, 2 and 4 empty",
        vec(1, 1, 3),
        strings("a", "b", "c"),
        scalar(5),
        Tensor.ofStrings(Shape.scalar(), "ß"));
    fill(
        out,
        "no empty row, ordered: passed through",
        vec(0, 1, 1, 2),
        Tensor.ofFloats(Shape.of(4), 1.5f, -2f, Float.NaN, 3),
        scalar(3),
        Tensor.ofFloats(Shape.scalar(), 9f));
    fill(
        out,
        "rows out of order, one empty",
        vec(2, 0, 2, 0),
        Tensor.ofInts(Shape.of(4), 1, 2, 3, 4),
        scalar(4),
        Tensor.ofInts(Shape.scalar(), -1));
    for (DType t : DType.dataTypes()) {
      long[] ids = r.longs(6, 0, 8).sorted().toArray();
      Tensor v = RandomTensors.of(r, t, Shape.of(6), true);
      Tensor d = RandomTensors.of(r, t, Shape.scalar(), true);
      fill(out, t.tfName() + " values, 8 rows", vec(ids), v, scalar(8), d);
    }
    fill(
        out,
        "every row empty",
        vec(),
        Tensor.ofBooleans(Shape.of(0)),
        scalar(3),
        Tensor.ofBooleans(Shape.scalar(), true));
    fill(
        out,
        "no rows, no values",
        vec(),
        Tensor.ofDoubles(Shape.of(0)),
        scalar(0),
        Tensor.ofDoubles(Shape.scalar(), 1));
    fill(
        out,
        "no rows but values",
        vec(0),
        Tensor.ofDoubles(Shape.of(1), 2),
        scalar(0),
        Tensor.ofDoubles(Shape.scalar(), 1));
    fill(
        out,
        "row past nrows",
        vec(0, 3),
        Tensor.ofInts(Shape.of(2), 1, 2),
        scalar(3),
        Tensor.ofInts(Shape.scalar(), 0));
    fill(
        out,
        "negative row",
        vec(-1),
        Tensor.ofInts(Shape.of(1), 1),
        scalar(3),
        Tensor.ofInts(Shape.scalar(), 0));
    fill(
        out,
        "nrows not a scalar",
        vec(0),
        Tensor.ofInts(Shape.of(1), 1),
        vec(3),
        Tensor.ofInts(Shape.scalar(), 0));
    fill(
        out,
        "values not a vector",
        vec(0),
        Tensor.ofInts(Shape.of(1, 1), 1),
        scalar(3),
        Tensor.ofInts(Shape.scalar(), 0));
    fill(
        out,
        "rowids not matching values",
        vec(0, 1),
        Tensor.ofInts(Shape.of(1), 1),
        scalar(3),
        Tensor.ofInts(Shape.scalar(), 0));
    fill(
        out,
        "default not a scalar",
        vec(0),
        Tensor.ofInts(Shape.of(1), 1),
        scalar(3),
        Tensor.ofInts(Shape.of(1), 0));
  }
}
