package dev.rawops.kernels.cpu.state;

import dev.rawops.tensor.Tensor;

/**
 * A resource variable's value in a session (TF's {@code Var}). The value is an immutable tensor
 * replaced whole on every assignment, so a reader never sees a half-written value, and concurrent
 * runs are safe; read-modify-write updates (AssignAdd) hold the variable's lock.
 */
public final class Variable {
  private Tensor value;

  /** The current value, or null while uninitialized. */
  public synchronized Tensor value() {
    return value;
  }

  public synchronized void set(Tensor v) {
    value = v;
  }

  /** Atomically replaces the value with {@code update.apply(current)}. */
  synchronized void update(java.util.function.UnaryOperator<Tensor> update) {
    value = update.apply(value);
  }
}
