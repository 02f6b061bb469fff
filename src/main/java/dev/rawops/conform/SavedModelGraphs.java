package dev.rawops.conform;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.savedmodel.SavedModel;
import dev.rawops.tfproto.FunctionDef;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.MetaGraphDef;
import dev.rawops.tfproto.NodeDef;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A SavedModel fixture as the GraphDef fixture of its signature's graph, for {@link Minimizer}:
 * possible only when running the signature needs nothing the loader sets up besides the graph — no
 * variables restored from the checkpoint, no lookup tables, no asset files, no init op. Then the
 * MetaGraphDef's graph, fed by the signature's input tensor names and fetched by its output tensor
 * names, computes what the signature does, and TensorFlow's recorded answer stays right.
 */
final class SavedModelGraphs {
  private SavedModelGraphs() {}

  /** Ops that hold state the loader restores or initializes. */
  private static final Set<String> STATEFUL =
      Set.of(
          "VarHandleOp",
          "VariableV2",
          "Variable",
          "TemporaryVariable",
          "HashTable",
          "HashTableV2",
          "MutableHashTable",
          "MutableHashTableV2",
          "MutableHashTableOfTensors",
          "MutableHashTableOfTensorsV2",
          "MutableDenseHashTable",
          "MutableDenseHashTableV2",
          "AnonymousHashTable",
          "AnonymousMutableHashTable",
          "AnonymousMutableHashTableOfTensors",
          "AnonymousMutableDenseHashTable");

  /**
   * The GraphDef fixture of SavedModel fixture {@code f} read from {@code file}.
   *
   * @throws RawOpsException FAILED_PRECONDITION naming what the signature needs that a GraphDef
   *     cannot hold; NOT_FOUND when the model or signature is not found
   */
  static Fixture graphFixture(Fixture f, Path file) {
    Path model = SavedModelCases.locate(f, file);
    MetaGraphDef mg = SavedModel.metaGraph(model);
    String key = SavedModelCases.signature(f);
    SavedModel.Signature sig = SavedModel.signatures(mg).get(key);
    if (sig == null) {
      throw RawOpsException.of(
          Code.NOT_FOUND, "the SavedModel " + model + " has no signature '" + key + "'");
    }
    List<String> needs = needs(mg);
    if (!needs.isEmpty()) {
      throw RawOpsException.of(
          Code.FAILED_PRECONDITION,
          "the SavedModel fixture '"
              + f.getName()
              + "' is not minimized: its model ("
              + model
              + ") needs what a GraphDef fixture cannot hold: "
              + String.join("; ", needs)
              + ". Freeze the model (variables to constants) and record the frozen graph with"
              + " `rawops record`, then minimize that fixture");
    }
    Fixture.Builder b =
        Fixture.newBuilder()
            .setName(f.getName())
            .setDescription(
                "signature '" + key + "' of the SavedModel " + model + ": " + f.getDescription())
            .setSource("the SavedModel fixture's expected values")
            .setGraph(mg.getGraphDef());
    for (Map.Entry<String, dev.rawops.tfproto.TensorProto> e : f.getFeedMap().entrySet()) {
      b.putFeed(tensor(sig.inputs(), e.getKey(), "input", key), e.getValue());
    }
    for (String fetch : f.getFetchList()) {
      b.addFetch(tensor(sig.outputs(), fetch, "output", key));
    }
    b.addAllExpected(f.getExpectedList());
    if (f.hasError()) {
      b.setError(f.getError());
    }
    if (f.hasTolerance()) {
      b.setTolerance(f.getTolerance());
    }
    return b.build();
  }

  private static String tensor(
      List<SavedModel.TensorSpec> specs, String name, String what, String key) {
    return specs.stream()
        .filter(s -> s.key().equals(name))
        .map(SavedModel.TensorSpec::tensorName)
        .findFirst()
        .orElseThrow(
            () ->
                RawOpsException.of(
                    Code.NOT_FOUND, "signature '" + key + "' has no " + what + " '" + name + "'"));
  }

  /** What the loader would set up for {@code mg} that a GraphDef fixture cannot hold. */
  static List<String> needs(MetaGraphDef mg) {
    List<String> out = new ArrayList<>();
    GraphDef g = mg.getGraphDef();
    for (NodeDef n : g.getNodeList()) {
      if (STATEFUL.contains(n.getOp())) {
        out.add(
            "state restored or initialized by the loader ("
                + n.getOp()
                + " '"
                + n.getName()
                + "')");
        break;
      }
    }
    if (out.isEmpty()) {
      for (FunctionDef fn : g.getLibrary().getFunctionList()) {
        for (NodeDef n : fn.getNodeDefList()) {
          if (STATEFUL.contains(n.getOp())) {
            out.add(
                "state created in function "
                    + fn.getSignature().getName()
                    + " ("
                    + n.getOp()
                    + " '"
                    + n.getName()
                    + "')");
            break;
          }
        }
        if (!out.isEmpty()) {
          break;
        }
      }
    }
    if (mg.getAssetFileDefCount() > 0) {
      out.add(mg.getAssetFileDefCount() + " asset file(s) the loader feeds by path");
    }
    if (mg.getSignatureDefMap().containsKey("__saved_model_init_op")
        || mg.getCollectionDefMap().containsKey("saved_model_main_op")
        || mg.getCollectionDefMap().containsKey("legacy_init_op")) {
      out.add("an init op the loader runs first");
    }
    return out;
  }
}
