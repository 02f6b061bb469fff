package dev.rawops;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The limits that keep hostile or mistaken inputs from exhausting the JVM, in one place. Each is
 * checked before anything is allocated and reported as RESOURCE_EXHAUSTED or INVALID_ARGUMENT
 * naming the limit and how to raise it.
 *
 * <p>A limit's value comes from, in order: {@link #set(String, long)} (the Java API, for the whole
 * JVM), the system property {@code -Drawops.limit.<name>=N} (e.g. {@code
 * JAVA_TOOL_OPTIONS=-Drawops.limit.maxGraphBytes=4294967296 rawops run …}), then the default. The
 * CLI's {@code --max-graph-bytes} sets {@link #MAX_GRAPH_BYTES} for its run. Sizes accept a {@code
 * k}, {@code m} or {@code g} suffix (powers of 1024) in properties.
 *
 * <table>
 *   <caption>The limits</caption>
 *   <tr><th>name</th><th>default</th><th>what</th></tr>
 *   <tr><td>maxRank</td><td>254 (fixed)</td><td>TensorFlow's largest rank</td></tr>
 *   <tr><td>maxTensorBytes</td><td>16 GiB</td><td>bytes of one fixed-width tensor</td></tr>
 *   <tr><td>maxGraphBytes</td><td>1 GiB</td><td>bytes of one GraphDef file</td></tr>
 *   <tr><td>maxNodes</td><td>10,000,000</td><td>nodes in a graph and its functions</td></tr>
 *   <tr><td>maxFunctionDepth</td><td>100</td><td>nested function calls in a run</td></tr>
 *   <tr><td>maxStringElements</td><td>2^26</td><td>elements of one string tensor</td></tr>
 *   <tr><td>maxStringBytes</td><td>2 GiB</td><td>bytes of one string tensor's elements</td></tr>
 *   <tr><td>maxStringElementBytes</td><td>1 GiB</td><td>bytes of one string element</td></tr>
 *   <tr><td>maxRunBytes</td><td>64 GiB</td><td>pooled bytes one run holds live at once</td></tr>
 *   <tr><td>maxCheckpointIndexBytes</td><td>1 GiB</td><td>bytes of one checkpoint index</td></tr>
 *   <tr><td>maxUnzippedBytes</td><td>16 GiB</td><td>bytes a zipped SavedModel unpacks to</td></tr>
 * </table>
 */
public final class Limits {
  private Limits() {}

  /** TensorFlow's largest rank (TensorShape's kMaxDims). */
  public static final int MAX_RANK = 254;

  /** Name of the limit on the bytes of one fixed-width tensor. */
  public static final String MAX_TENSOR_BYTES = "maxTensorBytes";

  /** Name of the limit on the bytes of one GraphDef file (binary or text). */
  public static final String MAX_GRAPH_BYTES = "maxGraphBytes";

  /** Name of the limit on the nodes of a graph (its function library's nodes included). */
  public static final String MAX_NODES = "maxNodes";

  /** Name of the limit on nested function calls (recursion through the function library). */
  public static final String MAX_FUNCTION_DEPTH = "maxFunctionDepth";

  /** Name of the limit on the elements of one string tensor. */
  public static final String MAX_STRING_ELEMENTS = "maxStringElements";

  /** Name of the limit on the bytes of one string tensor's elements together. */
  public static final String MAX_STRING_BYTES = "maxStringBytes";

  /** Name of the limit on the bytes of one element of a string tensor. */
  public static final String MAX_STRING_ELEMENT_BYTES = "maxStringElementBytes";

  /** Name of the limit on the bytes of one checkpoint index file. */
  public static final String MAX_CHECKPOINT_INDEX_BYTES = "maxCheckpointIndexBytes";

  /** Name of {@link #maxUnzippedBytes()}. */
  public static final String MAX_UNZIPPED_BYTES = "maxUnzippedBytes";

  /** Name of {@link #maxRunBytes()}. */
  public static final String MAX_RUN_BYTES = "maxRunBytes";

  private static final Map<String, Long> DEFAULTS =
      Map.of(
          MAX_TENSOR_BYTES, 1L << 34,
          MAX_GRAPH_BYTES, 1L << 30,
          MAX_NODES, 10_000_000L,
          MAX_FUNCTION_DEPTH, 100L,
          MAX_STRING_ELEMENTS, 1L << 26,
          MAX_STRING_BYTES, 1L << 31,
          MAX_STRING_ELEMENT_BYTES, 1L << 30,
          MAX_RUN_BYTES, 1L << 36,
          MAX_CHECKPOINT_INDEX_BYTES, 1L << 30,
          MAX_UNZIPPED_BYTES, 1L << 34);

