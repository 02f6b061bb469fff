package dev.rawops.tfgen;

import static dev.rawops.tfgen.StridedSliceCaseKit.addConst;
import static dev.rawops.tfgen.StridedSliceCaseKit.v;
import static dev.rawops.tfgen.StridedSliceCases.iota;
import static dev.rawops.tfgen.TypedProtos.Encoding.CONTENT;
import static dev.rawops.tfgen.TypedProtos.Encoding.TYPED;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.StridedSliceCaseKit.InputVia;
import dev.rawops.tfgen.StridedSliceCaseKit.Spec;
import dev.rawops.tfgen.StridedSliceCaseKit.VectorsVia;
import dev.rawops.tfgen.TypedProtos.Encoding;
import java.util.Random;

/**
 * StridedSlice cases by theme: every data dtype (strided and contiguous slices, special float
 * bits), contiguous slices that rawops returns as views, ranks 0 and 7–9, empty dimensions, clamped
 * and extreme bounds, negative strides, masks with stray bits.
 */
final class StridedSliceShapeCases {
  private StridedSliceShapeCases() {}

  static void add(CaseList out, Random r) {
    dtypes(out, r);
    views(out, r);
    ranks(out, r);
    empties(out, r);
    bounds(out, r);
    strays(out, r);
  }

  private static void add(
      CaseList out,
      String what,
      Tensor input,
      Spec s,
      DType index,
      InputVia in,
      VectorsVia vv,
      Encoding enc) {
    StridedSliceCaseKit.add(out, what, input, s, index, in, vv, enc, false);
  }

  /**
   * Every dtype: a reversed, strided copy and a contiguous row range; floats with special values.
   */
  private static void dtypes(CaseList out, Random r) {
    int k = 0;
    for (DType t : DType.dataTypes()) {
      Encoding enc = k % 2 == 0 ? CONTENT : TYPED;
      Tensor x = RandomTensors.of(r, t, Shape.of(4, 5), enc == TYPED);
      add(
          out,
          "dtype " + t.tfName() + ": x[::-1, 1::2]",
          x,
          Spec.of(v(0, 1), v(0, 0), v(-1, 2), 1, 3),
          StridedSliceCases.INDEX_TYPES[k % 3],
          InputVia.values()[k % 3],
          VectorsVia.CONST,
          enc);
      add(
          out,
          "dtype " + t.tfName() + ": x[1:3] (contiguous rows)",
          x,
          Spec.of(v(1), v(3), v(1)),
          StridedSliceCases.INDEX_TYPES[(k + 1) % 3],
          InputVia.FED_SHAPE,
          VectorsVia.values()[k % 4],
          enc);
      k++;
    }
    for (DType t :
        new DType[] {
          DType.HALF, DType.BFLOAT16, DType.FLOAT, DType.DOUBLE, DType.COMPLEX64, DType.COMPLEX128
        }) {
      Tensor specials = RandomTensors.specials(t, false);
      add(
          out,
          "special values (NaN payloads, -0.0, +-inf, subnormals) of "
              + t.tfName()
              + " reversed: x[::-1]",
          specials,
          Spec.of(v(0), v(0), v(-1), 1, 1),
          DType.INT32,
          InputVia.FED_SHAPE,
          VectorsVia.CONST,
          CONTENT);
    }
  }

