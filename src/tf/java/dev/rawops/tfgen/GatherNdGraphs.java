package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Adds one GatherNd case ("params", "indices" → "out") with a description of everything in it. */
final class GatherNdGraphs {
  private GatherNdGraphs() {}

  /**
   * @param policy the bad_indices_policy attr, or null to leave it out (TF's default "")
   * @param what what the case is about, e.g. "index depth 2 of rank 3"
   */
  static void add(CaseList out, String what, Input params, Input indices, String policy) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    params.addTo(g, "params", feeds);
    indices.addTo(g, "indices", feeds);
    g.op("out", "GatherNd", "params", "indices")
        .attr("Tparams", params.value().dtype().proto())
        .attr("Tindices", indices.value().dtype().proto());
    if (policy != null) {
      g.attr("bad_indices_policy", policy);
    }
    out.add(
        header(params.value(), indices.value(), policy)
            + "; "
            + what
            + ". params="
            + params.describe("params")
            + "; indices="
            + indices.describe("indices"),
        g.build(),
        feeds,
        List.of("out"));
  }

  /**
   * A case whose params Const holds {@code params} exactly as given (e.g. a compact typed
   * encoding).
   */
  static void addConstProto(CaseList out, String what, TensorProto params, Tensor indices) {
    GraphDefBuilder g =
        new GraphDefBuilder()
            .constant("params", params)
            .constant("indices", TensorProtos.toProto(indices))
            .op("out", "GatherNd", "params", "indices")
            .attr("Tparams", params.getDtype())
            .attr("Tindices", indices.dtype().proto());
    out.add(
        "GatherNd params "
            + DType.tfName(params.getDtype())
            + PartialShape.fromProto(params.getTensorShape())
            + ", indices "
            + indices.dtype().tfName()
            + indices.shape()
            + "; "
            + what
            + ". params=Const (typed *_val fields, "
            + "as written); indices=Const (tensor_content)",
        g.build(),
        Map.of(),
        List.of("out"));
  }

  private static String header(Tensor params, Tensor indices, String policy) {
    Shape is = indices.shape();
    String geometry =
        is.rank() == 0
            ? "scalar indices"
            : "index depth " + is.dim(is.rank() - 1) + ", batch shape " + is.sub(0, is.rank() - 1);
    return "GatherNd params "
        + params.dtype().tfName()
        + params.shape()
        + ", indices "
        + indices.dtype().tfName()
        + is
        + " ("
        + geometry
        + ")"
        + (policy == null ? "" : ", bad_indices_policy \"" + policy + "\"");
  }
}
