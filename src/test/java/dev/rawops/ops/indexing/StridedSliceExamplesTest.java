package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rawops.runtime.Graph;
import dev.rawops.tensor.Tensor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The seed examples in graphs/examples/strided_slice run and give the page's (TF's) results. */
class StridedSliceExamplesTest {
  private static final Path DIR = Path.of("graphs/examples/strided_slice");

  private static Tensor run(String file) {
    return Graph.load(DIR.resolve(file)).newSession().run(Map.of(), List.of("out")).get(0);
  }

  private static long[] range(int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = i;
    }
    return v;
  }

  @Test
  void everyExampleFileIsCovered() throws Exception {
    try (Stream<Path> files = Files.list(DIR)) {
      assertEquals(9, files.filter(p -> p.toString().endsWith(".pbtxt")).count());
    }
  }

  @Test
  void workedExample() {
    Tensor out = run("worked_example.pbtxt");
    assertArrayEquals(new long[] {2, 1, 5, 5, 2, 5}, out.shape().dims());
    long[] got = out.toLongArray();
    int k = 0;
    for (int a = 0; a < 2; a++) {
      for (int c = 0; c < 5; c++) {
        for (int d = 0; d < 5; d++) {
          for (int e = 0; e < 2; e++) {
            for (int f = 0; f < 5; f++) {
              assertEquals(((((1L * 5 + 2 + a) * 5 + c) * 5 + d) * 5 + 4 - e) * 5 + f, got[k++]);
            }
          }
        }
      }
    }
  }

  @Test
  void smallExamples() {
    assertArrayEquals(new long[] {3, 2, 1}, run("reverse_from_second_to_last.pbtxt").toLongArray());
    assertArrayEquals(range(12), run("ellipsis_identity.pbtxt").toLongArray());
    assertArrayEquals(new long[] {1, 3, 4}, run("new_axis.pbtxt").shape().dims());
    assertArrayEquals(range(12), run("new_axis.pbtxt").toLongArray());
    assertArrayEquals(new long[] {3, 4}, run("full_range_then_ellipsis.pbtxt").shape().dims());
    assertArrayEquals(new long[] {7, 8, 9}, run("colon.pbtxt").toLongArray());
    assertArrayEquals(new long[] {7, 8}, run("zero_to_minus_one.pbtxt").toLongArray());
    assertArrayEquals(new long[] {7, 8, 9}, run("zero_colon_colon_one.pbtxt").toLongArray());
    assertArrayEquals(new long[] {12, 13, 14, 15, 16, 17}, run("single_index.pbtxt").toLongArray());
  }
}
