package dev.rawops.ops.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.runtime.Session;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** TF 1 reference variables: state across runs in the session, TF's rules and messages. */
class RefVariableTest {
  static final DataType F = DataType.DT_FLOAT;

  /** v: float [3]; init assigns [1,2,3]; read = Identity(v); add: v += [1,1,1]. */
  static Graph graph() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.op("v", "VariableV2")
        .attr("dtype", F)
        .attr("shape", AttrValue.newBuilder().setShape(PartialShape.of(3).toProto()).build());
    b.constant("init/value", Tensor.ofFloats(Shape.of(3), 1, 2, 3));
    b.op("init", "Assign", "v", "init/value").attr("T", F);
    b.op("read", "Identity", "v").attr("T", F);
    b.constant("ones", Tensor.ofFloats(Shape.of(3), 1, 1, 1));
    b.op("add", "AssignAdd", "v", "ones").attr("T", F);
    b.op("isInit", "IsVariableInitialized", "v").attr("dtype", F);
    b.constant("idx", Tensor.ofInts(Shape.of(2), 2, 0));
    b.constant("upd", Tensor.ofFloats(Shape.of(2), 10, 20));
    b.op("scatterAdd", "ScatterAdd", "v", "idx", "upd")
        .attr("T", F)
        .attr("Tindices", DataType.DT_INT32);
    b.op("scatterMax", "ScatterMax", "v", "idx", "upd")
        .attr("T", F)
        .attr("Tindices", DataType.DT_INT32);
    b.constant("ndIdx", Tensor.ofInts(Shape.of(1, 1), 1));
    b.constant("ndUpd", Tensor.ofFloats(Shape.of(1), -5));
    b.op("ndUpdate", "ScatterNdUpdate", "v", "ndIdx", "ndUpd")
        .attr("T", F)
        .attr("Tindices", DataType.DT_INT32);
    b.constant("far", Tensor.ofInts(Shape.of(1), 7));
    b.constant("one", Tensor.ofFloats(Shape.of(1), 1));
    b.op("badScatter", "ScatterUpdate", "v", "far", "one")
        .attr("T", F)
        .attr("Tindices", DataType.DT_INT32);
    b.placeholder("wrong", F, PartialShape.unknownRank());
    b.op("badAssign", "Assign", "v", "wrong").attr("T", F).attr("validate_shape", true);
    return Graph.build(b.build(), Device.CPU);
  }

  static float[] floats(Tensor t) {
    float[] f = new float[(int) t.numElements()];
    for (int i = 0; i < f.length; i++) {
      f[i] = t.getFloat(i);
    }
    return f;
  }

  static float[] read(Session s) {
    return floats(s.run(Map.of(), List.of("read")).get(0));
  }

  @Test
  void valueLivesAcrossRuns_andAssignAddAccumulates() {
    Session s = graph().newSession();
    assertFalse(s.run(Map.of(), List.of("isInit")).get(0).getBoolean(0));
    s.run(Map.of(), List.of(), List.of("init"));
    assertTrue(s.run(Map.of(), List.of("isInit")).get(0).getBoolean(0));
    assertArrayEquals(new float[] {1, 2, 3}, read(s));
    s.run(Map.of(), List.of(), List.of("add"));
    s.run(Map.of(), List.of(), List.of("add"));
    assertArrayEquals(new float[] {3, 4, 5}, read(s));
    // A fetched ref output is the value.
    assertArrayEquals(new float[] {4, 5, 6}, floats(s.run(Map.of(), List.of("add")).get(0)));
    // Another session of the same graph has its own variable.
    assertFalse(graph().newSession().run(Map.of(), List.of("isInit")).get(0).getBoolean(0));
  }

  @Test
  void readingAnUninitializedVariableIsFailedPrecondition() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> graph().newSession().run(Map.of(), List.of("read")));
    assertEquals(Code.FAILED_PRECONDITION, e.code());
    assertEquals("read", e.node().orElseThrow());
    assertTrue(e.getMessage().contains("Attempting to use uninitialized value v"), e.getMessage());
  }

  @Test
  void scattersMutateTheVariable() {
    Session s = graph().newSession();
    s.run(Map.of(), List.of(), List.of("init"));
    s.run(Map.of(), List.of(), List.of("scatterAdd")); // [1,2,3] + rows 2,0 of [10,20]
    assertArrayEquals(new float[] {21, 2, 13}, read(s));
    s.run(Map.of(), List.of(), List.of("scatterMax"));
    assertArrayEquals(new float[] {21, 2, 13}, read(s));
    s.run(Map.of(), List.of(), List.of("ndUpdate"));
    assertArrayEquals(new float[] {21, -5, 13}, read(s));
  }

  @Test
  void scatterIndexOutOfRange() {
    Session s = graph().newSession();
    s.run(Map.of(), List.of(), List.of("init"));
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> s.run(Map.of(), List.of(), List.of("badScatter")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("badScatter", e.node().orElseThrow());
    assertTrue(e.getMessage().contains("indices[0] = 7 is not in [0, 3)"), e.getMessage());
  }

  @Test
  void assignValidatesTheShape() {
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                graph()
                    .newSession()
                    .run(
                        Map.of("wrong", Tensor.ofFloats(Shape.of(2), 1, 2)),
                        List.of(),
                        List.of("badAssign")));
    assertEquals("badAssign", e.node().orElseThrow());
    assertTrue(
        e.getMessage()
            .contains(
                "Assign requires shapes of both tensors to match. lhs shape= [3] rhs shape= [2]"),
        e.getMessage());
  }

  @Test
  void aStaticShapeMismatchIsABuildError() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.op("v", "VariableV2")
        .attr("dtype", F)
        .attr("shape", AttrValue.newBuilder().setShape(PartialShape.of(3).toProto()).build());
    b.constant("x", Tensor.ofFloats(Shape.of(2), 1, 2));
    b.op("a", "Assign", "v", "x").attr("T", F);
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(b.build(), Device.CPU));
    assertTrue(
        e.getMessage()
            .contains(
                "Dimension 0 in both shapes must be equal, but are 3 and 2. Shapes are [3] and"
                    + " [2]."),
        e.getMessage());
  }

  @Test
  void assignToAValueIsABuildError_asInFrozenGraphs() {
    GraphDefBuilder b = new GraphDefBuilder();
    b.constant("Variable", Tensor.ofFloats(Shape.of(1), 1));
    b.constant("x", Tensor.ofFloats(Shape.of(1), 2));
    b.op("Assign", "Assign", "Variable", "x").attr("T", F);
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(b.build(), Device.CPU));
    assertTrue(
        e.getMessage()
            .contains(
                "Input 0 of node Assign was passed float from Variable:0 incompatible with expected float_ref."),
        e.getMessage());
  }

  @Test
  void concurrentAssignAddsAreNotLost() throws Exception {
    Session s = graph().newSession();
    s.run(Map.of(), List.of(), List.of("init"));
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int r = 0; r < 200; r++) {
        fs.add(pool.submit(() -> s.run(Map.of(), List.of(), List.of("add"))));
      }
      for (Future<?> f : fs) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    assertArrayEquals(new float[] {201, 202, 203}, read(s));
  }
}
