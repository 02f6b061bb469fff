package dev.rawops.runtime;

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
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per build-time rule: each asserts the status code, the node named, and the rule. */
class BuildErrorsTest {
  private static GraphDefBuilder params() {
    return new GraphDefBuilder()
        .constant("params", Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4))
        .constant("indices", Tensor.ofInts(Shape.of(1, 2), 0, 1));
  }

  private static GraphDefBuilder gather(GraphDefBuilder b) {
    return b.op("out", "GatherNd", "params", "indices")
        .attr("Tparams", DataType.DT_FLOAT)
        .attr("Tindices", DataType.DT_INT32);
  }

  private static RawOpsException buildFails(
      GraphDef g, Code code, String node, String... fragments) {
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    RawOpsException first = e.errors().get(0);
    assertEquals(code, first.code(), first.getMessage());
    assertEquals(node, first.node().orElse(null), first.getMessage());
    for (String f : fragments) {
      assertTrue(
          first.getMessage().contains(f), "message lacks '" + f + "': " + first.getMessage());
    }
    return first;
  }

  @Test
  void unknownOp_isNotFoundAtBuild() {
    buildFails(
        params().op("out", "FancyOp", "params").build(),
        Code.NOT_FOUND,
        "out",
        "Op type not registered 'FancyOp'",
        "TensorFlow 2.18 has no such op");
  }

  @Test
  void opTfKnowsButRawopsLacks_failsOnlyARunThatNeedsIt() {
    // Lgamma-like ops TF registers but rawops has no kernel for: the graph builds (attrs, dtypes
    // checked against TF's OpDef), a run not needing it works, one needing it is UNIMPLEMENTED.
    GraphDef g =
        params()
            .constant("s", Tensor.ofStrings(Shape.of(), "x"))
            .op("unused", "DecodeJSONExample", "s")
            .build();
    Graph graph = Graph.build(g, Device.CPU);
    assertEquals(
        4, graph.newSession().run(java.util.Map.of(), List.of("params")).get(0).numElements());
    var e =
        assertThrows(
            RawOpsException.class,
            () -> graph.newSession().run(java.util.Map.of(), List.of("unused")));
    assertEquals(Code.UNIMPLEMENTED, e.code(), e.getMessage());
    assertEquals("unused", e.node().orElse(null));
    assertTrue(e.getMessage().contains("No OpKernel was registered"), e.getMessage());
  }

  @Test
  void missingAttr() {
    buildFails(
        params()
            .op("out", "GatherNd", "params", "indices")
            .attr("Tparams", DataType.DT_FLOAT)
            .build(),
        Code.INVALID_ARGUMENT,
        "out",
        "missing attr 'Tindices'");
  }

  @Test
  void unknownAttr_isIgnoredAsTensorFlowDoes() {
    // TF 2.18 logs "Unknown attributes will be ignored" and runs the op without it (graph/0038
    // fixture).
    Graph g = Graph.build(gather(params()).attr("batch_dims", 1).build(), Device.CPU);
    Tensor out = g.newSession().run(java.util.Map.of(), java.util.List.of("out")).get(0);
    assertEquals(Shape.of(1), out.shape());
    assertEquals(2f, out.getFloat(0));
    assertEquals(
        java.util.List.of(
            "node 'out' (op GatherNd): attr 'batch_dims' is not declared by the op; "
                + "ignored, as TensorFlow 2.18 ignores it"),
        g.warnings());
  }

  @Test
  void nodeNamesFollowTensorFlowsRule() {
    for (String bad : new String[] {"bad name!", "_hidden", "a>", "-a"}) {
      buildFails(
          new GraphDefBuilder().constant(bad, Tensor.ofFloats(Shape.of(1), 1)).build(),
          Code.INVALID_ARGUMENT,
          bad,
          "node name contains invalid characters");
    }
    Graph.build(
        new GraphDefBuilder().constant("scope/c-1.x>y_z", Tensor.ofFloats(Shape.of(1), 1)).build(),
        Device.CPU);
  }

  @Test
  void nodeWithoutOp_isInvalidArgument() {
    buildFails(
        params().op("out", "", "params").build(),
        Code.INVALID_ARGUMENT,
        "out",
        "does not specify an operation");
  }

  @Test
  void internalUnderscoreAttr_isAccepted() {
    Graph.build(gather(params()).attr("_class", "loc:@params").build(), Device.CPU);
  }

  @Test
  void wronglyTypedAttr() {
    buildFails(
        params()
            .op("out", "GatherNd", "params", "indices")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", 3)
            .build(),
        Code.INVALID_ARGUMENT,
        "out",
        "'Tindices'",
        "'int'",
        "'type' expected");
  }

  @Test
  void attrOutsideAllowedValues() {
    buildFails(
        params()
            .op("out", "GatherNd", "params", "indices")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_FLOAT)
            .build(),
        Code.INVALID_ARGUMENT,
        "out",
        "attr 'Tindices' of float is not in the list of allowed values: int16, int32, int64");
  }

  @Test
  void minimumViolated() {
    buildFails(
        params().op("out", "IdentityN").attrTypes("T").build(),
        Code.INVALID_ARGUMENT,
        "out",
        "attr 'T' of length 0 must be at least minimum 1");
  }

  @Test
  void inputCountNotMatchingTypeList() {
    buildFails(
        params()
            .op("out", "IdentityN", "params")
            .attrTypes("T", DataType.DT_FLOAT, DataType.DT_INT32)
            .build(),
        Code.INVALID_ARGUMENT,
        "out",
        "expected inputs 'float, int32' do not match 1 inputs");
  }

  @Test
  void inputDtypeNotMatchingTypeAttr() {
    buildFails(
        params()
            .op("out", "GatherNd", "params", "indices")
            .attr("Tparams", DataType.DT_INT32)
            .attr("Tindices", DataType.DT_INT32)
            .build(),
        Code.INVALID_ARGUMENT,
        "out",
        "Input 0 of node out was passed float from params:0 incompatible with expected int32");
  }

  @Test
  void duplicateNodeNames() {
    buildFails(
        params().op("params", "NoOp").build(),
        Code.INVALID_ARGUMENT,
        "params",
        "duplicate node name");
  }

  @Test
  void inputNamingMissingNode() {
    buildFails(
        params().op("out", "Identity", "nowhere").attr("T", DataType.DT_FLOAT).build(),
        Code.INVALID_ARGUMENT,
        "out",
        "'nowhere', which is not in the graph");
  }

  @Test
  void inputNamingMissingOutputIndex() {
    buildFails(
        params().op("out", "Identity", "params:1").attr("T", DataType.DT_FLOAT).build(),
        Code.INVALID_ARGUMENT,
        "out",
        "output 1 of node 'params', which has 1 output");
  }

  @Test
  void cycle_isPrinted() {
    GraphDef g =
        new GraphDefBuilder()
            .op("a", "Identity", "c")
            .attr("T", DataType.DT_FLOAT)
            .op("b", "Identity", "a")
            .attr("T", DataType.DT_FLOAT)
            .op("c", "Identity", "b")
            .attr("T", DataType.DT_FLOAT)
            .build();
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    String m = e.getMessage();
    assertTrue(
        m.contains("cycle")
            && (m.contains("a -> b -> c -> a")
                || m.contains("b -> c -> a -> b")
                || m.contains("c -> a -> b -> c")),
        m);
  }

  @Test
  void gatherNd_indexDepthAboveParamsRank() {
    GraphDef g =
        gather(
                new GraphDefBuilder()
                    .constant("params", Tensor.ofFloats(Shape.of(2), 1, 2))
                    .constant("indices", Tensor.ofInts(Shape.of(1, 2), 0, 1)))
            .build();
    buildFails(
        g,
        Code.INVALID_ARGUMENT,
        "out",
        "indices.shape[-1] must be <= params.rank",
        "indices shape: [1,2]",
        "params shape: [2]");
  }

  @Test
  void gatherNd_scalarIndices() {
    GraphDef g =
        gather(
                new GraphDefBuilder()
                    .constant("params", Tensor.ofFloats(Shape.of(2), 1, 2))
                    .constant("indices", Tensor.ofInts(Shape.scalar(), 0)))
            .build();
    buildFails(g, Code.INVALID_ARGUMENT, "out", "Shape must be at least rank 1 but is rank 0");
  }

  @Test
  void gatherNd_badIndicesPolicy() {
    buildFails(
        gather(params()).attr("bad_indices_policy", "SOMETIMES").build(),
        Code.INVALID_ARGUMENT,
        "out",
        "bad_indices_policy is \"SOMETIMES\"");
  }

  @Test
  void staticShapes_fromPlaceholdersAndConsts() {
    GraphDef g =
        new GraphDefBuilder()
            .placeholder("params", DataType.DT_FLOAT, PartialShape.of(-1, 5, 7))
            .constant("indices", Tensor.ofInts(Shape.of(4, 3, 1), new int[12]))
            .op("out", "GatherNd", "params", "indices")
            .attr("Tparams", DataType.DT_FLOAT)
            .attr("Tindices", DataType.DT_INT32)
            .build();
    Graph graph = Graph.build(g, Device.CPU);
    assertEquals(
        PartialShape.of(4, 3, 5, 7), graph.node("out").orElseThrow().outputShapes().get(0));
  }

  @Test
  void allErrorsAreReported_notJustTheFirst() {
    GraphDef g =
        params()
            .op("x", "FancyOp")
            .op("y", "Identity", "nowhere")
            .attr("T", DataType.DT_FLOAT)
            .build();
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(2, e.errors().size(), e.getMessage());
  }

  @Test
  void constWithMalformedValue_namesTheNode() {
    GraphDef g =
        new GraphDefBuilder()
            .op("c", "Const")
            .attr("dtype", DataType.DT_FLOAT)
            .attr(
                "value",
                AttrValue.newBuilder()
                    .setTensor(
                        dev.rawops.tfproto.TensorProto.newBuilder()
                            .setDtype(DataType.DT_FLOAT)
                            .setTensorShape(PartialShape.of(3).toProto())
                            .setTensorContent(com.google.protobuf.ByteString.copyFrom(new byte[5])))
                    .build())
            .build();
    buildFails(g, Code.INVALID_ARGUMENT, "c", "tensor_content holds 5 bytes");
  }
}
