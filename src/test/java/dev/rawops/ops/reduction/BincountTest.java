package dev.rawops.ops.reduction;

import static dev.rawops.testing.OpTests.attrs;
import static dev.rawops.testing.OpTests.fails;
import static dev.rawops.testing.OpTests.floats;
import static dev.rawops.testing.OpTests.ints;
import static dev.rawops.testing.OpTests.run;
import static dev.rawops.testing.OpTests.s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reduction family's values, orders and error rules on CPU (inputs fed through placeholders of
 * unknown shape, so the kernels check everything). Expected values are TensorFlow's: the examples
 * of TF 2.18's API docs (tf.math.bincount, tf.histogram_fixed_width), and TF's messages from its
 * CPU kernels.
 */
class BincountTest {
  // tf.math.bincount docs: values [1, 1, 2, 3, 2, 4, 4, 5] -> [0, 2, 2, 1, 2, 1].
  @Test
  void bincount_countsAndNegative() {
    Map<String, Object> a = attrs("T", DType.INT32);
    Tensor out =
        run("Bincount", 1, a, ints(s(8), 1, 1, 2, 3, 2, 4, 4, 5), ints(s(), 6), ints(s(0))).get(0);
    assertArrayEquals(new long[] {0, 2, 2, 1, 2, 1}, out.toLongArray());
    fails(
        "Input arr must be non-negative!",
        () -> run("Bincount", 1, a, ints(s(2), 1, -1), ints(s(), 3), ints(s(0))));
  }

  // tf.histogram_fixed_width docs: [-1.0, 0.0, 1.5, 2.0, 5.0, 15], range [0, 5], 5 bins.
  @Test
  void histogramFixedWidth_docsExample() {
    Tensor out =
        run(
                "HistogramFixedWidth",
                1,
                attrs("T", DType.FLOAT, "dtype", DType.INT32),
                floats(s(6), -1, 0, 1.5f, 2, 5, 15),
                floats(s(2), 0, 5),
                ints(s(), 5))
            .get(0);
    assertArrayEquals(new long[] {2, 1, 1, 0, 2}, out.toLongArray());
  }
}
