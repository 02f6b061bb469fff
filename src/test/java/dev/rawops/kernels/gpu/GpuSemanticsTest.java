package dev.rawops.kernels.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Placement;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.testing.OneOp;
import dev.rawops.tfproto.DataType;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TF's GPU rules on rawops' GPU kernels (host emulation of the CUDA sources), and placement.
 * Expected values: TF's GatherNd documentation ("on GPU, if an out of bound index is found, a 0 is
 * stored in the corresponding output value", seed page 001), its scatter documentation ("on GPU, if
 * an out of bound index is found, the index is ignored"), TF 2.18's GPU kernel registrations
 * (bad_indices_policy "", DEFAULT, IGNORE only; no string or int32-StridedSlice GPU kernels), and
 * the rawops promise that duplicate scatter indices resolve as on the CPU: the last one wins.
 */
class GpuSemanticsTest {
  @BeforeAll
  static void hostGpu() {
    HostGpu.on();
  }

  @AfterAll
  static void noGpu() {
    HostGpu.off();
  }

  private static Tensor run(GraphDef def, Device device, String fetch) {
    return Graph.build(def, device).newSession().run(Map.of(), List.of(fetch)).get(0);
  }

  private static GraphDef gatherNd(Tensor params, Tensor indices, String policy) {
    OneOp gather =
        OneOp.of("GatherNd")
            .constInputs()
            .input(params)
            .input(indices)
            .attr("Tparams", params.dtype())
            .attr("Tindices", indices.dtype());
    return (policy == null ? gather : gather.attr("bad_indices_policy", policy)).graph();
  }

  private static GraphDef scatter(Tensor tensor, Tensor indices, Tensor updates) {
    return OneOp.of("TensorScatterUpdate")
        .constInputs()
        .inputs(tensor, indices, updates)
        .attr("T", tensor.dtype())
        .attr("Tindices", indices.dtype())
        .graph();
  }

  private static float[] floats(Tensor t) {
    float[] f = new float[(int) t.numElements()];
    for (int i = 0; i < f.length; i++) {
      f[i] = t.getFloat(i);
    }
    return f;
  }

  @Test
  void gatherNdOutOfBoundsGathersZerosOnGpuAndFailsOnCpu() {
    GraphDef def =
        gatherNd(
            Tensor.ofFloats(Shape.of(2, 2), 1, 2, 3, 4),
            Tensor.ofInts(Shape.of(3, 2), 0, 1, 5, 0, 1, -1),
            null);
    Tensor gpu = run(def, Device.GPU, "out");
    assertEquals(Device.GPU, Graph.build(def, Device.GPU).placement().deviceOf("out"));
    assertArrayEquals(new float[] {2, 0, 0}, floats(gpu));
    RawOpsException cpu = assertThrows(RawOpsException.class, () -> run(def, Device.CPU, "out"));
    assertEquals(Code.INVALID_ARGUMENT, cpu.code());
    assertTrue(
        cpu.getMessage().contains("does not index into param shape [2,2]"), cpu.getMessage());
  }

