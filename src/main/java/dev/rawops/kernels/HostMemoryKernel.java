package dev.rawops.kernels;

import java.util.Set;

/**
 * A device kernel whose host-memory inputs or outputs depend on the node (e.g. a list attr's
 * length), beyond the fixed {@link KernelDef#hostMemoryInputs()}: placement inserts no copy for an
 * input read in host memory, and copies a host-memory output only into a device input.
 */
public interface HostMemoryKernel extends Kernel {
  /** Inputs this node's kernel reads in host memory. */
  Set<Integer> hostMemoryInputs();

  /** Outputs this node's kernel leaves in host memory. */
  Set<Integer> hostMemoryOutputs();
}