  /** Slices that are one contiguous run of the input (rawops shares the input's memory). */
  private static void views(CaseList out, Random r) {
    Tensor f = RandomTensors.of(r, DType.FLOAT, Shape.of(6, 4, 3), false);
    Tensor s = RandomTensors.of(r, DType.STRING, Shape.of(5, 2), false);
    addConst(out, "view: x[1:-1]", f, Spec.of(v(1), v(-1), v(1)));
    addConst(
        out,
        "view: x[3] (single index on the outer dimension)",
        f,
        Spec.of(v(3), v(4), v(1), 0, 0, 0, 0, 1));
    addConst(
        out,
        "view: x[2, 1:3] (rows of one matrix)",
        f,
        Spec.of(v(2, 1), v(3, 3), v(1, 1), 0, 0, 0, 0, 1));
    addConst(
        out,
        "view: x[4, 3, 1:] (part of one row)",
        f,
        Spec.of(v(4, 3, 1), v(5, 4, 0), v(1, 1, 1), 0, 4, 0, 0, 3));
    addConst(
        out,
        "view: x[-1, tf.newaxis, ...]",
        f,
        Spec.of(v(-1, 0, 0), v(0, 0, 0), v(1, 1, 1), 0, 0, 4, 2, 1));
    addConst(
        out,
        "view: x[:] identity with stride 1 and explicit bounds x[0:6:1]",
        f,
        Spec.of(v(0), v(6), v(1)));
    addConst(out, "view: x[1:100] clamped to the end", f, Spec.of(v(1), v(100), v(1)));
    add(
        out,
        "view of strings: x[1:4]",
        s,
        Spec.of(v(1), v(4), v(1)),
        DType.INT64,
        InputVia.FED_SHAPE,
        VectorsVia.CONST,
        TYPED);
    add(
        out,
        "view of strings: x[2, :]",
        s,
        Spec.of(v(2, 0), v(3, 0), v(1, 1), 2, 2, 0, 0, 1),
        DType.INT32,
        InputVia.CONST,
        VectorsVia.FED_KNOWN_LENGTH,
        CONTENT);
  }

  /** Scalars (rank 0), and ranks 7 to 9 (TF's kernel copies at most 8 dimensions). */
  private static void ranks(CaseList out, Random r) {
    Tensor scalar = RandomTensors.of(r, DType.DOUBLE, Shape.scalar(), false);
    addConst(out, "rank 0: x[...]", scalar, Spec.of(v(0), v(0), v(1), 0, 0, 1));
    addConst(out, "rank 0: x[tf.newaxis]", scalar, Spec.of(v(0), v(0), v(1), 0, 0, 0, 1));
    addConst(out, "rank 0: empty spec x[()]", scalar, Spec.of(v(), v(), v()));
    addConst(
        out,
        "rank 0: x[tf.newaxis, ..., tf.newaxis]",
        scalar,
        Spec.of(v(0, 0, 0), v(0, 0, 0), v(1, 1, 1), 0, 0, 2, 5));
    addConst(
        out,
        "rank 1: empty spec x[()] is the identity",
        Tensor.ofInts(Shape.of(3), 4, 5, 6),
        Spec.of(v(), v(), v()));
    Tensor r7 = RandomTensors.of(r, DType.INT16, Shape.of(2, 1, 2, 1, 2, 1, 3), false);
    addConst(out, "rank 7: x[..., ::-2]", r7, Spec.of(v(0, 0), v(0, 0), v(1, -2), 2, 2, 1));
    Tensor r8 = RandomTensors.of(r, DType.UINT8, Shape.of(2, 2, 1, 2, 1, 2, 1, 2), false);
    addConst(
        out,
        "rank 8: x[1, ..., ::-1]",
        r8,
        Spec.of(v(1, 0, 0), v(2, 0, 0), v(1, 1, -1), 4, 4, 2, 0, 1));
    Tensor r9 = iota(DType.INT32, 2, 1, 1, 1, 1, 1, 1, 1, 8);
    addConst(
        out,
        "rank 9: x[..., ::2] (strided copy of 9 dims)",
        r9,
        Spec.of(v(0, 0), v(0, 0), v(1, 2), 2, 2, 1));
    addConst(
        out,
        "rank 9: x[1:] (dimension 0 only, rows of 8 int32 = 32 bytes)",
        r9,
        Spec.of(v(1), v(2), v(1)));
    addConst(
        out,
        "rank 9: x[1:] (dimension 0 only, rows of 16 int32 = 64 bytes)",
        iota(DType.INT32, 3, 1, 1, 1, 1, 1, 1, 1, 16),
        Spec.of(v(1), v(3), v(1)));
    addConst(out, "rank 9: x[...] (identity)", r9, Spec.of(v(0), v(0), v(1), 0, 0, 1));
    Tensor r9odd = iota(DType.INT32, 3, 1, 1, 1, 1, 1, 1, 1, 3);
    addConst(
        out,
        "rank 9: x[1:] (dimension 0 only, rows of 3 int32 = 12 bytes)",
        r9odd,
        Spec.of(v(1), v(3), v(1)));
    addConst(out, "rank 9: x[5:] (empty result)", r9odd, Spec.of(v(5), v(9), v(1)));
    Tensor r9s = RandomTensors.of(r, DType.STRING, Shape.of(2, 1, 1, 1, 1, 1, 1, 1, 4), false);
    addConst(
        out, "rank 9 strings: x[1:] (dimension 0 only, rows of 4)", r9s, Spec.of(v(1), v(2), v(1)));
    Tensor r9s8 = RandomTensors.of(r, DType.STRING, Shape.of(2, 1, 1, 1, 1, 1, 1, 1, 8), false);
    addConst(
        out,
        "rank 9 strings: x[1:] (dimension 0 only, rows of 8)",
        r9s8,
        Spec.of(v(1), v(2), v(1)));
  }

