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
 * Cases of the resource-variable ops that read or write part of a variable (ResourceGatherNd): each
 * graph makes a variable, assigns it a Const, then runs the op after the assign (a control edge);
 * the case fetches the op's output.
 */
final class ResourceVariableKit {
  private ResourceVariableKit() {}

  private static int variables;

  /**
   * A graph holding variable "v" of {@code init}'s dtype, assigned {@code init} by node "assign".
   */
  private static GraphDefBuilder variable(Tensor init, boolean assign) {
    GraphDefBuilder g = new GraphDefBuilder();
    g.op("v", "VarHandleOp")
        .attr("dtype", init.dtype())
        .attr(
            "shape", AttrValue.newBuilder().setShape(PartialShape.unknownRank().toProto()).build())
        .attr("shared_name", "rv" + ++variables);
    g.constant("init", init);
    if (assign) {
      g.op("assign", "AssignVariableOp", "v", "init").attr("dtype", init.dtype());
    }
    return g;
  }

  static void gatherNd(CaseList out, Random r) {
    variables = 100;
    for (DType t : List.of(DType.FLOAT, DType.DOUBLE, DType.INT32, DType.INT64, DType.HALF)) {
      Tensor params = RandomTensors.of(r, t, Shape.of(3, 4, 2), true);
      gatherNd(out, params, Tensor.ofInts(Shape.of(2, 2), 2, 1, 0, 3), t, true);
      gatherNd(out, params, Tensor.ofLongs(Shape.of(3, 3), 0, 0, 1, 2, 3, 0, 1, 1, 1), t, true);
      gatherNd(out, params, Tensor.ofInts(Shape.of(2, 1), 2, 0), t, true);
    }
    Tensor s = Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d");
    gatherNd(out, s, Tensor.ofLongs(Shape.of(2, 2), 1, 0, 0, 1), DType.STRING, true);
    Tensor b = Tensor.ofBooleans(Shape.of(3), true, false, true);
    gatherNd(out, b, Tensor.ofInts(Shape.of(2, 1), 2, 1), DType.BOOL, true);
    Tensor f = RandomTensors.of(r, DType.FLOAT, Shape.of(3, 2), true);
    gatherNd(out, f, Tensor.ofInts(Shape.of(0, 2), new int[0]), DType.FLOAT, true);
    gatherNd(out, f, Tensor.ofInts(Shape.of(2, 0), new int[0]), DType.FLOAT, true);
    gatherNd(out, f, Tensor.ofInts(Shape.of(2, 2), 1, 1, 3, 0), DType.FLOAT, true);
    gatherNd(out, f, Tensor.ofInts(Shape.of(1, 2), -1, 0), DType.FLOAT, true);
    gatherNd(out, f, Tensor.ofInts(Shape.of(1, 3), 0, 0, 0), DType.FLOAT, true);
    gatherNd(out, f, Tensor.ofInts(Shape.scalar(), 0), DType.FLOAT, true);
    gatherNd(
        out, Tensor.ofFloats(Shape.scalar(), 1), Tensor.ofInts(Shape.of(0)), DType.FLOAT, true);
    gatherNd(out, f, Tensor.ofInts(Shape.of(1, 1), 0), DType.FLOAT, false);
    gatherNd(out, f, Tensor.ofInts(Shape.of(1, 1), 0), DType.DOUBLE, true);
  }

  private static void gatherNd(CaseList out, Tensor init, Tensor idx, DType dtype, boolean assign) {
    GraphDefBuilder g = variable(init, assign);
    g.constant("idx", idx);
    String[] in = assign ? new String[] {"v", "idx", "^assign"} : new String[] {"v", "idx"};
    g.op("out", "ResourceGatherNd", in).attr("dtype", dtype).attr("Tindices", idx.dtype());
    out.add(
        "ResourceGatherNd of a "
            + init.dtype().tfName()
            + init.shape()
            + " variable"
            + (assign ? "" : " never assigned")
            + ", dtype "
            + dtype.tfName()
            + ", "
            + idx.dtype().tfName()
            + " indices "
            + idx.shape(),
        g.build(),
        Map.of(),
        List.of("out:0"));
  }
}
