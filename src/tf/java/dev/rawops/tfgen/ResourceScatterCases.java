package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The resource-variable scatters (ResourceScatter{Update,Add,Sub,Mul,Div,Min,Max} and
 * ResourceScatterNd{Update,Add,Sub,Min,Max}): each graph makes a variable, assigns it a Const, runs
 * the scatter after the assign and reads the variable after the scatter (control edges); the case
 * fetches the read. Dtypes, duplicate indices, scalar updates, index ranks, and each error with
 * TF's stage: bad indices, shape rules, zero divisors, a never-assigned variable.
 */
public final class ResourceScatterCases implements CaseFamily {
  private static int variables;

  @Override
  public String directory() {
    return "resource_scatter";
  }

  @Override
  public List<Case> cases(Random r) {
    variables = 0;
    CaseList out = new CaseList(directory());
    rows(out, r);
    rowErrors(out, r);
    nd(out, r);
    refNdMinMax(out, r);
    return out.cases();
  }

  private static final String[] ROW_OPS = {"Update", "Add", "Sub", "Mul", "Div", "Min", "Max"};

  private static void rows(CaseList out, Random r) {
    for (String op : ROW_OPS) {
      for (DType t : List.of(DType.FLOAT, DType.INT32, DType.DOUBLE, DType.INT64)) {
        Tensor params = nonZero(r, t, Shape.of(4, 3));
        Tensor upd = nonZero(r, t, Shape.of(2, 3));
        add(out, "ResourceScatter" + op, params, Tensor.ofInts(Shape.of(2), 3, 1), upd, "");
      }
      Tensor params = nonZero(r, DType.FLOAT, Shape.of(5, 2));
      add(
          out,
          "ResourceScatter" + op,
          params,
          Tensor.ofLongs(Shape.of(2, 2), 4, 0, 0, 2),
          nonZero(r, DType.FLOAT, Shape.of(2, 2, 2)),
          ", duplicate index, int64 indices of rank 2");
      add(
          out,
          "ResourceScatter" + op,
          params,
          Tensor.ofInts(Shape.of(3), 1, 3, 1),
          Tensor.ofFloats(Shape.scalar(), 2.5f),
          ", scalar update");
      add(
          out,
          "ResourceScatter" + op,
          nonZero(r, DType.FLOAT, Shape.of(6)),
          Tensor.ofInts(Shape.of(2), 5, 0),
          nonZero(r, DType.FLOAT, Shape.of(2)),
          ", vector variable");
    }
    for (DType t :
        List.of(
            DType.HALF,
            DType.BFLOAT16,
            DType.INT8,
            DType.UINT8,
            DType.INT16,
            DType.UINT16,
            DType.UINT32,
            DType.UINT64)) {
      for (String op : List.of("Add", "Min", "Max", "Update")) {
        add(
            out,
            "ResourceScatter" + op,
            nonZero(r, t, Shape.of(3, 2)),
            Tensor.ofInts(Shape.of(2), 2, 0),
            nonZero(r, t, Shape.of(2, 2)),
            "");
      }
    }
    add(
        out,
        "ResourceScatterUpdate",
        Tensor.ofStrings(Shape.of(3), "a", "b", "c"),
        Tensor.ofInts(Shape.of(2), 2, 0),
        Tensor.ofStrings(Shape.of(2), "x", "y"),
        "");
    add(
        out,
        "ResourceScatterUpdate",
        Tensor.ofBooleans(Shape.of(3), true, false, true),
        Tensor.ofInts(Shape.of(1), 1),
        Tensor.ofBooleans(Shape.of(1), true),
        "");
    add(
        out,
        "ResourceScatterAdd",
        Tensor.ofComplex64(Shape.of(2), new float[] {1, 2}, new float[] {3, 4}),
        Tensor.ofInts(Shape.of(2), 1, 1),
        Tensor.ofComplex64(Shape.of(2), new float[] {0.5f, 1}, new float[] {-1, 2}),
        "");
    float nan = Float.NaN;
    for (String op : List.of("Min", "Max")) {
      add(
          out,
          "ResourceScatter" + op,
          Tensor.ofFloats(Shape.of(4), 1, nan, 3, -0f),
          Tensor.ofInts(Shape.of(4), 0, 1, 2, 3),
          Tensor.ofFloats(Shape.of(4), nan, 2, 3, 0f),
          ", NaN and signed zeros");
    }
    add(
        out,
        "ResourceScatterAdd",
        nonZero(r, DType.FLOAT, Shape.of(3, 2)),
        Tensor.ofInts(Shape.of(0)),
        Tensor.ofFloats(Shape.of(0, 2)),
        ", no indices");
  }

