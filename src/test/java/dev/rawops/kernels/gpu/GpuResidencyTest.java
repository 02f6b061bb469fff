package dev.rawops.kernels.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.runtime.Graph;
import dev.rawops.runtime.Placement;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tensors stay on the device between GPU nodes (issue 15): copy nodes are inserted at build time at
 * each host/device edge, each fed tensor is uploaded once and each fetch downloaded once, and the
 * results equal the CPU's (the chain's indices are in range, where TF's CPU and GPU kernels agree).
 */
class GpuResidencyTest {
  @BeforeAll
  static void hostGpu() {
    HostGpu.on();
  }

  @AfterAll
  static void noGpu() {
    HostGpu.off();
  }

  private DeviceAllocator memory;
  // Device bytes live before the test (other tests' tensors the GC has not collected yet).
  private long before;

  @BeforeEach
  void resetCounts() {
    memory = Gpu.memory().orElseThrow();
    memory.resetCounts();
    before = memory.bytesInUse();
  }

  /** params[4,3] → GatherNd rows → StridedSlice [::2] → TensorScatterUpdate of row 1. */
  private static GraphDef chain() {
    return new GraphDefBuilder()
        .placeholder("params", DType.FLOAT, PartialShape.of(4, 3))
        .placeholder("indices", DType.INT32, PartialShape.of(4, 1))
        .placeholder("where", DType.INT64, PartialShape.of(1, 1))
        .placeholder("updates", DType.FLOAT, PartialShape.of(1, 3))
        .constant("begin", Tensor.ofInts(Shape.of(2), 0, 0))
        .constant("end", Tensor.ofInts(Shape.of(2), 4, 3))
        .constant("strides", Tensor.ofInts(Shape.of(2), 2, 1))
        .op("gather", "GatherNd", "params", "indices")
        .attr("Tparams", DType.FLOAT)
        .attr("Tindices", DType.INT32)
        .op("slice", "StridedSlice", "gather", "begin", "end", "strides")
        .attr("T", DType.FLOAT)
        .attr("Index", DType.INT32)
        .op("scatter", "TensorScatterUpdate", "slice", "where", "updates")
        .attr("T", DType.FLOAT)
        .attr("Tindices", DType.INT64)
        .build();
  }

