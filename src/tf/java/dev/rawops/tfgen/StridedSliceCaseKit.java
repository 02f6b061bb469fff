package dev.rawops.tfgen;

import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.ops.indexing.StridedSliceMasks;
import dev.rawops.ops.indexing.StridedSliceNotation;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds and describes one StridedSlice case: "input", "begin", "end", "strides" → "out". */
final class StridedSliceCaseKit {
  private StridedSliceCaseKit() {}

  /** How the input reaches the node. */
  enum InputVia {
    CONST,
    FED_SHAPE,
    FED_PARTIAL,
    FED_UNKNOWN_RANK
  }

  /** How begin, end and strides reach the node (build time knows values only for Consts). */
  enum VectorsVia {
    CONST,
    FED_KNOWN_LENGTH,
    FED_UNKNOWN_SHAPE,
    STRIDES_CONST_REST_FED
  }

  /**
   * A spec: the three vectors and the five masks (begin, end, ellipsis, new axis, shrink; longs so
   * that a case may carry a value outside int32).
   */
  record Spec(long[] begin, long[] end, long[] strides, long[] masks) {
    static Spec of(long[] begin, long[] end, long[] strides, long... masks) {
      return new Spec(begin, end, strides, Arrays.copyOf(masks, 5));
    }

    StridedSliceMasks intMasks() {
      return new StridedSliceMasks(
          (int) masks[0], (int) masks[1], (int) masks[2], (int) masks[3], (int) masks[4]);
    }
  }

  static long[] v(long... x) {
    return x;
  }

  /**
   * Adds a case. {@code omitZeroMasks} leaves zero masks out of the NodeDef (TF's importer fills in
   * the defaults), as exported graphs often do.
   */
  static void add(
      CaseList out,
      String what,
      Tensor input,
      Spec s,
      DType index,
      InputVia inputVia,
      VectorsVia vectorsVia,
      Encoding enc,
      boolean omitZeroMasks) {
    if (input.dtype() == DType.STRING
        && index == DType.INT16
        && inputVia == InputVia.CONST
        && vectorsVia == VectorsVia.CONST) {
      // TF 2.18 aborts the process here (Grappler's constant folding: "Check failed: dtype() ==
      // expected_dtype (5 vs. 9) int64 expected, got int16"), so the input is fed instead.
      inputVia = InputVia.FED_SHAPE;
      what += " (input fed: TF 2.18 crashes folding a string Const slice with int16 vectors)";
    }
    Input[] vectors = {
      vector(s.begin, index, vectorsVia, false, enc),
      vector(s.end, index, vectorsVia, false, enc),
      vector(s.strides, index, vectorsVia, true, enc)
    };
    addInputs(
        out,
        header(input, s, index) + "; " + what,
        input(input, inputVia, enc),
        vectors,
        s.masks,
        index,
        omitZeroMasks);
  }

  /**
   * Adds a case from ready inputs ({@code vectors}: begin, end, strides), described as {@code
   * description}.
   */
  static void addInputs(
      CaseList out,
      String description,
      Input in,
      Input[] vectors,
      long[] masks,
      DType index,
      boolean omitZeroMasks) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    in.addTo(g, "input", feeds);
    String[] names = {"begin", "end", "strides"};
    for (int k = 0; k < 3; k++) {
      vectors[k].addTo(g, names[k], feeds);
    }
    g.op("out", "StridedSlice", "input", "begin", "end", "strides")
        .attr("T", in.value().dtype().proto())
        .attr("Index", index.proto());
    for (int k = 0; k < 5; k++) {
      if (masks[k] != 0 || !omitZeroMasks) {
        g.attr(StridedSliceMasks.ATTRS.get(k), masks[k]);
      }
    }
    StringBuilder d =
        new StringBuilder(description).append(". input=").append(in.describe("input"));
    for (int k = 0; k < 3; k++) {
      d.append("; ").append(names[k]).append('=').append(vectors[k].describe(names[k]));
    }
    out.add(d.toString(), g.build(), feeds, List.of("out"));
  }

  /** A valid-looking case with everything as Const, tensor_content. */
  static void addConst(CaseList out, String what, Tensor input, Spec s) {
    add(out, what, input, s, DType.INT32, InputVia.CONST, VectorsVia.CONST, CONTENT, false);
  }

  static String header(Tensor input, Spec s, DType index) {
    String notation =
        s.begin.length == s.end.length && s.end.length == s.strides.length
            ? StridedSliceNotation.python(
                "input", s.intMasks(), s.strides.length, s.begin, s.end, s.strides)
            : "input[<begin, end and strides of unequal length>]";
    return "StridedSlice "
        + notation
        + " on "
        + input.dtype().tfName()
        + input.shape()
        + " (Index "
        + index.tfName()
        + "); begin="
        + list(s.begin)
        + " end="
        + list(s.end)
        + " strides="
        + list(s.strides)
        + " begin_mask="
        + s.masks[0]
        + " end_mask="
        + s.masks[1]
        + " ellipsis_mask="
        + s.masks[2]
        + " new_axis_mask="
        + s.masks[3]
        + " shrink_axis_mask="
        + s.masks[4];
  }

  private static String list(long[] v) {
    return Arrays.toString(v).replace(" ", "");
  }

  static Input input(Tensor t, InputVia via, Encoding enc) {
    return switch (via) {
      case CONST -> Input.constant(t, enc);
      case FED_SHAPE -> Input.fed(t, t.shape().toPartial(), enc, false);
      case FED_PARTIAL -> Input.fed(t, partial(t.shape()), enc, true);
      case FED_UNKNOWN_RANK -> Input.fed(t, PartialShape.unknownRank(), enc, false);
    };
  }

  /** The shape with every other dimension unknown. */
  private static PartialShape partial(Shape s) {
    long[] d = s.dims();
    for (int i = 0; i < d.length; i += 2) {
      d[i] = PartialShape.UNKNOWN;
    }
    return PartialShape.of(d);
  }

  static Input vector(long[] v, DType index, VectorsVia via, boolean isStrides, Encoding enc) {
    Tensor t = Tensor.ofIntegers(index, Shape.of(v.length), v);
    Encoding e = enc == TYPED && !isStrides ? CONTENT : enc;
    return switch (via) {
      case CONST -> Input.constant(t, e);
      case FED_KNOWN_LENGTH -> Input.fed(t, t.shape().toPartial(), e, false);
      case FED_UNKNOWN_SHAPE -> Input.fed(t, PartialShape.unknownRank(), e, false);
      case STRIDES_CONST_REST_FED ->
          isStrides ? Input.constant(t, e) : Input.fed(t, PartialShape.of(-1), e, false);
    };
  }
}