  private static final Map<String, Long> OVERRIDES = new ConcurrentHashMap<>();

  /** The most bytes one fixed-width (non-string) tensor may have. */
  public static long maxTensorBytes() {
    return get(MAX_TENSOR_BYTES);
  }

  /** The most bytes a GraphDef file may have; larger files are refused before being read. */
  public static long maxGraphBytes() {
    return get(MAX_GRAPH_BYTES);
  }

  /** The most nodes a GraphDef may have, its function library's nodes included. */
  public static long maxNodes() {
    return get(MAX_NODES);
  }

  /** The most function calls that may nest in a run (recursion through the function library). */
  public static long maxFunctionDepth() {
    return get(MAX_FUNCTION_DEPTH);
  }

  /**
   * The most elements one string tensor may have (each is a Java byte array reference, 16+ bytes of
   * heap even when empty).
   */
  public static long maxStringElements() {
    return get(MAX_STRING_ELEMENTS);
  }

  /** The most bytes one string tensor's elements may hold together. */
  public static long maxStringBytes() {
    return get(MAX_STRING_BYTES);
  }

  /**
   * The most pooled bytes one session run may hold live at once (its intermediates and results),
   * default 64 GiB; a session can lower it for itself ({@code Session.Options.maxRunBytes}).
   */
  public static long maxRunBytes() {
    return get(MAX_RUN_BYTES);
  }

  /**
   * The most bytes a checkpoint's index file ({@code variables.index}) may have, default 1 GiB;
   * larger ones are refused before being read (an index lists entries: TF's own are kilobytes).
   */
  public static long maxCheckpointIndexBytes() {
    return get(MAX_CHECKPOINT_INDEX_BYTES);
  }

  /**
   * The most bytes a zipped SavedModel may unpack to (its entries together), default 16 GiB:
   * unpacking stops there, so a zip that inflates without end cannot fill the disk.
   */
  public static long maxUnzippedBytes() {
    return get(MAX_UNZIPPED_BYTES);
  }

  /** The most bytes one element of a string tensor may hold. */
  public static long maxStringElementBytes() {
    return get(MAX_STRING_ELEMENT_BYTES);
  }

  /** Every configurable limit's name. */
  public static java.util.Set<String> names() {
    return new java.util.TreeSet<>(DEFAULTS.keySet());
  }

  /** Limit {@code name}'s current value (override, else system property, else default). */
  public static long get(String name) {
    Long dflt = DEFAULTS.get(checkName(name));
    Long o = OVERRIDES.get(name);
    if (o != null) {
      return o;
    }
    String v = System.getProperty("rawops.limit." + name);
    if (v == null) {
      return dflt;
    }
    long parsed = parseSize(v);
    return parsed >= 0 ? parsed : dflt;
  }

  /**
   * Sets limit {@code name} for the whole JVM (taking precedence over its system property).
   *
   * @throws IllegalArgumentException for an unknown name or a negative value
   */
  public static void set(String name, long value) {
    checkName(name);
    if (value < 0) {
      throw new IllegalArgumentException("limit " + name + " must be >= 0, got " + value);
    }
    OVERRIDES.put(name, value);
  }

  /**
   * Undoes {@link #set} for limit {@code name}: the system property or default applies again.
   *
   * @throws IllegalArgumentException for an unknown name
   */
  public static void reset(String name) {
    OVERRIDES.remove(checkName(name));
  }

  private static String checkName(String name) {
    if (name == null || !DEFAULTS.containsKey(name)) {
      throw new IllegalArgumentException(
          "unknown rawops limit '" + name + "'; the limits are " + names());
    }
    return name;
  }

  /** A non-negative size, with an optional k/m/g suffix (powers of 1024); -1 if malformed. */
  public static long parseSize(String v) {
    String s = v.strip().toLowerCase(Locale.ROOT);
    int shift = 0;
    if (!s.isEmpty()) {
      switch (s.charAt(s.length() - 1)) {
        case 'k' -> shift = 10;
        case 'm' -> shift = 20;
        case 'g' -> shift = 30;
        default -> shift = 0;
      }
    }
    if (shift > 0) {
      s = s.substring(0, s.length() - 1);
    }
    if (s.isEmpty() || s.length() > 19 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return -1;
    }
    long n;
    try {
      n = Long.parseLong(s);
    } catch (NumberFormatException e) {
      return -1;
    }
    return n > (Long.MAX_VALUE >> shift) ? -1 : n << shift;
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
            + "=N or Limits.set(\""
            + name
            + "\", N))");
  }
}
