package dev.rawops.ops.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.GraphBuildException;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TensorScatterUpdate's build-time rules: TF's shape function (ScatterNdTensorShape) on static
 * shapes, the attr rules and kernel registration. Expected messages are TensorFlow 2.18's (less the
 * "for '{{node …}}' with input shapes" suffix TF appends).
 */
class TensorScatterUpdateBuildTest {
  /** TensorScatterUpdate on int32 (its inputs follow). */
  private static OneOp scatter(String policy) {
    OneOp scatter =
        OneOp.of("TensorScatterUpdate")
            .attr("T", DataType.DT_INT32)
            .attr("Tindices", DataType.DT_INT32);
    return policy == null ? scatter : scatter.attr("bad_indices_policy", policy);
  }

  /** On Placeholders of these static shapes, fed by nothing. */
  private static GraphDef consts(long[] tensor, long[] indices, long[] updates, String policy) {
    return scatter(policy)
        .placeholder(DataType.DT_INT32, PartialShape.of(tensor))
        .placeholder(DataType.DT_INT32, PartialShape.of(indices))
        .placeholder(DataType.DT_INT32, PartialShape.of(updates))
        .graph();
  }

  private static long[] s(long... dims) {
    return dims;
  }

  private static RawOpsException buildFails(GraphDef g) {
    GraphBuildException e =
        assertThrows(GraphBuildException.class, () -> Graph.build(g, Device.CPU));
    RawOpsException first = e.errors().get(0);
    assertEquals(Code.INVALID_ARGUMENT, first.code(), first.getMessage());
    assertEquals("out", first.node().orElse(null), first.getMessage());
    assertEquals("TensorScatterUpdate", first.op().orElse(null), first.getMessage());
    return first;
  }

  private static void buildFails(String tfMessage, long[] tensor, long[] indices, long[] updates) {
    assertEquals(tfMessage, buildFails(consts(tensor, indices, updates, null)).detail());
  }

  @Test
  void innerDimensionDiffers() {
    buildFails(
        "Dimensions [1,2) of input[shape=[2,3]] = [3] must match dimensions [1,2) of updates[shape=[2,4]] = [4]: "
            + "Dimension 0 in both shapes must be equal, but are 3 and 4. Shapes are [3] and [4].",
        s(2, 3),
        s(2, 1),
        s(2, 4));
  }

  @Test
  void batchDimensionDiffers() {
    buildFails(
        "Dimensions [0,1) of indices[shape=[2,1]] = [2] must match dimensions [0,1) of updates[shape=[3,3]] = [3]: "
            + "Dimension 0 in both shapes must be equal, but are 2 and 3. Shapes are [2] and [3].",
        s(2, 3),
        s(2, 1),
        s(3, 3));
  }

  @Test
  void updatesRankTooLowForTheBatch() {
    buildFails(
        "Dimensions [0,2) of indices[shape=[2,2,1]] = [2,2] must match dimensions [0,2) of updates[shape=[2]] = [2]: "
            + "Shapes must be equal rank, but are 2 and 1",
        s(3),
        s(2, 2, 1),
        s(2));
  }

  @Test
  void updatesMissTheSliceDims() {
    buildFails(
        "Dimensions [1,2) of input[shape=[2,3]] = [3] must match dimensions [1,1) of updates[shape=[2]] = []: "
            + "Shapes must be equal rank, but are 1 and 0",
        s(2, 3),
        s(2, 1),
        s(2));
  }

  @Test
  void updatesHaveExtraDims() {
    buildFails(
        "Dimensions [1,2) of input[shape=[2,2]] = [2] must match dimensions [1,3) of updates[shape=[1,2,1]] = [2,1]: "
            + "Shapes must be equal rank, but are 1 and 2",
        s(2, 2),
        s(1, 1),
        s(1, 2, 1));
  }

  @Test
  void rank1Indices() {
    buildFails(
        "Dimensions [1,1) of input[shape=[4]] = [] must match dimensions [0,1) of updates[shape=[1]] = [1]: "
            + "Shapes must be equal rank, but are 0 and 1",
        s(4),
        s(1),
        s(1));
  }

  @Test
  void partiallyKnownShapesStillContradict() {
    buildFails(
        "Dimensions [1,2) of input[shape=[?,3]] = [3] must match dimensions [1,2) of updates[shape=[?,4]] = [4]: "
            + "Dimension 0 in both shapes must be equal, but are 3 and 4. Shapes are [3] and [4].",
        s(-1, 3),
        s(-1, 1),
        s(-1, 4));
  }