  private static void empties(CaseList out, Random r) {
    Tensor a = RandomTensors.of(r, DType.FLOAT, Shape.of(0, 3), false);
    Tensor b = RandomTensors.of(r, DType.INT64, Shape.of(2, 0, 4), false);
    Tensor c = RandomTensors.of(r, DType.STRING, Shape.of(3, 0), false);
    addConst(out, "empty input [0,3]: x[1:]", a, Spec.of(v(1), v(0), v(1), 0, 1));
    addConst(
        out, "empty input [0,3]: x[::-1, ::-1]", a, Spec.of(v(0, 0), v(0, 0), v(-1, -1), 3, 3));
    addConst(
        out,
        "empty dimension [2,0,4]: x[:, :, ::-1]",
        b,
        Spec.of(v(0, 0, 0), v(0, 0, 0), v(1, 1, -1), 7, 7));
    addConst(
        out, "empty dimension [2,0,4]: x[1] -> [0,4]", b, Spec.of(v(1), v(2), v(1), 0, 0, 0, 0, 1));
    addConst(out, "empty strings [3,0]: x[-1]", c, Spec.of(v(-1), v(0), v(1), 0, 0, 0, 0, 1));
    Tensor d = RandomTensors.of(r, DType.INT32, Shape.of(5, 3), false);
    addConst(out, "empty result: x[3:1]", d, Spec.of(v(3), v(1), v(1)));
    addConst(out, "empty result: x[1:3:-1]", d, Spec.of(v(1), v(3), v(-1)));
    addConst(out, "empty result: x[:, 5:]", d, Spec.of(v(0, 5), v(0, 0), v(1, 1), 1, 3));
    add(
        out,
        "empty result, fed: x[4:4, ::-1]",
        d,
        Spec.of(v(4, 0), v(4, 0), v(1, -1), 2, 2),
        DType.INT16,
        InputVia.FED_PARTIAL,
        VectorsVia.FED_KNOWN_LENGTH,
        CONTENT);
  }

