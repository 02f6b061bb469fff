package dev.rawops.ops.ragged;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.ragged.RaggedTensor;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The runnable graphs in graphs/examples/ragged_gather, with TensorFlow 2.18's results. */
class RaggedGatherExamplesTest {
  private static final Path DIR = Path.of("graphs", "examples", "ragged_gather");

  @Test
  void seed_printsTheGatheredRows() {
    assertEquals("[[3, 4, 5], [1, 2], []]", run("seed.pbtxt", Map.of(), 1));
  }

  @Test
  void matrixIndices_printsTwoRaggedLevels() {
    assertEquals("[[[3, 4, 5], [1, 2]], [[6], [6]]]", run("matrix_indices.pbtxt", Map.of(), 2));
  }

  @Test
  void strings_defaultAndFedIndices() {
    assertEquals("[[b'f'], [], [b'a', b'bb']]", run("strings_fed_indices.pbtxt", Map.of(), 1));
    assertEquals(
        "[[b'c', b'', b\"e'q\"]]",
        run("strings_fed_indices.pbtxt", Map.of("indices", Tensor.ofLongs(Shape.of(1), 2)), 1));
  }

  private static String run(String file, Map<String, Tensor> feeds, int outputRaggedRank) {
    List<String> fetches = new ArrayList<>();
    for (int k = 0; k <= outputRaggedRank; k++) {
      fetches.add("out:" + k);
    }
    List<Tensor> out = Graph.load(DIR.resolve(file)).newSession().run(feeds, fetches);
    return RaggedTensor.fromComponents(out).format();
  }
}
