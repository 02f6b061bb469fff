package dev.rawops.kernels;

/**
 * A place kernels run. Kernels register per device; a device's kernels live in their own package
 * ({@code dev.rawops.kernels.cpu}, later {@code .gpu}) and share op validation and index math.
 */
public record Device(String name) {
  public static final Device CPU = new Device("CPU");
  public static final Device GPU = new Device("GPU");

  /** "CPU" or "GPU", case-insensitive. */
  public static Device parse(String s) {
    return new Device(s.toUpperCase(java.util.Locale.ROOT));
  }

  @Override
  public String toString() {
    return name;
  }
}