  /** Bounds past the ends (clamped), the Index type's extremes, huge strides, negative strides. */
  private static void bounds(CaseList out, Random r) {
    Tensor x = iota(DType.INT32, 6, 4);
    addConst(
        out, "clamped: x[-100:100, 100:-100:-1]", x, Spec.of(v(-100, 100), v(100, -100), v(1, -1)));
    addConst(out, "clamped: x[7:, -9:2]", x, Spec.of(v(7, -9), v(0, 2), v(1, 1), 0, 1));
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    StridedSliceCaseKit.add(
        out,
        "int64 extremes: x[min:max, max:min:-1]",
        x,
        Spec.of(v(lo, hi), v(hi, lo), v(1, -1)),
        DType.INT64,
        InputVia.CONST,
        VectorsVia.CONST,
        TYPED,
        true);
    StridedSliceCaseKit.add(
        out,
        "int64 extreme strides: x[::max, ::min]",
        x,
        Spec.of(v(0, 0), v(0, 0), v(hi, lo), 3, 3),
        DType.INT64,
        InputVia.FED_SHAPE,
        VectorsVia.FED_KNOWN_LENGTH,
        CONTENT,
        true);
    StridedSliceCaseKit.add(
        out,
        "int16 extremes: x[-32768:32767:3, 32767:-32768:-32768]",
        x,
        Spec.of(v(-32768, 32767), v(32767, -32768), v(3, -32768)),
        DType.INT16,
        InputVia.CONST,
        VectorsVia.CONST,
        TYPED,
        true);
    StridedSliceCaseKit.add(
        out,
        "int32 extremes: x[min:max, ::max]",
        x,
        Spec.of(v(Integer.MIN_VALUE, 0), v(Integer.MAX_VALUE, 0), v(1, Integer.MAX_VALUE), 2, 2),
        DType.INT32,
        InputVia.FED_UNKNOWN_RANK,
        VectorsVia.CONST,
        CONTENT,
        true);
    Tensor y = RandomTensors.of(r, DType.FLOAT, Shape.of(7, 5), false);
    addConst(
        out, "negative strides: x[-1:0:-2, ::-3]", y, Spec.of(v(-1, 0), v(0, 0), v(-2, -3), 2, 2));
    addConst(
        out, "negative strides: x[5:-100:-1, 3:0:-1]", y, Spec.of(v(5, 3), v(-100, 0), v(-1, -1)));
    addConst(out, "negative strides: x[:2:-4]", y, Spec.of(v(0), v(2), v(-4), 1));
    addConst(
        out,
        "single index with stride 3: x[2::3, -1] (a single index ignores its stride if positive)",
        y,
        Spec.of(v(2, -1), v(0, 0), v(3, 3), 0, 1, 0, 0, 2));
    addConst(
        out,
        "single index with begin_mask: x[4] with begin_mask set (TF uses begin anyway)",
        y,
        Spec.of(v(4), v(5), v(1), 1, 1, 0, 0, 1));
  }

  /** Masks with bits that do nothing, overlapping kinds, and all bits set. */
  private static void strays(CaseList out, Random r) {
    Tensor x = RandomTensors.of(r, DType.INT8, Shape.of(3, 4, 2), false);
    addConst(
        out,
        "bits past the spec: masks 1<<30 on a 2-entry spec",
        x,
        Spec.of(v(1, 1), v(2, 3), v(1, 1), 1 << 30, 1 << 30, 1 << 30, 1 << 30, 1 << 30));
    addConst(
        out,
        "new axis and single index on the same entry: the new axis wins",
        x,
        Spec.of(v(1, 0), v(2, 0), v(1, 1), 0, 2, 0, 1, 1));
    addConst(
        out,
        "ellipsis and new axis on the same entry: the ellipsis wins",
        x,
        Spec.of(v(0, 1), v(0, 2), v(1, 1), 0, 0, 1, 3, 2));
    addConst(
        out,
        "begin_mask = end_mask = -1 (every bit): x[::-1, ::2]",
        x,
        Spec.of(v(7, 7), v(-7, -7), v(-1, 2), -1, -1));
    addConst(
        out,
        "new axes after the ellipsis: x[..., tf.newaxis, 1, tf.newaxis]",
        x,
        Spec.of(v(0, 0, 1, 0), v(0, 0, 2, 0), v(1, 1, 1, 1), 0, 0, 1, 10, 4));
    long[] zeros = new long[31];
    long[] ones = new long[31];
    java.util.Arrays.fill(ones, 1);
    addConst(
        out,
        "31 entries (the most): one range and 30 new axes",
        Tensor.ofInts(Shape.of(2), 5, 6),
        Spec.of(zeros, zeros, ones, 0, 1, 0, ~1));
  }
}
