package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every GatherNd example of the seed pages (shared/seeds/000_*, 001_*), run from
 * graphs/examples/gather_nd; expected shapes and values are the ones printed on those pages.
 */
class GatherNdSeedExamplesTest {
  static List<Arguments> examples() {
    return List.of(
        Arguments.of("scalars", new long[] {2}, new String[] {"a", "d"}),
        Arguments.of("rows", new long[] {2, 3}, new String[] {"d", "e", "f", "a", "b", "c"}),
        Arguments.of("slice_matrix", new long[] {2, 2}, new String[] {"c", "d", "a", "b"}),
        Arguments.of("tensor3_depth1", new long[] {1, 2, 2}, new String[] {"a1", "b1", "c1", "d1"}),
        Arguments.of("tensor3_depth2", new long[] {2, 2}, new String[] {"c0", "d0", "a1", "b1"}),
        Arguments.of("tensor3_depth3", new long[] {2}, new String[] {"b0", "b1"}),
        Arguments.of("batch_matrix", new long[] {2, 1}, new String[] {"a", "b"}),
        Arguments.of("batch_slice_matrix", new long[] {2, 1, 2}, new String[] {"c", "d", "a", "b"}),
        Arguments.of(
            "batch_tensor3_depth1",
            new long[] {2, 1, 2, 2},
            new String[] {"a1", "b1", "c1", "d1", "a0", "b0", "c0", "d0"}),
        Arguments.of(
            "batch_tensor3_depth2",
            new long[] {2, 2, 2},
            new String[] {"c0", "d0", "a1", "b1", "a0", "b0", "c1", "d1"}),
        Arguments.of(
            "batch_tensor3_depth3", new long[] {2, 2}, new String[] {"b0", "b1", "d0", "c1"}),
        Arguments.of("batch_dims1_rows", new long[] {2, 2}, new String[] {"c0", "d0", "a1", "b1"}),
        Arguments.of(
            "batch_dims1_nested", new long[] {2, 1, 2}, new String[] {"c0", "d0", "a1", "b1"}),
        Arguments.of("batch_dims1_scalars", new long[] {2, 1}, new String[] {"c0", "b1"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void seedExample(String file, long[] shape, String[] values) {
    Tensor out = run(file, Map.of());
    assertEquals(DType.STRING, out.dtype());
    assertEquals(Shape.of(shape), out.shape());
    String[] got = new String[values.length];
    for (int i = 0; i < got.length; i++) {
      got[i] = new String(out.getString(i), StandardCharsets.UTF_8);
    }
    assertArrayEquals(values, got);
  }

  @org.junit.jupiter.api.Test
  void batchPositionsIntoZeros_shape53() {
    Tensor out = run("batch_position_zeros", Map.of());
    assertEquals(Shape.of(5, 3), out.shape());
    for (int i = 0; i < 15; i++) {
      assertEquals(0f, out.getFloat(i));
    }
  }

  @org.junit.jupiter.api.Test
  void fedPlaceholders() {
    Tensor out =
        run(
            "fed_params",
            Map.of(
                "params", Tensor.ofStrings(Shape.of(2, 2), "a", "b", "c", "d"),
                "indices:0", Tensor.ofInts(Shape.of(2, 2), 0, 0, 1, 1)));
    assertEquals("a", new String(out.getString(0), StandardCharsets.UTF_8));
    assertEquals("d", new String(out.getString(1), StandardCharsets.UTF_8));
  }

  private static Tensor run(String file, Map<String, Tensor> feeds) {
    Graph g = Graph.load(Path.of("graphs/examples/gather_nd", file + ".pbtxt"));
    return g.newSession().run(feeds, List.of("output")).get(0);
  }
}
