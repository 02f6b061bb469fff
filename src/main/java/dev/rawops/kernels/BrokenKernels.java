package dev.rawops.kernels;

import dev.rawops.tensor.DType;
import dev.rawops.tensor.Numbers;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.Optional;

/**
 * Deliberately wrong kernels, for tests of the tools that find wrong kernels ({@code rawops
 * compare}): {@link KernelRegistry#BREAK_KERNEL_PROPERTY} names the op. Each floating output's
 * first element is written as {@code 2·x + 1} instead of {@code x}; everything else is the real
 * kernel's.
 */
final class BrokenKernels {
  private BrokenKernels() {}

  static KernelDef broken(KernelDef d) {
    KernelFactory real = d.factory();
    KernelFactory broken =
        node -> {
          Kernel k = real.create(node);
          return ctx -> k.compute(new Breaking(ctx));
        };
    return new KernelDef(
        d.op(), d.device(), d.typeConstraints(), broken, d.attrValues(), d.hostMemoryInputs());
  }

  private static boolean floating(DType d) {
    return d == DType.FLOAT || d == DType.DOUBLE || d == DType.HALF || d == DType.BFLOAT16;
  }

  /** The context of the real kernel, but for what it outputs. */
  private record Breaking(KernelContext ctx) implements KernelContext {
    @Override
    public dev.rawops.ops.NodeInfo node() {
      return ctx.node();
    }

    @Override
    public Tensor input(int i) {
      return ctx.input(i);
    }

    @Override
    public TensorBuffer allocate(DType dtype, Shape shape) {
      return ctx.allocate(dtype, shape);
    }

    @Override
    public TensorBuffer allocateUninitialized(DType dtype, Shape shape) {
      return ctx.allocateUninitialized(dtype, shape);
    }

    @Override
    public Parallel parallel() {
      return ctx.parallel();
    }

    @Override
    public Optional<TensorBuffer> forwardInput(int i) {
      // A forwarded input buffer would be the input's memory: never reuse it, so the wrong value
      // never reaches another node's input.
      return Optional.empty();
    }

    @Override
    public void setOutput(int i, Tensor t) {
      if (!floating(t.dtype()) || t.numElements() == 0) {
        ctx.setOutput(i, t);
        return;
      }
      TensorBuffer b = ctx.allocate(t.dtype(), t.shape());
      for (long e = 0; e < t.numElements(); e++) {
        Numbers.set(b, e, Numbers.get(t, e));
      }
      Numbers.set(b, 0, 2 * Numbers.get(t, 0) + 1);
      ctx.setOutput(i, b.freeze());
    }

    @Override
    public Object owner() {
      return ctx.owner();
    }

    @Override
    public SessionState state() {
      return ctx.state();
    }
  }
}
