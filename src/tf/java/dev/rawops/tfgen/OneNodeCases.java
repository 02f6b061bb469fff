package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfgen.TypedProtos.Encoding;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A case of one node "s" whose inputs are all fed through unknown-rank Placeholders "in0", "in1",
 * …, so every check happens in TF's kernel, with the node's attrs set by {@code attrs} and its
 * first {@code outputs} outputs fetched.
 */
final class OneNodeCases {
  private OneNodeCases() {}

  static void add(
      CaseList out,
      String what,
      String op,
      Consumer<GraphDefBuilder> attrs,
      int outputs,
      Tensor... inputs) {
    GraphDefBuilder g = new GraphDefBuilder();
    Map<String, TensorProto> feeds = new LinkedHashMap<>();
    String[] names = new String[inputs.length];
    for (int i = 0; i < inputs.length; i++) {
      names[i] = "in" + i;
      Input.fed(inputs[i], PartialShape.unknownRank(), Encoding.TYPED, false)
          .addTo(g, names[i], feeds);
    }
    g.op("s", op, names);
    attrs.accept(g);
    List<String> fetches = new ArrayList<>();
    for (int i = 0; i < outputs; i++) {
      fetches.add("s:" + i);
    }
    out.add(op + " " + what, g.build(), feeds, fetches);
  }
}