  @Test
  void updatesForAnEmptyTensor() {
    buildFails("Indices and updates specified for empty input", s(0), s(1, 1), s(1));
    buildFails("Indices and updates specified for empty input", s(-1, 0), s(2, 1), s(-1, 0));
  }

  @Test
  void scalarTensorOrIndices() {
    assertTrue(
        buildFails(consts(s(), s(1, 0), s(1), null))
            .detail()
            .startsWith("Shape must be at least rank 1 but is rank 0 for input 0"));
    assertTrue(
        buildFails(consts(s(4), s(), s(1), null))
            .detail()
            .startsWith("Shape must be at least rank 1 but is rank 0 for input 1"));
  }

  @Test
  void unknownPolicy_isRejected() {
    assertTrue(
        buildFails(consts(s(3), s(1, 1), s(1), "BOGUS"))
            .detail()
            .startsWith("Unknown bad indices handling attribute: BOGUS"));
    assertTrue(
        buildFails(consts(s(3), s(1, 1), s(1), "ignore"))
            .detail()
            .startsWith("Unknown bad indices handling attribute: ignore"));
  }

  /** The OpDef allows int16 and uint16 indices, but TF 2.18 has no CPU kernel for them. */
  @Test
  void int16AndUint16Indices_haveNoCpuKernel() {
    for (DataType t : List.of(DataType.DT_INT16, DataType.DT_UINT16)) {
      GraphDef g =
          OneOp.of("TensorScatterUpdate")
              .constInput(Tensor.ofInts(Shape.of(3), 0, 0, 0))
              .placeholder(t, PartialShape.of(1, 1))
              .constInput(Tensor.ofInts(Shape.of(1), 5))
              .attr("T", DataType.DT_INT32)
              .attr("Tindices", t)
              .graph();
      assertTrue(
          buildFails(g)
              .detail()
              .startsWith("No OpKernel was registered to support Op 'TensorScatterUpdate'"));
    }
  }

  /**
   * Shapes TF's shape function lets through (depth > rank clamps to a scalar suffix) fail at run
   * time.
   */
  @Test
  void depthBeyondRank_passesBuildFailsRun() {
    OneOp scatter =
        scatter(null)
            .input(Tensor.ofInts(Shape.of(2, 2), 0, 0, 0, 0), PartialShape.of(2, 2))
            .input(Tensor.ofInts(Shape.of(1, 3), 0, 0, 0), PartialShape.of(1, 3))
            .input(Tensor.ofInts(Shape.of(1), 5), PartialShape.of(1));
    Graph g = scatter.build();
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> g.newSession().run(scatter.feeds(), List.of("out")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertEquals("out", e.node().orElseThrow());
    assertEquals(
        "Inner dimensions of output shape must match inner dimensions of updates shape. Output: [2,2] "
            + "updates: [1]",
        e.detail());
  }

  @Test
  void scalarUpdates_passBuildFailRun() {
    OneOp scatter =
        scatter(null)
            .input(Tensor.ofInts(Shape.of(4), 0, 0, 0, 0), PartialShape.of(4))
            .input(Tensor.ofInts(Shape.of(2, 1), 2, 1), PartialShape.of(2, 1))
            .input(Tensor.ofInts(Shape.scalar(), 5), PartialShape.of());
    Graph g = scatter.build();
    RawOpsException e =
        assertThrows(
            RawOpsException.class, () -> g.newSession().run(scatter.feeds(), List.of("out")));
    assertEquals("Updates shape must have rank at least one. Found:[]", e.detail());
    assertEquals("out", e.node().orElseThrow());
  }

  @Test
  void outputShapeIsTheTensorShape() {
    OneOp scatter =
        scatter("IGNORE")
            .input(Tensor.ofInts(Shape.of(2, 3), 0, 0, 0, 0, 0, 0), PartialShape.of(-1, 3))
            .input(Tensor.ofInts(Shape.of(2, 1), 1, 0), PartialShape.of(2, 1))
            .input(Tensor.ofInts(Shape.of(2, 3), 1, 2, 3, 4, 5, 6), PartialShape.of(2, 3));
    Graph g = scatter.build();
    assertEquals(List.of(PartialShape.of(-1, 3)), g.node("out").orElseThrow().outputShapes());
    Tensor out = g.newSession().run(scatter.feeds(), List.of("out")).get(0);
    assertArrayEquals(new long[] {4, 5, 6, 1, 2, 3}, out.toLongArray());
  }
}
