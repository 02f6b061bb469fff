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
 * Strided-slice assignment: TensorStridedSliceUpdate (a Const input, the output fetched) and
 * ResourceStridedSliceAssign (a variable assigned a Const, the slice assigned after it, the
 * variable read after that), each spec run through both: masks, negative strides, broadcast values,
 * empty slices, dtypes, and the errors with TF's stage.
 */
public final class StridedSliceUpdateCases implements CaseFamily {
  private static int variables;

  @Override
  public String directory() {
    return "strided_slice_update";
  }

  /** begin, end, strides, then begin/end/ellipsis/new-axis/shrink masks. */
  private record Spec(long[] b, long[] e, long[] s, long[] masks) {}

  private static Spec spec(long[] b, long[] e, long[] s, long... masks) {
    return new Spec(b, e, s, masks.length == 0 ? new long[5] : masks);
  }

  private static long[] v(long... x) {
    return x;
  }

  @Override
  public List<Case> cases(Random r) {
    variables = 0;
    CaseList out = new CaseList(directory());
    Tensor m = RandomTensors.of(r, DType.FLOAT, Shape.of(4, 5), true);
    both(out, m, spec(v(1, 0), v(3, 5), v(1, 1)), vals(r, DType.FLOAT, 2, 5), "rows 1:3");
    both(out, m, spec(v(0, 1), v(4, 5), v(2, 2)), vals(r, DType.FLOAT, 2, 2), "strided");
    both(
        out,
        m,
        spec(v(3, 4), v(0, 0), v(-1, -2), 0, 0, 0, 0, 0),
        vals(r, DType.FLOAT, 3, 2),
        "negative strides");
    both(
        out,
        m,
        spec(v(0, 0), v(0, 0), v(1, 1), 3, 3, 0, 0, 0),
        vals(r, DType.FLOAT),
        "all, scalar value");
    both(
        out,
        m,
        spec(v(0, 0), v(0, 0), v(1, 1), 3, 3, 0, 0, 0),
        vals(r, DType.FLOAT, 5),
        "all, a row broadcast");
    both(
        out,
        m,
        spec(v(0, 2), v(0, 3), v(1, 1), 1, 1, 0, 0, 0),
        vals(r, DType.FLOAT, 4, 1),
        "a column, a column value");
    both(out, m, spec(v(2), v(3), v(1), 0, 0, 0, 0, 1), vals(r, DType.FLOAT, 5), "shrink axis 0");
    both(
        out,
        m,
        spec(v(1, 3), v(2, 4), v(1, 1), 0, 0, 0, 0, 3),
        vals(r, DType.FLOAT),
        "one element");
    both(
        out,
        m,
        spec(v(0, 0, 1), v(0, 0, 3), v(1, 1, 1), 0, 0, 1, 0, 0),
        vals(r, DType.FLOAT, 4, 2),
        "ellipsis");
    both(
        out,
        m,
        spec(v(0, 1), v(0, 3), v(1, 1), 1, 0, 0, 1, 0),
        vals(r, DType.FLOAT, 1, 2, 5),
        "new axis");
    both(
        out,
        m,
        spec(v(1, 0), v(3, 5), v(1, 1)),
        vals(r, DType.FLOAT, 1, 1, 2, 5),
        "value of larger rank, leading ones");
    both(
        out,
        m,
        spec(v(2, 0), v(2, 5), v(1, 1)),
        vals(r, DType.FLOAT, 7, 3),
        "empty slice, any value");
    both(
        out,
        m,
        spec(v(-3, -9), v(100, 100), v(1, 1)),
        vals(r, DType.FLOAT, 3, 5),
        "clamped bounds");
    for (DType t :
        List.of(
            DType.INT32,
            DType.INT64,
            DType.DOUBLE,
            DType.HALF,
            DType.BOOL,
            DType.UINT8,
            DType.COMPLEX64,
            DType.STRING)) {
      Tensor x = RandomTensors.of(r, t, Shape.of(3, 2), true);
      both(
          out,
          x,
          spec(v(1), v(3), v(1)),
          RandomTensors.of(r, t, Shape.of(2, 2), true),
          t.tfName() + " rows 1:3");
    }
    Tensor x = RandomTensors.of(r, DType.INT32, Shape.of(6), true);
    both(out, x, spec(v(1), v(6), v(2)), vals(r, DType.INT32, 3), "int64 spec", DType.INT64);
    // errors
    both(
        out,
        m,
        spec(v(1, 0), v(3, 5), v(1, 1)),
        vals(r, DType.FLOAT, 3, 5),
        "value of the wrong shape");
    both(
        out,
        m,
        spec(v(1, 0), v(3, 5), v(1, 1)),
        vals(r, DType.FLOAT, 2, 2, 5),
        "value of larger rank, leading dim not 1");
    both(out, m, spec(v(0, 0), v(1, 1), v(1, 0)), vals(r, DType.FLOAT), "zero stride");
    both(out, m, spec(v(0), v(1, 1), v(1, 1)), vals(r, DType.FLOAT), "vectors of two lengths");
    both(
        out,
        m,
        spec(v(7), v(8), v(1), 0, 0, 0, 0, 1),
        vals(r, DType.FLOAT, 5),
        "shrink index out of range");
    neverAssigned(out);
    // TF 1's ref form, StridedSliceAssign on a VariableV2
    refAssign(out, m, spec(v(1, 0), v(3, 5), v(1, 1)), vals(r, DType.FLOAT, 2, 5), "rows 1:3");
    refAssign(
        out, m, spec(v(3, 4), v(0, 0), v(-1, -2)), vals(r, DType.FLOAT, 3, 2), "negative strides");
    refAssign(
        out,
        m,
        spec(v(0, 0), v(0, 0), v(1, 1), 3, 3, 0, 0, 0),
        vals(r, DType.FLOAT, 5),
        "all, a row broadcast");
    refAssign(
        out, m, spec(v(2), v(3), v(1), 0, 0, 0, 0, 1), vals(r, DType.FLOAT, 5), "shrink axis 0");
    refAssign(
        out,
        Tensor.ofStrings(Shape.of(3), "a", "b", "c"),
        spec(v(0), v(3), v(2)),
        Tensor.ofStrings(Shape.of(2), "x", "y"),
        "strings, stride 2");
    refAssign(
        out,
        m,
        spec(v(1, 0), v(3, 5), v(1, 1)),
        vals(r, DType.FLOAT, 3, 5),
        "value of the wrong shape");
    refAssign(
        out,
        m,
        spec(v(7), v(8), v(1), 0, 0, 0, 0, 1),
        vals(r, DType.FLOAT, 5),
        "shrink index out of range");
    return out.cases();
  }

