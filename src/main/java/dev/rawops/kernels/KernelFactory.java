package dev.rawops.kernels;

import dev.rawops.ops.NodeInfo;

/** Makes a node's kernel at build time, reading its attrs once. */
@FunctionalInterface
public interface KernelFactory {
  Kernel create(NodeInfo node);
}
