package dev.rawops.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rawops.ops.NodeInfo;
import dev.rawops.ops.Signature;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.PartialShape;
import dev.rawops.tensor.Tensor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Devices come from {@link KernelProvider}s that {@link java.util.ServiceLoader} finds (the CPU and
 * GPU ones listed in META-INF/services), in a fixed order, and a provider of a new device has its
 * kernels chosen for that device.
 */
class KernelRegistryTest {
  private static final String SERVICES = "META-INF/services/" + KernelProvider.class.getName();

  /** A node of {@code op}; kernels without type or attr constraints match it without its attrs. */
  private static NodeInfo node(String op) {
    return new NodeInfo() {
      @Override
      public String name() {
        return "n";
      }

      @Override
      public String op() {
        return op;
      }

      @Override
      public Signature signature() {
        throw new UnsupportedOperationException();
      }

      @Override
      public PartialShape inputShape(int i) {
        return PartialShape.unknownRank();
      }

      @Override
      public Optional<Tensor> constantInput(int i) {
        return Optional.empty();
      }
    };
  }

  @Test
  void builtInHasTheCpuAndGpuProvidersOfTheServicesFile() {
    KernelRegistry kernels = KernelRegistry.builtIn();
    assertEquals(List.of(Device.CPU, Device.GPU), kernels.devices());
    assertTrue(kernels.hasDevice(Device.CPU));
    assertTrue(kernels.hasDevice(Device.GPU), "GPU kernels register with or without a GPU");
    assertTrue(kernels.available(Device.CPU));
    assertFalse(kernels.describe("GatherNd").isEmpty());
  }

  @Test
  void toleranceIsTheDeviceProvidersOwn() {
    KernelRegistry kernels = KernelRegistry.builtIn();
    assertEquals(0, kernels.tolerance(Device.CPU, "Exp", DType.FLOAT), "the CPU is the reference");
    assertTrue(kernels.tolerance(Device.GPU, "Exp", DType.FLOAT) > 0, "GPU transcendentals");
    assertEquals(0, kernels.tolerance(Device.GPU, "Add", DType.FLOAT), "IEEE-exact arithmetic");
    assertEquals(0, kernels.tolerance(new Device("NONE"), "Exp", DType.FLOAT), "no provider");
  }

  @Test
  void aProviderOfANewDeviceHasItsKernelsPlacedOnIt() {
    KernelRegistry kernels = KernelRegistry.of(List.of(new AccelKernels()));
    assertEquals(List.of(AccelKernels.ACCEL), kernels.devices());
    assertTrue(kernels.hasDevice(AccelKernels.ACCEL));
    assertTrue(kernels.available(AccelKernels.ACCEL));
    assertSame(AccelKernels.IDENTITY, kernels.find(node("Identity"), AccelKernels.ACCEL).get());
    assertTrue(kernels.find(node("Identity"), Device.CPU).isEmpty(), "no CPU provider here");
    assertTrue(kernels.find(node("Exp"), AccelKernels.ACCEL).isEmpty(), "no Exp kernel");
    assertEquals(1e-3, kernels.tolerance(AccelKernels.ACCEL, "Exp", DType.FLOAT));
    assertEquals("rawops has no CPU kernels", kernels.unavailableReason(Device.CPU));
  }

  @Test
  void overlappingRegistrationsForOneDeviceAreRefused() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> KernelRegistry.of(List.of(new AccelKernels(), new AccelKernels())));
    assertTrue(
        e.getMessage().startsWith("kernel registered twice: Identity on ACCEL"), e::getMessage);
  }

  @Test
  void serviceLoaderFindsAProviderOnTheClassPathAndSortsProvidersByDevice(@TempDir Path dir)
      throws Exception {
    // A class path entry of its own naming AccelKernels, after the one naming CPU and GPU.
    Path services = dir.resolve(SERVICES);
    Files.createDirectories(services.getParent());
    Files.writeString(services, "# a test device\n" + AccelKernels.class.getName() + "\n");
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      KernelRegistry kernels = KernelRegistry.load(loader);
      // ACCEL sorts before CPU and GPU, whatever order the services files are read in.
      assertEquals(List.of(AccelKernels.ACCEL, Device.CPU, Device.GPU), kernels.devices());
      assertSame(AccelKernels.IDENTITY, kernels.find(node("Identity"), AccelKernels.ACCEL).get());
      assertTrue(kernels.hasDevice(Device.CPU));
      assertTrue(kernels.hasDevice(Device.GPU));
    }
  }
}
