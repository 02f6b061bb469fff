package dev.rawops.tfgen;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Random;

/**
 * The Array family's cases for Reverse (every dtype TF registers, random shapes and masks, a
 * scalar, an empty first dimension, and its errors) and ConcatOffset (both shape types, two and
 * three shapes, negative concat_dim, and each of its errors). Appended by {@link ArrayCases} after
 * its earlier cases, with a seed of their own.
 */
final class ArrayVariantCases {
  private ArrayVariantCases() {}

  static void add(CaseList out, Random r) {
    for (DType t : DType.dataTypes()) {
      Shape s = RandomTensors.shape(r, 1 + r.nextInt(3), 1, 4);
      boolean[] mask = new boolean[s.rank()];
      for (int i = 0; i < mask.length; i++) {
        mask[i] = r.nextBoolean();
      }
      reverse(out, "random mask", RandomTensors.of(r, t, s, true), mask, true);
    }
    Tensor x = RandomTensors.of(r, DType.FLOAT, Shape.of(2, 3, 4), true);
    reverse(out, "middle dim", x, new boolean[] {false, true, false}, true);
    reverse(out, "all dims", x, new boolean[] {true, true, true}, true);
    reverse(out, "no dims", x, new boolean[] {false, false, false}, true);
    reverse(out, "scalar", Tensor.ofFloats(Shape.scalar(), 2.5f), new boolean[0], true);
    reverse(
        out,
        "empty first dim",
        RandomTensors.of(r, DType.INT32, Shape.of(0, 3), true),
        new boolean[] {true, false},
        true);
    reverse(
        out,
        "rank 6",
        RandomTensors.of(r, DType.INT8, Shape.of(2, 1, 2, 3, 1, 2), true),
        new boolean[] {true, false, true, true, false, true},
        true);
    reverse(out, "error: too few dims", x, new boolean[] {true, false}, true);
    reverse(out, "error: too few dims", x, new boolean[] {true, false}, false);
    NodeCase c =
        new NodeCase().fed(x).constant(Tensor.ofBooleans(Shape.of(1, 3), true, true, true));
    c.op("Reverse").attr("T", DataType.DT_FLOAT);
    c.addTo(out, "Reverse error: dims a matrix", 1);
    concatOffsets(out, r);
  }

  private static void reverse(CaseList out, String what, Tensor x, boolean[] mask, boolean fed) {
    NodeCase c =
        new NodeCase().input(fed, x).constant(Tensor.ofBooleans(Shape.of(mask.length), mask));
    c.op("Reverse").attr("T", x.dtype());
    c.addTo(out, "Reverse " + what, 1);
  }

  private static void concatOffsets(CaseList out, Random r) {
    for (DType t : List.of(DType.INT32, DType.INT64)) {
      for (int n : new int[] {2, 3}) {
        int rank = 1 + r.nextInt(4);
        int axis = r.nextInt(rank);
        long[] base = RandomTensors.shape(r, rank, 0, 5).dims();
        Tensor[] shapes = new Tensor[n];
        for (int i = 0; i < n; i++) {
          long[] d = base.clone();
          d[axis] = r.nextInt(6);
          shapes[i] = Tensor.ofIntegers(t, Shape.of(rank), d);
        }
        int cdim = r.nextBoolean() ? axis : axis - rank;
        concatOffset(out, "concat_dim " + cdim, t, Tensor.ofInts(Shape.scalar(), cdim), shapes);
      }
    }
    Tensor a = Tensor.ofInts(Shape.of(3), 2, 3, 4);
    Tensor b = Tensor.ofInts(Shape.of(3), 2, 5, 4);
    Tensor scalar1 = Tensor.ofInts(Shape.scalar(), 1);
    concatOffset(out, "docs", DType.INT32, scalar1, Tensor.ofInts(Shape.of(3), 2, 2, 7), b);
    concatOffset(
        out, "error: concat_dim 3 of rank 3", DType.INT32, Tensor.ofInts(Shape.scalar(), 3), a, b);
    concatOffset(
        out,
        "error: concat_dim -4 of rank 3",
        DType.INT32,
        Tensor.ofInts(Shape.scalar(), -4),
        a,
        b);
    concatOffset(
        out,
        "error: dims differ off the axis",
        DType.INT32,
        Tensor.ofInts(Shape.scalar(), 0),
        a,
        b);
    concatOffset(
        out, "error: lengths differ", DType.INT32, scalar1, a, Tensor.ofInts(Shape.of(2), 2, 5));
    concatOffset(
        out, "error: concat_dim a vector", DType.INT32, Tensor.ofInts(Shape.of(1), 1), a, b);
    concatOffset(
        out,
        "error: a shape a matrix",
        DType.INT32,
        scalar1,
        a,
        Tensor.ofInts(Shape.of(1, 3), 2, 5, 4));
    concatOffset(
        out, "error: a shape a scalar", DType.INT32, scalar1, a, Tensor.ofInts(Shape.scalar(), 2));
  }

  private static void concatOffset(
      CaseList out, String what, DType t, Tensor dim, Tensor... shapes) {
    NodeCase c = new NodeCase().fed(dim);
    for (Tensor s : shapes) {
      c.constant(s);
    }
    c.op("ConcatOffset").attr("N", shapes.length).attr("shape_type", t);
    c.addTo(out, "ConcatOffset " + what, shapes.length);
  }
}
