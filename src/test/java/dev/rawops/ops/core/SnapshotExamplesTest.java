package dev.rawops.ops.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The runnable graphs in graphs/examples/snapshot. A snapshot is its input (TF's definition);
 * TensorFlow's results for the same graphs are fixtures in graphs/conformance/snapshot.
 */
class SnapshotExamplesTest {
  private static final Path DIR = Path.of("graphs", "examples", "snapshot");

  private static List<Tensor> run(String file, Map<String, Tensor> feeds, String... fetches) {
    return Graph.load(DIR.resolve(file)).newSession().run(feeds, List.of(fetches));
  }

  @Test
  void floatMatrixIsTheConst() {
    List<Tensor> out = run("float_matrix.pbtxt", Map.of(), "output", "x");
    assertEquals(DType.FLOAT, out.get(0).dtype());
    assertEquals(Shape.of(2, 3), out.get(0).shape());
    assertTrue(out.get(0).contentEquals(out.get(1)), out.toString());
  }

  @Test
  void fedIsTheFeed() {
    Tensor x = Tensor.ofLongs(Shape.of(3, 2), 1, 2, 3, 4, 5, 6);
    Tensor out = run("fed.pbtxt", Map.of("x", x), "output").get(0);
    assertEquals(DType.INT64, out.dtype());
    assertTrue(out.contentEquals(x), out.toString());
  }

  @Test
  void beforeUpdateKeepsTheValueItRead() {
    Tensor scattered = run("before_update.pbtxt", Map.of(), "scattered").get(0);
    Tensor snapshot = run("before_update.pbtxt", Map.of(), "snapshot", "updated").get(0);
    assertTrue(snapshot.contentEquals(scattered), snapshot + " vs " + scattered);
  }
}
