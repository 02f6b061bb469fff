package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.runtime.Graph;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every tf.tensor_scatter_nd_update example of seed page 003, run from
 * graphs/examples/tensor_scatter_update; expected values are the ones the page prints or states.
 */
class TensorScatterUpdateSeedExamplesTest {
  @Test
  void insertFourValuesIntoRank1() {
    Tensor out = run("rank1_insert", Map.of());
    assertEquals(DType.INT32, out.dtype());
    assertEquals(Shape.of(8), out.shape());
    assertArrayEquals(new long[] {0, 9, 0, 10, 11, 0, 0, 12}, out.toLongArray());
  }

  @Test
  void scalarUpdatesIntoRank2() {
    Tensor out = run("scalar_updates_rank2", Map.of());
    assertEquals(Shape.of(3, 2), out.shape());
    assertArrayEquals(new long[] {1, 5, 1, 1, 10, 1}, out.toLongArray());
  }

  @Test
  void rowUpdatesOf6x3() {
    Tensor out = run("row_updates", Map.of());
    assertEquals(Shape.of(6, 3), out.shape());
    assertArrayEquals(
        new long[] {0, 0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0, 4, 5, 6, 0, 0, 0}, out.toLongArray());
  }

  /** "Replace the first two clips with ones": clips 0 and 1 are ones, the other 11 stay zero. */
  @Test
  void videoReplaceFirstTwoClips() {
    Tensor out = run("video_replace_clips", Map.of());
    assertEquals(DType.FLOAT, out.dtype());
    assertEquals(Shape.of(13, 11, 7, 5, 3), out.shape());
    long clip = 11 * 7 * 5 * 3;
    for (long i = 0; i < out.numElements(); i++) {
      assertEquals(i / clip < 2 ? 1f : 0f, out.getFloat(i), "element " + i);
    }
  }

  /** "Replace the first frame of the first three clips": ones exactly at [b, 0, …] for b < 3. */
  @Test
  void videoReplaceFirstFrameOfThreeClips() {
    Tensor out = run("video_replace_frames", Map.of());
    assertEquals(Shape.of(13, 11, 7, 5, 3), out.shape());
    long frame = 7 * 5 * 3;
    long clip = 11 * frame;
    for (long i = 0; i < out.numElements(); i++) {
      boolean replaced = i / clip < 3 && (i % clip) / frame == 0;
      assertEquals(replaced ? 1f : 0f, out.getFloat(i), "element " + i);
    }
  }

  @Test
  void drawAnXOn5x5() {
    Tensor out = run("draw_x", Map.of());
    assertEquals(Shape.of(5, 5), out.shape());
    float[] expected = {
      1, 0, 0, 0, 1,
      0, 1, 0, 1, 0,
      0, 0, 1, 0, 0,
      0, 1, 0, 1, 0,
      1, 0, 0, 0, 1
    };
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], out.getFloat(i), "element " + i);
    }
  }

  @Test
  void fedInputsGiveTheSameInsertAndLeaveTheFeedAlone() {
    Tensor tensor = Tensor.ofInts(Shape.of(8), 0, 0, 0, 0, 0, 0, 0, 0);
    Tensor out =
        run(
            "fed_tensor",
            Map.of(
                "tensor", tensor,
                "indices", Tensor.ofInts(Shape.of(4, 1), 1, 3, 4, 7),
                "updates", Tensor.ofInts(Shape.of(4), 9, 10, 11, 12)));
    assertArrayEquals(new long[] {0, 9, 0, 10, 11, 0, 0, 12}, out.toLongArray());
    assertArrayEquals(new long[] {0, 0, 0, 0, 0, 0, 0, 0}, tensor.toLongArray());
  }

  private static Tensor run(String file, Map<String, Tensor> feeds) {
    Graph g = Graph.load(Path.of("graphs/examples/tensor_scatter_update", file + ".pbtxt"));
    return g.newSession().run(feeds, List.of("output")).get(0);
  }
}
