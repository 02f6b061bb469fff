package dev.rawops.kernels;

import dev.rawops.ops.NodeInfo;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Shape;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.util.Optional;

/** What a kernel sees during one run of its node. */
public interface KernelContext {
  NodeInfo node();

  Tensor input(int i);

  /** A fresh zero-filled output buffer owned by this run. */
  TensorBuffer allocate(DType dtype, Shape shape);

  /**
   * An output buffer whose contents are undefined, for kernels that write every element of it
   * (memory from the run's pool need not be zeroed first). Zero-filled where the runtime has no
   * such memory.
   */
  default TensorBuffer allocateUninitialized(DType dtype, Shape shape) {
    return allocate(dtype, shape);
  }

  /** How this kernel may split its work over the session's intra-op threads. */
  default Parallel parallel() {
    return Parallel.SEQUENTIAL;
  }

  /**
   * Input i's own memory for writing, when the runtime knows nothing else can observe it: this run
   * allocated it, this node is its last reader, it is not fetched and no view shares it. Empty
   * otherwise; the kernel then copies. (TensorFlow's forward_input.)
   */
  Optional<TensorBuffer> forwardInput(int i);

  void setOutput(int i, Tensor t);

  /**
   * The run this kernel call belongs to, as the owner of memory a device kernel allocates outside
   * {@link #allocate} (device blocks, see {@link dev.rawops.tensor.DeviceTensors#wrap}), so the run
   * gives it back when the tensor is dead; null where nothing reclaims memory (build time).
   */
  default Object owner() {
    return null;
  }

  /**
   * The session's resources (variables, TensorArrays …), which outlive the run. Kernels of stateful
   * ops only; a build-time evaluation of a stateless node has none.
   */
  default SessionState state() {
    throw new UnsupportedOperationException("no session state here");
  }
}
