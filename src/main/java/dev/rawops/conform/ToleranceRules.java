package dev.rawops.conform;

import dev.rawops.fixtureproto.Fixture;
import dev.rawops.fixtureproto.Tolerance;
import dev.rawops.runtime.TensorName;
import dev.rawops.tensor.DType;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which tolerance each float output of a fixture is compared with, in this order: {@code override}
 * (the command line's {@code --rtol/--atol}), the fixture's own, {@code fallback} (a caller's
 * default for fixtures without their own), then the {@link ToleranceTable} when {@code table} is
 * on; otherwise bit for bit. Integer, bool and string outputs are always exact.
 *
 * @param override over every fixture's own tolerance; null when not given
 * @param fallback for fixtures without their own; null when not given
 * @param table whether the default table decides what nothing else does
 */
public record ToleranceRules(Tolerance override, Tolerance fallback, boolean table) {
  /** Bit for bit except where a fixture states a tolerance (the committed fixtures' test). */
  public static final ToleranceRules BIT_EXACT = new ToleranceRules(null, null, false);

  /** The fixture's own tolerance, else the default table ({@code rawops conform}'s default). */
  public static final ToleranceRules TABLE = new ToleranceRules(null, null, true);

  /** One output's tolerance and where it comes from. */
  public record Applied(String fetch, DType dtype, Tolerance tolerance, String why) {
    /** "rtol 1e-5, atol 1e-4" or "exact". */
    public String tolerance(boolean withFloors) {
      return ToleranceTable.cell(withFloors ? Tolerances.withFloor(tolerance, dtype) : tolerance);
    }
  }

  /**
   * Each fetch's tolerance.
   *
   * @param graph the graph that computes the fetches (a SavedModel's for a SavedModel fixture)
   * @param tensors the tensor in {@code graph} of each fetch (for a SavedModel fixture, the
   *     signature output's tensor name; else the fetch itself)
   * @param dtypes each fetch's dtype (the expected value's); null where unknown
   */
  public List<Applied> resolve(
      Fixture f, GraphDef graph, List<String> tensors, List<DType> dtypes) {
    List<Applied> out = new ArrayList<>();
    for (int i = 0; i < tensors.size(); i++) {
      String fetch = i < f.getFetchCount() ? f.getFetch(i) : tensors.get(i);
      DType d = i < dtypes.size() ? dtypes.get(i) : null;
      out.add(resolve(fetch, d, f, graph, tensors.get(i)));
    }
    return out;
  }

  /**
   * Each fetch's tolerance for fixture {@code f} read from {@code file}, without running it (a
   * SavedModel fixture's model is located and its graph read, not loaded).
   *
   * @throws dev.rawops.RawOpsException when a SavedModel fixture's model or signature is not found
   */
  public List<Applied> explain(Fixture f, java.nio.file.Path file) {
    List<DType> types = ConformanceRunner.expectedTypes(f);
    if (!SavedModelCases.isSavedModelFixture(f)) {
      return resolve(f, f.getGraph(), f.getFetchList(), types);
    }
    java.nio.file.Path model = SavedModelCases.locate(f, file);
    dev.rawops.tfproto.MetaGraphDef mg = dev.rawops.savedmodel.SavedModel.metaGraph(model);
    dev.rawops.savedmodel.SavedModel.Signature sig =
        dev.rawops.savedmodel.SavedModel.signatures(mg).get(SavedModelCases.signature(f));
    if (sig == null) {
      throw dev.rawops.RawOpsException.of(
          dev.rawops.Code.NOT_FOUND,
          "the SavedModel " + model + " has no signature '" + SavedModelCases.signature(f) + "'");
    }
    List<String> tensors = new ArrayList<>();
    for (String key : f.getFetchList()) {
      tensors.add(
          sig.outputs().stream()
              .filter(o -> o.key().equals(key))
              .map(dev.rawops.savedmodel.SavedModel.TensorSpec::tensorName)
              .findFirst()
              .orElse(key));
    }
    return resolve(f, mg.getGraphDef(), tensors, types);
  }

  private Applied resolve(String fetch, DType d, Fixture f, GraphDef graph, String tensor) {
    if (d == null || !Tolerances.appliesTo(d)) {
      return new Applied(
          fetch, d, null, "exact: " + (d == null ? "unknown" : d.tfName()) + " outputs always are");
    }
    if (override != null) {
      return new Applied(fetch, d, override, "--rtol/--atol, over any other tolerance");
    }
    if (f.hasTolerance()) {
      return new Applied(fetch, d, f.getTolerance(), "the fixture's own tolerance");
    }
    if (fallback != null) {
      return new Applied(fetch, d, fallback, "the default given for fixtures without their own");
    }
    if (!table) {
      return new Applied(fetch, d, null, "exact: the fixture states no tolerance");
    }
    Map<String, String> ops = opsComputing(graph, tensor);
    ToleranceTable.Choice c = ToleranceTable.choose(d, ops);
    if (c.tolerance() == null) {
      return new Applied(
          fetch,
          d,
          null,
          "the table: exact, as every op computing it is ("
              + String.join(", ", new java.util.TreeSet<>(ops.keySet()))
              + ")");
    }
    return new Applied(
        fetch,
        d,
        c.tolerance(),
        "the table: "
            + d.tfName()
            + " "
            + c.kind().label()
            + ", the loosest kind among the ops computing it, for "
            + String.join(", ", c.ops()));
  }

  /**
   * The ops that compute {@code tensor} in {@code graph}: its node and every node it depends on
   * through data inputs, plus every node of each function they call (by attr or as their op),
   * nested calls included; op name to the first node seen running it.
   */
  public static Map<String, String> opsComputing(GraphDef graph, String tensor) {
    Map<String, NodeDef> byName = new HashMap<>();
    graph.getNodeList().forEach(n -> byName.put(n.getName(), n));
    Map<String, FunctionDef> functions = new HashMap<>();
    graph
        .getLibrary()
        .getFunctionList()
        .forEach(fn -> functions.put(fn.getSignature().getName(), fn));
    Map<String, String> ops = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    Set<String> calledSeen = new HashSet<>();
    ArrayDeque<String> work = new ArrayDeque<>();
    work.add(TensorName.parse(tensor).node());
    while (!work.isEmpty()) {
      NodeDef n = byName.get(work.pop());
      if (n == null || !seen.add(n.getName())) {
        continue;
      }
      ops.putIfAbsent(n.getOp(), n.getName());
      called(n, functions, calledSeen, ops);
      for (String in : n.getInputList()) {
        TensorName t = TensorName.parse(in);
        if (!t.control()) {
          work.add(t.node());
        }
      }
    }
    return ops;
  }

  private static void called(
      NodeDef n, Map<String, FunctionDef> functions, Set<String> seen, Map<String, String> ops) {
    List<String> names = new ArrayList<>();
    if (functions.containsKey(n.getOp())) {
      names.add(n.getOp());
    }
    for (AttrValue a : n.getAttrMap().values()) {
      if (a.hasFunc()) {
        names.add(a.getFunc().getName());
      }
      a.getList().getFuncList().forEach(fn -> names.add(fn.getName()));
    }
    for (String name : names) {
      FunctionDef fn = functions.get(name);
      if (fn == null || !seen.add(name)) {
        continue;
      }
      for (NodeDef body : fn.getNodeDefList()) {
        ops.putIfAbsent(body.getOp(), name + "/" + body.getName());
        called(body, functions, seen, ops);
      }
    }
  }
}
