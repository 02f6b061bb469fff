package dev.rawops.kernels;

/**
 * A node's computation on one device. Created once per node at build time (attrs parsed then),
 * called once per run, possibly from many threads at once: kernels hold no per-run state.
 */
@FunctionalInterface
public interface Kernel {
  /**
   * Reads inputs from {@code ctx}, sets every output. Never writes to an input's memory except
   * through {@link KernelContext#forwardInput}.
   *
   * @throws dev.rawops.RawOpsException with TF's code when the input values break the op's rules
   */
  void compute(KernelContext ctx);
}
