package dev.rawops.runtime;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A validated, immutable graph for one device: every node resolved against its op's schema,
 * connected, type-checked, shape-inferred and given a kernel. Create with {@link #load} or {@link
 * #build}; run with {@link #newSession()}.
 */
public final class Graph {
  /** A node as callers see it: name, op, output dtypes and static shapes. */
  public record Node(
      String name,
      String op,
      List<DataType> outputTypes,
      List<PartialShape> outputShapes,
      List<String> inputs) {}

  private final GraphDef def;
  private final Device device;
  final ImmutableList<BuiltNode> nodes; // in GraphDef order
  final BuiltNode[] nodeArray; // the same, for the run's hot path
  final ImmutableMap<String, BuiltNode> byName;
  final int[] topoOrder;
  private final ImmutableList<String> warnings;

  Graph(
      GraphDef def,
      Device device,
      List<BuiltNode> nodes,
      ImmutableMap<String, BuiltNode> byName,
      int[] topoOrder,
      List<String> warnings) {
    this.def = def;
    this.device = device;
    this.nodes = ImmutableList.copyOf(nodes);
    this.nodeArray = nodes.toArray(new BuiltNode[0]);
    this.byName = byName;
    this.topoOrder = topoOrder;
    this.warnings = ImmutableList.copyOf(warnings);
  }

  /**
   * What build accepted but a user may want to know, e.g. attrs the op does not declare (ignored,
   * as TensorFlow 2.18 ignores them).
   */
  public List<String> warnings() {
    return warnings;
  }

  /** Reads and builds a graph file for the CPU. */
  public static Graph load(Path path) {
    return build(GraphLoader.read(path), Device.CPU);
  }

  /**
   * Builds {@code def} for {@code device}.
   *
   * @throws GraphBuildException listing every build error, each naming its node and op
   */
  public static Graph build(GraphDef def, Device device) {
    return new GraphBuilder(def, device).build();
  }

  public GraphDef graphDef() {
    return def;
  }

  public Device device() {
    return device;
  }

  /** Every node, in GraphDef order. */
  public List<Node> nodes() {
    return nodes.stream().map(Graph::view).toList();
  }

  public Optional<Node> node(String name) {
    return Optional.ofNullable(byName.get(name)).map(Graph::view);
  }

  private static Node view(BuiltNode n) {
    return new Node(
        n.name(), n.op(), n.signature.outputTypes(), n.outputShapes(), n.def.getInputList());
  }

  /** A session running this graph; sessions are cheap and safe to share between threads. */
  public Session newSession() {
    return new Session(this, new dev.rawops.kernels.SessionState());
  }

  /**
   * A session with {@code options} (threads, plan cache, memory pool).
   *
   * @throws NullPointerException if {@code options} is null
   */
  public Session newSession(Session.Options options) {
    return new Session(
        this,
        new dev.rawops.kernels.SessionState(),
        java.util.Objects.requireNonNull(options, "options"));
  }

  /**
   * A session sharing {@code state} (variables, TensorArrays …) with another: how a function body
   * or a branch of a functional If/While runs inside the session that called it.
   */
  public Session newSession(dev.rawops.kernels.SessionState state) {
    return new Session(this, state);
  }

  /** A tensor to feed: a Placeholder or PlaceholderWithDefault, as the graph declares it. */
  public record Input(String name, DataType dtype, PartialShape shape, boolean hasDefault) {}

  /** What a run of this graph may or must be fed, in GraphDef order. */
  public List<Input> inputs() {
    List<Input> out = new java.util.ArrayList<>();
    for (BuiltNode n : nodes) {
      boolean withDefault = n.op().equals("PlaceholderWithDefault");
      if (n.op().equals("Placeholder") || n.op().equals("PlaceholderV2") || withDefault) {
        out.add(
            new Input(
                n.name(),
                n.outputType(0),
                n.outputShapes == null ? PartialShape.unknownRank() : n.outputShapes[0],
                withDefault));
      }
    }
    return out;
  }

  /**
   * The outputs no node consumes ("node:i"), placeholders aside: what a user running a whole graph
   * wants to see, and what {@code rawops run} fetches by default.
   */
  public List<String> outputs() {
    java.util.Set<String> consumed = new java.util.HashSet<>();
    for (BuiltNode n : nodes) {
      for (int k = 0; k < n.inputNode.length; k++) {
        consumed.add(nodes.get(n.inputNode[k]).name() + ":" + n.inputSlot[k]);
      }
    }
    List<String> out = new java.util.ArrayList<>();
    for (BuiltNode n : nodes) {
      for (int i = 0; i < n.numOutputs(); i++) {
        if (!consumed.contains(n.name() + ":" + i) && !n.op().equals("Placeholder")) {
          out.add(n.name() + ":" + i);
        }
      }
    }
    return out;
  }

  /**
   * Ops TensorFlow knows that rawops has no kernel for, with how many nodes use each: a run needing
   * any of those nodes fails before any kernel runs.
   */
  public java.util.SortedMap<String, Integer> unimplementedOps() {
    java.util.SortedMap<String, Integer> out = new java.util.TreeMap<>();
    for (BuiltNode n : nodes) {
      if (n.missingKernel != null) {
        out.merge(n.op(), 1, Integer::sum);
      }
    }
    return out;
  }

  /** How many nodes use each op. */
  public java.util.SortedMap<String, Integer> opCounts() {
    java.util.SortedMap<String, Integer> out = new java.util.TreeMap<>();
    for (BuiltNode n : nodes) {
      out.merge(n.op(), 1, Integer::sum);
    }
    return out;
  }
}
