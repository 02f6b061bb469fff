package dev.rawops.ops.ragged;

import static dev.rawops.ops.ragged.RaggedGatherTest.assertInts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.AttrValue;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import dev.rawops.tfproto.NodeDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every rule RaggedGather enforces, at the stage TF 2.18 enforces it (build: shape function; run:
 * kernel), with TF's status code and message, attributed to the node.
 */
class RaggedGatherErrorsTest {
  private static final List<Tensor> SPLITS = List.of(Tensor.ofInts(Shape.of(5), 0, 2, 2, 4, 4));
  private static final Tensor VALUES = Tensor.ofFloats(Shape.of(4), 1, 2, 3, 4);

  // ---- Build time (TF's RaggedGatherShapeFn and graph import).

  @Test
  void build_wrongOutputRaggedRank_quotesTheFormula() {
    var call =
        RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.scalar(), 0))
            .withOutputRaggedRank(2);
    RawOpsException e = buildError(call.constGraph(), "out");
    assertTrue(
        e.detail()
            .startsWith("Shape must be rank 2 but is rank 0 for input 2 ('indices', shape [])"),
        e.detail());
    assertTrue(
        e.detail()
            .contains(
                "OUTPUT_RAGGED_RANK must equal rank(indices) + PARAMS_RAGGED_RANK - 1 = 0 + 1 - 1 = 0, but it is 2"),
        e.detail());
  }

  @Test
  void build_outputRaggedRankTooSmall_isRejected() {
    List<Tensor> three =
        List.of(
            Tensor.ofInts(Shape.of(2), 0, 1),
            Tensor.ofInts(Shape.of(2), 0, 1),
            Tensor.ofInts(Shape.of(2), 0, 1));
    var call =
        RaggedGatherCall.of(three, VALUES, Tensor.ofInts(Shape.of(1), 0)).withOutputRaggedRank(0);
    RawOpsException e = buildError(call.constGraph(), "out");
    assertTrue(e.detail().startsWith("Shape must be rank -2 but is rank 1"), e.detail());
    assertTrue(e.detail().contains("= 1 + 3 - 1 = 3, but it is 0"), e.detail());
  }

  @Test
  void build_hugeOutputRaggedRank_refusedWithoutExpandingIt() {
    var call =
        RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.of(1), 0))
            .withOutputRaggedRank(5_000_000_000L);
    RawOpsException e = buildError(call.constGraph(), "out");
    assertTrue(
        e.detail()
            .startsWith(
                "attr 'OUTPUT_RAGGED_RANK' = 5000000000 asks for 5000000000 tensors in "
                    + "'output_nested_splits'"),
        e.detail());
  }

  @Test
  void build_fewerSplitsThanParamsRaggedRank_isRejected() {
    GraphDef g = RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.of(1), 0)).constGraph();
    GraphDef bad = withAttr(g, "PARAMS_RAGGED_RANK", AttrValue.newBuilder().setI(2).build());
    RawOpsException e = buildError(bad, "out");
    assertTrue(e.detail().contains("do not match 3 inputs specified"), e.detail());
  }

  @Test
  void build_matrixSplits_isRejected() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(2, 2), 0, 1, 2, 3)),
            VALUES,
            Tensor.ofInts(Shape.of(1), 0));
    RawOpsException e = buildError(call.constGraph(), "out");
    assertTrue(e.detail().startsWith("Shape must be rank 1 but is rank 2 for input 0"), e.detail());
  }

  @Test
  void build_scalarValues_isRejected() {
    var call =
        RaggedGatherCall.of(
            SPLITS, Tensor.ofFloats(Shape.scalar(), 1), Tensor.ofInts(Shape.of(1), 0));
    RawOpsException e = buildError(call.constGraph(), "out");
    assertTrue(
        e.detail().startsWith("Shape must be at least rank 1 but is rank 0 for input 1"),
        e.detail());
  }

  @Test
  void build_floatSplits_notAllowedByTsplits() {
    GraphDef g = RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.of(1), 0)).constGraph();
    RawOpsException e =
        buildError(
            withAttr(g, "Tsplits", AttrValue.newBuilder().setType(DataType.DT_FLOAT).build()),
            "out");
    assertTrue(
        e.detail().contains("'Tsplits' of float is not in the list of allowed values"), e.detail());
  }

  @Test
  void build_consumerOfMissingOutput_isRejected() {
    GraphDef g = RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.of(1), 0)).constGraph();
    GraphDef withConsumer =
        g.toBuilder()
            .addNode(
                NodeDef.newBuilder()
                    .setName("id")
                    .setOp("Identity")
                    .addInput("out:2")
                    .putAttr("T", AttrValue.newBuilder().setType(DataType.DT_FLOAT).build()))
            .build();
    RawOpsException e = buildError(withConsumer, "id");
    assertTrue(
        e.detail().contains("connects to output 2 of node 'out', which has 2 outputs"), e.detail());
  }

  @Test
  void fetchOfMissingOutput_isRejectedBeforeRunning() {
    GraphDef g = RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.of(1), 0)).constGraph();
    var session = Graph.build(g, Device.CPU).newSession();
    RawOpsException e =
        assertThrows(RawOpsException.class, () -> session.run(Map.of(), List.of("out:2")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(
        e.getMessage().contains("node 'out' (op RaggedGather) has 2 outputs"), e.getMessage());
  }

  // ---- Run time (TF's kernel), checked with inputs fed to Placeholders of unknown shape.

  @Test
  void run_indexOutOfRange_namesPositionValueAndRange() {
    var call = RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.of(2), 1, 10));
    assertRunError(call, "indices[1] = 10 is not in [0, 4)");
    assertRunErrorWithConsts(call, "indices[1] = 10 is not in [0, 4)");
  }

  @Test
  void run_negativeIndexInMatrix_namesItsPosition() {
    var call = RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofLongs(Shape.of(2, 1), 0, -1));
    assertRunError(call, "indices[1,0] = -1 is not in [0, 4)");
  }

  @Test
  void run_scalarIndexOutOfRange() {
    assertRunError(
        RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.scalar(), 7)),
        "indices = 7 is not in [0, 4)");
  }

  @Test
  void run_scalarSplits() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.scalar(), 0)), VALUES, Tensor.ofInts(Shape.of(1), 0));
    assertRunError(call, "Split tensors must not be scalars");
  }

  @Test
  void run_scalarValues() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(2), 0, 1)),
            Tensor.ofFloats(Shape.scalar(), 1),
            Tensor.ofInts(Shape.of(1), 0));
    assertRunError(call, "params.rank must be nonzero");
  }

  @Test
  void run_emptySplits() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(0))), VALUES, Tensor.ofInts(Shape.of(0)));
    assertRunError(call, "Ragged splits may not be empty");
  }

  @Test
  void run_negativeSplit() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), -1, 1, 2)), VALUES, Tensor.ofInts(Shape.of(1), 0));
    assertRunError(call, "Ragged splits must be non-negative");
  }

  @Test
  void run_lastSplitPastValues() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 1, 5)), VALUES, Tensor.ofInts(Shape.of(1), 0));
    assertRunError(call, "Ragged splits must not point past values");
  }

  @Test
  void run_outerSplitsPastInnerSplits() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(3), 0, 1, 4), Tensor.ofInts(Shape.of(3), 0, 1, 2)),
            VALUES,
            Tensor.ofInts(Shape.of(1), 0));
    assertRunError(call, "Ragged splits must not point past values");
  }

  @Test
  void run_unsortedSplits() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(4), 0, 2, 1, 2)), VALUES, Tensor.ofInts(Shape.of(1), 0));
    assertRunError(call, "Ragged splits must be sorted");
  }

  /** TF validates indices before splits. */
  @Test
  void run_badIndexAndBadSplits_reportsTheIndex() {
    var call =
        RaggedGatherCall.of(
            List.of(Tensor.ofInts(Shape.of(4), 0, 2, 1, 2)), VALUES, Tensor.ofInts(Shape.of(1), 5));
    assertRunError(call, "indices[0] = 5 is not in [0, 3)");
  }

  /**
   * An outer splits tensor may end at the inner one's length (TF's bound), one past its last entry.
   * TF reads past the buffer when a gathered row reaches it; rawops refuses that row.
   */
  @Test
  void run_rowReachingOnePastInnerSplits_isRefused() {
    List<Tensor> splits =
        List.of(Tensor.ofInts(Shape.of(3), 0, 1, 3), Tensor.ofInts(Shape.of(3), 0, 1, 2));
    var call =
        RaggedGatherCall.of(
            splits, Tensor.ofInts(Shape.of(2), 1, 2), Tensor.ofInts(Shape.of(1), 1));
    assertRunError(call, "Ragged splits must not point past values");
  }

  /** ... while rows that stay inside give TF's result. */
  @Test
  void run_outerSplitsEndingAtInnerLength_otherRowsGatherAsTfDoes() {
    List<Tensor> splits =
        List.of(Tensor.ofInts(Shape.of(3), 0, 1, 3), Tensor.ofInts(Shape.of(3), 0, 1, 2));
    List<Tensor> out =
        RaggedGatherCall.of(splits, Tensor.ofInts(Shape.of(2), 1, 2), Tensor.ofInts(Shape.of(1), 0))
            .runFed();
    assertInts(out.get(0), 0, 1);
    assertInts(out.get(1), 0, 1);
    assertInts(out.get(2), 1);
  }

  /** TF aborts the process here (it writes values into a splits output); rawops reports it. */
  @Test
  void run_outputRaggedRankNotMatchingFedIndices_quotesTheFormula() {
    var call =
        RaggedGatherCall.of(SPLITS, VALUES, Tensor.ofInts(Shape.of(2), 1, 0))
            .withOutputRaggedRank(2);
    assertRunError(
        call,
        "indices has shape [2]: OUTPUT_RAGGED_RANK must equal rank(indices) + PARAMS_RAGGED_RANK"
            + " - 1 = 1 + 1 - 1 = 1, but it is 2");
  }

  private static RawOpsException buildError(GraphDef g, String node) {
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals(node, e.node().orElseThrow(), e.getMessage());
    assertTrue(e.getMessage().contains("node '" + node + "'"), e.getMessage());
    return e;
  }

  private static void assertRunError(RaggedGatherCall call, String detailPrefix) {
    assertError(call::runFed, detailPrefix);
  }

  private static void assertRunErrorWithConsts(RaggedGatherCall call, String detailPrefix) {
    assertError(call::run, detailPrefix);
  }

  private static void assertError(Executable run, String detailPrefix) {
    RawOpsException e = assertThrows(RawOpsException.class, run);
    assertEquals(Code.INVALID_ARGUMENT, e.code(), e.getMessage());
    assertEquals("out", e.node().orElseThrow());
    assertTrue(
        e.getMessage().startsWith("INVALID_ARGUMENT: node 'out' (op RaggedGather): "),
        e.getMessage());
    assertTrue(e.detail().startsWith(detailPrefix), e.detail());
  }

  private static GraphDef withAttr(GraphDef g, String name, AttrValue v) {
    GraphDef.Builder b = g.toBuilder();
    for (NodeDef.Builder n : b.getNodeBuilderList()) {
      if (n.getName().equals("out")) {
        n.putAttr(name, v);
      }
    }
    return b.build();
  }
}
