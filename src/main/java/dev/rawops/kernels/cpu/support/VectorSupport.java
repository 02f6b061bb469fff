package dev.rawops.kernels.cpu.support;

import java.lang.System.Logger.Level;

/**
 * Whether the CPU kernels' SIMD paths ({@code jdk.incubator.vector}) run in this JVM, decided once.
 *
 * <p>The Vector API is an incubator module: it is readable only when the JVM was started with
 * {@code --add-modules jdk.incubator.vector} (the {@code ./rawops} launcher, the test and benchmark
 * JVMs do so). Without it every kernel takes its plain-Java path, which gives the same results
 * within each op's stated tolerance, and one log record says how to enable the fast one. Classes
 * that name {@code jdk.incubator.vector} types (the {@code Vector*} helpers in this package) are
 * reached only behind {@link #ENABLED}, so the JVM never loads them when the module is absent.
 *
 * <p>{@code -Drawops.vector=false} forces the plain-Java paths (to compare the two); {@code
 * -Drawops.vector.quiet=true} drops the log record (the CLI sets it: it prints nothing extra).
 */
public final class VectorSupport {
  private VectorSupport() {}

  /** The module name a JVM needs in {@code --add-modules} for the SIMD kernels. */
  public static final String MODULE = "jdk.incubator.vector";

  /** Whether the SIMD kernels run. */
  public static final boolean ENABLED = detect();

  private static boolean detect() {
    if ("false".equalsIgnoreCase(System.getProperty("rawops.vector"))) {
      return false;
    }
    boolean present = ModuleLayer.boot().findModule(MODULE).isPresent();
    if (!present && !Boolean.getBoolean("rawops.vector.quiet")) {
      System.getLogger("dev.rawops")
          .log(
              Level.INFO,
              "rawops: the SIMD kernels are off; start the JVM with --add-modules "
                  + MODULE
                  + " to enable them (same results within each op's tolerance, faster dense ops)");
    }
    return present;
  }
}
