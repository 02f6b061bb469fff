package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.ExpectedError.Stage;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Stricter than the conformance runner (code and stage): for every TensorScatterUpdate fixture that
 * expects an error, rawops reports TensorFlow's own message, at TF's stage. Known, deliberate
 * differences: an unusable bad_indices_policy or a Tindices without a CPU kernel is found at build
 * time (TF: when the kernel is made, at the first run) with rawops' own kernel-list wording, and
 * rawops may add detail after TF's text (TF adds its "for '{{node …}}'" suffix instead).
 */
class TensorScatterUpdateFixtureMessagesTest {
  private static final Path DIR =
      Path.of(System.getProperty("basedir", "."), "graphs/conformance/tensor_scatter_update");

  @TestFactory
  Stream<DynamicTest> errorsUseTensorFlowsMessages() {
    List<Path> files = Fixtures.collect(List.of(DIR));
    assertTrue(files.size() > 100, "fixtures missing under " + DIR);
    return files.stream()
        .map(Fixtures::read)
        .filter(Fixture::hasError)
        .map(f -> DynamicTest.dynamicTest(f.getName(), () -> check(f)));
  }

  private static void check(Fixture f) {
    String tf = core(f.getError().getMessage());
    Stage stage;
    String ours;
    try {
      Graph g = Graph.build(f.getGraph(), Device.CPU);
      Map<String, Tensor> feeds = new LinkedHashMap<>();
      f.getFeedMap().forEach((name, t) -> feeds.put(name, TensorProtos.toTensor(t)));
      g.newSession().run(feeds, f.getFetchList());
      throw new AssertionError(f.getName() + ": rawops ran without error; TF: " + tf);
    } catch (GraphBuildException e) {
      stage = Stage.BUILD;
      ours = e.errors().get(0).detail();
    } catch (RawOpsException e) {
      stage = Stage.RUN;
      ours = e.detail();
    }
    boolean foundWhenKernelIsMade =
        tf.startsWith("No OpKernel was registered")
            || tf.startsWith("Unknown bad indices handling attribute");
    assertEquals(foundWhenKernelIsMade ? Stage.BUILD : f.getError().getStage(), stage, f.getName());
    String expected =
        tf.startsWith("No OpKernel was registered")
            ? "No OpKernel was registered to support Op 'TensorScatterUpdate'"
            : tf;
    assertTrue(ours.startsWith(expected), f.getName() + "\n  TF:   " + tf + "\n  ours: " + ours);
  }

  /**
   * TF's message without the node context it appends ("\n\t [[{{node out}}]]", " for '{{node …").
   */
  private static String core(String message) {
    int cut = message.indexOf("\n\t [[");
    String s = cut >= 0 ? message.substring(0, cut) : message;
    cut = s.indexOf(" for '{{node ");
    return cut >= 0 ? s.substring(0, cut) : s;
  }
}
