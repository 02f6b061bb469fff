package dev.rawops.ops.ragged;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One RaggedGather node named "out" over splits "s0", "s1"…, values "v" and indices "i": either all
 * Const (shapes known at build time) or all Placeholders of unknown shape, fed at run time (so only
 * the kernel sees the shapes). Fetches every output, splits first.
 */
record RaggedGatherCall(List<Tensor> splits, Tensor values, Tensor indices, long outputRaggedRank) {

  /** The call with {@code OUTPUT_RAGGED_RANK = rank(indices) + PARAMS_RAGGED_RANK - 1}. */
  static RaggedGatherCall of(List<Tensor> splits, Tensor values, Tensor indices) {
    return new RaggedGatherCall(
        splits, values, indices, indices.shape().rank() + splits.size() - 1L);
  }

  RaggedGatherCall withOutputRaggedRank(long outputRaggedRank) {
    return new RaggedGatherCall(splits, values, indices, outputRaggedRank);
  }

  GraphDef constGraph() {
    GraphDefBuilder b = new GraphDefBuilder();
    for (int d = 0; d < splits.size(); d++) {
      b.constant("s" + d, splits.get(d));
    }
    b.constant("v", values).constant("i", indices);
    return node(b).build();
  }

  GraphDef placeholderGraph() {
    GraphDefBuilder b = new GraphDefBuilder();
    for (int d = 0; d < splits.size(); d++) {
      b.placeholder("s" + d, splits.get(d).dtype().proto(), PartialShape.unknownRank());
    }
    b.placeholder("v", values.dtype().proto(), PartialShape.unknownRank());
    b.placeholder("i", indices.dtype().proto(), PartialShape.unknownRank());
    return node(b).build();
  }

  private GraphDefBuilder node(GraphDefBuilder b) {
    List<String> inputs = new ArrayList<>();
    for (int d = 0; d < splits.size(); d++) {
      inputs.add("s" + d);
    }
    inputs.add("v");
    inputs.add("i");
    DataType splitsType = splits.isEmpty() ? DataType.DT_INT64 : splits.get(0).dtype().proto();
    return b.op("out", "RaggedGather", inputs.toArray(new String[0]))
        .attr("OUTPUT_RAGGED_RANK", outputRaggedRank)
        .attr("PARAMS_RAGGED_RANK", splits.size())
        .attr("Tsplits", splitsType)
        .attr("Tindices", indices.dtype().proto())
        .attr("Tvalues", values.dtype().proto());
  }

  List<String> fetches() {
    List<String> f = new ArrayList<>();
    for (long k = 0; k <= outputRaggedRank; k++) {
      f.add("out:" + k);
    }
    return f;
  }

  /** Runs the Const graph. */
  List<Tensor> run() {
    return Graph.build(constGraph(), Device.CPU).newSession().run(Map.of(), fetches());
  }

  /** Runs the Placeholder graph, feeding the inputs. */
  List<Tensor> runFed() {
    Map<String, Tensor> feeds = new HashMap<>();
    for (int d = 0; d < splits.size(); d++) {
      feeds.put("s" + d, splits.get(d));
    }
    feeds.put("v", values);
    feeds.put("i", indices);
    return Graph.build(placeholderGraph(), Device.CPU).newSession().run(feeds, fetches());
  }
}
