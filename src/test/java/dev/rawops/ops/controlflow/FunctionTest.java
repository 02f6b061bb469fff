package dev.rawops.ops.controlflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Functions;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Function-library rules TensorFlow cannot be asked about safely (a broken body, endless recursion)
 * and concurrency; TF's answers for the rest are in graphs/conformance/functions.
 */
class FunctionTest {
  private static GraphDef graph(String text) throws TextFormat.ParseException {
    GraphDef.Builder b = GraphDef.newBuilder();
    TextFormat.merge(text, b);
    return b.build();
  }

  @Test
  void brokenBodyIsABuildErrorNamingCallerAndFunction() throws Exception {
    GraphDef g =
        graph(
            """
            node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_STRING } } }
            node { name: "call" op: "PartitionedCall" input: "x"
              attr { key: "Tin" value { list { type: DT_STRING } } }
              attr { key: "Tout" value { list { type: DT_STRING } } }
              attr { key: "f" value { func { name: "broken" } } } }
            library { function {
              signature { name: "broken" input_arg { name: "t" type: DT_STRING } output_arg { name: "o" type: DT_STRING } }
              node_def { name: "g" op: "GatherNd" input: "t" input: "nowhere:output:0"
                attr { key: "Tparams" value { type: DT_STRING } } attr { key: "Tindices" value { type: DT_INT32 } } }
              ret { key: "o" value: "g:output:0" } } }
            """);
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("call", e.node().orElseThrow());
    assertTrue(e.getMessage().contains("function 'broken'"), e.getMessage());
    assertTrue(e.getMessage().contains("nowhere"), e.getMessage());
  }

  @Test
  void undefinedFunctionIsNotFoundAtBuild() throws Exception {
    GraphDef g =
        graph(
            """
            node { name: "call" op: "PartitionedCall"
              attr { key: "Tin" value { list { } } }
              attr { key: "Tout" value { list { } } }
              attr { key: "f" value { func { name: "absent" } } } }
            """);
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(Code.NOT_FOUND, e.code());
    assertEquals("call", e.node().orElseThrow());
    assertTrue(e.getMessage().contains("'absent'"), e.getMessage());
  }

  @Test
  void callTypesMustMatchTheFunction() throws Exception {
    GraphDef g =
        graph(
            """
            node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_INT32 } } }
            node { name: "call" op: "PartitionedCall" input: "x"
              attr { key: "Tin" value { list { type: DT_INT32 } } }
              attr { key: "Tout" value { list { type: DT_INT32 } } }
              attr { key: "f" value { func { name: "same" } } } }
            library { function {
              signature { name: "same" input_arg { name: "t" type: DT_STRING } output_arg { name: "o" type: DT_STRING } }
              ret { key: "o" value: "t" } } }
            """);
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("call", e.node().orElseThrow());
    assertTrue(e.getMessage().contains("function 'same'"), e.getMessage());
  }

  @Test
  void endlessRecursionIsStoppedNamingTheChain() throws Exception {
    GraphDef g =
        graph(
            """
            node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_INT32 } } }
            node { name: "r" op: "forever" input: "x" }
            library { function {
              signature { name: "forever" input_arg { name: "i" type: DT_INT32 } output_arg { name: "o" type: DT_INT32 } }
              node_def { name: "again" op: "forever" input: "i" }
              ret { key: "o" value: "again:o:0" } } }
            """);
    Graph graph = Graph.build(g, Device.CPU);
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                graph
                    .newSession()
                    .run(Map.of("x", Tensor.ofInts(Shape.scalar(), 1)), List.of("r")));
    assertEquals(Code.RESOURCE_EXHAUSTED, e.code());
    assertTrue(e.getMessage().contains("forever -> forever"), e.getMessage());
    assertTrue(e.getMessage().contains("" + Functions.MAX_DEPTH), e.getMessage());
  }

  @Test
  void concurrentAssignAddsAreAtomic() throws Exception {
    GraphDef g =
        graph(
            """
            node { name: "v" op: "VarHandleOp" attr { key: "dtype" value { type: DT_INT64 } }
              attr { key: "shape" value { shape { } } } attr { key: "shared_name" value { s: "n" } } }
            node { name: "zero" op: "Const" attr { key: "dtype" value { type: DT_INT64 } }
              attr { key: "value" value { tensor { dtype: DT_INT64 tensor_shape { } int64_val: 0 } } } }
            node { name: "one" op: "Const" attr { key: "dtype" value { type: DT_INT64 } }
              attr { key: "value" value { tensor { dtype: DT_INT64 tensor_shape { } int64_val: 1 } } } }
            node { name: "init" op: "AssignVariableOp" input: "v" input: "zero" attr { key: "dtype" value { type: DT_INT64 } } }
            node { name: "inc" op: "AssignAddVariableOp" input: "v" input: "one" attr { key: "dtype" value { type: DT_INT64 } } }
            node { name: "read" op: "ReadVariableOp" input: "v" attr { key: "dtype" value { type: DT_INT64 } } }
            """);
    Session s = Graph.build(g, Device.CPU).newSession();
    s.run(Map.of(), List.of(), List.of("init"));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int k = 0; k < 250; k++) {
                    s.run(Map.of(), List.of(), List.of("inc"));
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(1000L, s.run(Map.of(), List.of("read")).get(0).getLong(0));
  }
}
