package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which missing kernels stop a graph, as in TF 2.18 (fixtures graphs/conformance/graph/0044 and the
 * Snapshot fixtures): resource and variant tensors pass through Placeholder and Identity, so an
 * unused Keras handle placeholder builds and runs; a node whose dtypes TF has a CPU kernel for and
 * rawops has not fails only a run that needs it; dtypes TF itself has no CPU kernel for are refused
 * at build (TF's placer refuses the whole graph on its first run), see SnapshotTest.
 */
class LazyKernelsTest {
  private static GraphDefBuilder withConst() {
    return new GraphDefBuilder().constant("c", Tensor.ofFloats(Shape.of(2), 1.5f, -2f));
  }

  @Test
  void unusedResourceAndVariantPlaceholdersAndIdentitiesBuildAndRun() {
    GraphDefBuilder g =
        withConst()
            .placeholder("handle", DataType.DT_RESOURCE, PartialShape.unknownRank())
            .placeholder("list", DataType.DT_VARIANT, PartialShape.of());
    g.op("handle_id", "Identity", "handle").attr("T", DataType.DT_RESOURCE);
    g.op("list_id", "Identity", "list").attr("T", DataType.DT_VARIANT);
    Graph graph = Graph.build(g.build(), Device.CPU);
    Tensor c = graph.newSession().run(Map.of(), List.of("c")).get(0);
    assertArrayEquals(new float[] {1.5f, -2f}, new float[] {c.getFloat(0), c.getFloat(1)});
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> graph.newSession().run(Map.of(), List.of("handle_id")));
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertTrue(
        e.getMessage().contains("You must feed a value for placeholder tensor 'handle'"),
        e.getMessage());
  }

  /** TF 2.18 has a complex64 CPU kernel of Acos; rawops has none: only a run needing it fails. */
  @Test
  void aKernelOnlyRawopsLacksFailsOnlyTheRunsThatNeedIt() {
    GraphDefBuilder g =
        withConst().placeholder("z", DataType.DT_COMPLEX64, PartialShape.unknownRank());
    g.op("acos", "Acos", "z").attr("T", DataType.DT_COMPLEX64);
    Graph graph = Graph.build(g.build(), Device.CPU);
    assertEquals(2, graph.newSession().run(Map.of(), List.of("c")).get(0).numElements());
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                graph
                    .newSession()
                    .run(
                        Map.of(
                            "z",
                            Tensor.ofComplex64(Shape.of(1), new float[] {0.5f}, new float[] {0f})),
                        List.of("acos")));
    assertEquals(Code.UNIMPLEMENTED, e.code(), e.getMessage());
    assertEquals("acos", e.node().orElse(null), e.getMessage());
    assertTrue(e.getMessage().contains("No OpKernel was registered"), e.getMessage());
    assertTrue(e.getMessage().contains("TensorFlow 2.18 has a CPU kernel"), e.getMessage());
  }
}
