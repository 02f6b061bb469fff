package dev.rawops.conform;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.fixtureproto.ExpectedError.Stage;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link Minimizer} for a fixture that expects TensorFlow's error and that rawops fails (another
 * code or stage, or no error): a candidate is kept only when rawops still does exactly what it did
 * on the original (the same code at the same stage, or no error) and, with an {@link Oracle},
 * TensorFlow still fails with the fixture's code and stage.
 *
 * <p>Without an oracle only what is sound is done: TensorFlow runs just the nodes its fetches need
 * (after importing the whole graph), so for a RUN error the nodes no fetch needs are dropped; no
 * fetch is dropped and nothing cut, since only TensorFlow can say that a smaller graph still fails.
 * A BUILD error may come from any node of the imported graph, so without an oracle nothing is
 * dropped and the fixture is refused. With an oracle: one fetch alone when TensorFlow still fails
 * with it, then cuts at TensorFlow's values of outputs it computes before failing, each candidate
 * checked on both sides, and the error recorded again from TensorFlow.
 */
final class ErrorMinimizer {
  private ErrorMinimizer() {}

  static Minimizer.Outcome minimize(Fixture f, Oracle oracle, List<String> notes) {
    String malformed = ConformanceRunner.malformed(f);
    if (malformed != null) {
      throw RawOpsException.of(Code.INVALID_ARGUMENT, "malformed fixture: " + malformed);
    }
    Result r = new ConformanceRunner(Device.CPU).run(f);
    if (!r.failed()) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          "rawops passes '" + f.getName() + "' (" + r.status() + "): nothing to minimize");
    }
    ExpectedError want = f.getError();
    Stage wantStage = want.getStage() == Stage.BUILD ? Stage.BUILD : Stage.RUN;
    String tfError = want.getCode() + " at " + wantStage;
    GraphDef def = f.getGraph();
    Map<String, TensorProto> feeds = new LinkedHashMap<>(f.getFeedMap());
    String ours = rawops(def, feeds, f.getFetchList());
    if (oracle == null && wantStage == Stage.BUILD) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          "'"
              + f.getName()
              + "' expects TensorFlow's "
              + tfError
              + ": TensorFlow checks every node of the graph while importing it, so without the"
              + " module rawops-tf no node can be dropped or cut knowing that TensorFlow still"
              + " fails the same way; nothing was minimized");
    }
    Graph graph = null;
    try {
      graph = Graph.build(def, Device.CPU);
    } catch (RawOpsException e) {
      notes.add("rawops rejects the graph, so its nodes cannot be ordered: only pruned");
    }
    List<Graph.Node> order = graph == null ? List.of() : graph.topologicalNodes();
    Set<String> frame = Minimizer.frameNodes(order);
    Map<String, TensorProto> reference = Map.of();
    if (oracle != null && graph != null) {
      reference =
          Minimizer.oracleValues(oracle, def, feeds, Minimizer.branchGroups(order, frame, feeds));
    }
    List<String> fetches = f.getFetchList();
    Search s = new Search(def, feeds, frame, reference, fetches, ours, oracle, want, wantStage);
    Set<String> none = Set.of();
    if (oracle != null && fetches.size() > 1) {
      for (String fetch : fetches) {
        Search one =
            new Search(def, feeds, frame, reference, List.of(fetch), ours, oracle, want, wantStage);
        if (one.fails(none)) {
          s = one;
          break;
        }
      }
    }
    if (!s.fails(none)) {
      throw RawOpsException.of(
          Code.INTERNAL,
          "the graph pruned to what the fetches need no longer fails the same way (rawops: "
              + ours
              + ")");
    }
    Set<String> cuts = new LinkedHashSet<>();
    if (oracle != null) {
      cuts = s.cutGreedily(order, cuts);
      notes.add(
          "each candidate was checked on both sides: "
              + oracle.source()
              + " still fails with "
              + tfError
              + ", and rawops still "
              + ours);
    } else {
      notes.add(
          "without rawops-tf only the nodes no fetch needs were dropped (TensorFlow runs only what"
              + " its fetches need); no fetch was dropped and no node cut, as only TensorFlow can"
              + " tell whether a smaller graph still fails with "
              + tfError);
    }
    GraphDef small = s.graph(cuts);
    Map<String, TensorProto> smallFeeds = s.feeds(cuts);
    ExpectedError error = want;
    if (oracle != null) {
      Oracle.Outcome o = oracle.run(small, smallFeeds, s.fetches, false);
      if (!s.sameError(o)) {
        throw RawOpsException.of(
            Code.INTERNAL,
            "TensorFlow " + Recording.summary(o) + " on the minimized graph, unlike on each try");
      }
      error = o.error();
    }
    String fetchNode = TensorName.parse(s.fetches.get(0)).node();
    String fetchOp =
        def.getNodeList().stream()
            .filter(n -> n.getName().equals(fetchNode))
            .map(n -> n.getOp())
            .findFirst()
            .orElse("?");
    String from = f.getName().isEmpty() ? "a fixture" : "'" + f.getName() + "'";
    String description =
        "minimized by rawops minimize from "
            + from
            + " ("
            + small.getNodeCount()
            + " of "
            + def.getNodeCount()
            + " nodes): TensorFlow fails with "
            + tfError
            + " fetching "
            + String.join(", ", s.fetches)
            + ", rawops "
            + ours
            + "; "
            + (cuts.isEmpty()
                ? "the graph is not cut"
                : cuts.size() + " cut input(s) fed the values of " + oracle.source())
            + "; the expected error "
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
            .addAllFetch(s.fetches)
            .setError(error);
    Fixture result = out.build();
    Result check = new ConformanceRunner(Device.CPU).run(result);
    if (!check.failed()) {
      throw RawOpsException.of(
          Code.INTERNAL, "the minimized fixture " + check.status() + " (a rawops bug)");
    }
    return new Minimizer.Outcome(
        result,
        def.getNodeCount(),
        small.getNodeCount(),
        fetchNode,
        fetchOp,
        String.join(", ", s.fetches),
        oracle != null ? "the values of " + oracle.source() : "none (no cuts)",
        oracle != null,
        s.tries,
        notes);
  }

  /** What rawops does on a graph: "runs without error", or "fails with CODE at STAGE". */
  static String rawops(GraphDef def, Map<String, TensorProto> feeds, List<String> fetches) {
    Graph g;
    try {
      g = Graph.build(def, Device.CPU);
    } catch (RawOpsException e) {
      return "fails with " + e.code() + " at BUILD";
    }
    try (Session session = g.newSession()) {
      Map<String, Tensor> in = new LinkedHashMap<>();
      feeds.forEach((k, v) -> in.put(k, TensorProtos.toTensor(v)));
      session.run(in, fetches);
      return "runs without error";
    } catch (RawOpsException e) {
      return "fails with " + e.code() + " at RUN";
    } catch (RuntimeException e) {
      return "crashes with " + e.getClass().getSimpleName();
    }
  }

  /** Candidates that fetch {@code fetches}; one fails when both sides do as on the original. */
  private static final class Search extends Minimizer.Shrink {
    final List<String> fetches;
    final String ours;
    final Oracle oracle;
    final ExpectedError wantError;
    final Stage wantStage;

    Search(
        GraphDef def,
        Map<String, TensorProto> feeds,
        Set<String> frame,
        Map<String, TensorProto> reference,
        List<String> fetches,
        String ours,
        Oracle oracle,
        ExpectedError want,
        Stage wantStage) {
      super(def, feeds, frame, reference, fetches.get(0), null, null);
      this.fetches = List.copyOf(fetches);
      this.roots = fetches.stream().map(t -> TensorName.parse(t).node()).distinct().toList();
      this.ours = ours;
      this.oracle = oracle;
      this.wantError = want;
      this.wantStage = wantStage;
    }

    @Override
    boolean fails(Set<String> cuts) {
      tries++;
      GraphDef g = graph(cuts);
      Map<String, TensorProto> in = feeds(cuts);
      if (!rawops(g, in, fetches).equals(ours)) {
        return false;
      }
      return oracle == null || sameError(oracle.run(g, in, fetches, false));
    }

    boolean sameError(Oracle.Outcome o) {
      return o.failed()
          && o.error().getCode() == wantError.getCode()
          && (o.error().getStage() == Stage.BUILD ? Stage.BUILD : Stage.RUN) == wantStage;
    }
  }
}
