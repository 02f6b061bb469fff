package dev.rawops.kernels.cpu.quantization;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The Quantization family's CPU kernels: the FakeQuant ops, QuantizeV2 and Dequantize, the
 * QuantizeAndDequantize ops and the requantization of qint32 accumulators.
 */
public final class QuantizationKernels {
  private QuantizationKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuFakeQuant.defs())
        .addAll(CpuQuantizeV2.DEFS)
        .addAll(CpuDequantize.DEFS)
        .addAll(CpuQuantizeAndDequantize.DEFS)
        .addAll(CpuRequantize.DEFS)
        .build();
  }
}