  private static void rowErrors(CaseList out, Random r) {
    Tensor p = nonZero(r, DType.FLOAT, Shape.of(4, 2));
    add(
        out,
        "ResourceScatterAdd",
        p,
        Tensor.ofInts(Shape.of(3), 0, 4, 1),
        nonZero(r, DType.FLOAT, Shape.of(3, 2)),
        ", index out of range");
    add(
        out,
        "ResourceScatterUpdate",
        p,
        Tensor.ofLongs(Shape.of(2, 2), 0, 1, -1, 2),
        nonZero(r, DType.FLOAT, Shape.of(2, 2, 2)),
        ", negative index");
    add(
        out,
        "ResourceScatterMul",
        p,
        Tensor.ofInts(Shape.of(2), 0, 9),
        Tensor.ofFloats(Shape.scalar(), 2),
        ", scalar update, index out of range");
    add(
        out,
        "ResourceScatterAdd",
        p,
        Tensor.ofInts(Shape.of(2), 0, 1),
        nonZero(r, DType.FLOAT, Shape.of(2)),
        ", updates of the wrong rank");
    add(
        out,
        "ResourceScatterAdd",
        p,
        Tensor.ofInts(Shape.of(2), 0, 1),
        nonZero(r, DType.FLOAT, Shape.of(3, 2)),
        ", updates whose leading dimension is not indices'");
    add(
        out,
        "ResourceScatterDiv",
        p,
        Tensor.ofInts(Shape.of(2), 0, 1),
        Tensor.ofFloats(Shape.of(2, 2), 1, 2, -0f, 4),
        ", a zero divisor");
    add(
        out,
        "ResourceScatterDiv",
        Tensor.ofInts(Shape.of(2), 7, -7),
        Tensor.ofInts(Shape.of(2), 0, 1),
        Tensor.ofInts(Shape.of(2), 2, 2),
        ", integer division truncates");
    GraphDefBuilder g = variable(p, false);
    g.constant("idx", Tensor.ofInts(Shape.of(1), 0));
    g.constant("upd", Tensor.ofFloats(Shape.of(1, 2), 1, 2));
    g.op("scatter", "ResourceScatterAdd", "v", "idx", "upd")
        .attr("dtype", DType.FLOAT)
        .attr("Tindices", DType.INT32);
    g.op("out", "ReadVariableOp", "v", "^scatter").attr("dtype", DType.FLOAT);
    out.add(
        "ResourceScatterAdd on a variable never assigned", g.build(), Map.of(), List.of("out:0"));
  }

  private static void nd(CaseList out, Random r) {
    for (String op : List.of("Update", "Add", "Sub", "Min", "Max")) {
      for (DType t : List.of(DType.FLOAT, DType.INT32)) {
        Tensor params = nonZero(r, t, Shape.of(4, 3));
        addNd(
            out,
            op,
            params,
            Tensor.ofInts(Shape.of(2, 1), 3, 1),
            nonZero(r, t, Shape.of(2, 3)),
            "",
            "");
        addNd(
            out,
            op,
            params,
            Tensor.ofLongs(Shape.of(3, 2), 1, 2, 3, 0, 1, 2),
            nonZero(r, t, Shape.of(3)),
            "",
            ", element indices with a duplicate");
      }
      addNd(
          out,
          op,
          nonZero(r, DType.DOUBLE, Shape.of(2, 3, 2)),
          Tensor.ofInts(Shape.of(2, 2, 2), 0, 0, 1, 2, 1, 1, 0, 2),
          nonZero(r, DType.DOUBLE, Shape.of(2, 2, 2)),
          "",
          ", indices of rank 3");
      addNd(
          out,
          op,
          nonZero(r, DType.HALF, Shape.of(5)),
          Tensor.ofInts(Shape.of(2), 4, 0),
          nonZero(r, DType.HALF, Shape.of(2)),
          "",
          ", vector indices");
    }
    addNd(
        out,
        "Update",
        Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"),
        Tensor.ofInts(Shape.of(1, 1), 1),
        Tensor.ofStrings(Shape.of(1, 2), "x", "y"),
        "",
        "");
    addNd(
        out,
        "Add",
        Tensor.ofBooleans(Shape.of(3), true, false, false),
        Tensor.ofInts(Shape.of(2, 1), 1, 2),
        Tensor.ofBooleans(Shape.of(2), true, false),
        "",
        "");
    Tensor p = nonZero(r, DType.FLOAT, Shape.of(4, 3));
    addNd(
        out,
        "Add",
        p,
        Tensor.ofInts(Shape.of(2, 1), 1, 4),
        nonZero(r, DType.FLOAT, Shape.of(2, 3)),
        "",
        ", index out of range");
    addNd(
        out,
        "Update",
        p,
        Tensor.ofInts(Shape.of(2, 2), 1, 1, 0, -1),
        nonZero(r, DType.FLOAT, Shape.of(2)),
        "",
        ", negative index");
    addNd(
        out,
        "Update",
        p,
        Tensor.ofInts(Shape.of(2, 2), 1, 1, 0, 7),
        Tensor.ofFloats(Shape.of(2), 5, 6),
        "IGNORE",
        ", bad index under IGNORE");
    addNd(
        out,
        "Add",
        p,
        Tensor.ofInts(Shape.of(2, 1), 1, 2),
        nonZero(r, DType.FLOAT, Shape.of(2, 2)),
        "",
        ", updates of the wrong inner shape");
    addNd(
        out,
        "Add",
        p,
        Tensor.ofInts(Shape.of(2, 1), 1, 2),
        nonZero(r, DType.FLOAT, Shape.of(3, 3)),
        "",
        ", updates' leading dimension is not indices'");
    addNd(
        out,
        "Sub",
        p,
        Tensor.ofInts(Shape.of(1, 3), 1, 2, 0),
        nonZero(r, DType.FLOAT, Shape.of(1)),
        "",
        ", index vectors deeper than the variable");
  }

