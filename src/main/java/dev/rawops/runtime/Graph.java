package dev.rawops.runtime;

import com.google.common.collect.ImmutableList;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.ops.OpSchema;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A validated, immutable graph for one device: every node resolved against its op's schema,
 * connected, type-checked, shape-inferred and given a kernel. Create with {@link #load} or {@link
 * #build}; run with {@link #newSession()}.
 */
public final class Graph {
  /**
   * A node as callers see it: name, op, output dtypes and static shapes.
   *
   * @param outputTypes each output's dtype (a reference output, e.g. a VariableV2's {@code
   *     float_ref}, has its value's dtype); {@code null} where TensorFlow's type is one rawops
   *     holds no tensors of (quantized, float8, int4 …): a run needing that output fails
   * @param outputShapes each output's static shape, as far as build inferred it
   * @param inputs the NodeDef's inputs as written ("node", "node:i", "^control")
   * @param outputTypeNames each output's type in TensorFlow's spelling ("float", "float_ref",
   *     "qint8"), whatever rawops supports
   */
  public record Node(
      String name,
      String op,
      List<DType> outputTypes,
      List<PartialShape> outputShapes,
      List<String> inputs,
      List<String> outputTypeNames) {}

  private final GraphDef def;
  private final Device device;
  final ImmutableList<BuiltNode> nodes; // in GraphDef order
  final BuiltNode[] nodeArray; // the same, for the run's hot path
  // Node by name: a read-only view over build's name index and nodeArray (no second map of every
  // node to build).
  public final java.util.Map<String, BuiltNode> byName;
  final int[] topoOrder;
  private final ImmutableList<String> warnings;

  Graph(
      GraphDef def,
      Device device,
      List<BuiltNode> nodes,
      java.util.Map<String, Integer> index,
      int[] topoOrder,
      List<String> warnings) {
    this.def = def;
    this.device = device;
    this.nodes = ImmutableList.copyOf(nodes);
    this.nodeArray = nodes.toArray(new BuiltNode[0]);
    this.byName = new ByName(index, nodeArray);
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

  /**
   * Reads and builds a graph file for the CPU.
   *
   * @throws NullPointerException if {@code path} is null
   * @throws RawOpsException when the file cannot be read or parsed (see {@link GraphLoader#read})
   * @throws GraphBuildException listing every build error
   */
  public static Graph load(Path path) {
    return build(GraphLoader.read(path), Device.CPU);
  }

  /**
   * Builds {@code def} for {@code device}.
   *
   * @throws NullPointerException if {@code def} or {@code device} is null
   * @throws RawOpsException RESOURCE_EXHAUSTED when {@code def} has more nodes (its functions'
   *     included) than {@link dev.rawops.Limits#maxNodes()}
   * @throws GraphBuildException listing every build error, each naming its node and op
   */
  public static Graph build(GraphDef def, Device device) {
    java.util.Objects.requireNonNull(def, "graph def");
    java.util.Objects.requireNonNull(device, "device");
    GraphLoader.checkNodes(def, "the graph");
    return new GraphBuilder(def, device).build();
  }

  /**
   * Where each node runs and the copies between devices (soft placement: nodes without a kernel on
   * the graph's device run on the CPU). Computed on each call.
   */
  public Placement placement() {
    return Placement.of(nodes);
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

  /**
   * Every node in topological order (producers before consumers; a while loop's NextIteration to
   * Merge back edge left out), the order the build checked shapes in.
   */
  public List<Node> topologicalNodes() {
    return java.util.Arrays.stream(topoOrder).mapToObj(i -> view(nodeArray[i])).toList();
  }

  /**
   * The node named {@code name}, if the graph has one.
   *
   * @throws NullPointerException if {@code name} is null
   */
  public Optional<Node> node(String name) {
    java.util.Objects.requireNonNull(name, "name");
    return Optional.ofNullable(byName.get(name)).map(Graph::view);
  }

  /** Nodes by name, over the name index and the node array. */
  private static final class ByName extends java.util.AbstractMap<String, BuiltNode> {
    private final java.util.Map<String, Integer> index;
    private final BuiltNode[] nodes;

    ByName(java.util.Map<String, Integer> index, BuiltNode[] nodes) {
      this.index = index;
      this.nodes = nodes;
    }

    @Override
    public BuiltNode get(Object name) {
      Integer i = index.get(name);
      return i == null ? null : nodes[i];
    }

    @Override
    public boolean containsKey(Object name) {
      return index.containsKey(name);
    }

    @Override
    public int size() {
      return index.size();
    }

    @Override
    public java.util.Set<Entry<String, BuiltNode>> entrySet() {
      java.util.Set<Entry<String, BuiltNode>> out = new java.util.LinkedHashSet<>();
      for (BuiltNode n : nodes) {
        out.add(java.util.Map.entry(n.name(), n));
      }
      return java.util.Collections.unmodifiableSet(out);
    }
  }

  private static Node view(BuiltNode n) {
    List<DataType> protos = n.signature.outputTypes();
    DType[] types = new DType[protos.size()];
    String[] names = new String[protos.size()];
    for (int i = 0; i < types.length; i++) {
      types[i] = publicType(protos.get(i));
      names[i] = DType.tfName(protos.get(i));
    }
    return new Node(
        n.name(),
        n.op(),
        Collections.unmodifiableList(Arrays.asList(types)), // may hold null: see Node
        Collections.unmodifiableList(n.outputShapes()),
        List.copyOf(n.def.getInputList()),
        List.of(names));
  }

  /** The DType callers see for a proto type: a reference type's value type; null if none. */
  static DType publicType(DataType t) {
    return DType.fromProtoOrNull(OpSchema.baseOf(t));
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

  /** A session sharing {@code state}, with {@code options} (threads, plan cache, memory pool). */
  public Session newSession(dev.rawops.kernels.SessionState state, Session.Options options) {
    return new Session(this, state, java.util.Objects.requireNonNull(options, "options"));
  }

  /** A tensor to feed: a Placeholder or PlaceholderWithDefault, as the graph declares it. */
  public record Input(String name, DType dtype, PartialShape shape, boolean hasDefault) {}

  /** What a run of this graph may or must be fed, in GraphDef order. */
  public List<Input> inputs() {
    List<Input> out = new java.util.ArrayList<>();
    for (BuiltNode n : nodes) {
      boolean withDefault = n.op().equals("PlaceholderWithDefault");
      if (n.op().equals("Placeholder") || n.op().equals("PlaceholderV2") || withDefault) {
        out.add(
            new Input(
                n.name(),
                // A built graph's placeholders all have rawops dtypes (their kernels' lists).
                DType.fromProto(n.outputType(0)),
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
    java.util.BitSet consumed = new java.util.BitSet();
    int[] base = new int[nodes.size() + 1];
    for (int i = 0; i < nodes.size(); i++) {
      base[i + 1] = base[i] + nodes.get(i).numOutputs();
    }
    for (BuiltNode n : nodes) {
      for (int k = 0; k < n.inputNode.length; k++) {
        if (n.inputSlot[k] >= 0) {
          consumed.set(base[n.inputNode[k]] + n.inputSlot[k]);
        }
      }
    }
    boolean[] inLoop = inLoopFrame();
    List<String> out = new java.util.ArrayList<>();
    for (int j = 0; j < nodes.size(); j++) {
      BuiltNode n = nodes.get(j);
      if (n.op().equals("Placeholder") || inLoop[j]) {
        continue;
      }
      for (int i = 0; i < n.numOutputs(); i++) {
        if (!consumed.get(base[j] + i)) {
          out.add(n.name() + ":" + i);
        }
      }
    }
    return out;
  }

  /**
   * Nodes inside a TF 1 while loop's frame (after an Enter, before its Exit): TF cannot fetch them
   * from outside the loop, so they are never default fetches. Frame depth flows along data and
   * control edges in topological order (NextIteration's back edge into Merge left out): +1 at an
   * Enter, -1 after an Exit.
   */
  private boolean[] inLoopFrame() {
    int n = nodes.size();
    int[] depth = new int[n];
    int[] pending = new int[n];
    List<List<Integer>> users = new java.util.ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      users.add(new java.util.ArrayList<>(0));
    }
    boolean anyEnter = false;
    for (int i = 0; i < n; i++) {
      BuiltNode u = nodes.get(i);
      anyEnter |= u.op().equals("Enter") || u.op().equals("RefEnter");
      for (int src : u.inputNode) {
        if (!isNextIteration(nodes.get(src))) {
          users.get(src).add(i);
          pending[i]++;
        }
      }
      for (int src : u.controlInputs) {
        if (!isNextIteration(nodes.get(src))) {
          users.get(src).add(i);
          pending[i]++;
        }
      }
    }
    boolean[] inLoop = new boolean[n];
    if (!anyEnter) {
      return inLoop;
    }
    java.util.ArrayDeque<Integer> ready = new java.util.ArrayDeque<>();
    for (int i = 0; i < n; i++) {
      if (pending[i] == 0) {
        ready.add(i);
      }
    }
    while (!ready.isEmpty()) {
      int i = ready.poll();
      String op = nodes.get(i).op();
      int d = depth[i] + (op.equals("Enter") || op.equals("RefEnter") ? 1 : 0);
      d -= op.equals("Exit") || op.equals("RefExit") ? 1 : 0;
      inLoop[i] = d > 0;
      for (int v : users.get(i)) {
        depth[v] = Math.max(depth[v], Math.max(0, d));
        if (--pending[v] == 0) {
          ready.add(v);
        }
      }
    }
    return inLoop;
  }

  private static boolean isNextIteration(BuiltNode b) {
    return b.op().equals("NextIteration") || b.op().equals("RefNextIteration");
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