  private static Tensor vals(Random r, DType t, long... dims) {
    return RandomTensors.of(r, t, Shape.of(dims), true);
  }

  private static void both(CaseList out, Tensor input, Spec s, Tensor value, String what) {
    both(out, input, s, value, what, DType.INT32);
  }

  private static void both(
      CaseList out, Tensor input, Spec s, Tensor value, String what, DType index) {
    tensorUpdate(out, input, s, value, what, index);
    resourceAssign(out, input, s, value, what, index);
  }

  private static void spec(GraphDefBuilder g, Spec s, DType index) {
    g.constant("begin", Tensor.ofIntegers(index, Shape.of(s.b.length), s.b));
    g.constant("end", Tensor.ofIntegers(index, Shape.of(s.e.length), s.e));
    g.constant("strides", Tensor.ofIntegers(index, Shape.of(s.s.length), s.s));
  }

  private static void masks(GraphDefBuilder g, Spec s, DType t, DType index) {
    g.attr("T", t).attr("Index", index);
    String[] names = {
      "begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"
    };
    for (int i = 0; i < 5; i++) {
      if (s.masks[i] != 0) {
        g.attr(names[i], s.masks[i]);
      }
    }
  }

  private static String describe(Spec s) {
    return "begin "
        + java.util.Arrays.toString(s.b)
        + " end "
        + java.util.Arrays.toString(s.e)
        + " strides "
        + java.util.Arrays.toString(s.s)
        + " masks "
        + java.util.Arrays.toString(s.masks);
  }

