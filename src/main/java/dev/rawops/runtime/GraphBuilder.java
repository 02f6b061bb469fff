package dev.rawops.runtime;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelDef;
import dev.rawops.kernels.KernelRegistry;
import dev.rawops.kernels.OpScope;
import dev.rawops.kernels.TfCpuRegistrations;
import dev.rawops.ops.Op;
import dev.rawops.ops.OpRegistry;
import dev.rawops.ops.OpSchema;
import dev.rawops.ops.Signature;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a GraphDef into a {@link Graph}: every check that can be made before a kernel runs. Errors
 * are collected, not thrown one at a time, so {@code rawops validate} can list them all; a node
 * whose producer is broken is not blamed again for it.
 */
final class GraphBuilder {
  // TF's IsValidNodeName for imported graphs: pieces of [A-Za-z0-9.][A-Za-z0-9_./-]* joined by '>'.
  private static final String NODE_NAME_PATTERN =
      "[A-Za-z0-9.][A-Za-z0-9_./-]*(>[A-Za-z0-9.][A-Za-z0-9_./-]*)*";

  // TF's node name rule (NODE_NAME_PATTERN), checked by hand: a regex match per node was a
  // visible share of building a large graph.
  static boolean validNodeName(String name) {
    boolean start = true;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean alnum = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
      if (start) {
        if (!alnum && c != '.') {
          return false;
        }
        start = false;
      } else if (c == '>') {
        start = true;
      } else if (!alnum && c != '_' && c != '.' && c != '/' && c != '-') {
        return false;
      }
    }
    return !start;
  }

  private final GraphDef def;
  private final Device device;
  private final OpRegistry ops = OpRegistry.builtIn();
  private final KernelRegistry kernels = KernelRegistry.builtIn();
  private final List<RawOpsException> errors = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  // Nodes of one op with equal attrs share a Signature, checked once per build.
  private final OpSchema.SignatureCache signatures = new OpSchema.SignatureCache();

  // The graph's function library, shared with the builds of the function bodies it instantiates.
  private final Functions functions;
  // The functions being instantiated around this build (outermost first), for error messages.
  private final List<String> chain;

  GraphBuilder(GraphDef def, Device device) {
    this(def, device, new Functions(def.getLibrary(), device, def.getVersions()), List.of());
  }

  GraphBuilder(GraphDef def, Device device, Functions functions, List<String> chain) {
    this.def = def;
    this.device = device;
    this.functions = functions;
    this.chain = chain;
  }

  Graph build() {
    if (!device.equals(Device.CPU) && !kernels.available(device)) {
      throw RawOpsException.of(
          Code.INVALID_ARGUMENT,
          "cannot build for " + device + ": " + kernels.unavailableReason(device));
    }
    Map<String, Integer> index = indexNames();
    List<BuiltNode> nodes = new ArrayList<>();
    for (int i = 0; i < def.getNodeCount(); i++) {
      nodes.add(resolve(i, def.getNode(i), index));
    }
    int[] order = topologicalOrder(nodes);
    if (order != null) {
      for (int i : order) {
        prepare(nodes.get(i), nodes);
      }
    }
    if (!errors.isEmpty()) {
      throw new GraphBuildException(errors);
    }
    order = Placement.insertCopies(nodes, order, ops, kernels); // CPU <-> GPU edges
    for (int i = def.getNodeCount(); i < nodes.size(); i++) {
      index.put(nodes.get(i).name(), i); // the copy nodes Placement added
    }
    // Names are unique here (indexNames reported duplicates): the index is the graph's, read-only.
    return new Graph(def, device, nodes, Collections.unmodifiableMap(index), order, warnings);
  }

  private Map<String, Integer> indexNames() {
    Map<String, Integer> index = HashMap.newHashMap(def.getNodeCount());
    for (int i = 0; i < def.getNodeCount(); i++) {
      NodeDef n = def.getNode(i);
      if (n.getName().isEmpty()) {
        errors.add(
            RawOpsException.invalidArgument(
                "node #" + i + " (op " + n.getOp() + ") has an empty name"));
      } else if (!validNodeName(n.getName())) {
        errors.add(
            new RawOpsException(
                Code.INVALID_ARGUMENT,
                n.getName(),
                n.getOp(),
                "node name contains invalid "
                    + "characters: it must match "
                    + NODE_NAME_PATTERN
                    + " (a leading '_' is reserved for TF's internal ops)"));
      } else if (index.putIfAbsent(n.getName(), i) != null) {
        errors.add(
            new RawOpsException(
                Code.INVALID_ARGUMENT,
                n.getName(),
                n.getOp(),
                "duplicate node name: nodes #"
                    + index.get(n.getName())
                    + " and #"
                    + i
                    + " are both named '"
                    + n.getName()
                    + "'; node names must be unique"));
      }
    }
    return index;
  }

  /** Op lookup, attr resolution and edge parsing for one node. */
  private BuiltNode resolve(int i, NodeDef nd, Map<String, Integer> index) {
    Op op = null;
    Signature sig = null;
    try {
      if (nd.getOp().isEmpty()) {
        throw new RawOpsException(
            Code.INVALID_ARGUMENT, nd.getName(), null, "node does not specify an operation");
      }
      op =
          functions.has(nd.getOp())
              ? functions.opFor(nd.getOp())
              : ops.lookup(nd.getOp(), nd.getName());
      sig = op.schema().resolve(nd, signatures);
    } catch (RawOpsException e) {
      errors.add(e);
    }
    int inputs = nd.getInputCount();
    int[] dataNode = new int[inputs];
    int[] dataSlot = new int[inputs];
    int[] control = new int[inputs];
    long counts = parseInputs(nd, index, dataNode, dataSlot, control);
    boolean edgesOk = inputsOk;
    int data = (int) (counts >>> 32);
    int controls = (int) counts;
    BuiltNode n =
        new BuiltNode(
            i,
            nd,
            op,
            sig,
            data == inputs ? dataNode : Arrays.copyOf(dataNode, data),
            data == inputs ? dataSlot : Arrays.copyOf(dataSlot, data),
            controls == 0 ? NO_INPUTS : Arrays.copyOf(control, controls));
    n.producer = def.getVersions().getProducer();
    n.broken = sig == null || !edgesOk;
    if (!n.broken) {
      try {
        op.checkAttrs(n);
        warnUndeclaredAttrs(n);
      } catch (RawOpsException e) {
        errors.add(e.atNode(n.name(), n.op()));
        n.broken = true;
      }
    }
    return n;
  }

  private static final int[] NO_INPUTS = new int[0];

  // Whether the last parseInputs found every input good.
  private boolean inputsOk;

  /**
   * Fills the producer (and output slot) of each good data input and each control input; returns
   * how many of each (data in the high, control in the low 32 bits) and sets {@link #inputsOk}
   * (false after reporting a bad input).
   */
  private long parseInputs(
      NodeDef nd, Map<String, Integer> index, int[] dataNode, int[] dataSlot, int[] control) {
    boolean ok = true;
    int data = 0;
    int controls = 0;
    for (int k = 0, m = nd.getInputCount(); k < m; k++) {
      String in = nd.getInput(k);
      // Most inputs are a plain "node": one lookup, no parse.
      Integer plain = in.isEmpty() || in.charAt(0) == '^' ? null : index.get(in);
      if (plain != null && controls == 0) {
        dataNode[data] = plain;
        dataSlot[data++] = 0;
        continue;
      }
      TensorName t = TensorName.parse(in);
      Integer producer = index.get(t.node());
      if (producer == null) {
        errors.add(
            new RawOpsException(
                Code.INVALID_ARGUMENT,
                nd.getName(),
                nd.getOp(),
                "input '" + in + "' names node '" + t.node() + "', which is not in the graph"));
        ok = false;
      } else if (t.control()) {
        control[controls++] = producer;
      } else if (controls > 0) {
        errors.add(
            new RawOpsException(
                Code.INVALID_ARGUMENT,
                nd.getName(),
                nd.getOp(),
                "data input '"
                    + in
                    + "' comes after a control input; control inputs (^name) must be last"));
        ok = false;
      } else {
        dataNode[data] = producer;
        dataSlot[data++] = t.index();
      }
    }
    inputsOk = ok;
    return ((long) data << 32) | controls;
  }

  /** Kahn's algorithm over data and control edges; on a cycle, reports it and returns null. */
  private int[] topologicalOrder(List<BuiltNode> nodes) {
    int n = nodes.size();
    int[] pending = new int[n];
    // Which nodes may end a back edge (NextIteration) or take one (Merge): one op check per node,
    // not per edge.
    boolean[] next = new boolean[n];
    boolean[] merge = new boolean[n];
    boolean loops = false;
    for (BuiltNode node : nodes) {
      String op = node.op();
      next[node.index] = op.equals("NextIteration") || op.equals("RefNextIteration");
      merge[node.index] = op.equals("Merge") || op.equals("RefMerge");
      loops |= next[node.index];
    }
    // Consumers of each node in one array (compressed rows): start[p] .. start[p + 1].
    int[] start = new int[n + 1];
    for (BuiltNode node : nodes) {
      for (int p : node.inputNode) {
        if (!(loops && next[p] && merge[node.index])) { // NextIteration -> Merge: not ordered
          start[p + 1]++;
        }
      }
      for (int p : node.controlInputs) {
        start[p + 1]++;
      }
    }
    for (int i = 0; i < n; i++) {
      start[i + 1] += start[i];
    }
    int[] consumers = new int[start[n]];
    int[] fill = Arrays.copyOf(start, n);
    for (BuiltNode node : nodes) {
      for (int p : node.inputNode) {
        if (!(loops && next[p] && merge[node.index])) {
          consumers[fill[p]++] = node.index;
          pending[node.index]++;
        }
      }
      for (int p : node.controlInputs) {
        consumers[fill[p]++] = node.index;
        pending[node.index]++;
      }
    }
    // The order array doubles as Kahn's FIFO queue: nodes are appended when ready.
    int[] order = new int[n];
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (pending[i] == 0) {
        order[count++] = i;
      }
    }
    for (int head = 0; head < count; head++) {
      int i = order[head];
      for (int e = start[i]; e < start[i + 1]; e++) {
        int c = consumers[e];
        if (--pending[c] == 0) {
          order[count++] = c;
        }
      }
    }
    if (count < n) {
      errors.add(cycleError(nodes, pending));
      return null;
    }
    return order;
  }

  /**
   * The edges a TF 1 while loop closes its cycle with: NextIteration (or RefNextIteration) into
   * Merge (or RefMerge). TF's graph import and executor leave them out of the topological order; so
   * do the cycle check, shape inference and the executor's static frame analysis here.
   */
  static boolean isBackEdge(BuiltNode producer, BuiltNode consumer) {
    String p = producer.op();
    String c = consumer.op();
    return (p.equals("NextIteration") || p.equals("RefNextIteration"))
        && (c.equals("Merge") || c.equals("RefMerge"));
  }

  /** Walks producers from a node left on a cycle until one repeats, and names the loop. */
  private static RawOpsException cycleError(List<BuiltNode> nodes, int[] pending) {
    int start = 0;
    while (pending[start] == 0) {
      start++;
    }
    List<Integer> path = new ArrayList<>();
    Map<Integer, Integer> seenAt = new HashMap<>();
    int cur = start;
    while (!seenAt.containsKey(cur)) {
      seenAt.put(cur, path.size());
      path.add(cur);
      cur = firstPendingProducer(nodes, nodes.get(cur), pending);
    }
    List<String> names = new ArrayList<>();
    for (int k = seenAt.get(cur); k < path.size(); k++) {
      names.add(nodes.get(path.get(k)).name());
    }
    Collections.reverse(names); // producer → consumer order
    names.add(names.get(0));
    BuiltNode at = nodes.get(cur);
    return new RawOpsException(
        Code.INVALID_ARGUMENT,
        at.name(),
        at.op(),
        "graph has a cycle: "
            + String.join(" -> ", names)
            + "; only a while loop's NextIteration -> Merge edge may close a cycle");
  }

  private static int firstPendingProducer(List<BuiltNode> nodes, BuiltNode node, int[] pending) {
    for (int p : node.inputNode) {
      if (pending[p] > 0 && !isBackEdge(nodes.get(p), node)) {
        return p;
      }
    }
    for (int p : node.controlInputs) {
      if (pending[p] > 0) {
        return p;
      }
    }
    throw new IllegalStateException(
        "node " + node.name() + " is pending without pending producers");
  }

  /** In topological order: edge types, shapes, kernel. */
  private void prepare(BuiltNode n, List<BuiltNode> nodes) {
    n.producers = new BuiltNode[n.inputNode.length];
    for (int k = 0; k < n.inputNode.length; k++) {
      n.producers[k] = nodes.get(n.inputNode[k]);
    }
    if (n.broken || upstreamBroken(n) || !checkEdges(n)) {
      n.broken = true;
      return;
    }
    try {
      List<PartialShape> shapes = n.op.inferShapes(n);
      if (shapes.size() != n.numOutputs()) {
        throw n.error(
            Code.INTERNAL,
            "shape function returned "
                + shapes.size()
                + " shapes for "
                + n.numOutputs()
                + " outputs");
      }
      n.outputShapes = shapes.toArray(new PartialShape[0]);
      n.outputDTypes = new DType[n.numOutputs()];
      for (int i = 0; i < n.numOutputs(); i++) {
        DataType t = n.outputType(i);
        n.outputDTypes[i] =
            OpSchema.baseOf(t) != t ? DType.RESOURCE : DType.fromProtoOrNull(n.outputType(i));
      }
      n.retains = retains(n);
      dev.rawops.kernels.Kernel call = functions.kernelFor(n, chain);
      if (call != null) {
        n.retains = true; // the body may keep what it is given; its results are its own
        n.kernel = call; // a function call or functional control flow: never folded
        return;
      }
      if (!ops.implemented(n.op()) && kernels.describe(n.op()).isEmpty()) {
        n.missingKernel =
            "No OpKernel was registered to support Op '"
                + n.op()
                + "' used by node "
                + n.name()
                + ": rawops has no kernel for this TensorFlow op on any device"
                + outOfScope(n.op());
        return;
      }
      n.kernel = kernelFor(n);
      if (n.kernel == null) {
        return; // no kernel for these dtypes: an error only for a plan that needs the node
      }
      ConstantFolding.fold(n);
      n.cheap = CostModel.cheap(n);
    } catch (RawOpsException e) {
      errors.add(e.atNode(n.name(), n.op()));
      n.broken = true;
    } catch (RuntimeException e) {
      errors.add(n.error(Code.INTERNAL, "build failed unexpectedly: " + e));
      n.broken = true;
    }
  }

  private static boolean upstreamBroken(BuiltNode n) {
    for (BuiltNode p : n.producers) {
      if (p.broken) {
        return true;
      }
    }
    return false;
  }

  /** Output index in range, and the producer's dtype is the one this input expects. */
  private boolean checkEdges(BuiltNode n) {
    for (int k = 0; k < n.producers.length; k++) {
      BuiltNode p = n.producers[k];
      int slot = n.inputSlot[k];
      if (slot >= p.numOutputs()) {
        errors.add(
            n.invalidArgument(
                "input "
                    + k
                    + " ('"
                    + n.def.getInput(k)
                    + "') connects to output "
                    + slot
                    + " of node '"
                    + p.name()
                    + "', which has "
                    + p.numOutputs()
                    + " output"
                    + (p.numOutputs() == 1 ? "" : "s")));
        return false;
      }
      // A reference output may feed a value input (TF dereferences it), never the reverse.
      if (p.outputType(slot) != n.inputType(k)
          && OpSchema.baseOf(p.outputType(slot)) != n.inputType(k)) {
        errors.add(
            n.invalidArgument(
                "Input "
                    + k
                    + " of node "
                    + n.name()
                    + " was passed "
                    + DType.tfName(p.outputType(slot))
                    + " from "
                    + p.name()
                    + ":"
                    + slot
                    + " incompatible with expected "
                    + DType.tfName(n.inputType(k))
                    + "."));
        return false;
      }
      if (p.outputType(slot) != n.inputType(k)) {
        if (n.derefInput == null) {
          n.derefInput = new boolean[n.producers.length];
        }
        n.derefInput[k] = true; // the run reads the variable behind the reference
      }
    }
    return true;
  }

  /**
   * The node's kernel. When no registration matches its dtypes and attrs on the device: TF's "No
   * OpKernel was registered" (INVALID_ARGUMENT) at build when TF 2.18 has no CPU kernel for them
   * either (TF's placer refuses such a graph on its first run, whatever it fetches); null with
   * {@code n.missingKernel} set (UNIMPLEMENTED) when TF has one and only rawops lacks it, so that,
   * as in TF, only a run that needs the node fails.
   */
  private dev.rawops.kernels.Kernel kernelFor(BuiltNode n) {
    Optional<KernelDef> k = Placement.place(n, device, kernels);
    if (k.isEmpty()) {
      List<String> registered = kernels.describe(n.op());
      String message =
          "No OpKernel was registered to support Op '"
              + n.op()
              + "' on "
              + device
              + " with these attrs: "
              + n.attrs()
              + ". Registered kernels: "
              + (registered.isEmpty() ? "<none>" : String.join("; ", registered));
      if (!tfHasCpuKernel(n)) {
        throw n.invalidArgument(message);
      }
      n.missingKernel =
          message
              + " (TensorFlow 2.18 has a CPU kernel for these types; rawops has none)"
              + outOfScope(n.op());
      return null;
    }
    n.hostMemoryInputs = k.get().hostMemoryInputs();
    return k.get().factory().create(n);
  }

  /**
   * ". X is out of scope for rawops: <class>" for an op rawops means never to run ({@link
   * OpScope}), so the user knows no later version will either; "" otherwise.
   */
  private static String outOfScope(String op) {
    return OpScope.outOfScope(op)
        .map(c -> ". " + op + " is out of scope for rawops: " + c.description())
        .orElse("");
  }

  /** Whether TF 2.18 registers a CPU kernel of the node's op for the node's type attrs. */
  private static boolean tfHasCpuKernel(BuiltNode n) {
    Map<String, DType> types = new java.util.HashMap<>();
    for (String attr : TfCpuRegistrations.typeAttrs(n.op())) {
      if (!n.attrs().has(attr)) {
        continue;
      }
      dev.rawops.tfproto.AttrValue v = n.attrs().get(attr);
      DType d =
          v.getValueCase() == dev.rawops.tfproto.AttrValue.ValueCase.TYPE
              ? DType.fromProtoOrNull(v.getType())
              : null;
      if (d == null) {
        return false; // a type list or a type rawops cannot hold: treat as no kernel
      }
      types.put(attr, d);
    }
    return TfCpuRegistrations.registers(n.op(), types);
  }

  /**
   * TF 2.18 ignores attrs its OpDef lacks (they may come from a newer TF); we do too, but say so.
   */
  private void warnUndeclaredAttrs(BuiltNode n) {
    Map<String, dev.rawops.tfproto.AttrValue> given = n.def.getAttrMap();
    int declared = 0;
    for (String attr : n.attrs().asMap().keySet()) {
      if (given.containsKey(attr)) {
        declared++;
      }
    }
    if (declared == given.size()) {
      return; // every attr the node sets is declared: nothing to walk
    }
    for (String attr : n.def.getAttrMap().keySet()) {
      if (!attr.startsWith("_") && !n.attrs().has(attr)) {
        warnings.add(
            "node '"
                + n.name()
                + "' (op "
                + n.op()
                + "): attr '"
                + attr
                + "' is not declared by the op; ignored, as TensorFlow 2.18 ignores it");
      }
    }
  }

  /** Whether a node may keep references to its inputs or output retained state. */
  private static boolean retains(BuiltNode n) {
    if (n.op.schema().def().getIsStateful()) {
      return true;
    }
    for (DataType t : n.signature.inputTypes()) {
      if (holdsState(t)) {
        return true;
      }
    }
    for (DataType t : n.signature.outputTypes()) {
      if (holdsState(t)) {
        return true;
      }
    }
    return false;
  }

  private static boolean holdsState(DataType t) {
    return t == DataType.DT_RESOURCE || t == DataType.DT_VARIANT || OpSchema.baseOf(t) != t;
  }
}
