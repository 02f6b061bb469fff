package dev.rawops.conform;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.tensor.TensorProtos;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import dev.rawops.tfproto.TensorProto;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Records one case from an {@link Oracle} as a fixture, refusing a case whose outcome would not be
 * TensorFlow's answer but one of its runs: the outcome must be the same with the oracle's graph
 * rewrites on and off (a fixture never depends on optimizer heuristics, see docs/FIXTURES.md), and
 * the same when run twice (no unseeded random op).
 */
public final class Recording {
  private Recording() {}

  /** Stateful random ops: without a seed (seed and seed2 zero) each run draws other values. */
  private static final Set<String> RANDOM_OPS =
      Set.of(
          "RandomUniform",
          "RandomUniformInt",
          "RandomStandardNormal",
          "TruncatedNormal",
          "RandomShuffle",
          "RandomGamma",
          "RandomPoisson",
          "RandomPoissonV2",
          "Multinomial",
          "ParameterizedTruncatedNormal",
          "RandomCrop");

  /**
   * The oracle's outcome, checked to be the same without its graph rewrites; refuses the case
   * (FAILED_PRECONDITION, both outcomes named) when it is not.
   */
  public static Oracle.Outcome rewriteIndependent(
      Oracle oracle,
      GraphDef graph,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      String what) {
    return sameWithoutRewrites(
        oracle, oracle.run(graph, feeds, fetches, true), graph, feeds, fetches, what);
  }

  private static Oracle.Outcome sameWithoutRewrites(
      Oracle oracle,
      Oracle.Outcome outcome,
      GraphDef graph,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      String what) {
    Oracle.Outcome plain = oracle.run(graph, feeds, fetches, false);
    if (!same(outcome, plain)) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          what
              + " depends on TensorFlow's graph rewrites: with them it "
              + summary(outcome)
              + ", without them it "
              + summary(plain)
              + differingFetch(outcome, plain, fetches));
    }
    return outcome;
  }

  /**
   * What {@code rawops record} writes: the outcome with the oracle's graph rewrites off (TF's plain
   * kernels, as rawops runs them), refused (FAILED_PRECONDITION) when a second run differs (an
   * unseeded random op) or when a run with the rewrites on fails otherwise or computes other values
   * beyond {@code tolerance} (null: bit for bit; rewrites such as op fusion round floats
   * otherwise).
   */
  public static Oracle.Outcome deterministic(
      Oracle oracle,
      GraphDef graph,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      String what,
      Tolerance tolerance) {
    return deterministic(
        rewrites -> oracle.run(graph, feeds, fetches, rewrites), graph, fetches, what, tolerance);
  }

  /**
   * {@link #deterministic(Oracle, GraphDef, Map, List, String, Tolerance)} for a SavedModel (feeds
   * and fetches by graph tensor name): {@code graph} is its MetaGraphDef's, for naming unseeded
   * random ops.
   */
  public static Oracle.Outcome deterministicSavedModel(
      Oracle oracle,
      java.nio.file.Path dir,
      List<String> tags,
      GraphDef graph,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      String what,
      Tolerance tolerance) {
    return deterministic(
        rewrites -> oracle.runSavedModel(dir, tags, feeds, fetches, rewrites),
        graph,
        fetches,
        what,
        tolerance);
  }

  private static Oracle.Outcome deterministic(
      java.util.function.Function<Boolean, Oracle.Outcome> run,
      GraphDef graph,
      List<String> fetches,
      String what,
      Tolerance tolerance) {
    Oracle.Outcome plain = run.apply(false);
    Oracle.Outcome again = run.apply(false);
    if (!same(plain, again)) {
      List<String> unseeded = unseededRandomNodes(graph);
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          what
              + " is nondeterministic: two runs with the same feeds differ"
              + differingFetch(plain, again, fetches)
              + (unseeded.isEmpty()
                  ? ""
                  : "; unseeded random ops (give them a seed or seed2): "
                      + String.join(", ", unseeded)));
    }
    Oracle.Outcome rewritten = run.apply(true);
    String diff =
        plain.failed() || rewritten.failed()
            ? (same(plain, rewritten) ? null : "")
            : TensorDiff.compare(
                fetches,
                plain.outputs(),
                rewritten.outputs().stream().map(TensorProtos::toTensor).toList(),
                tolerance);
    if (diff != null) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          what
              + " depends on TensorFlow's graph rewrites: without them it "
              + summary(plain)
              + ", with them it "
              + summary(rewritten)
              + (diff.isEmpty()
                  ? ""
                  : ", but "
                      + diff
                      + (tolerance == null
                          ? " (no tolerance given: --rtol/--atol record one)"
                          : " (beyond the tolerance)")));
    }
    return plain;
  }

  /** Nodes of a stateful random op with neither {@code seed} nor {@code seed2} set. */
  public static List<String> unseededRandomNodes(GraphDef graph) {
    List<String> out = new ArrayList<>();
    for (NodeDef n : graph.getNodeList()) {
      if (RANDOM_OPS.contains(n.getOp()) && seed(n, "seed") == 0 && seed(n, "seed2") == 0) {
        out.add(n.getName() + " (" + n.getOp() + ")");
      }
    }
    return out;
  }

  private static long seed(NodeDef n, String attr) {
    return n.containsAttr(attr) ? n.getAttrOrThrow(attr).getI() : 0;
  }

  /** The same values (proto for proto), or the same error code and stage. */
  public static boolean same(Oracle.Outcome a, Oracle.Outcome b) {
    if (a.failed() || b.failed()) {
      return a.failed()
          && b.failed()
          && a.error().getCode() == b.error().getCode()
          && a.error().getStage() == b.error().getStage();
    }
    return a.outputs().equals(b.outputs());
  }

  /** "succeeds" or "fails with CODE at STAGE (message)". */
  public static String summary(Oracle.Outcome o) {
    return o.failed()
        ? "fails with "
            + o.error().getCode()
            + " at "
            + o.error().getStage()
            + " ("
            + o.error().getMessage()
            + ")"
        : "succeeds";
  }

  private static String differingFetch(Oracle.Outcome a, Oracle.Outcome b, List<String> fetches) {
    if (a.failed() || b.failed() || a.outputs().size() != b.outputs().size()) {
      return "";
    }
    for (int i = 0; i < a.outputs().size(); i++) {
      if (!a.outputs().get(i).equals(b.outputs().get(i))) {
        return " (fetch '" + fetches.get(i) + "' differs)";
      }
    }
    return "";
  }

  /** The fixture recording {@code outcome}: TF's values, or its error. */
  public static Fixture fixture(
      String name,
      String description,
      String source,
      GraphDef graph,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      Oracle.Outcome outcome,
      Tolerance tolerance) {
    Fixture.Builder f =
        Fixture.newBuilder()
            .setName(name)
            .setDescription(description)
            .setSource(source)
            .setGraph(graph)
            .putAllFeed(feeds)
            .addAllFetch(fetches);
    if (outcome.failed()) {
      f.setError(outcome.error());
    } else {
      f.addAllExpected(outcome.outputs());
      if (tolerance != null) {
        f.setTolerance(tolerance);
      }
    }
    return f.build();
  }
}
