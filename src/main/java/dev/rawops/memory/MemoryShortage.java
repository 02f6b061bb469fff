package dev.rawops.memory;

import dev.rawops.Code;
import dev.rawops.RawOpsException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place that turns a shortage of memory into a TensorFlow status: RESOURCE_EXHAUSTED naming
 * the limit that was reached and how to raise it, never a Java class name. Three limits can be met
 * besides rawops' own ({@code dev.rawops.Limits}):
 *
 * <ul>
 *   <li>the JVM's native-memory ceiling ({@code -XX:MaxDirectMemorySize}, by default the maximum
 *       heap), which tensor memory outside the heap counts against;
 *   <li>the Java heap ({@code -Xmx}; by default a quarter of the machine's memory), where kernels
 *       keep their working arrays;
 *   <li>the length of one Java array, {@link #MAX_ARRAY_LENGTH} elements (fixed): CPU kernels that
 *       work in Java arrays cannot hold more elements in one.
 * </ul>
 */
public final class MemoryShortage {
  private MemoryShortage() {}

  /** The longest Java array every JVM allocates (the JDK's own soft limit): 2^31 - 9. */
  public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private static final Pattern DIRECT =
      Pattern.compile("allocated: (\\d+), limit: (\\d+)", Pattern.CASE_INSENSITIVE);

  /**
   * RESOURCE_EXHAUSTED for an {@link OutOfMemoryError} met while {@code doing} (e.g. "allocating
   * 1024 bytes for a float tensor of shape [16,16]"): which memory ran out, how much there is, and
   * the JVM option that raises it.
   */
  public static RawOpsException of(String doing, OutOfMemoryError e) {
    return RawOpsException.of(Code.RESOURCE_EXHAUSTED, doing + ": " + explain(e));
  }

  /** What ran out, for an {@link OutOfMemoryError}, and how to get more of it. */
  public static String explain(OutOfMemoryError e) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    String lower = m.toLowerCase(Locale.ROOT);
    if (lower.contains("direct buffer memory")) {
      Matcher d = DIRECT.matcher(m);
      long used = d.find() ? Long.parseLong(d.group(1)) : -1;
      long limit = used >= 0 ? Long.parseLong(d.group(2)) : Runtime.getRuntime().maxMemory();
      return "the JVM's limit on native memory, "
          + limit
          + " bytes, is reached"
          + (used >= 0 ? " (" + used + " bytes in use)" : "")
          + "; tensors are held there. Raise it with -XX:MaxDirectMemorySize (by default it is the"
          + " maximum heap), e.g. JAVA_TOOL_OPTIONS=-XX:MaxDirectMemorySize="
          + suggest(limit);
    }
    if (lower.contains("array size exceeds")) {
      return arrayLimitText();
    }
    long heap = Runtime.getRuntime().maxMemory();
    return "the Java heap, "
        + heap
        + " bytes, is full; kernels keep their working arrays there. Raise it with -Xmx, e.g."
        + " JAVA_TOOL_OPTIONS=-Xmx"
        + suggest(heap);
  }

  /**
   * RESOURCE_EXHAUSTED when a kernel would need {@code elements} elements in one Java array ({@code
   * what} names it, e.g. "the output of 2147483648 elements"): more than {@link #MAX_ARRAY_LENGTH}.
   */
  public static RawOpsException arrayTooLong(String what, long elements) {
    return RawOpsException.of(
        Code.RESOURCE_EXHAUSTED,
        what + " needs " + elements + " elements in one working array: " + arrayLimitText());
  }

  /** {@code elements} as an array length, or {@link #arrayTooLong} when it cannot be one. */
  public static int arrayLength(String what, long elements) {
    if (elements < 0 || elements > MAX_ARRAY_LENGTH) {
      throw arrayTooLong(what, elements);
    }
    return (int) elements;
  }

  /**
   * RESOURCE_EXHAUSTED for a size that overflowed while a kernel computed it ({@code Math.*Exact}
   * or a negative array size): a count past what one Java array, or 64 bits, holds.
   */
  public static RawOpsException overflow(String detail) {
    return RawOpsException.of(
        Code.RESOURCE_EXHAUSTED,
        "a size this kernel computes overflows ("
            + detail
            + "): more elements than one working array holds; "
            + arrayLimitText());
  }

  private static String arrayLimitText() {
    return "rawops' CPU kernels hold at most "
        + MAX_ARRAY_LENGTH
        + " elements in one Java array (a fixed limit; see the README's Limits)";
  }

  /** Twice {@code bytes}, rounded up to whole GiB, as a JVM size option value ("16g"). */
  private static String suggest(long bytes) {
    long g = Math.max(1, (Math.min(bytes, Long.MAX_VALUE / 2) * 2 + (1L << 30) - 1) >> 30);
    return g + "g";
  }
}
