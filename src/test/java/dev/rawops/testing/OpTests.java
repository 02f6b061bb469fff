package dev.rawops.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small helpers the op tests share: one op run on fed inputs with attrs given as a map, TF's
 * INVALID_ARGUMENT asserted with the node "out" and TF's exact message, and tensor literals.
 */
public final class OpTests {
  private OpTests() {}

  /** Runs {@code op} on the inputs (fed), with attrs (DType, Long, Boolean or String values). */
  public static List<Tensor> run(
      String op, int outputs, Map<String, Object> attrs, Tensor... inputs) {
    return OneOp.of(op).inputs(inputs).attrs(attrs).runAll(outputs);
  }

  public static Map<String, Object> attrs(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  public static void fails(String tfMessage, Runnable r) {
    RawOpsException e = assertThrows(RawOpsException.class, r::run);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals("out", e.node().orElseThrow(), e.getMessage());
    assertEquals(tfMessage, e.detail());
  }

  public static Tensor ints(long[] shape, int... v) {
    return Tensor.ofInts(Shape.of(shape), v);
  }

  public static Tensor floats(long[] shape, float... v) {
    return Tensor.ofFloats(Shape.of(shape), v);
  }

  public static long[] s(long... dims) {
    return dims;
  }

  public static float[] floatsOf(Tensor t) {
    float[] f = new float[(int) t.numElements()];
    for (int i = 0; i < f.length; i++) {
      f[i] = t.getFloat(i);
    }
    return f;
  }

  /**
   * Builds and runs {@code op} fetching {@code fetch}: INVALID_ARGUMENT whose message contains
   * {@code msg} and names the fetched node.
   */
  public static void assertFails(OneOp op, String fetch, String msg) {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> op.build().newSession().run(op.feeds(), List.of(fetch)));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains(msg), e.getMessage());
    assertTrue(e.getMessage().contains(fetch.split(":")[0]), e.getMessage());
  }
}
