package dev.rawops.tfgen;

import static dev.rawops.tfgen.ScatterCaseKit.shape;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Graphs where a runtime may write a scatter's result into its input's buffer: chains, fetched
 * intermediates, two readers of one tensor, the same tensor as input and updates. Whatever a
 * runtime forwards, every fetched value must be what TF computes.
 */
final class ScatterChainCases {
  private ScatterChainCases() {}

  static void add(CaseList out, Random r) {
    Tensor x = ScatterCaseKit.random(DType.FLOAT, shape(6, 2), r);
    chain(out, x, "x -> s1 -> s2 -> s3, fetch s3", List.of("s3"), "s1", "s2", "s3");
    chain(out, x, "x -> s1 -> s2, fetch s1 and s2", List.of("s1", "s2"), "s1", "s2");
    chain(
        out,
        x,
        "x -> s1 -> Identity -> s2, fetch the Identity and s2",
        List.of("id", "s2"),
        "s1",
        "id",
        "s2");
    chain(
        out,
        x,
        "x -> s1, s1 read by s2 and s3, fetch s2 and s3",
        List.of("s2", "s3"),
        "s1",
        "s2",
        "s3(s1)");
    GraphDefBuilder b =
        new GraphDefBuilder()
            .placeholder("x", DataType.DT_INT32, PartialShape.of(3))
            .constant("one", Tensor.ofInts(shape(1, 1), 0))
            .constant("v", Tensor.ofInts(shape(1), 1))
            .op("s1", "TensorScatterUpdate", "x", "one", "v")
            .attr("T", DataType.DT_INT32)
            .attr("Tindices", DataType.DT_INT32)
            .constant("perm", Tensor.ofInts(shape(3, 1), 1, 2, 0))
            .op("out", "TensorScatterUpdate", "s1", "perm", "s1")
            .attr("T", DataType.DT_INT32)
            .attr("Tindices", DataType.DT_INT32);
    out.add(
        "TensorScatterUpdate CHAIN: the same tensor s1 as tensor and updates (a permutation); x=Placeholder, fed",
        b.build(),
        Map.of("x", TensorProtos.toProto(Tensor.ofInts(shape(3), 0, 2, 3))),
        List.of("out"));
  }

  /**
   * Nodes "sK" scatter two random rows into their input ("sK(p)" reads p instead of the previous
   * node).
   */
  private static void chain(
      CaseList out, Tensor x, String what, List<String> fetches, String... nodes) {
    Random r = new Random(nodes.length * 31L + fetches.size());
    GraphDefBuilder b =
        new GraphDefBuilder().placeholder("x", DataType.DT_FLOAT, x.shape().toPartial());
    String prev = "x";
    for (String spec : nodes) {
      String name = spec.contains("(") ? spec.substring(0, spec.indexOf('(')) : spec;
      String input =
          spec.contains("(") ? spec.substring(spec.indexOf('(') + 1, spec.length() - 1) : prev;
      if (name.equals("id")) {
        b.op("id", "Identity", input).attr("T", DataType.DT_FLOAT);
      } else {
        Tensor idx = Tensor.ofInts(shape(2, 1), r.ints(2, 0, 6).toArray());
        b.constant(name + "_i", idx)
            .constant(name + "_u", ScatterCaseKit.random(DType.FLOAT, shape(2, 2), r))
            .op(name, "TensorScatterUpdate", input, name + "_i", name + "_u")
            .attr("T", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32);
      }
      prev = name;
    }
    out.add(
        "TensorScatterUpdate CHAIN: " + what + "; x=Placeholder(static shape), fed float[6,2]",
        b.build(),
        Map.of("x", TensorProtos.toProto(x)),
        fetches);
  }
}
