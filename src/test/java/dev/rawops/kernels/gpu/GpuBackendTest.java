package dev.rawops.kernels.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import dev.rawops.graph.GraphDefBuilder;
import dev.rawops.kernels.Device;
import dev.rawops.memory.Block;
import dev.rawops.memory.MemoryKind;
import dev.rawops.runtime.Graph;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tfproto.GraphDef;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The two backends up to where this machine allows: the CUDA driver binding is exercised until
 * libcuda is missing (then the test says so and skips), the host emulation fully.
 */
class GpuBackendTest {
  @AfterEach
  void noGpu() {
    HostGpu.off();
    System.clearProperty("rawops.gpu.libcuda");
  }

  @Test
  void missingLibcudaMeansNoGpuDeviceWithAClearReason() {
    System.setProperty("rawops.gpu.libcuda", "/nonexistent/libcuda.so.1");
    String[] why = new String[1];
    assertTrue(CudaDriver.open(why).isEmpty());
    assertTrue(why[0].startsWith("no CUDA driver: /nonexistent/libcuda.so.1"), why[0]);
    assertTrue(why[0].contains("RAWOPS_GPU=host"), why[0]);
  }

  @Test
  void buildingForAnAbsentGpuIsAnErrorAndDeviceFieldsFallBack() {
    System.setProperty("rawops.gpu", "off");
    GraphDef def =
        new GraphDefBuilder()
            .constant("p", Tensor.ofFloats(Shape.of(2), 1, 2))
            .constant("i", Tensor.ofInts(Shape.of(1, 1), 1))
            .op("out", "GatherNd", "p", "i")
            .attr("Tparams", dev.rawops.tfproto.DataType.DT_FLOAT)
            .attr("Tindices", dev.rawops.tfproto.DataType.DT_INT32)
            .build();
    RawOpsException e = assertThrows(RawOpsException.class, () -> Graph.build(def, Device.GPU));
    assertEquals(Code.INVALID_ARGUMENT, e.code());
    assertTrue(e.getMessage().contains("cannot build for GPU: the GPU device is switched off"));
    GraphDef pinned = GpuSemanticsTest.withDevice(def, "out", "/device:GPU:0");
    assertEquals(Device.CPU, Graph.build(pinned, Device.CPU).placement().deviceOf("out"));
  }

  @Test
  void realCudaDeviceWhenPresent() {
    System.setProperty("rawops.gpu", "cuda");
    String[] why = new String[1];
    Optional<CudaDriver> cuda = CudaDriver.open(why);
    Assumptions.assumeTrue(cuda.isPresent(), "skipped: " + why[0]);
    roundTrip(cuda.get());
  }

  @Test
  void hostEmulationRoundTripAndLaunch() {
    HostGpu.on();
    GpuBackend b = HostEmulation.load(HostGpu.LIBRARY);
    assertTrue(b.describe().startsWith("host emulation"));
    roundTrip(b);
  }

  @Test
  void hostEmulationErrors() {
    RawOpsException missing =
        assertThrows(RawOpsException.class, () -> HostEmulation.load(Path.of("/nonexistent.so")));
    assertEquals(Code.UNAVAILABLE, missing.code());
    HostGpu.on();
    GpuBackend b = HostEmulation.load(HostGpu.LIBRARY);
    RawOpsException unknown =
        assertThrows(RawOpsException.class, () -> b.launch("no_such_kernel", 1, 1));
    assertEquals(Code.NOT_FOUND, unknown.code());
    assertThrows(RawOpsException.class, () -> b.free(12345));
  }

  /** Upload, memset, a strided_slice launch (reverse 5 ints), download. */
  private static void roundTrip(GpuBackend b) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment host = arena.allocateFrom(ValueLayout.JAVA_INT, 1, 2, 3, 4, 5);
      long in = b.alloc(20);
      long out = b.alloc(20);
      long meta = b.alloc(16);
      b.copyToDevice(host, in, 20);
      b.memset(out, 0, 20);
      b.copyToDevice(arena.allocateFrom(ValueLayout.JAVA_LONG, 5, -1), meta, 16);
      b.launch("strided_slice", 2, 4, in, out, meta, 5, 1, 4, 4);
      MemorySegment back = arena.allocate(20);
      b.copyToHost(out, back, 20);
      b.sync();
      assertArrayEquals(new int[] {5, 4, 3, 2, 1}, back.toArray(ValueLayout.JAVA_INT));
      b.free(in);
      b.free(out);
      b.free(meta);
    }
  }

  @Test
  void deviceAllocatorAccounts() {
    HostGpu.on();
    DeviceAllocator a = new DeviceAllocator(HostEmulation.load(HostGpu.LIBRARY));
    assertEquals(MemoryKind.DEVICE, a.kind());
    Block x = a.allocate(10, true);
    Block y = a.allocate(300, false);
    assertEquals(MemoryKind.DEVICE, x.kind());
    assertEquals(null, x.segment());
    assertEquals(256 + 512, a.bytesInUse());
    a.free(x);
    a.free(y);
    assertEquals(0, a.bytesInUse());
    assertEquals(768, a.peakBytesInUse());
  }

  @Test
  void ptxModulesWhenNvccBuiltThem() throws Exception {
    for (String m : CudaDriver.MODULES) {
      try (InputStream in = CudaDriver.class.getResourceAsStream(m + ".ptx")) {
        Assumptions.assumeTrue(
            in != null, "skipped: no PTX (nvcc was not on PATH when the project was built)");
        String ptx = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        List<String> entries = CudaDriver.entries(ptx);
        assertFalse(entries.isEmpty(), m);
        assertTrue(entries.stream().allMatch(e -> e.matches("[a-z_]+")), entries.toString());
      }
    }
    String one = ".visible .entry gather_nd(\n\t.param .align 8 .b8 gather_nd_param_0[72]\n)";
    assertEquals(List.of("gather_nd"), CudaDriver.entries(one));
  }

  @Test
  void cudaErrorsNameTheCallAndTheDriversText() {
    assertEquals(
        "CUDA error 700 in cuLaunchKernel(gather_nd): an illegal memory access was encountered",
        CudaDriver.describeError(
            "cuLaunchKernel(gather_nd)", 700, "an illegal memory access was encountered"));
  }
}
