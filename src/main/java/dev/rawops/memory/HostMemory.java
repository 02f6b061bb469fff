package dev.rawops.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where host tensor memory comes from the system. Small blocks are automatic {@link Arena}
 * segments. Large blocks (at least {@link #LARGE}) on Linux, where native access is enabled ({@code
 * --enable-native-access}, as the {@code rawops} launcher, the tests and the benchmarks run), are
 * anonymous mappings advised for transparent huge pages ({@code madvise(MADV_HUGEPAGE)}), the same
 * as the JVM's {@code -XX:+UseTransparentHugePages} does for its heap:
 *
 * <ul>
 *   <li>Random reads of rows of a big tensor (GatherNd, GatherV2, scatter) miss the TLB on almost
 *       every row with 4 KB pages (a 256 MB tensor spans 65,536 of them, far more than the TLB
 *       holds); 2 MB pages cut those misses, measured at about 30% of a random 128K-row gather.
 *   <li>Fresh mappings are zero pages the kernel fills on first touch, 2 MB at a time: no separate
 *       zeroing pass ({@code Arena.allocate} zeroes every byte itself) and 512 times fewer faults.
 * </ul>
 *
 * <p>A mapping is unmapped when its segment becomes unreachable (its automatic arena's cleanup),
 * exactly as an {@code Arena.ofAuto()} segment is freed, so views and stray references keep it
 * alive. Where huge pages are not available the advice is a no-op and where native access is off
 * every block is an {@code Arena} segment: behaviour is the same, only speed differs. {@code
 * -Drawops.hugePages=false} turns the mappings off.
 */
@SuppressWarnings("restricted") // mmap/madvise/munmap downcalls and sizing their segments
public final class HostMemory {
  /** Blocks of at least this many bytes are mapped and advised for huge pages (2 MB). */
  public static final long LARGE = 2L << 20;

  private static final long ALIGNMENT = 64;
  private static final long PAGE = 4096;
  private static final long HUGE_PAGE = 2L << 20;

  private static final int PROT_READ_WRITE = 0x1 | 0x2;
  private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
  private static final int MADV_HUGEPAGE = 14;

  /**
   * The most bytes mapped at once, the JDK's own default cap on native segments (the heap's
   * maximum). Arena segments count against that cap, and reaching it makes the JDK collect garbage
   * to free unreachable ones; mappings are unknown to it, so past this many mapped bytes new blocks
   * are arena segments again, and unreachable mappings are still released by the next collection:
   * memory held by unclosed, unreachable tensors stays bounded.
   */
  private static final long MAX_MAPPED = Runtime.getRuntime().maxMemory();

  private static final AtomicLong MAPPED = new AtomicLong();

  private static final MethodHandle MMAP;
  private static final MethodHandle MUNMAP;
  private static final MethodHandle MADVISE;

  static {
    MethodHandle mmap = null;
    MethodHandle munmap = null;
    MethodHandle madvise = null;
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "");
    if (os.startsWith("linux")
        && (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))
        && HostMemory.class.getModule().isNativeAccessEnabled()
        && Boolean.parseBoolean(System.getProperty("rawops.hugePages", "true"))) {
      try {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        mmap =
            linker.downcallHandle(
                libc.find("mmap").orElseThrow(),
                FunctionDescriptor.of(
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG));
        munmap =
            linker.downcallHandle(
                libc.find("munmap").orElseThrow(),
                FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
        madvise =
            linker.downcallHandle(
                libc.find("madvise").orElseThrow(),
                FunctionDescriptor.of(
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_INT));
      } catch (RuntimeException e) {
        mmap = null;
      }
    }
    MMAP = mmap;
    MUNMAP = munmap;
    MADVISE = madvise;
  }

  private HostMemory() {}

  /** True when large blocks are huge-page-advised mappings here. */
  public static boolean mapsLargeBlocks() {
    return MMAP != null;
  }

  /**
   * A segment of {@code bytes} bytes aligned to 64, freed when it becomes unreachable; zero-filled
   * when {@code zeroed} (fresh mappings always are), otherwise its contents are undefined.
   *
   * @throws OutOfMemoryError when the system has no memory for it
   */
  public static MemorySegment allocate(long bytes, boolean zeroed) {
    if (bytes >= LARGE && MMAP != null) {
      MemorySegment s = map(bytes);
      if (s != null) {
        return s;
      }
    }
    return Arena.ofAuto().allocate(bytes, ALIGNMENT);
  }

  /** A fresh anonymous mapping of {@code bytes}, 2 MB-aligned, or null when mmap fails. */
  private static MemorySegment map(long bytes) {
    long length = (bytes + PAGE - 1) / PAGE * PAGE;
    if (MAPPED.addAndGet(length) > MAX_MAPPED) {
      MAPPED.addAndGet(-length);
      return null;
    }
    long mapped = length + HUGE_PAGE; // room to align the start to a huge page
    long base;
    try {
      base = (long) MMAP.invokeExact(0L, mapped, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
      if (base == -1L) {
        MAPPED.addAndGet(-length);
        return null;
      }
      long start = (base + HUGE_PAGE - 1) & -HUGE_PAGE;
      if (start > base) {
        int unused = (int) MUNMAP.invokeExact(base, start - base);
      }
      long tail = base + mapped - (start + length);
      if (tail > 0) {
        int unused = (int) MUNMAP.invokeExact(start + length, tail);
      }
      int unused = (int) MADVISE.invokeExact(start, length, MADV_HUGEPAGE); // advice only
      return MemorySegment.ofAddress(start)
          .reinterpret(length, Arena.ofAuto(), s -> unmap(s.address(), length))
          .asSlice(0, bytes);
    } catch (Throwable t) {
      MAPPED.addAndGet(-length);
      return null; // the caller falls back to an Arena segment
    }
  }

  private static void unmap(long address, long length) {
    try {
      int unused = (int) MUNMAP.invokeExact(address, length);
    } catch (Throwable t) {
      // nothing to do: the mapping stays (a leak, not a fault)
    }
    MAPPED.addAndGet(-length);
  }

  /** Bytes in huge-page mappings now (freed ones leave when the collector finds them). */
  public static long mappedBytes() {
    return MAPPED.get();
  }
}
