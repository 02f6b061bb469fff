package dev.rawops.kernels.gpu;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Switches this JVM's GPU device to the host emulation library the build made from src/main/cuda
 * (target/native), for one test class; tests abort (skip) with a clear message where the build had
 * no g++. Always {@link #off()} afterwards: other tests must see the machine's own device (none in
 * CI).
 */
public final class HostGpu {
  public static final Path LIBRARY =
      Path.of(System.getProperty("basedir", "."))
          .resolve("target/native")
          .resolve(System.mapLibraryName("rawops_gpu_host"));

  private HostGpu() {}

  public static void on() {
    Assumptions.assumeTrue(
        Files.isRegularFile(LIBRARY),
        "skipped: no GPU host emulation library at "
            + LIBRARY
            + " (g++ was not on PATH when the project was built)");
    System.setProperty("rawops.gpu", "host");
    System.setProperty("rawops.gpu.hostlib", LIBRARY.toString());
  }

  public static void off() {
    System.clearProperty("rawops.gpu");
    System.clearProperty("rawops.gpu.hostlib");
  }
}
