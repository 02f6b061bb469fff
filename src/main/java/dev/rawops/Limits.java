package dev.rawops;

/**
 * The limits that keep hostile or mistaken inputs from exhausting the JVM, in one place. Each is
 * checked before anything is allocated and reported as RESOURCE_EXHAUSTED or INVALID_ARGUMENT
 * naming the limit and how to raise it. Defaults can be changed with system properties ({@code
 * -Drawops.limit.<name>=N}, e.g. {@code JAVA_TOOL_OPTIONS=-Drawops.limit.maxStringElements=…}).
 */
public final class Limits {
  private Limits() {}

  /** TensorFlow's largest rank (TensorShape's kMaxDims). */
  public static final int MAX_RANK = 254;

  /**
   * The most elements one string tensor may have (each is a Java byte array reference, 16+ bytes of
   * heap even when empty).
   */
  public static long maxStringElements() {
    return get("maxStringElements", 1L << 26);
  }

  /** The most bytes one string tensor's elements may hold together. */
  public static long maxStringBytes() {
    return get("maxStringBytes", 1L << 31);
  }

  /**
   * The most pooled bytes one session run may hold live at once (its intermediates and results),
   * default 64 GiB; a session can lower it for itself ({@code Session.Options.maxRunBytes}).
   */
  public static long maxRunBytes() {
    return get("maxRunBytes", 1L << 36);
  }

  private static long get(String name, long dflt) {
    String v = System.getProperty("rawops.limit." + name);
    if (v == null) {
      return dflt;
    }
    try {
      return Long.parseLong(v.strip());
    } catch (NumberFormatException e) {
      return dflt;
    }
  }

  /** The RESOURCE_EXHAUSTED error for {@code what} going past limit {@code name}. */
  public static RawOpsException exceeded(String what, String name, long limit) {
    return RawOpsException.of(
        Code.RESOURCE_EXHAUSTED,
        what
            + " exceeds rawops' limit "
            + name
            + " = "
            + limit
            + " (raise it with -Drawops.limit."
            + name
            + "=N)");
  }
}
