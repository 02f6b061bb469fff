package dev.rawops.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.kernels.OpScope.OutOfScope;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.DataType;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An op rawops means never to run (OpScope) is lazy like any op it lacks: a graph holding it builds
 * and runs what does not need it, and a plan needing it fails UNIMPLEMENTED naming the node, the op
 * and why it is out of scope. One op of each class, with the inputs and attrs TF 2.18's OpDef asks.
 */
class OutOfScopeOpsTest {
  private static GraphDefBuilder graph() {
    return new GraphDefBuilder().constant("c", Tensor.ofFloats(Shape.of(1), 2f));
  }

  private static void floats(GraphDefBuilder g, String... names) {
    for (String n : names) {
      g.placeholder(n, DataType.DT_FLOAT, PartialShape.unknownRank());
    }
  }

  private static void handle(GraphDefBuilder g, DataType t) {
    g.placeholder("h", t, PartialShape.of());
  }

  /** The node "x" of class {@code c}'s op, and whether it has outputs to fetch. */
  private static Consumer<GraphDefBuilder> nodeOf(OutOfScope c) {
    return switch (c) {
      case TRAINING_GRADIENT ->
          g -> {
            floats(g, "a", "b");
            g.op("x", "ReluGrad", "a", "b").attr("T", DataType.DT_FLOAT);
          };
      case TRAINING_OPTIMIZER ->
          g -> {
            handle(g, DataType.DT_RESOURCE);
            floats(g, "a", "b");
            g.op("x", "ResourceApplyGradientDescent", "h", "a", "b").attr("T", DataType.DT_FLOAT);
          };
      case TRAINING_ACCUMULATOR ->
          g -> {
            handle(g, DataType.DT_RESOURCE);
            g.op("x", "ResourceAccumulatorNumAccumulated", "h");
          };
      case TRAINING_OTHER ->
          g -> {
            floats(g, "p");
            for (String n : List.of("n", "s", "r")) {
              g.placeholder(n, DataType.DT_INT64, PartialShape.of());
            }
            g.op("x", "KmeansPlusPlusInitialization", "p", "n", "s", "r");
          };
      case DATASET ->
          g -> {
            handle(g, DataType.DT_VARIANT);
            g.op("x", "OptionalHasValue", "h");
          };
      case QUEUE ->
          g -> {
            handle(g, DataType.DT_RESOURCE);
            g.op("x", "QueueSizeV2", "h");
          };
      case READER ->
          g -> {
            handle(g, DataType.DT_RESOURCE);
            g.op("x", "ReaderNumRecordsProducedV2", "h");
          };
      case SUMMARY ->
          g -> {
            g.placeholder("t", DataType.DT_STRING, PartialShape.of());
            floats(g, "v");
            g.op("x", "ScalarSummary", "t", "v").attr("T", DataType.DT_FLOAT);
          };
      case WRITING ->
          g -> {
            g.placeholder("f", DataType.DT_STRING, PartialShape.of());
            g.placeholder("s", DataType.DT_STRING, PartialShape.of());
            g.op("x", "WriteFile", "f", "s");
          };
      case DISTRIBUTED ->
          g ->
              g.op("x", "Send", "c")
                  .attr("T", DataType.DT_FLOAT)
                  .attr("tensor_name", "t")
                  .attr("send_device", "/cpu:0")
                  .attr("send_device_incarnation", 1L)
                  .attr("recv_device", "/cpu:1");
      case DEBUG -> g -> g.op("x", "DebugIdentity", "c").attr("T", DataType.DT_FLOAT);
      case INTERNAL ->
          g ->
              g.op("x", "_HostCast", "c")
                  .attr("SrcT", DataType.DT_FLOAT)
                  .attr("DstT", DataType.DT_DOUBLE);
    };
  }

  /** The classes whose example op has no outputs: run as a target. */
  private static final Set<OutOfScope> NO_OUTPUTS =
      EnumSet.of(OutOfScope.TRAINING_OPTIMIZER, OutOfScope.WRITING, OutOfScope.DISTRIBUTED);

  @ParameterizedTest
  @EnumSource(OutOfScope.class)
  void aPlanNeedingTheOpFailsNamingNodeOpAndClass(OutOfScope c) {
    GraphDefBuilder g = graph();
    nodeOf(c).accept(g);
    Graph graph = Graph.build(g.build(), Device.CPU);
    assertEquals(2f, graph.newSession().run(Map.of(), List.of("c")).get(0).getFloat(0));
    List<String> fetch = NO_OUTPUTS.contains(c) ? List.of() : List.of("x");
    List<String> targets = NO_OUTPUTS.contains(c) ? List.of("x") : List.of();
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () -> graph.newSession().run(Map.of(), fetch, targets),
            c.toString());
    assertEquals(Code.UNIMPLEMENTED, e.code(), e.getMessage());
    assertEquals("x", e.node().orElse(null), e.getMessage());
    String op = graph.node("x").orElseThrow().op();
    assertTrue(
        e.getMessage().contains(op + " is out of scope for rawops: " + c.description()),
        e.getMessage());
  }

  /** An op in scope that rawops lacks keeps the plain message: a later rawops may run it. */
  @Test
  void anInScopeOpRawopsLacksIsNotCalledOutOfScope() {
    GraphDefBuilder g = graph();
    g.op("x", "Abort");
    Graph graph = Graph.build(g.build(), Device.CPU);
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> graph.newSession().run(Map.of(), List.of(), List.of("x")));
    assertEquals(Code.UNIMPLEMENTED, e.code(), e.getMessage());
    assertEquals("x", e.node().orElse(null), e.getMessage());
    assertTrue(e.getMessage().contains("rawops has no kernel"), e.getMessage());
    assertFalse(e.getMessage().contains("out of scope"), e.getMessage());
  }
}
