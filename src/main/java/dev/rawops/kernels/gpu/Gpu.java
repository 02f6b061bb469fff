package dev.rawops.kernels.gpu;

import dev.rawops.RawOpsException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The GPU device of this process, if there is one. {@code -Drawops.gpu} chooses the backend:
 *
 * <ul>
 *   <li>(the environment variable {@code RAWOPS_GPU} when the property is unset)
 *   <li>unset or {@code cuda}: the CUDA driver (libcuda looked up at run time); without it there is
 *       no GPU device, and {@link #unavailableReason()} says why;
 *   <li>{@code host}: the host emulation library ({@code -Drawops.gpu.hostlib=PATH}, default {@code
 *       target/native/librawops_gpu_host.so}), how CI runs {@code --device GPU} end to end;
 *   <li>{@code off}: no GPU device.
 * </ul>
 *
 * The choice is made on first use and again whenever those properties change (tests switch them).
 */
public final class Gpu {
  /** One device, one stream: kernel calls and copies take turns. */
  static final java.util.concurrent.locks.ReentrantLock TURN =
      new java.util.concurrent.locks.ReentrantLock();

  private static String key;
  private static GpuBackend backend;
  private static DeviceAllocator memory;
  private static String why;

  private Gpu() {}

  /** The backend, or empty when this process has no GPU device. */
  public static synchronized Optional<GpuBackend> backend() {
    String mode =
        System.getProperty(
                "rawops.gpu", Objects.requireNonNullElse(System.getenv("RAWOPS_GPU"), "cuda"))
            .toLowerCase(Locale.ROOT);
    String lib = System.getProperty("rawops.gpu.hostlib", defaultHostLibrary().toString());
    String k = mode + "|" + lib;
    if (!k.equals(key)) {
      key = k;
      backend = null;
      memory = null;
      why = null;
      String[] reason = new String[1];
      switch (mode) {
        case "off" -> why = "the GPU device is switched off (-Drawops.gpu=off)";
        case "host" -> {
          try {
            backend = HostEmulation.load(Path.of(lib));
          } catch (RawOpsException e) {
            why = e.detail();
          }
        }
        case "cuda" -> {
          backend = CudaDriver.open(reason).orElse(null);
          why = reason[0];
        }
        default -> why = "-Drawops.gpu=" + mode + " is none of cuda, host, off: no GPU device";
      }
    }
    if (backend != null && memory == null) {
      memory = new DeviceAllocator(backend);
    }
    return Optional.ofNullable(backend);
  }

  /**
   * The device's memory (device tensors, the copy counters), or empty without a GPU device. One per
   * backend: it changes when the backend does.
   */
  public static synchronized Optional<DeviceAllocator> memory() {
    backend();
    return Optional.ofNullable(memory);
  }

  /**
   * target/native/librawops_gpu_host.so under the working directory, else beside the jar or classes
   * directory rawops runs from (target/rawops-…-all.jar, target/classes).
   */
  static Path defaultHostLibrary() {
    if (Files.isRegularFile(HostEmulation.DEFAULT_LIBRARY)) {
      return HostEmulation.DEFAULT_LIBRARY;
    }
    try {
      Path code = Path.of(Gpu.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Path lib = code.getParent().resolve(HostEmulation.DEFAULT_LIBRARY.subpath(1, 3));
      if (Files.isRegularFile(lib)) {
        return lib;
      }
    } catch (URISyntaxException | RuntimeException e) {
      // no code source (e.g. a custom class loader): keep the working-directory default
    }
    return HostEmulation.DEFAULT_LIBRARY;
  }

  /** True when {@link #backend()} has a backend. */
  public static boolean available() {
    return backend().isPresent();
  }

  /** Why there is no GPU device ("" when there is one). */
  public static synchronized String unavailableReason() {
    backend();
    return why == null ? "" : why;
  }

  /** "GPU:0 (CUDA NVIDIA H200)", "GPU:0 (host emulation …)" or "no GPU device: …". */
  public static String describe() {
    return backend().map(b -> "GPU:0 (" + b.describe() + ")").orElse("no GPU device: " + why);
  }
}
