package dev.rawops.ops.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.AttrValue;
import org.junit.jupiter.api.Test;

/**
 * Xlogy, Xdivy, Xlog1py, MulNoNan, Erfinv, Ndtri and Bucketize on the values of TF's API docs
 * (tf.math.xlogy, tf.math.xdivy, tf.math.xlog1py, tf.math.multiply_no_nan, tf.math.erfinv,
 * tf.math.ndtri, tf.raw_ops.Bucketize): the rules they state, on values whose results are exact. TF
 * 2.18's own outputs for random and special values are the fixtures in
 * graphs/conformance/elementwise/ (ElementwiseCases).
 */
class GuardedAndInverseNormalOpsTest {
  private static final float INF = Float.POSITIVE_INFINITY;

  private static float[] binary(String op, float[] x, float[] y) {
    return OneOp.of(op)
        .input(Tensor.ofFloats(Shape.of(x.length), x))
        .input(Tensor.ofFloats(Shape.of(y.length), y))
        .attr("T", DType.FLOAT)
        .run()
        .toFloatArray();
  }

  private static float[] unary(String op, float... x) {
    return OneOp.of(op)
        .input(Tensor.ofFloats(Shape.of(x.length), x))
        .attr("T", DType.FLOAT)
        .run()
        .toFloatArray();
  }

  @Test
  void xlogyIsZeroWhereXIsZeroElseXTimesLogY() {
    float[] out =
        binary("Xlogy", new float[] {0, 0, 0, 3, 2}, new float[] {0, INF, Float.NaN, 1, 1});
    assertArrayEquals(new float[] {0, 0, 0, 0, 0}, out);
  }

  @Test
  void xdivyIsZeroWhereXIsZeroElseXOverY() {
    float[] out =
        binary("Xdivy", new float[] {0, 0, 0, 6, 1}, new float[] {0, INF, Float.NaN, 3, 0});
    assertArrayEquals(new float[] {0, 0, 0, 2, INF}, out);
  }

  @Test
  void xlog1pyIsZeroWhereXIsZeroElseXTimesLog1pY() {
    float[] out = binary("Xlog1py", new float[] {0, 0, 5}, new float[] {-1, Float.NaN, 0});
    assertArrayEquals(new float[] {0, 0, 0}, out);
  }

  @Test
  void mulNoNanIsZeroWhereYIsZeroEvenForInfOrNanX() {
    float[] out =
        binary("MulNoNan", new float[] {INF, Float.NaN, 3, 2}, new float[] {0, 0, 2, INF});
    assertArrayEquals(new float[] {0, 0, 6, INF}, out);
  }

  @Test
  void erfinvAndNdtriAtTheirCentresAndEdges() {
    assertArrayEquals(new float[] {0, INF, -INF}, unary("Erfinv", 0, 1, -1));
    assertArrayEquals(new float[] {0, INF, -INF}, unary("Ndtri", 0.5f, 1, 0));
    assertTrue(Float.isNaN(unary("Ndtri", 1.5f)[0]));
    assertTrue(Float.isNaN(unary("Erfinv", -2)[0]));
  }

  private static OneOp bucketize(Tensor x, float... boundaries) {
    AttrValue.ListValue.Builder l = AttrValue.ListValue.newBuilder();
    for (float b : boundaries) {
      l.addF(b);
    }
    return OneOp.of("Bucketize")
        .input(x)
        .attr("T", x.dtype())
        .attr("boundaries", AttrValue.newBuilder().setList(l).build());
  }

  @Test
  void bucketizeDocsExample() {
    Tensor x = Tensor.ofInts(Shape.of(3, 2), -5, 10000, 150, 10, 5, 100);
    Tensor out = bucketize(x, 0, 10, 100).run();
    assertEquals(DType.INT32, out.dtype());
    assertEquals(Shape.of(3, 2), out.shape());
    assertArrayEquals(new int[] {0, 3, 3, 2, 1, 3}, out.toIntArray());
  }

  @Test
  void bucketizeRefusesUnsortedBoundaries() {
    Tensor x = Tensor.ofFloats(Shape.of(2), 1, 2);
    RawOpsException e = assertThrows(RawOpsException.class, () -> bucketize(x, 0, 2, 1).run());
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("out"), e.getMessage());
    assertTrue(e.getMessage().contains("Expected sorted boundaries"), e.getMessage());
  }
}
