package dev.rawops.conform;

import dev.rawops.fixtureproto.ExpectedError;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.TensorProto;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A reference implementation that computes fixtures' expected values: TensorFlow 2.18 itself, from
 * the optional module {@code rawops-tf} (TF Java and its native library), found through {@link
 * ServiceLoader}. The core never contains or loads a native library: without the module on the
 * class path {@link #find} is empty.
 */
public interface Oracle {
  /**
   * What a fixture's {@code source} says computed its expectations, e.g. "tensorflow 2.18.0 cpu".
   */
  String source();

  /**
   * Imports {@code graph}, feeds and fetches. Errors while importing the graph or creating the
   * session are stage BUILD, errors of the run RUN; the code is the oracle's status code.
   *
   * @param rewrites whether the oracle's graph rewrites (TF: Grappler, constant folding) are on
   */
  Outcome run(
      GraphDef graph, Map<String, TensorProto> feeds, List<String> fetches, boolean rewrites);

  /**
   * Loads the SavedModel at {@code dir} (the MetaGraphDef tagged {@code tags}: variables restored,
   * init op run, as TF's loader does), feeds and fetches graph tensors by name. Errors while
   * loading are stage BUILD, errors of the run RUN.
   */
  Outcome runSavedModel(
      java.nio.file.Path dir,
      List<String> tags,
      Map<String, TensorProto> feeds,
      List<String> fetches,
      boolean rewrites);

  /** What the oracle did: the fetched tensors, or its error (then {@code outputs} is empty). */
  record Outcome(List<TensorProto> outputs, ExpectedError error) {
    public Outcome {
      outputs = List.copyOf(outputs);
    }

    public boolean failed() {
      return error != null;
    }
  }

  /** The oracle on the class path (the {@code rawops-tf} module), if any. */
  static Optional<Oracle> find() {
    return ServiceLoader.load(Oracle.class).findFirst();
  }

  /** How to get one, for the message of a command that needs it. */
  String HOW_TO_ADD =
      "this command runs TensorFlow 2.18, which comes from the optional module rawops-tf (TF Java"
          + " and its native library), not on the class path: build it with `./mvnw -B install"
          + " -DskipTests && ./mvnw -B -f rawops-tf/pom.xml package -DskipTests`, then"
          + " `./rawops record …` finds it (or run `java -cp rawops-<v>.jar:rawops-tf-<v>.jar:"
          + "<their dependencies> dev.rawops.cli.Main record …`; see README, \"Recording fixtures"
          + " from TensorFlow\")";
}
