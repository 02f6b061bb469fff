package dev.rawops.tfgen;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Graph-level behaviour: chains, DAGs, control dependencies, pruning, import errors. */
public final class GraphCases implements CaseFamily {
  @Override
  public String directory() {
    return "graph";
  }

  @Override
  public List<Case> cases(Random random) {
    CaseList out = new CaseList(directory());
    out.add("Identity chain of length 2 on a float Const",
        new GraphDefBuilder().constant("c", Tensor.ofFloats(Shape.of(2), 1f, -0f))
            .op("a", "Identity", "c").attr("T", DataType.DT_FLOAT)
            .op("b", "Identity", "a").attr("T", DataType.DT_FLOAT).build(),
        Map.of(), List.of("b"));
    return out.cases();
  }
}
