package dev.rawops.tfgen;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.List;
import java.util.Random;

/**
 * The Selection family: UniqueV2 (every dtype TF registers, vectors and slices along an axis with
 * repeats, empty inputs, both index types, and its errors) and UpperBound/LowerBound (every dtype,
 * both output types, sorted and unsorted rows, ties, NaN, empty inputs, and their errors), TopK
 * (V1, k an attr: every dtype, sorted and unsorted, k = 0 and k = columns, its build-time errors
 * and its GraphDef-version deprecation; TF 2.18 runs no TopK node, as no CPU kernel matches it) and
 * InTopK (V1: both target types, ties, NaN, targets out of range, and its errors).
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
    topKV1(out, new Random(26001));
    inTopKV1(out, new Random(26002));
    inTopKV2(out, new Random(26004));
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

  private static void topKV1(CaseList out, Random r) {
    for (DType t : REAL) {
      Tensor x = NodeCase.numbers(t, Shape.of(3, 7), small(r, 21, 5));
      topK(out, x, 3, true, true);
      topK(out, x, 4, false, true);
    }
    Tensor f = RandomTensors.of(r, DType.FLOAT, Shape.of(4, 9), true);
    for (int k : new int[] {0, 1, 2, 5, 9}) {
      topK(out, f, k, true, true);
      topK(out, f, k, false, true);
    }
    topK(out, RandomTensors.specials(DType.FLOAT, true), 4, true, true);
    topK(out, NodeCase.numbers(DType.INT32, Shape.of(2, 3, 5), small(r, 30, 3)), 2, true, false);
    topK(out, Tensor.ofFloats(Shape.of(0, 4), new float[0]), 2, true, true);
    topK(out, Tensor.ofFloats(Shape.of(3, 0), new float[0]), 0, true, true);
    topK(out, f, 10, true, true);
    topK(out, f, 10, true, false);
    topK(out, Tensor.ofFloats(Shape.scalar(), 1), 1, true, true);
    topK(out, Tensor.ofFloats(Shape.scalar(), 1), 1, true, false);
    topK(out, f, -1, true, false);
    NodeCase c = new NodeCase().constant(f);
    c.op("TopK").attr("T", DType.FLOAT).attr("k", 2).attr("sorted", true);
    c.addTo(out, "TopK k 2", 2, 7);
    c = new NodeCase().constant(f);
    c.op("TopK").attr("T", DType.FLOAT).attr("k", 2).attr("sorted", true);
    c.addTo(out, "TopK k 2", 2);
  }

  /** TopK's OpDef is deprecated at GraphDef version 7: a graph must be older for TF to run it. */
  private static final int BEFORE_TOPK_REMOVAL = 6;

  private static void topK(CaseList out, Tensor x, int k, boolean sorted, boolean fed) {
    NodeCase c = new NodeCase().input(fed, x);
    c.op("TopK").attr("T", x.dtype()).attr("k", k).attr("sorted", sorted);
    c.addTo(out, "TopK k " + k + " sorted " + sorted, 2, BEFORE_TOPK_REMOVAL);
  }

  private static void inTopKV1(CaseList out, Random r) {
    for (DType idx : List.of(DType.INT32, DType.INT64)) {
      Tensor p = NodeCase.numbers(DType.FLOAT, Shape.of(6, 5), small(r, 30, 3));
      Tensor t = NodeCase.numbers(idx, Shape.of(6), small(r, 6, 4));
      for (int k : new int[] {0, 1, 2, 5}) {
        inTopK(out, p, t, k, true);
      }
    }
    Tensor p = Tensor.ofFloats(Shape.of(3, 3), 1, Float.NaN, 2, 3, 2, 1, 1, 1, 1);
    inTopK(out, p, Tensor.ofInts(Shape.of(3), 0, 0, 2), 1, true);
    inTopK(out, p, Tensor.ofInts(Shape.of(3), -1, 3, 1), 3, true);
    inTopK(out, Tensor.ofFloats(Shape.of(0, 3), new float[0]), Tensor.ofInts(Shape.of(0)), 1, true);
    inTopK(out, p, Tensor.ofInts(Shape.of(2), 0, 1), 1, true);
    inTopK(out, p, Tensor.ofInts(Shape.of(2), 0, 1), 1, false);
    inTopK(
        out, Tensor.ofFloats(Shape.of(3), 1, 2, 3), Tensor.ofInts(Shape.of(3), 0, 1, 2), 1, true);
    inTopK(
        out, Tensor.ofFloats(Shape.of(3), 1, 2, 3), Tensor.ofInts(Shape.of(3), 0, 1, 2), 1, false);
    inTopK(out, p, Tensor.ofInts(Shape.of(3, 1), 0, 1, 2), 1, true);
    inTopK(out, p, Tensor.ofInts(Shape.of(3), 0, 1, 2), -1, true);
  }

  private static void inTopK(CaseList out, Tensor p, Tensor t, int k, boolean fed) {
    NodeCase c = new NodeCase().input(fed, p).input(fed, t);
    c.op("InTopK").attr("T", t.dtype()).attr("k", k);
    c.addTo(out, "InTopK k " + k, 1);
  }

  /** InTopKV2: k as a tensor (Const or fed) of the targets' dtype; its ties, NaN and errors. */
  private static void inTopKV2(CaseList out, Random r) {
    for (DType idx : List.of(DType.INT32, DType.INT64)) {
      Tensor p = NodeCase.numbers(DType.FLOAT, Shape.of(6, 5), small(r, 30, 3));
      Tensor t = NodeCase.numbers(idx, Shape.of(6), small(r, 6, 4));
      for (int k : new int[] {0, 1, 2, 5, 7}) {
        inTopKV2(out, p, t, Tensor.ofIntegers(idx, Shape.scalar(), k), k % 2 == 0);
      }
    }
    Tensor p = Tensor.ofFloats(Shape.of(3, 3), 1, Float.NaN, 2, 3, 2, 1, 1, 1, 1);
    Tensor k1 = Tensor.ofInts(Shape.scalar(), 1);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(3), 0, 0, 2), k1, true);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(3), -1, 3, 1), Tensor.ofInts(Shape.scalar(), 3), true);
    inTopKV2(
        out, Tensor.ofFloats(Shape.of(0, 3), new float[0]), Tensor.ofInts(Shape.of(0)), k1, true);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(2), 0, 1), k1, true);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(2), 0, 1), k1, false);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(3, 1), 0, 1, 2), k1, true);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(3), 0, 1, 2), Tensor.ofInts(Shape.scalar(), -1), true);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(3), 0, 1, 2), Tensor.ofInts(Shape.of(1), 1), true);
    inTopKV2(out, p, Tensor.ofInts(Shape.of(3), 0, 1, 2), Tensor.ofInts(Shape.of(1), 1), false);
    inTopKV2(
        out,
        Tensor.ofFloats(Shape.of(2, 2), 1, 1, 1, 1),
        Tensor.ofLongs(Shape.of(2), 0, 1),
        Tensor.ofLongs(Shape.scalar(), 1),
        true);
  }

  private static void inTopKV2(CaseList out, Tensor p, Tensor t, Tensor k, boolean fed) {
    NodeCase c = new NodeCase().input(fed, p).input(fed, t).input(fed, k);
    c.op("InTopKV2").attr("T", t.dtype());
    c.addTo(out, "InTopKV2 k " + k.shape() + " " + (fed ? "fed" : "Const"), 1);
  }
}
