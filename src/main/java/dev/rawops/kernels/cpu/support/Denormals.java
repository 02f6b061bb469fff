package dev.rawops.kernels.cpu.support;

/**
 * Floats as TF's CPU kernels see and leave them. TF runs its CPU kernels with the x86 flush-to-zero
 * and denormals-are-zero modes on (every thread of its CPU device sets them), so a subnormal input
 * reads as zero and a subnormal result is stored as zero, of the same sign either way. The kernels
 * that reproduce this call {@link #flush} on their inputs and results.
 */
public final class Denormals {
  private Denormals() {}

  /** {@code v}, or a zero of its sign where it is subnormal. */
  public static float flush(float v) {
    return Math.abs(v) < Float.MIN_NORMAL ? Math.copySign(0f, v) : v;
  }

  /** {@code v}, or a zero of its sign where it is a subnormal double. */
  public static double flush(double v) {
    return Math.abs(v) < Double.MIN_NORMAL ? Math.copySign(0.0, v) : v;
  }
}
