package dev.rawops.ops.selection;

import static dev.rawops.testing.OpTests.attrs;
import static dev.rawops.testing.OpTests.fails;
import static dev.rawops.testing.OpTests.floats;
import static dev.rawops.testing.OpTests.ints;
import static dev.rawops.testing.OpTests.run;
import static dev.rawops.testing.OpTests.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * TopK and InTopK, the V1 ops whose k is an attr: TopK's deprecation, InTopKV2's answers
 * (tf.math.in_top_k docs, TF's tie rule) and TF's messages. The TF fixtures in
 * graphs/conformance/selection cover every dtype and the errors.
 */
class TopKV1Test {
  /**
   * TopK's OpDef is deprecated at GraphDef version 7 (TF's CheckOpDeprecation); this graph's
   * producer is newer. Older graphs still fail in TF 2.18 at run (no kernel matches; the fixtures
   * in graphs/conformance/selection hold TF's answer).
   */
  @Test
  void topK_removedInNewGraphs() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                run(
                    "TopK",
                    2,
                    attrs("T", DType.FLOAT, "k", 1L, "sorted", true),
                    floats(s(3), 1, 2, 3)));
    assertEquals(Code.UNIMPLEMENTED, e.code());
    assertEquals("out", e.node().orElseThrow());
    assertTrue(e.detail().startsWith("Op TopK is not available in GraphDef version "), e.detail());
    assertTrue(
        e.detail().endsWith(". It has been removed in version 7. Use TopKV2 instead."), e.detail());
  }

  /** tf.math.in_top_k: a tie straddling the k boundary counts as in the top k. */
  @Test
  void inTopK_kFromAttr() {
    Tensor out =
        run(
                "InTopK",
                1,
                attrs("T", DType.INT32, "k", 1L),
                floats(s(2, 3), 0.5f, 0.5f, 0.1f, 0.2f, 0.7f, 0.1f),
                ints(s(2), 1, 0))
            .get(0);
    assertEquals(1, out.getByte(0));
    assertEquals(0, out.getByte(1));
  }

  @Test
  void inTopK_targetsMustMatchBatch() {
    fails(
        "First dimension of predictions 2 must match length of targets 3",
        () ->
            run(
                "InTopK",
                1,
                attrs("T", DType.INT32, "k", 1L),
                floats(s(2, 2), 1, 2, 3, 4),
                ints(s(3), 0, 1, 0)));
  }
}
