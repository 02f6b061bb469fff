package dev.rawops.tfgen;

import static dev.rawops.tfgen.StridedSliceCaseKit.addConst;
import static dev.rawops.tfgen.StridedSliceCaseKit.v;
import static dev.rawops.tfgen.StridedSliceCases.iota;
import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.StridedSliceCaseKit.InputVia;
import dev.rawops.tfgen.StridedSliceCaseKit.Spec;
import dev.rawops.tfgen.StridedSliceCaseKit.VectorsVia;

/**
 * Invalid StridedSlice specs, each where TF can see it at build time (constant vectors, static
 * shapes) and where it cannot (fed), so the fixtures record TF's stage for both: zero strides, two
 * ellipses, single indices out of range or with negative strides, begin/end/strides of unequal
 * length or not vectors, more indexed dimensions than the input has, 32 entries, masks past int32,
 * and Index types the OpDef does not allow.
 */
final class StridedSliceErrorCases {
  private StridedSliceErrorCases() {}

  private static final Tensor X = iota(DType.FLOAT, 5, 4);

  static void add(CaseList out) {
    zeroStrides(out);
    ellipses(out);
    singleIndices(out);
    vectors(out);
    dims(out);
    attrs(out);
  }

  private static void both(CaseList out, String what, Tensor input, Spec s) {
    addConst(out, "INVALID (" + what + "), constant spec", input, s);
    StridedSliceCaseKit.add(
        out,
        "INVALID (" + what + "), begin/end/strides fed",
        input,
        s,
        DType.INT64,
        InputVia.CONST,
        VectorsVia.FED_KNOWN_LENGTH,
        CONTENT,
        true);
  }

  private static void zeroStrides(CaseList out) {
    both(out, "ZERO STRIDE in entry 1", X, Spec.of(v(0, 0), v(5, 4), v(1, 0)));
    StridedSliceCaseKit.add(
        out,
        "INVALID (ZERO STRIDE on a dimension of unknown size)",
        X,
        Spec.of(v(0, 1), v(5, 3), v(0, 1)),
        DType.INT32,
        InputVia.FED_PARTIAL,
        VectorsVia.CONST,
        CONTENT,
        false);
    StridedSliceCaseKit.add(
        out,
        "INVALID (ZERO STRIDE, only strides constant)",
        X,
        Spec.of(v(0), v(5), v(0)),
        DType.INT32,
        InputVia.FED_SHAPE,
        VectorsVia.STRIDES_CONST_REST_FED,
        CONTENT,
        false);
    addConst(
        out,
        "zero stride in an ellipsis entry is ignored (valid)",
        X,
        Spec.of(v(0, 1), v(0, 3), v(0, 1), 0, 0, 1));
    addConst(
        out,
        "zero stride in a new-axis entry is ignored (valid)",
        X,
        Spec.of(v(0, 1), v(0, 3), v(0, 1), 0, 0, 0, 1));
  }

  private static void ellipses(CaseList out) {
    both(out, "TWO ELLIPSES, ellipsis_mask 3", X, Spec.of(v(0, 0), v(0, 0), v(1, 1), 0, 0, 3));
    addConst(
        out,
        "INVALID (TWO ELLIPSIS BITS, one past the spec)",
        X,
        Spec.of(v(0), v(0), v(1), 0, 0, 5));
  }

  private static void singleIndices(CaseList out) {
    both(
        out,
        "SHRINK OUT OF RANGE: index 7 of dimension 0 (size 5)",
        X,
        Spec.of(v(7), v(8), v(1), 0, 0, 0, 0, 1));
    both(
        out,
        "SHRINK OUT OF RANGE: index -6 of dimension 0 (size 5)",
        X,
        Spec.of(v(-6), v(0), v(1), 0, 0, 0, 0, 1));
    addConst(
        out,
        "INVALID (SHRINK OUT OF RANGE: index 4 of dimension 1 after an ellipsis)",
        X,
        Spec.of(v(0, 4), v(0, 5), v(1, 1), 0, 0, 1, 0, 2));
    StridedSliceCaseKit.add(
        out,
        "INVALID (SHRINK OUT OF RANGE: int64 minimum)",
        X,
        Spec.of(v(Long.MIN_VALUE), v(0), v(1), 0, 0, 0, 0, 1),
        DType.INT64,
        InputVia.CONST,
        VectorsVia.CONST,
        CONTENT,
        true);
    StridedSliceCaseKit.add(
        out,
        "INVALID (SHRINK OUT OF RANGE, int16 index 300)",
        X,
        Spec.of(v(300), v(301), v(1), 0, 0, 0, 0, 1),
        DType.INT16,
        InputVia.FED_SHAPE,
        VectorsVia.CONST,
        CONTENT,
        true);
    addConst(
        out,
        "INVALID (SHRINK OUT OF RANGE: an empty dimension has no index 0)",
        iota(DType.INT32, 0, 3),
        Spec.of(v(0), v(1), v(1), 0, 0, 0, 0, 1));
    both(out, "SINGLE INDEX WITH NEGATIVE STRIDE", X, Spec.of(v(1), v(2), v(-1), 0, 0, 0, 0, 1));
    StridedSliceCaseKit.add(
        out,
        "INVALID (SINGLE INDEX WITH NEGATIVE STRIDE on a dimension of unknown size)",
        X,
        Spec.of(v(1), v(2), v(-1), 0, 0, 0, 0, 1),
        DType.INT32,
        InputVia.FED_PARTIAL,
        VectorsVia.CONST,
        CONTENT,
        false);
  }

