package dev.rawops.conform;

import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * rawops and an {@link Oracle} (TensorFlow, rewrites off) side by side on the same graph and feeds,
 * every intermediate tensor both compute compared: the first node in topological order whose output
 * differs, and per op how many nodes differ by how much. Cumulative mode feeds each node the
 * oracle's values of its inputs, so each difference is that node's own.
 */
public final class Comparison {
  private Comparison() {}

  /** One output that differs: where, what, and the difference as {@link TensorDiff} says it. */
  public record Mismatch(
      String tensor,
      String node,
      String op,
      String dtype,
      String shape,
      String detail,
      double maxAbsError,
      double maxRelError) {}

  /** Per op: nodes compared, nodes that differ, and the largest errors seen. */
  public record OpSummary(
      String op, int nodes, int differing, double maxAbsError, double maxRelError) {}

  /**
   * What was compared.
   *
   * @param mismatches in topological order: the first is the first node that differs
   * @param notCompared tensors only one side computed, with the reason
   */
  public record Report(
      int compared,
      List<Mismatch> mismatches,
      List<OpSummary> perOp,
      Map<String, String> notCompared) {}

  /** Ops whose outputs are not fetched: loop frames and untaken branches make them unfetchable. */
  private static final Set<String> FRAME_OPS =
      Set.of("Enter", "RefEnter", "Switch", "RefSwitch", "LoopCond", "NextIteration");

  /** Compares every fetchable output; {@code tolerance} null means bit for bit. */
  public static Report run(
      Oracle oracle,
      GraphDef def,
      Map<String, TensorProto> feeds,
      Tolerance tolerance,
      boolean cumulative) {
    Graph graph = Graph.build(def, Device.CPU);
    List<Graph.Node> order = graph.topologicalNodes();
    Set<String> fedNodes = new HashSet<>();
    feeds.keySet().forEach(f -> fedNodes.add(TensorName.parse(f).node()));
    Set<String> unfetchable = insideFrames(order);
    List<String> candidates = new ArrayList<>();
    Map<String, Graph.Node> nodeOf = new HashMap<>();
    for (Graph.Node n : order) {
      if (fedNodes.contains(n.name()) || unfetchable.contains(n.name())) {
        continue;
      }
      for (int i = 0; i < n.outputTypes().size(); i++) {
        DType d = n.outputTypes().get(i);
        if (d != null && d != DType.RESOURCE && d != DType.VARIANT) {
          candidates.add(n.name() + ":" + i);
          nodeOf.put(n.name() + ":" + i, n);
        }
      }
    }
    Map<String, String> notCompared = new LinkedHashMap<>();
    Map<String, TensorProto> tf = new LinkedHashMap<>();
    fetchOracle(oracle, def, feeds, candidates, tf, notCompared);
    Map<String, Tensor> feedTensors = new LinkedHashMap<>();
    feeds.forEach((k, v) -> feedTensors.put(k, TensorProtos.toTensor(v)));
    Map<String, Tensor> ours = new LinkedHashMap<>();
    try (Session session = graph.newSession()) {
      if (cumulative) {
        runEachNode(session, order, feedTensors, tf, ours, notCompared);
      } else {
        fetchRawops(session, feedTensors, new ArrayList<>(tf.keySet()), ours, notCompared);
      }
    }
    return report(tf, ours, nodeOf, tolerance, notCompared);
  }

  /** Nodes in a loop frame or on a branch: downstream of Enter or Switch, before Exit or Merge. */
  private static Set<String> insideFrames(List<Graph.Node> order) {
    Map<String, List<String>> consumers = new HashMap<>();
    for (Graph.Node n : order) {
      for (String in : n.inputs()) {
        consumers
            .computeIfAbsent(TensorName.parse(in).node(), k -> new ArrayList<>())
            .add(n.name());
      }
    }
    Map<String, String> opOf = new HashMap<>();
    order.forEach(n -> opOf.put(n.name(), n.op()));
    Set<String> inside = new HashSet<>();
    ArrayDeque<String> work = new ArrayDeque<>();
    order.stream().filter(n -> FRAME_OPS.contains(n.op())).forEach(n -> work.add(n.name()));
    while (!work.isEmpty()) {
      String n = work.pop();
      if (!inside.add(n)) {
        continue;
      }
      for (String c : consumers.getOrDefault(n, List.of())) {
        String op = opOf.get(c);
        if (!op.equals("Exit") && !op.equals("RefExit") && !op.equals("Merge")) {
          work.add(c);
        }
      }
    }
    return inside;
  }

  /** The values of one batch of fetches, or why it failed. */
  private record Attempt<T>(List<T> values, String error) {}

  /**
   * Fetches in batches: a batch that fails is split in halves until each failing tensor stands
   * alone (a dead branch, a loop value), so one unfetchable tensor costs a few runs, not all.
   */
  private static <T> void bisect(
      List<String> fetches,
      java.util.function.Function<List<String>, Attempt<T>> run,
      Map<String, T> into,
      Map<String, String> failed) {
    if (fetches.isEmpty()) {
      return;
    }
    Attempt<T> a = run.apply(fetches);
    if (a.error() == null) {
      for (int i = 0; i < fetches.size(); i++) {
        into.put(fetches.get(i), a.values().get(i));
      }
    } else if (fetches.size() == 1) {
      failed.put(fetches.get(0), a.error());
    } else {
      int half = fetches.size() / 2;
      bisect(fetches.subList(0, half), run, into, failed);
      bisect(fetches.subList(half, fetches.size()), run, into, failed);
    }
  }

