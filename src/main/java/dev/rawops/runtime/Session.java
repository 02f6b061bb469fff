package dev.rawops.runtime;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a {@link Graph}: only the nodes the fetches and targets need, by TF's ready-queue executor
 * ({@link Executor}), TF 1 control flow included. Safe to call from many threads at once; each run
 * has its own state. Feeds and their tensors are never modified.
 */
public final class Session {
  private final Graph graph;
  private final Map<List<List<String>>, Plan> plans = new ConcurrentHashMap<>();
  private final dev.rawops.kernels.SessionState state;

  Session(Graph graph, dev.rawops.kernels.SessionState state) {
    this.graph = graph;
    this.state = state;
  }

  public Graph graph() {
    return graph;
  }

  /** {@link #run(Map, List, List)} with no targets. */
  public List<Tensor> run(Map<String, Tensor> feeds, List<String> fetches) {
    return run(feeds, fetches, List.of());
  }

  /**
   * Feeds tensors by name ("x" or "x:0"), runs what {@code fetches} and {@code targets} need, and
   * returns the fetched tensors in order.
   *
   * @throws RawOpsException NOT_FOUND for unknown names, INVALID_ARGUMENT for a feed of the wrong
   *     dtype or a tensor both fed and fetched (TF refuses both), or the error of the first failing
   *     kernel (naming its node and op)
   */
  public List<Tensor> run(Map<String, Tensor> feeds, List<String> fetches, List<String> targets) {
    List<String> feedNames = new ArrayList<>(feeds.keySet());
    Plan plan =
        plans.computeIfAbsent(
            List.of(List.copyOf(feedNames), List.copyOf(fetches), List.copyOf(targets)),
            k -> Plan.create(graph, feedNames, fetches, targets));
    return new Executor(graph, plan, state).run(feeds, feedNames, this);
  }

  Tensor checkFeed(TensorName name, Tensor t) {
    BuiltNode n = graph.byName.get(name.node());
    if (t == null) {
      throw RawOpsException.invalidArgument("feed '" + name + "' is null");
    }
    DType expected = DType.fromProtoOrNull(n.outputType(name.index()));
    if (t.dtype() != expected) {
      throw new RawOpsException(
          Code.INVALID_ARGUMENT,
          n.name(),
          n.op(),
          "feed '"
              + name
              + "' has dtype "
              + t.dtype().tfName()
              + " but the graph expects "
              + DType.tfName(n.outputType(name.index())));
    }
    // No shape check, as in TF: its session accepts a fed value whatever the node's static
    // shape (only TF's Python client checks); kernels downstream see the fed value's real shape.
    return t;
  }
}
