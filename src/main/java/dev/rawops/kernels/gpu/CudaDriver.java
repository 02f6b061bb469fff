package dev.rawops.kernels.gpu;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CUDA driver API through the JDK's Foreign Function &amp; Memory API (no JNI): libcuda is
 * looked up at run time ({@code libcuda.so.1}, or {@code -Drawops.gpu.libcuda=PATH}); device 0's
 * primary context, one stream, the PTX modules built from {@code src/main/cuda} (resources {@code
 * dev/rawops/kernels/gpu/*.ptx}), cuLaunchKernel with the kernel's one struct argument, async
 * copies on the stream staged through page-locked memory (cuMemHostAlloc). Every failing call is a
 * RawOpsException naming the call and carrying cuGetErrorString's text.
 */
// FFM downcalls and native addresses are what this class is for.
@SuppressWarnings("restricted")
public final class CudaDriver implements GpuBackend {
  /** The PTX modules the build makes, one per .cu file. */
  static final List<String> MODULES =
      List.of(
          "gather_nd",
          "strided_slice",
          "tensor_scatter_update",
          "ragged_gather",
          "elementwise",
          "reduce");

  /** Size of the page-locked staging buffer copies go through. */
  private static final long STAGING_BYTES = 64L << 20;

  private static final Linker LINKER = Linker.nativeLinker();

  private final SymbolLookup lib;
  private final Arena arena = Arena.ofShared();
  private final Map<String, MethodHandle> handles = new HashMap<>();
  private final Map<String, MemorySegment> functions = new HashMap<>();
  private final MemorySegment context;
  private final MemorySegment stream;
  private final MemorySegment staging;
  private final String deviceName;

  private CudaDriver(SymbolLookup lib) {
    this.lib = lib;
    check("cuInit", call("cuInit", FunctionDescriptor.of(JAVA_INT, JAVA_INT), 0));
    MemorySegment dev = arena.allocate(JAVA_INT);
    check(
        "cuDeviceGet",
        call("cuDeviceGet", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), dev, 0));
    int device = dev.get(JAVA_INT, 0);
    MemorySegment name = arena.allocate(256);
    check(
        "cuDeviceGetName",
        call(
            "cuDeviceGetName",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            name,
            256,
            device));
    this.deviceName = name.getString(0, StandardCharsets.UTF_8);
    MemorySegment ctx = arena.allocate(ADDRESS);
    check(
        "cuDevicePrimaryCtxRetain",
        call(
            "cuDevicePrimaryCtxRetain",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT),
            ctx,
            device));
    this.context = ctx.get(ADDRESS, 0);
    makeCurrent();
    MemorySegment s = arena.allocate(ADDRESS);
    check(
        "cuStreamCreate",
        call("cuStreamCreate", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), s, 0));
    this.stream = s.get(ADDRESS, 0);
    MemorySegment pinned = arena.allocate(ADDRESS);
    check(
        "cuMemHostAlloc",
        call(
            "cuMemHostAlloc",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT),
            pinned,
            STAGING_BYTES,
            0));
    this.staging = pinned.get(ADDRESS, 0).reinterpret(STAGING_BYTES);
    for (String module : MODULES) {
      loadModule(module);
    }
  }

  /**
   * Device 0 through libcuda, or empty with the reason (no libcuda, no device, no PTX in this
   * build) in {@code why[0]}.
   */
  public static Optional<CudaDriver> open(String[] why) {
    Optional<SymbolLookup> lib = findLibcuda(why);
    if (lib.isEmpty()) {
      return Optional.empty();
    }
    if (CudaDriver.class.getResource(MODULES.get(0) + ".ptx") == null) {
      why[0] = "this build has no PTX kernels (nvcc was not on PATH when it was built)";
      return Optional.empty();
    }
    try {
      return Optional.of(new CudaDriver(lib.get()));
    } catch (RawOpsException e) {
      why[0] = "CUDA is not usable: " + e.detail();
      return Optional.empty();
    }
  }

  /** libcuda by the system's library search, or the path in {@code -Drawops.gpu.libcuda}. */
  static Optional<SymbolLookup> findLibcuda(String[] why) {
    String path = System.getProperty("rawops.gpu.libcuda", "libcuda.so.1");
    try {
      return Optional.of(SymbolLookup.libraryLookup(path, Arena.global()));
    } catch (IllegalArgumentException e) {
      why[0] =
          "no CUDA driver: "
              + path
              + " could not be loaded (no NVIDIA driver on this machine; "
              + "RAWOPS_GPU=host or -Drawops.gpu=host runs the GPU kernels in host emulation)";
      return Optional.empty();
    }
  }

  @Override
  public String describe() {
    return "CUDA " + deviceName;
  }

  private void loadModule(String module) {
    byte[] ptx;
    try (InputStream in = CudaDriver.class.getResourceAsStream(module + ".ptx")) {
      if (in == null) {
        throw RawOpsException.of(Code.NOT_FOUND, "PTX resource " + module + ".ptx missing");
      }
      ptx = in.readAllBytes();
    } catch (IOException e) {
      throw RawOpsException.of(Code.INTERNAL, "reading " + module + ".ptx: " + e);
    }
    MemorySegment image = arena.allocate(ptx.length + 1L);
    MemorySegment.copy(ptx, 0, image, JAVA_BYTE, 0, ptx.length);
    MemorySegment mod = arena.allocate(ADDRESS);
    check(
        "cuModuleLoadData(" + module + ")",
        call("cuModuleLoadData", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS), mod, image));
    String text = new String(ptx, StandardCharsets.UTF_8);
    for (String entry : entries(text)) {
      MemorySegment f = arena.allocate(ADDRESS);
      check(
          "cuModuleGetFunction(" + entry + ")",
          call(
              "cuModuleGetFunction",
              FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS),
              f,
              mod.get(ADDRESS, 0),
              arena.allocateFrom(entry)));
      functions.put(entry, f.get(ADDRESS, 0));
    }
  }

  /** The {@code .entry} names of a PTX module (extern "C" kernels keep their names). */
  static List<String> entries(String ptx) {
    List<String> out = new java.util.ArrayList<>();
    for (String line : ptx.split("\n", -1)) {
      String t = line.strip();
      int at = t.indexOf(".entry ");
      if (at >= 0) {
        String rest = t.substring(at + ".entry ".length()).strip();
        int end = 0;
        while (end < rest.length()
            && (Character.isLetterOrDigit(rest.charAt(end)) || rest.charAt(end) == '_')) {
          end++;
        }
        out.add(rest.substring(0, end));
      }
    }
    return out;
  }

  private void makeCurrent() {
    check(
        "cuCtxSetCurrent",
        call("cuCtxSetCurrent", FunctionDescriptor.of(JAVA_INT, ADDRESS), context));
  }

  @Override
  public synchronized long alloc(long bytes) {
    makeCurrent();
    try (Arena a = Arena.ofConfined()) {
      MemorySegment p = a.allocate(JAVA_LONG);
      int rc =
          call(
              "cuMemAlloc_v2",
              FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG),
              p,
              Math.max(1, bytes));
      if (rc == 2) { // CUDA_ERROR_OUT_OF_MEMORY
        throw RawOpsException.of(
            Code.RESOURCE_EXHAUSTED,
            "OOM when allocating " + bytes + " bytes on " + deviceName + ": " + errorString(rc));
      }
      check("cuMemAlloc_v2", rc);
      return p.get(JAVA_LONG, 0);
    }
  }

  @Override
  public synchronized void free(long address) {
    makeCurrent();
    check(
        "cuMemFree_v2", call("cuMemFree_v2", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), address));
  }

  @Override
  public synchronized void copyToDevice(MemorySegment src, long dst, long bytes) {
    makeCurrent();
    for (long done = 0; done < bytes; done += STAGING_BYTES) {
      long n = Math.min(STAGING_BYTES, bytes - done);
      sync(); // the staging buffer may still feed the previous chunk's copy
      MemorySegment.copy(src, done, staging, 0, n);
      check(
          "cuMemcpyHtoDAsync_v2",
          call(
              "cuMemcpyHtoDAsync_v2",
              FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS),
              dst + done,
              staging,
              n,
              stream));
    }
  }

  @Override
  public synchronized void copyToHost(long src, MemorySegment dst, long bytes) {
    makeCurrent();
    for (long done = 0; done < bytes; done += STAGING_BYTES) {
      long n = Math.min(STAGING_BYTES, bytes - done);
      check(
          "cuMemcpyDtoHAsync_v2",
          call(
              "cuMemcpyDtoHAsync_v2",
              FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS),
              staging,
              src + done,
              n,
              stream));
      sync();
      MemorySegment.copy(staging, 0, dst, done, n);
    }
  }

  @Override
  public synchronized void copyWithin(long src, long dst, long bytes) {
    makeCurrent();
    check(
        "cuMemcpyDtoDAsync_v2",
        call(
            "cuMemcpyDtoDAsync_v2",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS),
            dst,
            src,
            bytes,
            stream));
  }

  @Override
  public synchronized void memset(long dst, int value, long bytes) {
    makeCurrent();
    check(
        "cuMemsetD8Async",
        call(
            "cuMemsetD8Async",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_BYTE, JAVA_LONG, ADDRESS),
            dst,
            (byte) value,
            bytes,
            stream));
  }

  @Override
  public synchronized void launch(String name, long grid, int block, long... args) {
    MemorySegment f = functions.get(name);
    if (f == null) {
      throw RawOpsException.of(Code.NOT_FOUND, "kernel " + name + " is in no loaded PTX module");
    }
    makeCurrent();
    try (Arena a = Arena.ofConfined()) {
      MemorySegment struct = a.allocate(8L * Math.max(1, args.length), 8);
      MemorySegment.copy(args, 0, struct, JAVA_LONG, 0, args.length);
      MemorySegment params = a.allocate(ADDRESS, 1);
      params.set(ADDRESS, 0, struct);
      check(
          "cuLaunchKernel(" + name + ")",
          call(
              "cuLaunchKernel",
              FunctionDescriptor.of(
                  JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT,
                  JAVA_INT, ADDRESS, ADDRESS, ADDRESS),
              f,
              (int) grid,
              1,
              1,
              block,
              1,
              1,
              0,
              stream,
              params,
              MemorySegment.NULL));
    }
  }

  @Override
  public synchronized void sync() {
    check(
        "cuStreamSynchronize",
        call("cuStreamSynchronize", FunctionDescriptor.of(JAVA_INT, ADDRESS), stream));
  }

  private int call(String fn, FunctionDescriptor d, Object... args) {
    MethodHandle h =
        handles.computeIfAbsent(
            fn,
            k ->
                LINKER.downcallHandle(
                    lib.find(k)
                        .orElseThrow(
                            () ->
                                RawOpsException.of(
                                    Code.UNAVAILABLE, "libcuda has no function " + k)),
                    d));
    try {
      return (int) h.invokeWithArguments(args);
    } catch (RuntimeException e) {
      throw e;
    } catch (Throwable t) {
      throw RawOpsException.of(Code.INTERNAL, fn + " failed: " + t);
    }
  }

  private void check(String what, int rc) {
    if (rc != 0) {
      throw RawOpsException.of(Code.INTERNAL, describeError(what, rc, errorString(rc)));
    }
  }

  /** "CUDA error 700 in cuLaunchKernel(gather_nd): an illegal memory access was encountered". */
  static String describeError(String what, int rc, String text) {
    return "CUDA error " + rc + " in " + what + ": " + text;
  }

  private String errorString(int rc) {
    try (Arena a = Arena.ofConfined()) {
      MemorySegment p = a.allocate(ADDRESS);
      int r = call("cuGetErrorString", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), rc, p);
      MemorySegment s = p.get(ADDRESS, 0);
      return r != 0 || s.equals(MemorySegment.NULL)
          ? "unknown error"
          : s.reinterpret(4096).getString(0, StandardCharsets.UTF_8);
    }
  }
}
