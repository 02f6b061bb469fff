package dev.rawops.conform;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Shrinks a failing fixture to a smaller one that fails the same way: the same node, with the same
 * op, computes a value that differs from TensorFlow's.
 *
 * <p>With an {@link Oracle} (TensorFlow, rewrites off): TensorFlow's and rawops' values of every
 * output both can fetch (outside loop frames; on a conditional's branch when it was taken) are
 * compared, and the first output in topological order that differs is the target. The candidate
 * fetches that output, and greedy delta debugging cuts the graph: a node upstream of it becomes a
 * Placeholder fed TensorFlow's value of it, nodes nothing needs any more are dropped, and a cut is
 * kept when rawops still differs from TensorFlow at the same output. Passes repeat until no single
 * cut keeps the failure. The result's expected values are recorded again from TensorFlow ({@link
 * Recording#deterministic}).
 *
 * <p>Without an oracle the only values known to be TensorFlow's are the fixture's expected ones at
 * its fetches: a cut fed rawops' own value would carry a wrong value past the cut, so that every
 * cut keeps the failure and the result blames whichever node is left. So the graph is not cut; the
 * fixture keeps its first failing fetch, its expected value, and only the nodes that fetch needs.
 *
 * <p>Loop frames are never cut into: a node from an Enter up to its Exit is never a Placeholder nor
 * a target (an Exit is, as its value is outside the frame), and when any of them is needed every
 * loop frame's nodes are kept, as one unit. Conditionals (Switch and Merge outside loops) are cut
 * like other nodes where TensorFlow's value is known, i.e. on the branch taken.
 */
public final class Minimizer {
  private Minimizer() {}

  /**
   * The result.
   *
   * @param failingNode the node whose output differs (without an oracle: the failing fetch's node)
   * @param values what the cut inputs are fed: "the values of " the oracle, or "none (no cuts)"
   * @param tries candidate fixtures the greedy search ran after choosing the failing output
   */
  public record Outcome(
      Fixture fixture,
      int nodesBefore,
      int nodesAfter,
      String failingNode,
      String failingOp,
      String failingTensor,
      String values,
      boolean reRecorded,
      int tries,
      List<String> notes) {
    public Outcome {
      notes = List.copyOf(notes);
    }
  }

  private static final Set<String> LOOP_STARTS = Set.of("Enter", "RefEnter");
  private static final Set<String> LOOP_ENDS = Set.of("Exit", "RefExit");
  private static final Set<String> FRAME_ENDS = Set.of("Merge", "RefMerge");

  /**
   * Minimizes {@code f}, a graph fixture with expected values that rawops fails.
   *
   * @param oracle TensorFlow, or null
   * @param defaultTolerance for a fixture without its own (as {@code conform --rtol/--atol}); null:
   *     bit for bit. The minimized fixture carries the tolerance it was minimized under.
   * @throws RawOpsException FAILED_PRECONDITION when rawops passes {@code f}; UNIMPLEMENTED for a
   *     SavedModel fixture or one that expects an error
   */
  public static Outcome minimize(Fixture f, Oracle oracle, Tolerance defaultTolerance) {
    return minimize(f, null, oracle, defaultTolerance);
  }

  /**
   * Minimizes {@code f} read from {@code file}: a graph fixture with expected values or an expected
   * error, or a SavedModel fixture whose signature's graph can stand alone as a GraphDef fixture
   * ({@link SavedModelGraphs}).
   *
   * @param file where {@code f} was read (locates a SavedModel fixture's model); may be null for
   *     graph fixtures
   * @throws RawOpsException FAILED_PRECONDITION when rawops passes {@code f}, or for a SavedModel
   *     whose signature needs what a GraphDef cannot hold (variables, tables, assets, an init op)
   */
  public static Outcome minimize(
      Fixture f, java.nio.file.Path file, Oracle oracle, Tolerance defaultTolerance) {
    List<String> notes = new ArrayList<>();
    if (SavedModelCases.isSavedModelFixture(f)) {
      f = SavedModelGraphs.graphFixture(f, file);
      notes.add(
          "the SavedModel fixture was turned into a GraphDef fixture of its signature's graph (no"
              + " variables, tables, assets or init op to restore), fed and fetched by tensor name");
    }
    if (f.hasError()) {
      return ErrorMinimizer.minimize(f, oracle, notes);
    }
    return minimizeValues(f, oracle, defaultTolerance, notes);
  }

  private static Outcome minimizeValues(
      Fixture f, Oracle oracle, Tolerance defaultTolerance, List<String> notes) {
    Result r = new ConformanceRunner(Device.CPU, defaultTolerance).run(f);
    if (!r.failed()) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          "rawops passes '" + f.getName() + "' (" + r.status() + "): nothing to minimize");
    }
    GraphDef def = f.getGraph();
    Tolerance tol = f.hasTolerance() ? f.getTolerance() : defaultTolerance;
    Graph graph = Graph.build(def, Device.CPU);
    Map<String, TensorProto> feeds = new LinkedHashMap<>(f.getFeedMap());
    Set<String> frame = frameNodes(graph.topologicalNodes());
    String target;
    TensorProto want;
    String values;
    Set<String> ownCuts = Set.of();
    Map<String, TensorProto> reference;
    if (oracle != null) {
      Map<String, List<String>> groups = branchGroups(graph.topologicalNodes(), frame, feeds);
      reference = oracleValues(oracle, def, feeds, groups);
      List<String> differing = differences(graph, feeds, groups, reference, tol);
      if (differing.isEmpty()) {
        throw RawOpsException.of(
            Code.FAILED_PRECONDITION,
            "rawops fails '"
                + f.getName()
                + "' ("
                + r.reason()
                + "), but no fetchable output outside loop frames differs from "
                + oracle.source()
                + " with its graph rewrites off: not a wrong value to minimize");
      }
      values = "the values of " + oracle.source();
      // The first output that differs on its own: its node, fed TensorFlow's values of all its
      // inputs, still computes it wrong (as compare --cumulative). Else the first that differs.
      target = differing.get(0);
      for (String d : differing) {
        Shrink own = new Shrink(def, feeds, frame, reference, d, reference.get(d), tol);
        Set<String> inputs = own.inputCuts(node(graph, TensorName.parse(d).node()));
        if (inputs != null && own.fails(inputs)) {
          target = d;
          ownCuts = inputs;
          break;
        }
      }
      want = reference.get(target);
    } else {
      int i = firstFailingFetch(f, graph, tol);
      target = f.getFetch(i);
      want = f.getExpected(i);
      values = "the values the fixture records for its other fetches (TensorFlow's)";
      reference = recordedValues(f, graph, i);
      notes.add(
          reference.isEmpty()
              ? "without rawops-tf the graph is cut only at values the fixture records (its other"
                  + " fetches' expected values); it has none besides the failing fetch, so only"
                  + " unneeded fetches and nodes were dropped"
              : "without rawops-tf the graph is cut only where the fixture records TensorFlow's"
                  + " value (its other "
                  + reference.size()
                  + " fetched output(s)), never at rawops' own intermediate values");
    }
    TensorName t = TensorName.parse(target);
    Graph.Node failing = node(graph, t.node());
    String failingOp = failing == null ? "?" : failing.op();
    Shrink s = new Shrink(def, feeds, frame, reference, target, want, tol);
    Set<String> cuts = new LinkedHashSet<>(ownCuts);
    if (!s.fails(cuts)) {
      throw RawOpsException.of(
          Code.INTERNAL,
          "the candidate fetching only '" + target + "' no longer fails (a rawops bug)");
    }
    if (!reference.isEmpty()) {
      cuts = s.cutGreedily(graph.topologicalNodes(), cuts);
    }
    if (oracle == null && !reference.isEmpty()) {
      notes.add(
          cuts.isEmpty()
              ? "none of those values lies above the failing fetch where a cut keeps the failure:"
                  + " the graph is not cut"
              : cuts.size() + " node(s) cut there, fed TensorFlow's recorded values");
    }
    GraphDef small = s.graph(cuts);
    Map<String, TensorProto> smallFeeds = s.feeds(cuts);
    String from = f.getName().isEmpty() ? "a fixture" : "'" + f.getName() + "'";
    String description =
        "minimized by rawops minimize from "
            + from
            + " ("
            + small.getNodeCount()
            + " of "
            + def.getNodeCount()
            + " nodes): node '"
            + t.node()
            + "' (op "
            + failingOp
            + ") computes "
            + target
            + " unlike TensorFlow; "
            + (cuts.isEmpty()
                ? "the graph is not cut"
                : cuts.size() + " cut input(s) fed " + values + " from the original run")
            + "; expected values "
            + (oracle != null
                ? "recorded again from " + oracle.source()
                : "kept from the original fixture");
    Fixture.Builder out =
        Fixture.newBuilder()
            .setName(f.getName().isEmpty() ? "minimized" : f.getName() + "/minimized")
            .setDescription(description)
            .setSource(oracle != null ? oracle.source() : f.getSource())
            .setGraph(small)
            .putAllFeed(smallFeeds)
            .addFetch(target);
    if (tol != null) {
      out.setTolerance(tol);
    }
    if (oracle != null) {
      Oracle.Outcome o =
          Recording.deterministic(
              oracle, small, smallFeeds, List.of(target), "the minimized case", tol);
      if (o.failed()) {
        throw RawOpsException.of(
            Code.INTERNAL,
            "TensorFlow "
                + Recording.summary(o)
                + " on the minimized graph, though it ran the original (a cut it cannot take)");
      }
      out.addAllExpected(o.outputs());
    } else {
      out.addExpected(want);
    }
    Fixture result = out.build();
    Result check = new ConformanceRunner(Device.CPU).run(result);
    if (!check.failed()) {
      throw RawOpsException.of(
          Code.INTERNAL,
          "the minimized fixture "
              + check.status()
              + " once its expected values were recorded again (TensorFlow's answer on the"
              + " smaller graph differs from its intermediate value)");
    }
    return new Outcome(
        result,
        def.getNodeCount(),
        small.getNodeCount(),
        t.node(),
        failingOp,
        target,
        values,
        oracle != null,
        s.tries,
        notes);
  }

  /**
   * The fixture's expected values of its fetches other than fetch {@code failing}, by output name
   * ("node:i"): TensorFlow's values of those tensors, where the graph may be cut without an oracle.
   */
  private static Map<String, TensorProto> recordedValues(Fixture f, Graph graph, int failing) {
    Map<String, TensorProto> out = new HashMap<>();
    for (int k = 0; k < f.getFetchCount(); k++) {
      TensorName t = TensorName.parse(f.getFetch(k));
      if (k != failing && graph.node(t.node()).isPresent()) {
        out.put(t.node() + ":" + t.index(), f.getExpected(k));
      }
    }
    return out;
  }

  private static Graph.Node node(Graph graph, String name) {
    for (Graph.Node n : graph.topologicalNodes()) {
      if (n.name().equals(name)) {
        return n;
      }
    }
    return null;
  }

  /** The index of the first fetch whose value rawops gets wrong. */
  private static int firstFailingFetch(Fixture f, Graph graph, Tolerance tol) {
    Map<String, Tensor> feeds = new LinkedHashMap<>();
    f.getFeedMap().forEach((k, v) -> feeds.put(k, TensorProtos.toTensor(v)));
    try (Session session = graph.newSession()) {
      List<Tensor> got = session.run(feeds, f.getFetchList());
      for (int i = 0; i < f.getFetchCount(); i++) {
        if (TensorDiff.compare(
                List.of(f.getFetch(i)), List.of(f.getExpected(i)), List.of(got.get(i)), tol)
            != null) {
          return i;
        }
      }
    }
    throw RawOpsException.of(
        Code.FAILED_PRECONDITION,
        "rawops fails '"
            + f.getName()
            + "' but computes every fetch as expected: not a wrong value to minimize");
  }

  /** Loop frames: every node from an Enter up to (not including) its Exit; never cut. */
  static Set<String> frameNodes(List<Graph.Node> order) {
    Map<String, List<String>> consumers = new HashMap<>();
    Map<String, String> opOf = new HashMap<>();
    for (Graph.Node n : order) {
      opOf.put(n.name(), n.op());
      for (String in : n.inputs()) {
        consumers
            .computeIfAbsent(TensorName.parse(in).node(), k -> new ArrayList<>())
            .add(n.name());
      }
    }
    Set<String> inside = new HashSet<>();
    ArrayDeque<String> work = new ArrayDeque<>();
    order.stream().filter(n -> LOOP_STARTS.contains(n.op())).forEach(n -> work.add(n.name()));
    while (!work.isEmpty()) {
      String n = work.pop();
      if (LOOP_ENDS.contains(opOf.get(n)) || !inside.add(n)) {
        continue; // an Exit's value is outside the frame: fetchable, and a place to cut
      }
      work.addAll(consumers.getOrDefault(n, List.of()));
    }
    return inside;
  }

  /**
   * Every output the search may fetch or cut at (not in a loop frame, not fed, not a resource or
   * variant), grouped by the conditional branches it lies on: the key names each (predicate,
   * branch) pair between the output and the feeds, "" for none. A branch not taken cannot be
   * fetched, so each group is fetched as one batch and left out whole when that fails.
   */
  static Map<String, List<String>> branchGroups(
      List<Graph.Node> order, Set<String> frame, Map<String, TensorProto> feeds) {
    Set<String> fed = new HashSet<>();
    feeds.keySet().forEach(k -> fed.add(TensorName.parse(k).node()));
    Map<String, java.util.TreeSet<String>> keyOf = new HashMap<>();
    Map<String, Graph.Node> byName = new HashMap<>();
    order.forEach(n -> byName.put(n.name(), n));
    Map<String, List<String>> groups = new LinkedHashMap<>();
    for (Graph.Node n : order) {
      java.util.TreeSet<String> key = new java.util.TreeSet<>();
      if (!FRAME_ENDS.contains(n.op())) {
        for (String in : n.inputs()) {
          TensorName t = TensorName.parse(in);
          java.util.TreeSet<String> k = keyOf.get(t.node());
          if (k != null) {
            key.addAll(k);
          }
          Graph.Node src = byName.get(t.node());
          if (src != null && !t.control() && src.op().equals("Switch")) {
            key.add(src.inputs().get(1) + "#" + t.index());
          }
        }
      }
      keyOf.put(n.name(), key);
      if (frame.contains(n.name()) || fed.contains(n.name())) {
        continue;
      }
      for (int i = 0; i < n.outputTypes().size(); i++) {
        DType d = n.outputTypes().get(i);
        if (d != null && d != DType.RESOURCE && d != DType.VARIANT) {
          // A Switch's output is on its own branch: the dead one fails alone.
          java.util.TreeSet<String> k = new java.util.TreeSet<>(key);
          if (n.op().equals("Switch")) {
            k.add(n.inputs().get(1) + "#" + i);
          }
          groups
              .computeIfAbsent(String.join(",", k), x -> new ArrayList<>())
              .add(n.name() + ":" + i);
        }
      }
    }
    return groups;
  }

  /** TensorFlow's value of every output it can fetch (see {@link #branchGroups}). */
  static Map<String, TensorProto> oracleValues(
      Oracle oracle,
      GraphDef def,
      Map<String, TensorProto> feeds,
      Map<String, List<String>> groups) {
    Map<String, TensorProto> out = new HashMap<>();
    groups.forEach(
        (key, tensors) -> {
          if (key.isEmpty()) {
            fetch(oracle, def, feeds, tensors, out);
            return;
          }
          Oracle.Outcome o = oracle.run(def, feeds, tensors, false);
          if (!o.failed()) {
            for (int i = 0; i < tensors.size(); i++) {
              out.put(tensors.get(i), o.outputs().get(i));
            }
          }
        });
    return out;
  }

  /** The outputs rawops computes unlike the reference, in topological order. */
  private static List<String> differences(
      Graph graph,
      Map<String, TensorProto> feeds,
      Map<String, List<String>> groups,
      Map<String, TensorProto> reference,
      Tolerance tol) {
    Map<String, Tensor> in = new LinkedHashMap<>();
    feeds.forEach((k, v) -> in.put(k, TensorProtos.toTensor(v)));
    Map<String, Tensor> ours = new HashMap<>();
    try (Session session = graph.newSession()) {
      for (List<String> group : groups.values()) {
        List<String> known = group.stream().filter(reference::containsKey).toList();
        if (known.isEmpty()) {
          continue;
        }
        try {
          List<Tensor> got = session.run(in, known);
          for (int i = 0; i < known.size(); i++) {
            ours.put(known.get(i), got.get(i));
          }
        } catch (RawOpsException e) {
          for (String t : known) { // one at a time: the ones rawops can compute
            try {
              ours.put(t, session.run(in, List.of(t)).get(0));
            } catch (RawOpsException x) {
              // rawops fails where TensorFlow computes: compared at a later output
            }
          }
        }
      }
    }
    List<String> out = new ArrayList<>();
    for (Graph.Node n : graph.topologicalNodes()) {
      for (int i = 0; i < n.outputTypes().size(); i++) {
        String t = n.name() + ":" + i;
        if (ours.containsKey(t)
            && TensorDiff.compare(List.of(t), List.of(reference.get(t)), List.of(ours.get(t)), tol)
                != null) {
          out.add(t);
        }
      }
    }
    return out;
  }

  /** Fetches in halves where a batch fails, so an unfetchable tensor is left out alone. */
  private static void fetch(
      Oracle oracle,
      GraphDef def,
      Map<String, TensorProto> feeds,
      List<String> tensors,
      Map<String, TensorProto> out) {
    if (tensors.isEmpty()) {
      return;
    }
    Oracle.Outcome o = oracle.run(def, feeds, tensors, false);
    if (!o.failed()) {
      for (int i = 0; i < tensors.size(); i++) {
        out.put(tensors.get(i), o.outputs().get(i));
      }
    } else if (tensors.size() > 1) {
      int half = tensors.size() / 2;
      fetch(oracle, def, feeds, tensors.subList(0, half), out);
      fetch(oracle, def, feeds, tensors.subList(half, tensors.size()), out);
    }
  }

  /** One search: candidates are the original graph with a set of nodes cut. */
  static class Shrink {
    final GraphDef def;
    final Map<String, NodeDef> byName = new LinkedHashMap<>();
    final Map<String, TensorProto> feeds;
    final Set<String> fedNodes = new HashSet<>();
    final Set<String> frame;
    final Map<String, TensorProto> reference;
    final String target;
    final TensorProto want;
    final Tolerance tol;

    /** The nodes whose needs are kept: the target's node, or every fetch's for an error. */
    List<String> roots;

    int tries;

    Shrink(
        GraphDef def,
        Map<String, TensorProto> feeds,
        Set<String> frame,
        Map<String, TensorProto> reference,
        String target,
        TensorProto want,
        Tolerance tol) {
      this.def = def;
      def.getNodeList().forEach(n -> byName.put(n.getName(), n));
      this.feeds = feeds;
      feeds.keySet().forEach(k -> fedNodes.add(TensorName.parse(k).node()));
      this.frame = frame;
      this.reference = reference;
      this.target = target;
      this.want = want;
      this.tol = tol;
      this.roots = List.of(TensorName.parse(target).node());
    }

    /**
     * Adds cuts one node at a time, from the last node in {@code order} to the first, keeping each
     * under which {@link #fails} still holds, until a whole pass keeps none; {@code cuts} itself is
     * not changed.
     */
    Set<String> cutGreedily(List<Graph.Node> order, Set<String> cuts) {
      Set<String> done = cuts;
      boolean changed = true;
      while (changed) {
        changed = false;
        Set<String> kept = kept(done);
        for (int k = order.size() - 1; k >= 0; k--) {
          Graph.Node n = order.get(k);
          if (!kept.contains(n.name()) || !cuttable(n) || done.contains(n.name())) {
            continue;
          }
          Set<String> tryCuts = new LinkedHashSet<>(done);
          tryCuts.add(n.name());
          if (fails(tryCuts)) {
            done = tryCuts;
            kept = kept(done);
            changed = true;
          }
        }
      }
      return done;
    }

    /** A node may become a Placeholder: not in a frame, not fed or constant, values known. */
    boolean cuttable(Graph.Node n) {
      if (frame.contains(n.name())
          || fedNodes.contains(n.name())
          || n.op().equals("Const")
          || n.op().equals("Placeholder")
          || roots.contains(n.name())) {
        return false;
      }
      // A candidate whose consumers need an output with no known value does not build, and is
      // rejected by fails(): one known output is enough to try.
      for (int i = 0; i < n.outputTypes().size(); i++) {
        if (reference.containsKey(n.name() + ":" + i)) {
          return true;
        }
      }
      return false;
    }

    /** Every non-constant input node of {@code n} cut; null when one cannot be. */
    Set<String> inputCuts(Graph.Node n) {
      Set<String> out = new LinkedHashSet<>();
      for (String in : n.inputs()) {
        TensorName t = TensorName.parse(in);
        NodeDef d = byName.get(t.node());
        if (t.control() || d.getOp().equals("Const") || fedNodes.contains(t.node())) {
          continue;
        }
        if (frame.contains(t.node()) || !reference.containsKey(t.node() + ":" + t.index())) {
          return null;
        }
        out.add(t.node());
      }
      return out;
    }

    /** The nodes the target needs, stopping at cuts; a frame node pulls in every frame node. */
    Set<String> kept(Set<String> cuts) {
      Set<String> kept = new LinkedHashSet<>();
      ArrayDeque<String> work = new ArrayDeque<>();
      work.addAll(roots);
      boolean framesIn = false;
      while (!work.isEmpty()) {
        String n = work.pop();
        if (!kept.add(n)) {
          continue;
        }
        if (frame.contains(n) && !framesIn) {
          framesIn = true;
          work.addAll(frame);
        }
        if (cuts.contains(n)) {
          continue;
        }
        NodeDef d = byName.get(n);
        if (d == null) {
          continue; // a fetch of a node the graph lacks: the candidate fails as the original
        }
        for (String in : d.getInputList()) {
          work.add(TensorName.parse(in).node());
        }
      }
      return kept;
    }

    GraphDef graph(Set<String> cuts) {
      Set<String> kept = kept(cuts);
      GraphDef.Builder g = def.toBuilder().clearNode();
      for (NodeDef n : def.getNodeList()) {
        if (!kept.contains(n.getName())) {
          continue;
        }
        if (!cuts.contains(n.getName())) {
          g.addNode(n);
          continue;
        }
        // A cut node with one output becomes a Placeholder of that name; a multi-output node's
        // outputs each become one, and consumers' inputs are renamed (see rename).
        int outputs = outputsUsed(n.getName(), kept);
        for (int i = 0; i <= outputs; i++) {
          TensorProto v = reference.get(n.getName() + ":" + i);
          if (v == null) {
            continue;
          }
          g.addNode(
              NodeDef.newBuilder()
                  .setName(placeholder(n.getName(), i))
                  .setOp("Placeholder")
                  .putAttr("dtype", AttrValue.newBuilder().setType(v.getDtype()).build()));
        }
      }
      for (int k = 0; k < g.getNodeCount(); k++) {
        NodeDef n = g.getNode(k);
        if (n.getOp().equals("Placeholder") && cuts.contains(baseOf(n.getName()))) {
          continue;
        }
        NodeDef.Builder b = n.toBuilder().clearInput();
        for (String in : n.getInputList()) {
          TensorName t = TensorName.parse(in);
          if (!cuts.contains(t.node())) {
            b.addInput(in);
          } else if (!t.control()) {
            b.addInput(placeholder(t.node(), t.index()));
          }
        }
        g.setNode(k, b);
      }
      return g.build();
    }

    private int outputsUsed(String node, Set<String> kept) {
      int max = 0;
      for (String k : kept) {
        for (String in : byName.get(k).getInputList()) {
          TensorName t = TensorName.parse(in);
          if (t.node().equals(node) && !t.control()) {
            max = Math.max(max, t.index());
          }
        }
      }
      return max;
    }

    private static String placeholder(String node, int i) {
      return i == 0 ? node : node + "/cut_output_" + i;
    }

    private String baseOf(String name) {
      int at = name.lastIndexOf("/cut_output_");
      return at < 0 ? name : name.substring(0, at);
    }

    Map<String, TensorProto> feeds(Set<String> cuts) {
      Set<String> kept = kept(cuts);
      Map<String, TensorProto> out = new LinkedHashMap<>();
      feeds.forEach(
          (k, v) -> {
            if (kept.contains(TensorName.parse(k).node())) {
              out.put(k, v);
            }
          });
      for (String c : cuts) {
        if (!kept.contains(c)) {
          continue;
        }
        int outputs = outputsUsed(c, kept);
        for (int i = 0; i <= outputs; i++) {
          TensorProto v = reference.get(c + ":" + i);
          if (v != null) {
            out.put(placeholder(c, i) + ":0", v);
          }
        }
      }
      return out;
    }

    /** Whether rawops, on the candidate, still computes the target unlike {@code want}. */
    boolean fails(Set<String> cuts) {
      return computesWrong(cuts);
    }

    private boolean computesWrong(Set<String> cuts) {
      tries++;
      try {
        Graph g = Graph.build(graph(cuts), Device.CPU);
        Map<String, Tensor> in = new LinkedHashMap<>();
        feeds(cuts).forEach((k, v) -> in.put(k, TensorProtos.toTensor(v)));
        try (Session s = g.newSession()) {
          List<Tensor> got = s.run(in, List.of(target));
          return TensorDiff.compare(List.of(target), List.of(want), got, tol) != null;
        }
      } catch (RawOpsException e) {
        return false; // another failure (a cut rawops cannot run) is not the same failure
      }
    }
  }
}