  @Test
  void gatherNdSlicesAndInt64Indices() {
    GraphDef def =
        gatherNd(
            Tensor.ofDoubles(Shape.of(3, 2), 1, 2, 3, 4, 5, 6),
            Tensor.ofLongs(Shape.of(3, 1), 2, 3, 0),
            "IGNORE");
    Tensor out = run(def, Device.GPU, "out");
    assertEquals(Shape.of(3, 2), out.shape());
    double[] expected = {5, 6, 0, 0, 1, 2};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], out.getDouble(i));
    }
  }

  @Test
  void gatherNdErrorPolicyHasNoGpuKernelAndFailsOnTheCpu() {
    GraphDef def =
        gatherNd(Tensor.ofFloats(Shape.of(2), 1, 2), Tensor.ofInts(Shape.of(1, 1), 7), "ERROR");
    assertEquals(Device.CPU, Graph.build(def, Device.GPU).placement().deviceOf("out"));
    RawOpsException e = assertThrows(RawOpsException.class, () -> run(def, Device.GPU, "out"));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
  }

  @Test
  void stringsFallBackToTheCpu() {
    GraphDef def =
        gatherNd(Tensor.ofStrings(Shape.of(2), "a", "b"), Tensor.ofInts(Shape.of(1, 1), 1), null);
    assertEquals(Device.CPU, Graph.build(def, Device.GPU).placement().deviceOf("out"));
    assertArrayEquals(
        "b".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        run(def, Device.GPU, "out").getString(0));
  }

  @Test
  void scatterSkipsOutOfBoundsIndicesOnGpu() {
    GraphDef def =
        scatter(
            Tensor.ofFloats(Shape.of(4), 1, 1, 1, 1),
            Tensor.ofInts(Shape.of(3, 1), 0, 9, 3),
            Tensor.ofFloats(Shape.of(3), 7, 8, 9));
    assertArrayEquals(new float[] {7, 1, 1, 9}, floats(run(def, Device.GPU, "out")));
    RawOpsException cpu = assertThrows(RawOpsException.class, () -> run(def, Device.CPU, "out"));
    assertEquals(Code.INVALID_ARGUMENT, cpu.code());
  }

  @Test
  void scatterDuplicatesLastWinsDeterministically() {
    // 200 updates of the same two rows: the last ones in row-major order of indices win.
    int n = 200;
    int[] idx = new int[n];
    float[] upd = new float[n * 2];
    for (int i = 0; i < n; i++) {
      idx[i] = i % 2;
      upd[2 * i] = i;
      upd[2 * i + 1] = -i;
    }
    GraphDef def =
        scatter(
            Tensor.ofFloats(Shape.of(3, 2), 0, 0, 0, 0, 5, 5),
            Tensor.ofInts(Shape.of(n, 1), idx),
            Tensor.ofFloats(Shape.of(n, 2), upd));
    float[] expected = {198, -198, 199, -199, 5, 5};
    for (int rep = 0; rep < 3; rep++) {
      assertArrayEquals(expected, floats(run(def, Device.GPU, "out")));
    }
    assertArrayEquals(expected, floats(run(def, Device.CPU, "out")));
  }

  @Test
  void stridedSliceReversedOnGpuWithHostMemoryIndices() {
    GraphDef def =
        new GraphDefBuilder()
            .constant("x", Tensor.ofFloats(Shape.of(2, 3), 1, 2, 3, 4, 5, 6))
            .constant("begin", Tensor.ofInts(Shape.of(2), 0, -1))
            .constant("end", Tensor.ofInts(Shape.of(2), 2, -4))
            .constant("strides", Tensor.ofInts(Shape.of(2), 1, -2))
            .op("out", "StridedSlice", "x", "begin", "end", "strides")
            .attr("T", DataType.DT_FLOAT)
            .attr("Index", DataType.DT_INT32)
            .attr("begin_mask", 0L)
            .attr("end_mask", 0L)
            .attr("ellipsis_mask", 0L)
            .attr("new_axis_mask", 0L)
            .attr("shrink_axis_mask", 0L)
            .build();
    Graph g = Graph.build(def, Device.GPU);
    Placement p = g.placement();
    assertEquals(Device.GPU, p.deviceOf("out"));
    // x is copied to the GPU; begin, end and strides are read in host memory: no copies.
    assertEquals(1, p.copies().size(), p.copies().toString());
    assertEquals("x:0", p.copies().get(0).from());
    Tensor out = g.newSession().run(Map.of(), List.of("out")).get(0);
    assertEquals(Shape.of(2, 2), out.shape());
    assertArrayEquals(new float[] {3, 1, 6, 4}, floats(out)); // x[:, ::-2]
  }

  @Test
  void int32StridedSliceStaysOnTheHost() {
    GraphDef def =
        OneOp.of("StridedSlice")
            .constInputs()
            .input(Tensor.ofInts(Shape.of(4), 1, 2, 3, 4))
            .input(Tensor.ofInts(Shape.of(1), 1))
            .input(Tensor.ofInts(Shape.of(1), 3))
            .input(Tensor.ofInts(Shape.of(1), 1))
            .attr("T", DataType.DT_INT32)
            .attr("Index", DataType.DT_INT32)
            .graph();
    Placement p = Graph.build(def, Device.GPU).placement();
    assertEquals(Device.CPU, p.deviceOf("out"));
    assertEquals(0, p.copies().size());
  }

  @Test
  void deviceFieldIsHonoured() {
    GraphDef base =
        gatherNd(Tensor.ofFloats(Shape.of(2), 1, 2), Tensor.ofInts(Shape.of(1, 1), 1), null);
    GraphDef toGpu = withDevice(base, "out", "/job:localhost/replica:0/task:0/device:GPU:0");
    Placement onCpuGraph = Graph.build(toGpu, Device.CPU).placement();
    assertEquals(Device.GPU, onCpuGraph.deviceOf("out"));
    assertEquals(2, onCpuGraph.copies().size());
    GraphDef toCpu = withDevice(base, "out", "/CPU:0");
    assertEquals(Device.CPU, Graph.build(toCpu, Device.GPU).placement().deviceOf("out"));
    assertEquals(2f, run(toGpu, Device.CPU, "out").getFloat(0));
  }

  @Test
  void ragedGatherValuesOnGpu() {
    // tf.gather(tf.ragged.constant([[1, 2], [], [3, 4, 5]]), [2, 1, 0, 2]) =
    // [[3, 4, 5], [], [1, 2], [3, 4, 5]]
    GraphDef def =
        OneOp.of("RaggedGather")
            .constInputs()
            .input(Tensor.ofLongs(Shape.of(4), 0, 2, 2, 5))
            .input(Tensor.ofFloats(Shape.of(5), 1, 2, 3, 4, 5))
            .input(Tensor.ofInts(Shape.of(4), 2, 1, 0, 2))
            .attr("Tvalues", DataType.DT_FLOAT)
            .attr("Tsplits", DataType.DT_INT64)
            .attr("Tindices", DataType.DT_INT32)
            .attr("PARAMS_RAGGED_RANK", 1L)
            .attr("OUTPUT_RAGGED_RANK", 1L)
            .graph();
    Graph g = Graph.build(def, Device.GPU);
    assertEquals(Device.GPU, g.placement().deviceOf("out"));
    List<Tensor> out = g.newSession().run(Map.of(), List.of("out:0", "out:1"));
    assertArrayEquals(new long[] {0, 3, 3, 5, 8}, out.get(0).toLongArray());
    assertArrayEquals(new float[] {3, 4, 5, 1, 2, 3, 4, 5}, floats(out.get(1)));
    assertEquals(DType.FLOAT, out.get(1).dtype());
  }

  static GraphDef withDevice(GraphDef def, String node, String device) {
    GraphDef.Builder b = def.toBuilder();
    for (var n : b.getNodeBuilderList()) {
      if (n.getName().equals(node)) {
        n.setDevice(device);
      }
    }
    return b.build();
  }
}
