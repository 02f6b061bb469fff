package dev.rawops.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.kernels.gpu.HostGpu;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code --device} on validate and run (issue 15); GPU through the host emulation. */
class DeviceOptionTest {
  private static final String DRAW_X = "graphs/examples/tensor_scatter_update/draw_x.pbtxt";

  @AfterEach
  void noGpu() {
    HostGpu.off();
  }

  @Test
  void validateOnGpuShowsPlacementAndCopies() {
    HostGpu.on();
    CliRun.Result r = CliRun.rawops("validate", "--device", "GPU", DRAW_X);
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.out()
            .contains("output = TensorScatterUpdate(tensor, indices, updates) -> float[5,5]  @GPU"),
        r.out());
    assertTrue(r.out().contains("tensor = Const() -> float[5,5]  @CPU"), r.out());
    assertTrue(
        r.out().contains("placement: 1 node on GPU, 3 on CPU; 3 copies between devices"), r.out());
    assertTrue(r.out().contains("  copy indices:0 (CPU) -> output:1 (GPU)"), r.out());
  }

  @Test
  void runOnGpuGivesTheSameX() {
    HostGpu.on();
    CliRun.Result gpu = CliRun.rawops("run", "--device", "GPU", DRAW_X);
    assertEquals(0, gpu.code(), gpu.err());
    // The X of the example's header comment (TF's output), drawn on the GPU.
    assertTrue(
        gpu.out().contains("[[1. 0. 0. 0. 1.]\n [0. 1. 0. 1. 0.]\n [0. 0. 1. 0. 0.]"), gpu.out());
  }

  @Test
  void gpuWithoutDeviceFailsWithTheReasonAndBadDeviceIsUsage() {
    System.setProperty("rawops.gpu", "off");
    CliRun.Result r = CliRun.rawops("validate", "--device", "GPU", DRAW_X);
    assertEquals(1, r.code());
    assertTrue(r.err().contains("cannot build for GPU: the GPU device is switched off"), r.err());
    assertEquals(2, CliRun.rawops("validate", "--device", "TPU", DRAW_X).code());
  }
}