  private static void fetchOracle(
      Oracle oracle,
      GraphDef def,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      Map<String, TensorProto> into,
      Map<String, String> failed) {
    bisect(
        fetches,
        f -> {
          Oracle.Outcome o = oracle.run(def, feeds, f, false);
          return o.failed()
              ? new Attempt<>(
                  List.of(),
                  "the oracle fails: " + o.error().getCode() + " " + o.error().getMessage())
              : new Attempt<>(o.outputs(), null);
        },
        into,
        failed);
  }

  private static void fetchRawops(
      Session session,
      Map<String, Tensor> feeds,
      List<String> fetches,
      Map<String, Tensor> into,
      Map<String, String> failed) {
    bisect(
        fetches,
        f -> {
          try {
            return new Attempt<>(session.run(feeds, f), null);
          } catch (RawOpsException e) {
            return new Attempt<>(List.of(), "rawops fails: " + e.getMessage());
          }
        },
        into,
        failed);
  }

  /** Cumulative: each node run alone on the oracle's values of its data inputs. */
  private static void runEachNode(
      Session session,
      List<Graph.Node> order,
      Map<String, Tensor> feeds,
      Map<String, TensorProto> tf,
      Map<String, Tensor> into,
      Map<String, String> failed) {
    for (Graph.Node n : order) {
      List<String> outs =
          tf.keySet().stream().filter(t -> TensorName.parse(t).node().equals(n.name())).toList();
      if (outs.isEmpty()) {
        continue;
      }
      Map<String, Tensor> in = new LinkedHashMap<>(feeds);
      for (String input : n.inputs()) {
        TensorName t = TensorName.parse(input);
        String key = t.node() + ":" + t.index();
        if (!t.control() && tf.containsKey(key)) {
          in.put(key, TensorProtos.toTensor(tf.get(key)));
        }
      }
      fetchRawops(session, in, outs, into, failed);
    }
  }

  private static Report report(
      Map<String, TensorProto> tf,
      Map<String, Tensor> ours,
      Map<String, Graph.Node> nodeOf,
      Tolerance tolerance,
      Map<String, String> notCompared) {
    List<Mismatch> mismatches = new ArrayList<>();
    Map<String, double[]> perOp = new LinkedHashMap<>(); // nodes, differing, abs, rel
    Map<String, Set<String>> nodesOfOp = new HashMap<>();
    Set<String> differingNodes = new HashSet<>();
    int compared = 0;
    for (Map.Entry<String, TensorProto> e : tf.entrySet()) {
      Tensor got = ours.get(e.getKey());
      if (got == null) {
        continue;
      }
      compared++;
      Graph.Node n = nodeOf.get(e.getKey());
      double[] s = perOp.computeIfAbsent(n.op(), k -> new double[4]);
      if (nodesOfOp.computeIfAbsent(n.op(), k -> new HashSet<>()).add(n.name())) {
        s[0]++;
      }
      String diff =
          TensorDiff.compare(List.of(e.getKey()), List.of(e.getValue()), List.of(got), tolerance);
      if (diff == null) {
        continue;
      }
      Tensor want = TensorProtos.toTensor(e.getValue());
      double[] err = errors(want, got);
      if (differingNodes.add(n.name())) {
        s[1]++;
      }
      s[2] = Math.max(s[2], err[0]);
      s[3] = Math.max(s[3], err[1]);
      mismatches.add(
          new Mismatch(
              e.getKey(),
              n.name(),
              n.op(),
              want.dtype().tfName(),
              want.shape().toString(),
              diff.substring(diff.indexOf(": ") + 2),
              err[0],
              err[1]));
    }
    List<OpSummary> summary = new ArrayList<>();
    perOp.forEach((op, s) -> summary.add(new OpSummary(op, (int) s[0], (int) s[1], s[2], s[3])));
    summary.sort(
        java.util.Comparator.comparingInt((OpSummary o) -> -o.differing())
            .thenComparing(OpSummary::op));
    return new Report(compared, mismatches, summary, notCompared);
  }

  /** The largest absolute and relative error over the elements (floats; NaN for other types). */
  private static double[] errors(Tensor want, Tensor got) {
    DType d = want.dtype();
    if (!Tolerances.appliesTo(d) || !want.shape().equals(got.shape()) || got.dtype() != d) {
      return new double[] {Double.NaN, Double.NaN};
    }
    long n = want.numElements() * (d == DType.COMPLEX64 || d == DType.COMPLEX128 ? 2 : 1);
    double abs = 0;
    double rel = 0;
    for (long i = 0; i < n; i++) {
      double w = Numbers.get(want, i);
      double g = Numbers.get(got, i);
      double a = Math.abs(g - w);
      if (Double.isNaN(w) && Double.isNaN(g)) {
        continue;
      }
      abs = Math.max(abs, a);
      rel = Math.max(rel, w == 0 ? (a == 0 ? 0 : Double.POSITIVE_INFINITY) : a / Math.abs(w));
    }
    return new double[] {abs, rel};
  }
}
