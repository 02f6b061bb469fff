package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.Limits;
import dev.rawops.RawOpsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sizes past what a kernel can hold (issue #32's probe): each ends in a TF status naming the node,
 * the op and the size, quickly and before anything that large is allocated; never a Java exception
 * passed through as INTERNAL. Every case here failed with INTERNAL and a Java class name before.
 */
class SizeChecksTest {
  @TempDir Path tmp;

  @AfterEach
  void resetLimits() {
    Limits.reset(Limits.MAX_TENSOR_BYTES);
  }

  private static String konst(String name, String dtype, String dims, String values) {
    return "node { name: \""
        + name
        + "\" op: \"Const\" attr { key: \"dtype\" value { type: "
        + dtype
        + " } } attr { key: \"value\" value { tensor { dtype: "
        + dtype
        + " tensor_shape { "
        + dims
        + " } "
        + values
        + " } } } }\n";
  }

  private RawOpsException fails(String graph) throws Exception {
    Path p = tmp.resolve("g.pbtxt");
    Files.writeString(p, graph);
    return assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () ->
            assertThrows(
                RawOpsException.class,
                () -> Graph.load(p).newSession().run(Map.of(), List.of("out"))));
  }

  private static void assertStatus(RawOpsException e, Code code, String... fragments) {
    assertEquals(code, e.code(), e.getMessage());
    assertTrue(e.getMessage().contains("node 'out'"), e.getMessage());
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), e.getMessage());
    }
    assertFalse(e.getMessage().contains("java."), e.getMessage());
    assertFalse(e.getMessage().contains("Exception"), e.getMessage());
  }

  @Test
  void broadcastToPast63Bits_isInvalidArgument() throws Exception {
    RawOpsException e =
        fails(
            konst(
                    "s",
                    "DT_INT64",
                    "dim { size: 2 }",
                    "int64_val: 1099511627776 int64_val: 1099511627776")
                + konst("one", "DT_FLOAT", "", "float_val: 1")
                + "node { name: \"out\" op: \"BroadcastTo\" input: \"one\" input: \"s\""
                + " attr { key: \"T\" value { type: DT_FLOAT } }"
                + " attr { key: \"Tidx\" value { type: DT_INT64 } } }");
    assertStatus(e, Code.INVALID_ARGUMENT, "BroadcastTo", "1099511627776", "2^63-1");
  }

  @Test
  void tileMultiplesThatOverflow_areInvalidArgument() throws Exception {
    RawOpsException e =
        fails(
            konst("x", "DT_FLOAT", "dim { size: 2 } dim { size: 2 }", "float_val: 1")
                + konst(
                    "m",
                    "DT_INT64",
                    "dim { size: 2 }",
                    "int64_val: 4611686018427387904 int64_val: 4")
                + "node { name: \"out\" op: \"Tile\" input: \"x\" input: \"m\""
                + " attr { key: \"T\" value { type: DT_FLOAT } }"
                + " attr { key: \"Tmultiples\" value { type: DT_INT64 } } }");
    assertStatus(e, Code.INVALID_ARGUMENT, "Tile", "overflow", "4611686018427387904");
  }

  @Test
  void paddingsThatOverflow_areInvalidArgument() throws Exception {
    RawOpsException e =
        fails(
            konst("x", "DT_FLOAT", "dim { size: 2 }", "float_val: 1 float_val: 2")
                + konst(
                    "p",
                    "DT_INT64",
                    "dim { size: 1 } dim { size: 2 }",
                    "int64_val: 4611686018427387904 int64_val: 4611686018427387904")
                + "node { name: \"out\" op: \"Pad\" input: \"x\" input: \"p\""
                + " attr { key: \"T\" value { type: DT_FLOAT } }"
                + " attr { key: \"Tpaddings\" value { type: DT_INT64 } } }");
    assertStatus(e, Code.INVALID_ARGUMENT, "Pad", "overflow", "4611686018427387904");
  }

  @Test
  void tileDimensionPastOneArray_isResourceExhausted() throws Exception {
    RawOpsException e =
        fails(
            konst("x", "DT_INT8", "dim { size: 1 }", "int_val: 1")
                + konst("m", "DT_INT64", "dim { size: 1 }", "int64_val: 3000000000")
                + "node { name: \"out\" op: \"Tile\" input: \"x\" input: \"m\""
                + " attr { key: \"T\" value { type: DT_INT8 } }"
                + " attr { key: \"Tmultiples\" value { type: DT_INT64 } } }");
    assertStatus(e, Code.RESOURCE_EXHAUSTED, "Tile", "3000000000", "2147483639");
  }

  /** [65536,1] x [1,32768]: 2^31 products, one more than a Java array holds (TF computes it). */
  @Test
  void matMulWith2To31Outputs_isResourceExhaustedBeforeAllocating() throws Exception {
    RawOpsException e =
        fails(
            konst("d1", "DT_INT32", "dim { size: 2 }", "int_val: 65536 int_val: 1")
                + konst("d2", "DT_INT32", "dim { size: 2 }", "int_val: 1 int_val: 32768")
                + konst("one", "DT_FLOAT", "", "float_val: 1")
                + "node { name: \"a\" op: \"Fill\" input: \"d1\" input: \"one\""
                + " attr { key: \"T\" value { type: DT_FLOAT } } }"
                + "node { name: \"b\" op: \"Fill\" input: \"d2\" input: \"one\""
                + " attr { key: \"T\" value { type: DT_FLOAT } } }"
                + "node { name: \"out\" op: \"MatMul\" input: \"a\" input: \"b\""
                + " attr { key: \"T\" value { type: DT_FLOAT } } }");
    assertStatus(e, Code.RESOURCE_EXHAUSTED, "MatMul", "[65536,32768]", "2147483648", "2147483639");
  }

  /** An overflow deep in a kernel (Math.toIntExact) is RESOURCE_EXHAUSTED, not INTERNAL. */
  @Test
  void einsumOuterProductPastOneArray_isResourceExhausted() throws Exception {
    RawOpsException e =
        fails(
            konst("d", "DT_INT32", "dim { size: 1 }", "int_val: 65536")
                + konst("one", "DT_FLOAT", "", "float_val: 1")
                + "node { name: \"a\" op: \"Fill\" input: \"d\" input: \"one\""
                + " attr { key: \"T\" value { type: DT_FLOAT } } }"
                + "node { name: \"out\" op: \"Einsum\" input: \"a\" input: \"a\""
                + " attr { key: \"T\" value { type: DT_FLOAT } } attr { key: \"N\" value { i: 2 } }"
                + " attr { key: \"equation\" value { s: \"a,b->ab\" } } }");
    assertStatus(e, Code.RESOURCE_EXHAUSTED, "Einsum", "overflow", "2147483639");
  }

  @Test
  void unsortedSegmentSumWith3GSegments_isResourceExhausted() throws Exception {
    RawOpsException e =
        fails(
            konst("x", "DT_FLOAT", "dim { size: 2 }", "float_val: 1 float_val: 2")
                + konst("ids", "DT_INT64", "dim { size: 2 }", "int64_val: 0 int64_val: 1")
                + konst("n", "DT_INT64", "", "int64_val: 3000000000")
                + "node { name: \"out\" op: \"UnsortedSegmentSum\" input: \"x\" input: \"ids\""
                + " input: \"n\" attr { key: \"T\" value { type: DT_FLOAT } }"
                + " attr { key: \"Tindices\" value { type: DT_INT64 } }"
                + " attr { key: \"Tnumsegments\" value { type: DT_INT64 } } }");
    assertStatus(e, Code.RESOURCE_EXHAUSTED, "UnsortedSegmentSum", "2147483639");
  }

  /**
   * 128 GiB of floats, with the run's own limit raised past it: the JVM's native-memory ceiling (by
   * default the heap's maximum) is what refuses it, and the message says which and how to raise it.
   */
  @Test
  void fillPastTheNativeMemoryCeiling_namesTheJvmOption() throws Exception {
    Path p = tmp.resolve("fill.pbtxt");
    Files.writeString(
        p,
        konst("s", "DT_INT64", "dim { size: 1 }", "int64_val: 34359738368")
            + konst("one", "DT_FLOAT", "", "float_val: 1")
            + "node { name: \"out\" op: \"Fill\" input: \"s\" input: \"one\""
            + " attr { key: \"T\" value { type: DT_FLOAT } }"
            + " attr { key: \"index_type\" value { type: DT_INT64 } } }");
    Limits.set(Limits.MAX_TENSOR_BYTES, 1L << 40); // rawops' own limits out of the way
    Session s = Graph.load(p).newSession(new Session.Options().maxRunBytes(1L << 40));
    RawOpsException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60),
            () -> assertThrows(RawOpsException.class, () -> s.run(Map.of(), List.of("out"))));
    assertStatus(e, Code.RESOURCE_EXHAUSTED, "Fill", "137438953472", "MaxDirectMemorySize");
  }

  @Test
  void fillPastTheRunLimit_namesMaxRunBytes() throws Exception {
    Limits.set(Limits.MAX_TENSOR_BYTES, 1L << 40);
    RawOpsException e =
        fails(
            konst("s", "DT_INT64", "dim { size: 1 }", "int64_val: 34359738368")
                + konst("one", "DT_FLOAT", "", "float_val: 1")
                + "node { name: \"out\" op: \"Fill\" input: \"s\" input: \"one\""
                + " attr { key: \"T\" value { type: DT_FLOAT } }"
                + " attr { key: \"index_type\" value { type: DT_INT64 } } }");
    assertStatus(e, Code.RESOURCE_EXHAUSTED, "Fill", "maxRunBytes");
  }

  /** TensorArrayV3 of INT_MAX slots from a 4-byte input ran ~60 s to a heap OOM. */
  @Test
  void tensorArrayOfIntMaxSlots_isRefusedBeforeAllocating() throws Exception {
    RawOpsException e =
        fails(
            konst("n", "DT_INT32", "", "int_val: 2147483647")
                + "node { name: \"out\" op: \"TensorArrayV3\" input: \"n\""
                + " attr { key: \"dtype\" value { type: DT_FLOAT } }"
                + " attr { key: \"element_shape\" value { shape { unknown_rank: true } } }"
                + " attr { key: \"dynamic_size\" value { b: false } }"
                + " attr { key: \"clear_after_read\" value { b: true } }"
                + " attr { key: \"identical_element_shapes\" value { b: false } }"
                + " attr { key: \"tensor_array_name\" value { s: \"\" } } }");
    assertStatus(e, Code.RESOURCE_EXHAUSTED, "TensorArrayV3", "2147483647", "maxStringElements");
  }
}