  private static Map<String, Tensor> feeds() {
    return Map.of(
        "params", Tensor.ofFloats(Shape.of(4, 3), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
        "indices", Tensor.ofInts(Shape.of(4, 1), 3, 1, 0, 2),
        "where", Tensor.ofLongs(Shape.of(1, 1), 1),
        "updates", Tensor.ofFloats(Shape.of(1, 3), -1, -2, -3));
  }

  private static List<Tensor> run(GraphDef def, Device device, String... fetches) {
    return Graph.build(def, device).newSession().run(feeds(), List.of(fetches));
  }

  @Test
  void chainOnTheGpuUploadsEachFeedOnceAndDownloadsEachFetchOnce() {
    Graph g = Graph.build(chain(), Device.GPU);
    Placement p = g.placement();
    assertEquals(3, p.count(Device.GPU));
    // One upload per fed tensor the GPU reads; begin/end/strides stay in host memory.
    assertEquals(4, p.copies().size(), p.copies().toString());
    assertTrue(p.copies().stream().allMatch(c -> c.toDevice().equals(Device.GPU)));
    assertTrue(
        p.copies().toString().contains("indices:0 (CPU) -> gather:1 (GPU)"), p.copies().toString());
    List<Tensor> gpu = g.newSession().run(feeds(), List.of("scatter"));
    assertEquals(4, memory.uploads());
    assertEquals(1, memory.downloads());
    assertFalse(gpu.get(0).isOnDevice());
    // TF's values: rows 3,1,0,2 gathered, rows 0 and 2 of that kept, row 1 replaced.
    assertEquals(
        Tensor.ofFloats(Shape.of(2, 3), 9, 10, 11, -1, -2, -3).format(), gpu.get(0).format());
    assertTrue(gpu.get(0).contentEquals(run(chain(), Device.CPU, "scatter").get(0)));
    assertEquals(before, memory.bytesInUse(), "every device block given back after the run");
  }

  @Test
  void fetchingAnIntermediateDownloadsIt() {
    List<Tensor> gpu = run(chain(), Device.GPU, "gather", "scatter", "gather");
    assertEquals(4, memory.uploads());
    assertEquals(2, memory.downloads()); // "gather" fetched twice is copied once
    List<Tensor> cpu = run(chain(), Device.CPU, "gather", "scatter", "gather");
    for (int i = 0; i < 3; i++) {
      assertTrue(gpu.get(i).contentEquals(cpu.get(i)), "fetch " + i);
    }
  }

  @Test
  void aCpuNodeBetweenGpuNodesCopiesBothWays() {
    GraphDef.Builder b = chain().toBuilder();
    for (var n : b.getNodeBuilderList()) {
      if (n.getName().equals("slice")) {
        n.setDevice("/device:CPU:0");
      }
    }
    Graph g = Graph.build(b.build(), Device.GPU);
    Placement p = g.placement();
    assertEquals(Device.CPU, p.deviceOf("slice"));
    assertEquals(2, p.count(Device.GPU));
    // params, indices, where, updates up; gather down to the CPU slice; slice up again.
    assertEquals(6, p.copies().size(), p.copies().toString());
    assertTrue(
        p.copies().toString().contains("gather:0 (GPU) -> slice:0 (CPU)"), p.copies().toString());
    List<Tensor> gpu = g.newSession().run(feeds(), List.of("scatter"));
    assertEquals(5, memory.uploads());
    assertEquals(2, memory.downloads());
    assertTrue(gpu.get(0).contentEquals(run(chain(), Device.CPU, "scatter").get(0)));
  }

  @Test
  void deviceTensorBytesAreNotReadableWithoutACopy() {
    Tensor t = Tensor.ofFloats(Shape.of(2), 1, 2);
    GraphDef def =
        new GraphDefBuilder()
            .constant("params", t)
            .constant("indices", Tensor.ofInts(Shape.of(2, 1), 1, 0))
            .op("gather", "GatherNd", "params", "indices")
            .attr("Tparams", DType.FLOAT)
            .attr("Tindices", DType.INT32)
            .build();
    Tensor[] seen = new Tensor[1];
    // The run hands out host tensors only; a device tensor's data throws instead of being stale.
    Tensor out = Graph.build(def, Device.GPU).newSession().run(Map.of(), List.of("gather")).get(0);
    assertFalse(out.isOnDevice());
    assertEquals(2f, out.getFloat(0));
    try (GpuRun run = GpuRun.start(new NoRunContext())) {
      GpuRun.Out o = run.output(DType.FLOAT, Shape.of(2));
      seen[0] = run.finish(o);
    }
    assertTrue(seen[0].isOnDevice());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> seen[0].getFloat(0));
    assertTrue(e.getMessage().contains("lives in GPU:0 memory: copy it to the host first"));
    seen[0].close();
  }

  @Test
  void anErrorInAGpuNodeNamesNodeAndOp() {
    GraphDef def =
        new GraphDefBuilder()
            .placeholder("params", DType.FLOAT, PartialShape.unknownRank())
            .placeholder("indices", DType.INT32, PartialShape.unknownRank())
            .op("gather", "GatherNd", "params", "indices")
            .attr("Tparams", DType.FLOAT)
            .attr("Tindices", DType.INT32)
            .build();
    Graph g = Graph.build(def, Device.GPU);
    assertEquals(Device.GPU, g.placement().deviceOf("gather"));
    RawOpsException e =
        assertThrows(
            RawOpsException.class,
            () ->
                g.newSession()
                    .run(
                        Map.of(
                            "params", Tensor.ofFloats(Shape.of(2), 1, 2),
                            "indices", Tensor.ofInts(Shape.of(1, 3), 0, 0, 0)),
                        List.of("gather")));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(
        e.getMessage().contains("gather") && e.getMessage().contains("GatherNd"), e.getMessage());
  }

