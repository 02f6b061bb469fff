package dev.rawops.kernels;

import java.util.List;

/** A device's set of kernels. A new device adds one provider; op code does not change. */
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
}
