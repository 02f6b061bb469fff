package dev.rawops.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.RawOpsException;
import dev.rawops.conform.Fixtures;
import dev.rawops.fixtureproto.Fixture;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorProtos;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TF's own words for a directory of fixtures (conformance compares codes only): every fixture in
 * which TensorFlow 2.18 failed must fail in rawops with the same code, naming the node, and with a
 * message holding TF's.
 */
public final class FixtureMessages {
  private FixtureMessages() {}

  /** TF's message without the node suffix its runtime or shape inference appends. */
  static String core(String tf) {
    int run = tf.indexOf("\n\t [[");
    String s = run >= 0 ? tf.substring(0, run) : tf;
    int build = s.indexOf(" for '{{node ");
    return build >= 0 ? s.substring(0, build) : s;
  }

  /**
   * Checks every error fixture under {@code dir} whose failing node is {@code node}; asserts at
   * least {@code minErrors} of them.
   */
  public static void assertTfMessages(Path dir, String node, int minErrors) {
    List<String> mismatches = new ArrayList<>();
    int errors = 0;
    for (Path p : Fixtures.collect(List.of(dir))) {
      Fixture f = Fixtures.read(p);
      if (!f.hasError()) {
        continue;
      }
      errors++;
      RawOpsException e =
          assertThrows(
              RawOpsException.class,
              () -> {
                Graph g = Graph.build(f.getGraph(), Device.CPU);
                Map<String, Tensor> feeds = new LinkedHashMap<>();
                f.getFeedMap().forEach((k, v) -> feeds.put(k, TensorProtos.toTensor(v)));
                g.newSession().run(feeds, f.getFetchList());
              },
              f.getName());
      assertEquals(f.getError().getCode().getNumber(), e.code().number(), f.getName());
      assertTrue(e.getMessage().contains("'" + node + "'"), e.getMessage());
      String want = core(f.getError().getMessage());
      if (!e.getMessage().contains(want)) {
        mismatches.add(f.getName() + "\n  TF:     " + want + "\n  rawops: " + e.getMessage());
      }
    }
    assertTrue(errors >= minErrors, "only " + errors + " error fixtures in " + dir);
    assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
  }
}
