package dev.rawops.kernels;

import dev.rawops.tensor.Tensor;

/**
 * What a reference edge (a {@code DT_*_REF} output, e.g. of VariableV2) carries: the storage of a
 * TF 1 ref variable, as a scalar RESOURCE tensor holding this object. A consumer whose input is not
 * a reference gets the current value, read by the runtime before the kernel runs (TF's automatic
 * dereference); ref-taking kernels (Assign, the Scatter family) mutate the storage under its lock.
 */
public interface TensorRef {
  /** The current value, or null while the variable is uninitialized. */
  Tensor value();
}
