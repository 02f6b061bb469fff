package dev.rawops.cli;

import dev.rawops.ragged.RaggedTensor;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fetches that together are one ragged result: every output of a RaggedGather node (its splits,
 * then its values) in one run. {@code rawops run} prints such a group once, as nested lists, at the
 * position of its first fetch; every component is still fetched and written on its own.
 */
final class RaggedFetches {
  /** Ops whose outputs are the components of one ragged tensor, splits first, values last. */
  private static final String RAGGED_OP = "RaggedGather";

  /** First fetch position of each group → the fetch positions of its outputs 0..n-1. */
  private final Map<Integer, int[]> groups = new HashMap<>();

  private final boolean[] grouped;

  private RaggedFetches(int fetches) {
    this.grouped = new boolean[fetches];
  }

  static RaggedFetches find(Graph graph, List<String> fetches) {
    RaggedFetches r = new RaggedFetches(fetches.size());
    Map<String, Map<Integer, Integer>> positions = new HashMap<>();
    for (int i = 0; i < fetches.size(); i++) {
      TensorName t = TensorName.parse(fetches.get(i));
      boolean ragged = graph.node(t.node()).map(n -> n.op().equals(RAGGED_OP)).orElse(false);
      if (ragged) {
        positions.computeIfAbsent(t.node(), k -> new HashMap<>()).putIfAbsent(t.index(), i);
      }
    }
    positions.forEach(
        (node, byOutput) -> {
          int outputs = graph.node(node).orElseThrow().outputTypes().size();
          if (byOutput.size() == outputs) {
            r.add(byOutput, outputs);
          }
        });
    return r;
  }

  private void add(Map<Integer, Integer> byOutput, int outputs) {
    int[] members = new int[outputs];
    int first = Integer.MAX_VALUE;
    for (int k = 0; k < outputs; k++) {
      members[k] = byOutput.get(k);
      grouped[members[k]] = true;
      first = Math.min(first, members[k]);
    }
    groups.put(first, members);
  }

  /** True when fetch {@code i} is printed as part of a ragged group rather than on its own. */
  boolean grouped(int i) {
    return grouped[i];
  }

  /** The ragged tensor whose first fetch is {@code i}, if any. */
  RaggedTensor at(int i, List<Tensor> results) {
    int[] members = groups.get(i);
    if (members == null) {
      return null;
    }
    List<Tensor> components = new ArrayList<>();
    for (int m : members) {
      components.add(results.get(m));
    }
    return RaggedTensor.fromComponents(components);
  }
}
