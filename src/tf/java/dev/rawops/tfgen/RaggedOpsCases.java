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
 * decoder's rank and dtype checks), RaggedCross ({@link RaggedCrossCases}) and RaggedFillEmptyRows
 * (ordered, unordered and full rows, every value dtype, no rows, and its checks). Every input is
 * fed.
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
    RaggedCrossCases.add(out, r);
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

  static Tensor splits(DType t, long... v) {
    return Tensor.ofIntegers(t, Shape.of(v.length), v);
  }

  static Tensor vec(long... v) {
    return Tensor.ofLongs(Shape.of(v.length), v);
  }

  static Tensor strings(String... v) {
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
