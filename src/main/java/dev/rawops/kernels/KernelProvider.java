package dev.rawops.kernels;

import dev.rawops.tensor.DType;
import java.util.List;

/**
 * A device's set of kernels. A new device adds one provider, listed in {@code
 * META-INF/services/dev.rawops.kernels.KernelProvider} ({@link KernelRegistry#builtIn} finds it
 * through {@link java.util.ServiceLoader}, so it needs a public no-argument constructor); op code
 * does not change.
 */
public interface KernelProvider {
  Device device();

  List<KernelDef> kernels();

  /**
   * Whether the device can run kernels in this process (a GPU provider says no without a GPU);
   * placement puts nothing on an unavailable device.
   */
  default boolean available() {
    return true;
  }

  /** Why {@link #available()} is false ("" when it is true). */
  default String unavailableReason() {
    return "";
  }

  /**
   * The relative tolerance of {@code op}'s result for {@code dtype} on this device against TF's CPU
   * result: 0 (the default) where they must be bit-exact, more where the device's float math or
   * summation order may differ in the last bits.
   */
  default double tolerance(String op, DType dtype) {
    return 0;
  }
}
