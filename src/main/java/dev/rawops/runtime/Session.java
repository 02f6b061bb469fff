package dev.rawops.runtime;

import com.google.common.collect.ImmutableList;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.KernelContext;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a {@link Graph}: only the nodes the fetches and targets need, in topological order. Safe to
 * call from many threads at once; each run has its own state. Feeds and their tensors are never
 * modified.
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
    return new Run(plan).execute(feeds, feedNames);
  }

  /** One execution's state. Its identity is the owner of the tensors its kernels allocate. */
  private final class Run {
    private final Plan plan;
    private final Tensor[][] values;
    private final int[][] remaining;
    // Pending reads per tensor object: one object can sit in several slots (Identity).
    private final IdentityHashMap<Tensor, Integer> pendingReads = new IdentityHashMap<>();

    Run(Plan plan) {
      this.plan = plan;
      this.values = new Tensor[graph.nodes.size()][];
      this.remaining = new int[plan.uses.length][];
      for (int i = 0; i < remaining.length; i++) {
        remaining[i] = plan.uses[i].clone();
      }
    }

    List<Tensor> execute(Map<String, Tensor> feeds, List<String> feedNames) {
      for (int i = 0; i < plan.feeds.length; i++) {
        TensorName t = plan.feeds[i];
        store(graph.byName.get(t.node()), t.index(), checkFeed(t, feeds.get(feedNames.get(i))));
      }
      for (int i : plan.order) {
        runNode(graph.nodes.get(i));
      }
      ImmutableList.Builder<Tensor> out = ImmutableList.builder();
      for (TensorName f : plan.fetches) {
        out.add(values[graph.byName.get(f.node()).index][f.index()]);
      }
      return out.build();
    }

    private Tensor checkFeed(TensorName name, Tensor t) {
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
                + dev.rawops.tensor.DType.tfName(n.outputType(name.index())));
      }
      // No shape check, as in TF: its session accepts a fed value whatever the node's static
      // shape (only TF's Python client checks); kernels downstream see the fed value's real shape.
      return t;
    }

    private void store(BuiltNode n, int slot, Tensor t) {
      if (values[n.index] == null) {
        values[n.index] = new Tensor[n.numOutputs()];
      }
      values[n.index][slot] = t;
      int uses = plan.uses[n.index][slot];
      if (uses > 0) {
        pendingReads.merge(t, uses, Integer::sum);
      }
    }

    private void runNode(BuiltNode n) {
      Context ctx = new Context(n);
      try {
        n.kernel.compute(ctx);
      } catch (RawOpsException e) {
        throw e.atNode(n.name(), n.op());
      } catch (RuntimeException | OutOfMemoryError e) {
        throw new RawOpsException(
            e instanceof OutOfMemoryError ? Code.RESOURCE_EXHAUSTED : Code.INTERNAL,
            n.name(),
            n.op(),
            "kernel failed: " + e,
            e);
      }
      for (int i = 0; i < n.numOutputs(); i++) {
        Tensor t = ctx.outputs[i];
        if (t == null || t.dtype() != DType.fromProtoOrNull(n.outputType(i))) {
          throw n.error(
              Code.INTERNAL,
              "kernel left output " + i + (t == null ? " unset" : " as " + t.dtype().tfName()));
        }
        // A node may run for some outputs while the caller fed another: the feed wins.
        if (!plan.isFed(n.index, i)) {
          store(n, i, t);
        }
      }
      release(n);
    }

    /** This node has read its inputs: drop values nobody will read again. */
    private void release(BuiltNode n) {
      for (int k = 0; k < n.inputNode.length; k++) {
        int p = n.inputNode[k];
        int slot = n.inputSlot[k];
        Tensor t = values[p][slot];
        pendingReads.computeIfPresent(t, (key, c) -> c == 1 ? null : c - 1);
        if (--remaining[p][slot] == 0) {
          values[p][slot] = null;
        }
      }
    }

    private final class Context implements KernelContext {
      private final BuiltNode node;
      final Tensor[] outputs;

      Context(BuiltNode node) {
        this.node = node;
        this.outputs = new Tensor[node.numOutputs()];
      }

      @Override
      public NodeInfo node() {
        return node;
      }

      @Override
      public Tensor input(int i) {
        return values[node.inputNode[i]][node.inputSlot[i]];
      }

      @Override
      public TensorBuffer allocate(DType dtype, Shape shape) {
        return TensorBuffer.allocate(dtype, shape, Run.this);
      }

      @Override
      public Optional<TensorBuffer> forwardInput(int i) {
        Tensor t = input(i);
        Integer reads = pendingReads.get(t);
        if (reads == null || reads != 1) {
          return Optional.empty();
        }
        return Optional.ofNullable(TensorBuffer.reclaim(t, Run.this));
      }

      @Override
      public void setOutput(int i, Tensor t) {
        outputs[i] = t;
      }

      @Override
      public dev.rawops.kernels.SessionState state() {
        return state;
      }
    }
  }
}