  @Test
  void copiesInsideAWhileLoopRunEveryIteration() {
    // A TF 1 while loop: i = 0, x = [1.5, -2]; while i < 5: x = x * 2, i = i + 1. The loop's
    // control flow and int32 counter stay on the CPU; Mul (float) runs on the GPU each iteration,
    // through a copy up and a copy down inside the loop's frame. TF's answer: x * 2^5.
    GraphDef def =
        new GraphDefBuilder()
            .constant("x0", Tensor.ofFloats(Shape.of(2), 1.5f, -2f))
            .constant("i0", Tensor.ofInts(Shape.of(), 0))
            .constant("two", Tensor.ofFloats(Shape.of(), 2f))
            .constant("one", Tensor.ofInts(Shape.of(), 1))
            .constant("five", Tensor.ofInts(Shape.of(), 5))
            .op("x/enter", "Enter", "x0")
            .attr("T", DType.FLOAT)
            .attr("frame_name", "loop")
            .op("i/enter", "Enter", "i0")
            .attr("T", DType.INT32)
            .attr("frame_name", "loop")
            .op("two/enter", "Enter", "two")
            .attr("T", DType.FLOAT)
            .attr("frame_name", "loop")
            .attr("is_constant", true)
            .op("one/enter", "Enter", "one")
            .attr("T", DType.INT32)
            .attr("frame_name", "loop")
            .attr("is_constant", true)
            .op("five/enter", "Enter", "five")
            .attr("T", DType.INT32)
            .attr("frame_name", "loop")
            .attr("is_constant", true)
            .op("x/merge", "Merge", "x/enter", "x/next")
            .attr("T", DType.FLOAT)
            .attr("N", 2)
            .op("i/merge", "Merge", "i/enter", "i/next")
            .attr("T", DType.INT32)
            .attr("N", 2)
            .op("less", "Less", "i/merge", "five/enter")
            .attr("T", DType.INT32)
            .op("cond", "LoopCond", "less")
            .op("x/switch", "Switch", "x/merge", "cond")
            .attr("T", DType.FLOAT)
            .op("i/switch", "Switch", "i/merge", "cond")
            .attr("T", DType.INT32)
            .op("x/body", "Mul", "x/switch:1", "two/enter")
            .attr("T", DType.FLOAT)
            .op("i/body", "Add", "i/switch:1", "one/enter")
            .attr("T", DType.INT32)
            .op("x/next", "NextIteration", "x/body")
            .attr("T", DType.FLOAT)
            .op("i/next", "NextIteration", "i/body")
            .attr("T", DType.INT32)
            .op("x/exit", "Exit", "x/switch:0")
            .attr("T", DType.FLOAT)
            .build();
    Graph g = Graph.build(def, Device.GPU);
    assertEquals(Device.GPU, g.placement().deviceOf("x/body"));
    assertEquals(Device.CPU, g.placement().deviceOf("i/body"));
    assertEquals(3, g.placement().copies().size(), g.placement().copies().toString());
    Tensor x = g.newSession().run(Map.of(), List.of("x/exit")).get(0);
    assertEquals(Tensor.ofFloats(Shape.of(2), 48f, -64f).format(), x.format());
    // x up in each of the 5 iterations that multiply; the loop-invariant 2 up in all 6 iterations
    // (the sixth, where i < 5 fails, still sees the constant: only the Switch's outputs are dead).
    assertEquals(11, memory.uploads());
    assertEquals(5, memory.downloads()); // x * 2 down in each
    assertEquals(before, memory.bytesInUse());
  }

  /** A kernel context outside any run (owner null: the device block is freed on close/GC). */
  private static final class NoRunContext implements dev.rawops.kernels.KernelContext {
    @Override
    public dev.rawops.ops.NodeInfo node() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Tensor input(int i) {
      throw new UnsupportedOperationException();
    }

    @Override
    public dev.rawops.tensor.TensorBuffer allocate(DType dtype, Shape shape) {
      throw new UnsupportedOperationException();
    }

    @Override
    public java.util.Optional<dev.rawops.tensor.TensorBuffer> forwardInput(int i) {
      return java.util.Optional.empty();
    }

    @Override
    public void setOutput(int i, Tensor t) {}
  }
}
