package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * TensorScatterUpdate of a tensor it may not write (a feed) with slices of at least 64 bytes is
 * done in one pass that writes each output slice once, from its last update or from the input.
 * Expected values follow the op's definition (TF's API docs: a copy of the tensor with the indexed
 * slices replaced by the updates; TF's CPU kernel applies duplicates in order, so the last one
 * wins; under {@code bad_indices_policy: IGNORE} a bad index vector is skipped), computed here with
 * plain loops; the same graph with the scatter's input owned by the run (updated in place) must
 * give the same bytes, and the feed must be left as it was.
 */
class ScatterFedOrOwnedTest {
  private static GraphDef graph(long rows, long cols, int n, boolean owned) {
    GraphDefBuilder b =
        new GraphDefBuilder()
            .placeholder("x", DType.FLOAT.proto(), PartialShape.of(rows, cols))
            .placeholder("indices", DType.INT32.proto(), PartialShape.of(n, 1))
            .placeholder("updates", DType.FLOAT.proto(), PartialShape.of(n, cols));
    String input = "x";
    if (owned) {
      // x + 0 is a tensor of the run's own that nothing else reads: the scatter updates it in place
      b.constant("zero", Tensor.ofFloats(Shape.scalar(), 0f))
          .op("owned", "AddV2", "x", "zero")
          .attr("T", DType.FLOAT.proto());
      input = "owned";
    }
    return b.op("out", "TensorScatterUpdate", input, "indices", "updates")
        .attr("T", DType.FLOAT.proto())
        .attr("Tindices", DType.INT32.proto())
        .attr("bad_indices_policy", "IGNORE")
        .build();
  }

  private static float[] run(GraphDef g, Map<String, Tensor> feeds) {
    try (Session s = Graph.build(g, Device.CPU).newSession();
        Tensor out = s.run(feeds, List.of("out")).get(0)) {
      return out.toFloatArray();
    }
  }

  @Test
  void duplicatesLastWinsBadSkippedFeedUnchanged() {
    long rows = 6;
    long cols = 16; // 64-byte rows: the one-pass path
    float[] x = new float[(int) (rows * cols)];
    for (int i = 0; i < x.length; i++) {
      x[i] = i;
    }
    int[] indices = {4, 1, 4, 7, -1, 5};
    float[] updates = new float[(int) (indices.length * cols)];
    for (int i = 0; i < updates.length; i++) {
      updates[i] = 1000 + i;
    }
    // By the definition: rows 1, 4, 5 replaced; row 4 by its last update (index 2); 7 and -1
    // skipped.
    float[] expected = x.clone();
    for (int u = 0; u < indices.length; u++) {
      if (indices[u] >= 0 && indices[u] < rows) {
        System.arraycopy(
            updates, (int) (u * cols), expected, (int) (indices[u] * cols), (int) cols);
      }
    }
    Tensor feed = Tensor.ofFloats(Shape.of(rows, cols), x);
    Map<String, Tensor> feeds =
        Map.of(
            "x",
            feed,
            "indices",
            Tensor.ofInts(Shape.of(indices.length, 1), indices),
            "updates",
            Tensor.ofFloats(Shape.of(indices.length, cols), updates));
    assertArrayEquals(expected, run(graph(rows, cols, indices.length, false), feeds));
    assertArrayEquals(expected, run(graph(rows, cols, indices.length, true), feeds));
    assertArrayEquals(x, feed.toFloatArray(), "the feed was written");
  }

  @Test
  void randomCasesMatchTheDefinitionAndTheInPlacePath() {
    SplittableRandom r = new SplittableRandom(14);
    for (int c = 0; c < 40; c++) {
      int rows = 1 + r.nextInt(300);
      int cols = 16 + r.nextInt(40); // at least 64 bytes per row
      int n = 1 + r.nextInt(2 * rows);
      float[] x = new float[rows * cols];
      for (int i = 0; i < x.length; i++) {
        x[i] = (float) r.nextDouble();
      }
      int[] indices = new int[n];
      for (int i = 0; i < n; i++) {
        // mostly in range, many duplicates, some bad (skipped under IGNORE)
        indices[i] = r.nextInt(10) == 0 ? rows + r.nextInt(3) : r.nextInt(Math.max(1, rows / 3));
      }
      float[] updates = new float[n * cols];
      for (int i = 0; i < updates.length; i++) {
        updates[i] = -1 - (float) r.nextDouble();
      }
      float[] expected = x.clone();
      for (int u = 0; u < n; u++) {
        if (indices[u] < rows) {
          System.arraycopy(updates, u * cols, expected, indices[u] * cols, cols);
        }
      }
      Map<String, Tensor> feeds =
          Map.of(
              "x",
              Tensor.ofFloats(Shape.of(rows, cols), x),
              "indices",
              Tensor.ofInts(Shape.of(n, 1), indices),
              "updates",
              Tensor.ofFloats(Shape.of(n, cols), updates));
      String what = "case " + c + ": [" + rows + "," + cols + "], " + n + " updates";
      assertArrayEquals(expected, run(graph(rows, cols, n, false), feeds), what);
      assertArrayEquals(expected, run(graph(rows, cols, n, true), feeds), what + ", in place");
    }
  }
}
