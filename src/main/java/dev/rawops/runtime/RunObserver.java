package dev.rawops.runtime;

import dev.rawops.tensor.Tensor;

/**
 * Sees every node a run executes (for {@code rawops run --stats} and {@code --trace}). Called on
 * the thread that ran the node, right after its kernel, possibly from several threads at once: an
 * observer must be thread-safe and quick, and must not keep {@code outputs}. A run without an
 * observer pays nothing for this hook.
 */
@FunctionalInterface
public interface RunObserver {
  /**
   * Node {@code name} (op {@code op}) ran from {@code startNanos} to {@code endNanos} ({@link
   * System#nanoTime()}); {@code outputs} holds its outputs (null where dead).
   */
  void nodeDone(String name, String op, long startNanos, long endNanos, Tensor[] outputs);
}
