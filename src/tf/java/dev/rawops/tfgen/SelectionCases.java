package dev.rawops.tfgen;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Random;

/**
 * The Selection family: UniqueV2 (every dtype TF registers, vectors and slices along an axis with
 * repeats, empty inputs, both index types, and its errors) and UpperBound/LowerBound (every dtype,
 * both output types, sorted and unsorted rows, ties, NaN, empty inputs, and their errors).
 */
public final class SelectionCases implements CaseFamily {
  @Override
  public String directory() {
    return "selection";
  }

  private static final List<DType> REAL = RandomTensors.REAL;

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    for (DType t : REAL) {
      unique(
          out, t, NodeCase.numbers(t, Shape.of(9), small(r, 9, 4)), vec(DType.INT64), DType.INT32);
      unique(
          out,
          t,
          NodeCase.numbers(t, Shape.of(4, 3), small(r, 12, 2)),
          vec(DType.INT32, 0),
          DType.INT64);
      unique(
          out,
          t,
          NodeCase.numbers(t, Shape.of(2, 5), small(r, 10, 2)),
          vec(DType.INT64, -1),
          DType.INT32);
    }
    unique(
        out,
        DType.BOOL,
        Tensor.ofBooleans(Shape.of(5), true, false, false, true, true),
        vec(DType.INT64),
        DType.INT32);
    unique(
        out,
        DType.BOOL,
        Tensor.ofBooleans(Shape.of(3, 2), true, false, true, false, false, false),
        vec(DType.INT64, 0),
        DType.INT32);
    unique(
        out,
        DType.STRING,
        Tensor.ofStrings(Shape.of(5), "a", "b", "a", "", "b"),
        vec(DType.INT64),
        DType.INT64);
    unique(
        out,
        DType.STRING,
        Tensor.ofStrings(Shape.of(2, 3), "a", "b", "a", "a", "c", "a"),
        vec(DType.INT32, 1),
        DType.INT32);
    for (DType t : List.of(DType.FLOAT, DType.HALF, DType.BFLOAT16, DType.DOUBLE)) {
      Tensor s = RandomTensors.specials(t, true);
      unique(out, t, s, vec(DType.INT64), DType.INT32);
    }
    unique(
        out,
        DType.INT32,
        NodeCase.numbers(DType.INT32, Shape.of(2, 4, 3), small(r, 24, 1)),
        vec(DType.INT32, 1),
        DType.INT32);
    unique(
        out,
        DType.INT32,
        NodeCase.numbers(DType.INT32, Shape.of(4, 1), small(r, 4, 2)),
        vec(DType.INT32, 0),
        DType.INT32);
    unique(
        out,
        DType.FLOAT,
        Tensor.ofFloats(Shape.of(0), new float[0]),
        vec(DType.INT64),
        DType.INT32);
    unique(
        out,
        DType.FLOAT,
        Tensor.ofFloats(Shape.of(0, 3), new float[0]),
        vec(DType.INT64, 0),
        DType.INT32);
    unique(
        out,
        DType.FLOAT,
        Tensor.ofFloats(Shape.of(3, 0), new float[0]),
        vec(DType.INT64, 0),
        DType.INT32);
    Tensor m = Tensor.ofInts(Shape.of(2, 2), 1, 2, 1, 2);
    unique(out, DType.INT32, m, vec(DType.INT64, 2), DType.INT32);
    unique(out, DType.INT32, m, vec(DType.INT64, -3), DType.INT32);
    unique(out, DType.INT32, m, vec(DType.INT64), DType.INT32);
    unique(out, DType.INT32, m, vec(DType.INT64, 0, 1), DType.INT32);
    unique(out, DType.INT32, m, Tensor.ofLongs(Shape.of(1, 1), 0), DType.INT32);
    unique(out, DType.INT32, Tensor.ofInts(Shape.scalar(), 3), vec(DType.INT64, 0), DType.INT32);
    bounds(out, r);
    return out.cases();
  }

  private static Tensor vec(DType t, long... v) {
    return Tensor.ofIntegers(t, Shape.of(v.length), v);
  }

  /** n numbers from {0, …, range}: repeats. */
  private static double[] small(Random r, int n, int range) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(range + 1);
    }
    return v;
  }

  private static void unique(CaseList out, DType t, Tensor x, Tensor axis, DType idx) {
    NodeCase c = new NodeCase().fed(x).constant(axis);
    c.op("UniqueV2").attr("T", t).attr("Taxis", axis.dtype()).attr("out_idx", idx);
    c.addTo(out, "UniqueV2 axis " + java.util.Arrays.toString(axis.toLongArray()), 2);
  }

  private static void bounds(CaseList out, Random r) {
    for (String op : List.of("UpperBound", "LowerBound")) {
      for (DType t : REAL) {
        double[] sorted = small(r, 12, 20);
        java.util.Arrays.sort(sorted, 0, 6);
        java.util.Arrays.sort(sorted, 6, 12);
        Tensor s = NodeCase.numbers(t, Shape.of(2, 6), sorted);
        Tensor v = NodeCase.numbers(t, Shape.of(2, 5), small(r, 10, 22));
        search(out, op, s, v, t == DType.INT8 ? DType.INT64 : DType.INT32, true);
      }
      Tensor f = Tensor.ofFloats(Shape.of(1, 5), 1, 3, Float.NaN, 3, 7);
      search(out, op, f, Tensor.ofFloats(Shape.of(1, 4), 3, Float.NaN, 0, 8), DType.INT64, true);
      Tensor unsorted = Tensor.ofInts(Shape.of(1, 7), 5, 1, 4, 2, 8, 0, 3);
      search(out, op, unsorted, Tensor.ofInts(Shape.of(1, 5), 0, 2, 4, 6, 8), DType.INT32, true);
      Tensor docs = Tensor.ofInts(Shape.of(2, 5), 0, 3, 9, 9, 10, 1, 2, 3, 4, 5);
      search(out, op, docs, Tensor.ofInts(Shape.of(2, 3), 2, 4, 9, 0, 2, 6), DType.INT32, true);
      search(
          out,
          op,
          Tensor.ofInts(Shape.of(2, 0), new int[0]),
          Tensor.ofInts(Shape.of(2, 2), 1, 2, 3, 4),
          DType.INT32,
          true);
      search(out, op, docs, Tensor.ofInts(Shape.of(2, 0), new int[0]), DType.INT32, true);
      search(
          out,
          op,
          Tensor.ofInts(Shape.of(3), 1, 2, 3),
          Tensor.ofInts(Shape.of(3), 1, 2, 3),
          DType.INT32,
          true);
      search(out, op, docs, Tensor.ofInts(Shape.of(3, 1), 1, 2, 3), DType.INT32, true);
      search(
          out,
          op,
          Tensor.ofInts(Shape.scalar(), 1),
          Tensor.ofInts(Shape.of(1, 1), 1),
          DType.INT32,
          false);
    }
  }

  private static void search(CaseList out, String op, Tensor s, Tensor v, DType idx, boolean fed) {
    NodeCase c = new NodeCase().input(fed, s).input(fed, v);
    c.op(op).attr("T", s.dtype()).attr("out_type", idx);
    c.addTo(out, op + " out_type " + idx.tfName(), 1);
  }
}
