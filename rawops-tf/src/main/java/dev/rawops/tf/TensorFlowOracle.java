package dev.rawops.tf;

import dev.rawops.conform.Oracle;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * TensorFlow 2.18 (TF Java 1.1.0, CPU) as rawops' {@link Oracle}: what {@code rawops record} runs,
 * found through {@link java.util.ServiceLoader} when this module is on the class path.
 */
public final class TensorFlowOracle implements Oracle {
  /** What computed the expectations of a fixture this oracle recorded. */
  public static final String SOURCE = "tensorflow 2.18.0 cpu";

  @Override
  public String source() {
    return SOURCE;
  }

  @Override
  public Outcome run(
      GraphDef graph, Map<String, TensorProto> feeds, List<String> fetches, boolean rewrites) {
    return TfOracle.run(
        graph,
        feeds,
        fetches,
        rewrites ? TfOracle.Optimizations.DEFAULT : TfOracle.Optimizations.NONE);
  }

  @Override
  public Outcome runSavedModel(
      Path dir,
      List<String> tags,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      boolean rewrites) {
    return TfOracle.runSavedModel(
        dir,
        tags,
        feeds,
        fetches,
        rewrites ? TfOracle.Optimizations.DEFAULT : TfOracle.Optimizations.NONE);
  }
}