  /** TF 1's ScatterNdMin and ScatterNdMax on a VariableV2, read through Identity. */
  private static void refNdMinMax(CaseList out, Random r) {
    for (String op : List.of("ScatterNdMin", "ScatterNdMax")) {
      for (DType t : List.of(DType.FLOAT, DType.INT32, DType.DOUBLE)) {
        Tensor init = nonZero(r, t, Shape.of(4, 3));
        refNd(out, op, init, Tensor.ofInts(Shape.of(2, 1), 3, 1), nonZero(r, t, Shape.of(2, 3)));
        refNd(
            out,
            op,
            init,
            Tensor.ofLongs(Shape.of(3, 2), 1, 2, 3, 0, 1, 2),
            nonZero(r, t, Shape.of(3)));
      }
      Tensor f = nonZero(r, DType.FLOAT, Shape.of(4, 3));
      refNd(
          out, op, f, Tensor.ofInts(Shape.of(2, 1), 1, 4), nonZero(r, DType.FLOAT, Shape.of(2, 3)));
    }
  }

  private static void refNd(CaseList out, String op, Tensor init, Tensor idx, Tensor upd) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.op("v", "VariableV2")
        .attr("dtype", init.dtype())
        .attr("shape", AttrValue.newBuilder().setShape(init.shape().toPartial().toProto()).build())
        .attr("shared_name", "ref" + ++variables);
    g.constant("init", init);
    g.op("assign", "Assign", "v", "init").attr("T", init.dtype());
    g.constant("idx", idx);
    g.constant("upd", upd);
    g.op("scatter", op, "v", "idx", "upd", "^assign")
        .attr("T", init.dtype())
        .attr("Tindices", idx.dtype());
    g.op("out", "Identity", "scatter").attr("T", init.dtype());
    out.add(
        op
            + " of a "
            + init.dtype().tfName()
            + init.shape()
            + " ref variable, "
            + idx.dtype().tfName()
            + " indices "
            + idx.shape()
            + ", updates "
            + upd.shape(),
        g.build(),
        Map.of(),
        List.of("out:0"));
  }

  private static Tensor nonZero(Random r, DType t, Shape s) {
    Tensor x = RandomTensors.of(r, t, s, true);
    for (long i = 0; i < x.numElements(); i++) {
      if (dev.rawops.tensor.Numbers.get(x, i) == 0
          || Double.isNaN(dev.rawops.tensor.Numbers.get(x, i))) {
        return nonZero(r, t, s);
      }
    }
    return x;
  }

  private static GraphDefBuilder variable(Tensor init, boolean assign) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.op("v", "VarHandleOp")
        .attr("dtype", init.dtype())
        .attr(
            "shape", AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build())
        .attr("shared_name", "rs" + ++variables);
    g.constant("init", init);
    if (assign) {
      g.op("assign", "AssignVariableOp", "v", "init").attr("dtype", init.dtype());
    }
    return g;
  }

  private static void add(
      CaseList out, String op, Tensor init, Tensor idx, Tensor upd, String what) {
    GraphDefBuilder g = variable(init, true);
    g.constant("idx", idx);
    g.constant("upd", upd);
    g.op("scatter", op, "v", "idx", "upd", "^assign")
        .attr("dtype", init.dtype())
        .attr("Tindices", idx.dtype());
    g.op("out", "ReadVariableOp", "v", "^scatter").attr("dtype", init.dtype());
    out.add(
        op
            + " of a "
            + init.dtype().tfName()
            + init.shape()
            + " variable, "
            + idx.dtype().tfName()
            + " indices "
            + idx.shape()
            + ", updates "
            + upd.shape()
            + what,
        g.build(),
        Map.of(),
        List.of("out:0"));
  }

  private static void addNd(
      CaseList out, String op, Tensor init, Tensor idx, Tensor upd, String policy, String what) {
    GraphDefBuilder g = variable(init, true);
    g.constant("idx", idx);
    g.constant("upd", upd);
    g.op("scatter", "ResourceScatterNd" + op, "v", "idx", "upd", "^assign")
        .attr("T", init.dtype())
        .attr("Tindices", idx.dtype());
    if (!policy.isEmpty()) {
      g.attr("bad_indices_policy", policy);
    }
    g.op("out", "ReadVariableOp", "v", "^scatter").attr("dtype", init.dtype());
    out.add(
        "ResourceScatterNd"
            + op
            + " of a "
            + init.dtype().tfName()
            + init.shape()
            + " variable, "
            + idx.dtype().tfName()
            + " indices "
            + idx.shape()
            + ", updates "
            + upd.shape()
            + what,
        g.build(),
        Map.of(),
        List.of("out:0"));
  }
}
