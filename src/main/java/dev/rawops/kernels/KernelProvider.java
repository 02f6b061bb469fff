package dev.rawops.kernels;

import java.util.List;

/** A device's set of kernels. A new device adds one provider; op code does not change. */
public interface KernelProvider {
  Device device();

  List<KernelDef> kernels();
}
