package dev.rawops.tfgen;

import static dev.rawops.tfproto.DataType.DT_FLOAT;
import static dev.rawops.tfproto.DataType.DT_INT32;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.runtime.GraphLoader;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Snapshot: every dtype (string has no CPU kernel in TF 2.18) as Const and fed, both encodings,
 * every special float bit pattern, ranks 0..8 with empty dimensions, every kind of static shape,
 * the graphs of graphs/examples/snapshot, chains where the runtime may update a snapshotted tensor
 * in place, snapshots of zero-copy views, constants seen through a Snapshot by a shape function,
 * and the graph errors of a Snapshot node.
 */
public final class SnapshotCases implements CaseFamily {
  @Override
  public String directory() {
    return "snapshot";
  }

  @Override
  public List<Case> cases(Random r) {
    CaseList out = new CaseList(directory());
    examples(out);
    dtypes(out, r);
    specials(out);
    shapes(out, r);
    staticShapes(out, r);
    inPlace(out);
    views(out, r);
    constants(out);
    errors(out, r);
    return out.cases();
  }

  /** Snapshot "out" of the input {@code x}, fetching "out". */
  private static void snapshot(CaseList out, String what, Input x) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    x.addTo(g, "x", feeds);
    g.op("out", "Snapshot", "x").attr("T", x.value().dtype().proto());
    out.add("Snapshot " + what + ". x: " + x.describe("x"), g.build(), feeds, List.of("out"));
  }

  private static void examples(CaseList out) {
    Path dir = Path.of("graphs", "examples", "snapshot");
    out.add(
        "graphs/examples/snapshot/float_matrix.pbtxt",
        GraphLoader.read(dir.resolve("float_matrix.pbtxt")),
        Map.of(),
        List.of("output", "x"));
    out.add(
        "graphs/examples/snapshot/fed.pbtxt, x fed int64[3,2]",
        GraphLoader.read(dir.resolve("fed.pbtxt")),
        Map.of("x", TensorProtos.toProto(Tensor.ofLongs(Shape.of(3, 2), 1, 2, 3, 4, 5, 6))),
        List.of("output"));
    GraphDef update = GraphLoader.read(dir.resolve("before_update.pbtxt"));
    out.add(
        "graphs/examples/snapshot/before_update.pbtxt, fetching the snapshot and the update",
        update,
        Map.of(),
        List.of("snapshot", "updated"));
    out.add(
        "graphs/examples/snapshot/before_update.pbtxt, fetching only the snapshot",
        update,
        Map.of(),
        List.of("snapshot"));
  }

  private static void dtypes(CaseList out, Random r) {
    for (DType dtype : DType.dataTypes()) {
      Shape shape = Shape.of(2, 3);
      snapshot(
          out,
          dtype.tfName() + " Const",
          Input.constant(RandomTensors.of(r, dtype, shape, false), Encoding.CONTENT));
      snapshot(
          out,
          dtype.tfName() + " fed",
          Input.fed(
              RandomTensors.of(r, dtype, shape, true),
              PartialShape.of(2, 3),
              Encoding.TYPED,
              false));
    }
  }

  /** Every NaN payload, signed zero, infinity and subnormal, as Const and fed. */
  private static void specials(CaseList out) {
    for (DType dtype :
        List.of(
            DType.HALF,
            DType.BFLOAT16,
            DType.FLOAT,
            DType.DOUBLE,
            DType.COMPLEX64,
            DType.COMPLEX128)) {
      Tensor all = RandomTensors.specials(dtype, false);
      snapshot(out, dtype.tfName() + " special values", Input.constant(all, Encoding.CONTENT));
      snapshot(
          out, dtype.tfName() + " special values", Input.fedNoShape(all, Encoding.CONTENT, true));
    }
  }

  private static void shapes(CaseList out, Random r) {
    DType[] types = {DType.FLOAT, DType.INT8, DType.COMPLEX128, DType.BOOL, DType.UINT16};
    for (int rank = 0; rank <= 8; rank++) {
      DType dtype = types[rank % types.length];
      Shape shape = RandomTensors.shape(r, rank, 1, rank <= 4 ? 4 : 2);
      snapshot(
          out,
          "rank " + rank,
          Input.fed(
              RandomTensors.of(r, dtype, shape, false),
              PartialShape.unknownRank(),
              Encoding.CONTENT,
              false));
    }
    for (long[] dims : new long[][] {{0}, {3, 0}, {0, 2, 5}, {2, 1, 0, 1}}) {
      snapshot(
          out,
          "empty",
          Input.constant(
              RandomTensors.of(r, DType.INT32, Shape.of(dims), false), Encoding.CONTENT));
    }
    snapshot(
        out,
        "large",
        Input.fedNoShape(
            RandomTensors.of(r, DType.DOUBLE, Shape.of(64, 33, 17), false),
            Encoding.CONTENT,
            false));
  }

  /** The Placeholder's static shape: exact, partial, unknown dims, unknown rank, no attr. */
  private static void staticShapes(CaseList out, Random r) {
    Tensor v = RandomTensors.of(r, DType.INT64, Shape.of(3, 4), false);
    for (PartialShape shape :
        List.of(
            PartialShape.of(3, 4),
            PartialShape.of(-1, 4),
            PartialShape.unknownDims(2),
            PartialShape.unknownRank())) {
      snapshot(out, "static shape " + shape, Input.fed(v, shape, Encoding.CONTENT, true));
    }
    snapshot(out, "no static shape", Input.fedNoShape(v, Encoding.TYPED, false));
  }

  /**
   * x (allocated by the run: a TensorScatterUpdate of a Const) is snapshotted, then updated in
   * place by its last reader; snapshots of snapshots; a snapshot fetched next to its input.
   */
  private static void inPlace(CaseList out) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .constant("c", Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4))
            .constant("i0", Tensor.ofInts(Shape.of(1, 2), 0, 0))
            .constant("i1", Tensor.ofInts(Shape.of(1, 2), 1, 1))
            .constant("u", Tensor.ofFloats(Shape.of(1), -7));
    scatter(g, "x", "c", "i0");
    g.op("s1", "Snapshot", "x").attr("T", DT_FLOAT);
    g.op("s2", "Snapshot", "s1").attr("T", DT_FLOAT);
    scatter(g, "y", "x", "i1", "^s1");
    scatter(g, "z", "s1", "i1", "^s2");
    GraphDef graph = g.build();
    out.add(
        "Snapshot s1 of x, then x updated in place by y (control edge s1 -> y), fetching s1 and y",
        graph,
        Map.of(),
        List.of("s1", "y"));
    out.add(
        "Snapshot of a Snapshot, whose input is then updated in place, fetching s2 and z",
        graph,
        Map.of(),
        List.of("s2", "z"));
    out.add(
        "Snapshot chain fetching the input, both snapshots and both updates",
        graph,
        Map.of(),
        List.of("x", "s1", "s2", "y", "z"));
    out.add("Snapshot as the last reader of its input", graph, Map.of(), List.of("s2"));
  }

  private static void scatter(GraphDefBuilder g, String name, String... inputs) {
    String[] in = new String[inputs.length + 1];
    in[0] = inputs[0];
    in[1] = inputs[1];
    in[2] = "u";
    System.arraycopy(inputs, 2, in, 3, inputs.length - 2);
    g.op(name, "TensorScatterUpdate", in).attr("T", DT_FLOAT).attr("Tindices", DT_INT32);
  }

  /** Snapshots of StridedSlice results that are zero-copy views of their input. */
  private static void views(CaseList out, Random r) {
    Tensor x = RandomTensors.of(r, DType.COMPLEX64, Shape.of(5, 3), false);
    for (int[] rows : new int[][] {{1, 4}, {4, 5}, {2, 2}}) {
      GraphDefBuilder g =
          new GraphDefBuilder()
              .constant("x", TypedProtos.encode(x, Encoding.CONTENT))
              .constant("b", Tensor.ofInts(Shape.of(1), rows[0]))
              .constant("e", Tensor.ofInts(Shape.of(1), rows[1]))
              .constant("s", Tensor.ofInts(Shape.of(1), 1))
              .op("rows", "StridedSlice", "x", "b", "e", "s")
              .attr("T", DataType.DT_COMPLEX64)
              .attr("Index", DT_INT32)
              .op("out", "Snapshot", "rows")
              .attr("T", DataType.DT_COMPLEX64);
      out.add(
          "Snapshot of x[" + rows[0] + ":" + rows[1] + "] (a view) of a Const complex64[5,3]",
          g.build(),
          Map.of(),
          List.of("out", "rows"));
    }
  }

  /**
   * StridedSlice whose begin, end and strides are Snapshots of Consts: TF's shape function sees
   * through them (a valid slice; a zero stride; an index out of bounds).
   */
  private static void constants(CaseList out) {
    long[][] specs = {{1, 3, 1}, {0, 2, 0}, {7, 8, 1}};
    String[] what = {"a valid slice", "a zero stride", "index 7 of a dimension of 4"};
    for (int k = 0; k < specs.length; k++) {
      GraphDefBuilder g =
          new GraphDefBuilder()
              .placeholder("x", DT_FLOAT, PartialShape.of(4, 2))
              .constant("b", Tensor.ofInts(Shape.of(1), (int) specs[k][0]))
              .constant("e", Tensor.ofInts(Shape.of(1), (int) specs[k][1]))
              .constant("s", Tensor.ofInts(Shape.of(1), (int) specs[k][2]));
      for (String v : List.of("b", "e", "s")) {
        g.op(v + "_snap", "Snapshot", v).attr("T", DT_INT32);
      }
      g.op("out", "StridedSlice", "x", "b_snap", "e_snap", "s_snap")
          .attr("T", DT_FLOAT)
          .attr("Index", DT_INT32)
          .attr("shrink_axis_mask", k == 2 ? 1 : 0);
      out.add(
          "StridedSlice of x float[4,2] fed, with begin, end and strides Snapshots of Consts: "
              + what[k],
          g.build(),
          Map.of(
              "x",
              TypedProtos.encode(
                  Tensor.ofFloats(Shape.of(4, 2), 0, 1, 2, 3, 4, 5, 6, 7), Encoding.TYPED)),
          List.of("out"));
    }
  }

  private static void errors(CaseList out, Random r) {
    Tensor c = RandomTensors.of(r, DType.FLOAT, Shape.of(2), true);
    GraphDefBuilder g = new GraphDefBuilder().constant("c", c).op("out", "Snapshot", "c");
    broken(out, "Snapshot without its required attr T", g);
    g = new GraphDefBuilder().constant("c", c).op("out", "Snapshot", "c").attr("T", DT_INT32);
    broken(out, "a float tensor into a Snapshot whose T is int32 (wrong dtype edge)", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .constant("d", c)
            .op("out", "Snapshot", "c", "d")
            .attr("T", DT_FLOAT);
    broken(out, "Snapshot with two data inputs", g);
    g = new GraphDefBuilder().op("out", "Snapshot").attr("T", DT_FLOAT);
    broken(out, "Snapshot without an input", g);
    g = new GraphDefBuilder().constant("c", c).op("out", "Snapshot", "c:1").attr("T", DT_FLOAT);
    broken(out, "Snapshot of output 1 of a Const", g);
    g =
        new GraphDefBuilder()
            .constant("c", c)
            .op("out", "Snapshot", "c")
            .attr("T", DT_FLOAT)
            .attr("dtype", DT_FLOAT);
    broken(out, "Snapshot with an attr it does not have ('dtype')", g);
  }

  private static void broken(CaseList out, String what, GraphDefBuilder g) {
    out.add(what, g.build(), Map.of(), List.of("out"));
  }
}
