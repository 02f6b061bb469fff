package dev.rawops.kernels.gpu;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The GPU kernels compiled for the host ({@code target/native/librawops_gpu_host.so}, built by g++
 * from the same .cu sources with {@code rawops_host_shim.h}) and called through FFM: "device"
 * memory is native host memory and a launch runs every thread of the grid in turn. Same kernels,
 * same index math, no GPU: how CI checks them on every commit.
 */
// FFM downcalls and native addresses are what this class is for.
@SuppressWarnings("restricted")
public final class HostEmulation implements GpuBackend {
  /** Where the build puts the library, relative to the project directory. */
  public static final Path DEFAULT_LIBRARY =
      Path.of("target", "native", System.mapLibraryName("rawops_gpu_host"));

  private static final FunctionDescriptor LAUNCHER =
      FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS);

  private final Path library;
  private final SymbolLookup lookup;
  private final Map<String, MethodHandle> launchers = new HashMap<>();
  private final Map<Long, Arena> blocks = new HashMap<>();

  private HostEmulation(Path library, SymbolLookup lookup) {
    this.library = library;
    this.lookup = lookup;
  }

  /**
   * Loads the library at {@code library}.
   *
   * @throws RawOpsException UNAVAILABLE when it is missing (g++ absent at build time) or unloadable
   */
  public static HostEmulation load(Path library) {
    if (!Files.isRegularFile(library)) {
      throw RawOpsException.of(
          Code.UNAVAILABLE,
          "GPU host emulation library "
              + library
              + " not found (it is built by `./mvnw process-classes` where g++ is on PATH)");
    }
    try {
      return new HostEmulation(library, SymbolLookup.libraryLookup(library, Arena.global()));
    } catch (IllegalArgumentException e) {
      throw RawOpsException.of(
          Code.UNAVAILABLE, "cannot load GPU host emulation library " + library + ": " + e);
    }
  }

  @Override
  public String describe() {
    return "host emulation (" + library.getFileName() + ")";
  }

  @Override
  public synchronized long alloc(long bytes) {
    Arena arena = Arena.ofShared();
    MemorySegment s = arena.allocate(Math.max(1, bytes), 64);
    blocks.put(s.address(), arena);
    return s.address();
  }

  @Override
  public synchronized void free(long address) {
    Arena a = blocks.remove(address);
    if (a == null) {
      throw RawOpsException.of(Code.INTERNAL, "free of an unknown device address " + address);
    }
    a.close();
  }

  private static MemorySegment at(long address, long bytes) {
    return MemorySegment.ofAddress(address).reinterpret(bytes);
  }

  @Override
  public void copyToDevice(MemorySegment src, long dst, long bytes) {
    MemorySegment.copy(src, 0, at(dst, bytes), 0, bytes);
  }

  @Override
  public void copyToHost(long src, MemorySegment dst, long bytes) {
    MemorySegment.copy(at(src, bytes), 0, dst, 0, bytes);
  }

  @Override
  public void copyWithin(long src, long dst, long bytes) {
    MemorySegment.copy(at(src, bytes), 0, at(dst, bytes), 0, bytes);
  }

  @Override
  public void memset(long dst, int value, long bytes) {
    at(dst, bytes).fill((byte) value);
  }

  @Override
  public void launch(String name, long grid, int block, long... args) {
    MethodHandle h;
    synchronized (this) {
      h = launchers.computeIfAbsent(name, this::launcher);
    }
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment a = arena.allocate(8L * Math.max(1, args.length), 8);
      MemorySegment.copy(args, 0, a, ValueLayout.JAVA_LONG, 0, args.length);
      h.invokeExact(grid, (long) block, a);
    } catch (RuntimeException e) {
      throw e;
    } catch (Throwable t) {
      throw RawOpsException.of(Code.INTERNAL, "host launch of " + name + " failed: " + t);
    }
  }

  private MethodHandle launcher(String name) {
    MemorySegment f =
        lookup
            .find("rawops_host_" + name)
            .orElseThrow(
                () ->
                    RawOpsException.of(
                        Code.NOT_FOUND, "kernel " + name + " is not in " + library.getFileName()));
    return Linker.nativeLinker().downcallHandle(f, LAUNCHER);
  }

  @Override
  public void sync() {
    // launches and copies complete before they return
  }
}