  private static void vectors(CaseList out) {
    both(
        out,
        "UNEQUAL LENGTHS: begin [2], end [3], strides [2]",
        X,
        Spec.of(v(0, 0), v(1, 1, 1), v(1, 1)));
    StridedSliceCaseKit.add(
        out,
        "INVALID (UNEQUAL LENGTHS, shapes unknown at build time)",
        X,
        Spec.of(v(0, 0), v(1, 1), v(1, 1, 1)),
        DType.INT32,
        InputVia.CONST,
        VectorsVia.FED_UNKNOWN_SHAPE,
        CONTENT,
        false);
    Tensor begin2d = Tensor.ofInts(Shape.of(1, 1), 0);
    notVector(out, "BEGIN NOT 1-D (shape [1,1]), Const", Input.constant(begin2d, CONTENT));
    notVector(
        out,
        "BEGIN NOT 1-D (shape [1,1]), fed without a static shape",
        Input.fed(begin2d, PartialShape.unknownRank(), CONTENT, false));
    Input scalarStrides = Input.constant(Tensor.ofInts(Shape.scalar(), 1), CONTENT);
    StridedSliceCaseKit.addInputs(
        out,
        "StridedSlice with scalar strides; INVALID (STRIDES NOT 1-D)",
        Input.constant(X, CONTENT),
        new Input[] {vec(0), vec(1), scalarStrides},
        new long[5],
        DType.INT32,
        false);
    long[] zeros = new long[32];
    long[] ones = new long[32];
    java.util.Arrays.fill(ones, 1);
    addConst(
        out,
        "INVALID (32 ENTRIES: more than the 32-bit masks allow)",
        X,
        Spec.of(zeros, zeros, ones, 0, 0, 0, ~3));
  }

  private static Input vec(long... v) {
    return Input.constant(Tensor.ofIntegers(DType.INT32, Shape.of(v.length), v), CONTENT);
  }

  private static void notVector(CaseList out, String what, Input begin) {
    StridedSliceCaseKit.addInputs(
        out,
        "StridedSlice with begin of shape [1,1]; INVALID (" + what + ")",
        Input.constant(X, CONTENT),
        new Input[] {begin, vec(1), vec(1)},
        new long[5],
        DType.INT32,
        false);
  }

  private static void dims(CaseList out) {
    both(
        out,
        "MORE INDEXED DIMENSIONS (3) THAN THE INPUT HAS (2)",
        X,
        Spec.of(v(0, 0, 0), v(1, 1, 1), v(1, 1, 1)));
    addConst(
        out,
        "INVALID (A RANGE ON A SCALAR)",
        Tensor.ofInts(Shape.scalar(), 3),
        Spec.of(v(0), v(1), v(1)));
    addConst(
        out,
        "INVALID (TWO SINGLE INDICES AND AN ELLIPSIS ON A VECTOR)",
        Tensor.ofInts(Shape.of(3), 1, 2, 3),
        Spec.of(v(0, 0, 0), v(1, 0, 1), v(1, 1, 1), 0, 0, 2, 0, 5));
  }

  private static void attrs(CaseList out) {
    addConst(
        out,
        "INVALID (begin_mask 2^33, out of int32 range)",
        X,
        Spec.of(v(0), v(1), v(1), 1L << 33));
    StridedSliceCaseKit.add(
        out,
        "INVALID (shrink_axis_mask 2^40, out of int32 range), spec fed",
        X,
        Spec.of(v(0), v(1), v(1), 0, 0, 0, 0, 1L << 40),
        DType.INT32,
        InputVia.CONST,
        VectorsVia.FED_KNOWN_LENGTH,
        CONTENT,
        false);
    for (DType index : new DType[] {DType.INT8, DType.UINT16, DType.UINT32}) {
      StridedSliceCaseKit.add(
          out,
          "INVALID (Index " + index.tfName() + " not allowed by the OpDef)",
          X,
          Spec.of(v(1), v(3), v(1)),
          index,
          InputVia.CONST,
          VectorsVia.CONST,
          CONTENT,
          false);
    }
  }
}
