package dev.rawops.kernels.cpu.core;

import dev.rawops.kernels.Device;
import dev.rawops.kernels.KernelContext;
import dev.rawops.kernels.KernelDef;
import dev.rawops.tensor.DType;
import dev.rawops.tensor.Tensor;
import dev.rawops.tensor.TensorBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Snapshot on CPU, as TF's SnapshotOp: the input's own memory when the runtime can forward it
 * (nothing else can see it, so it already is a private copy), otherwise a new buffer filled with
 * one bulk copy.
 */
public final class CpuSnapshot {
  // TF 2.18 registers the CPU kernel for the POD types only (TF_CALL_POD_TYPES): every dtype but
  // string, although the OpDef allows any type.
  public static final List<KernelDef> DEFS =
      List.of(
          KernelDef.builder("Snapshot", Device.CPU)
              .typeConstraint(
                  "T",
                  Arrays.stream(DType.unquantized())
                      .filter(DType::isFixedWidth)
                      .toArray(DType[]::new))
              .build(node -> CpuSnapshot::compute));

  private CpuSnapshot() {}

  private static void compute(KernelContext ctx) {
    Tensor input = ctx.input(0);
    TensorBuffer out = ctx.forwardInput(0).orElseGet(() -> copyOf(ctx, input));
    ctx.setOutput(0, out.freeze());
  }

  private static TensorBuffer copyOf(KernelContext ctx, Tensor input) {
    TensorBuffer out = ctx.allocate(input.dtype(), input.shape());
    MemorySegment.copy(input.data(), 0, out.segment(), 0, input.byteSize());
    return out;
  }
}