  private static void tensorUpdate(
      CaseList out, Tensor input, Spec s, Tensor value, String what, DType index) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.constant("input", input);
    spec(g, s, index);
    g.constant("value", value);
    g.op("out", "TensorStridedSliceUpdate", "input", "begin", "end", "strides", "value");
    masks(g, s, input.dtype(), index);
    out.add(
        "TensorStridedSliceUpdate of a "
            + input.dtype().tfName()
            + input.shape()
            + ", "
            + describe(s)
            + ", value "
            + value.shape()
            + ": "
            + what,
        g.build(),
        Map.of(),
        List.of("out:0"));
  }

  private static GraphDefBuilder variable(Tensor init, boolean assign) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.op("v", "VarHandleOp")
        .attr("dtype", init.dtype())
        .attr(
            "shape", AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build())
        .attr("shared_name", "ssa" + ++variables);
    g.constant("init", init);
    if (assign) {
      g.op("assign", "AssignVariableOp", "v", "init").attr("dtype", init.dtype());
    }
    return g;
  }

  private static void resourceAssign(
      CaseList out, Tensor input, Spec s, Tensor value, String what, DType index) {
    GraphDefBuilder g = variable(input, true);
    spec(g, s, index);
    g.constant("value", value);
    g.op(
        "slice_assign",
        "ResourceStridedSliceAssign",
        "v",
        "begin",
        "end",
        "strides",
        "value",
        "^assign");
    masks(g, s, value.dtype(), index);
    g.op("out", "ReadVariableOp", "v", "^slice_assign").attr("dtype", input.dtype());
    out.add(
        "ResourceStridedSliceAssign of a "
            + input.dtype().tfName()
            + input.shape()
            + " variable, "
            + describe(s)
            + ", value "
            + value.dtype().tfName()
            + value.shape()
            + ": "
            + what,
        g.build(),
        Map.of(),
        List.of("out:0"));
  }

  private static void refAssign(CaseList out, Tensor input, Spec s, Tensor value, String what) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.op("v", "VariableV2")
        .attr("dtype", input.dtype())
        .attr("shape", AttrValue.newBuilder().setShape(input.shape().toPartial().toProto()).build())
        .attr("shared_name", "ref" + ++variables);
    g.constant("init", input);
    g.op("assign", "Assign", "v", "init").attr("T", input.dtype());
    spec(g, s, DType.INT32);
    g.constant("value", value);
    g.op("slice_assign", "StridedSliceAssign", "v", "begin", "end", "strides", "value", "^assign");
    masks(g, s, value.dtype(), DType.INT32);
    g.op("out", "Identity", "slice_assign").attr("T", input.dtype());
    out.add(
        "StridedSliceAssign of a "
            + input.dtype().tfName()
            + input.shape()
            + " ref variable, "
            + describe(s)
            + ", value "
            + value.shape()
            + ": "
            + what,
        g.build(),
        Map.of(),
        List.of("out:0"));
  }

  private static void neverAssigned(CaseList out) {
    GraphDefBuilder g = variable(Tensor.ofFloats(Shape.of(3), 1, 2, 3), false);
    Spec s = spec(v(0), v(2), v(1));
    spec(g, s, DType.INT32);
    g.constant("value", Tensor.ofFloats(Shape.of(2), 7, 8));
    g.op("slice_assign", "ResourceStridedSliceAssign", "v", "begin", "end", "strides", "value");
    masks(g, s, DType.FLOAT, DType.INT32);
    g.op("out", "ReadVariableOp", "v", "^slice_assign").attr("dtype", DType.FLOAT);
    out.add(
        "ResourceStridedSliceAssign on a variable never assigned",
        g.build(),
        Map.of(),
        List.of("out:0"));
  }
}
