package dev.rawops.testing;

import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.Parallel;
import dev.rawops.kernels.SessionState;
import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.Optional;

/**
 * Test support: a {@link KernelContext} that passes every call to {@link #ctx()}, so a test's
 * wrapper (a record with a {@code ctx} component) overrides only what it watches or changes.
 */
public interface DelegatingKernelContext extends KernelContext {
  KernelContext ctx();

  @Override
  default NodeInfo node() {
    return ctx().node();
  }

  @Override
  default Tensor input(int i) {
    return ctx().input(i);
  }

  @Override
  default TensorBuffer allocate(DType dtype, Shape shape) {
    return ctx().allocate(dtype, shape);
  }

  @Override
  default TensorBuffer allocateUninitialized(DType dtype, Shape shape) {
    return ctx().allocateUninitialized(dtype, shape);
  }

  @Override
  default Parallel parallel() {
    return ctx().parallel();
  }

  @Override
  default Optional<TensorBuffer> forwardInput(int i) {
    return ctx().forwardInput(i);
  }

  @Override
  default void setOutput(int i, Tensor t) {
    ctx().setOutput(i, t);
  }

  @Override
  default Object owner() {
    return ctx().owner();
  }

  @Override
  default SessionState state() {
    return ctx().state();
  }
}
