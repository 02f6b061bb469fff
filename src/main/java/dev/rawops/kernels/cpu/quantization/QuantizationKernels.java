package dev.rawops.kernels.cpu.quantization;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** The Quantization family's CPU kernels: the FakeQuant ops. */
public final class QuantizationKernels {
  private QuantizationKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder().addAll(CpuFakeQuant.defs()).build();
  }
}
