package dev.rawops.kernels.cpu.nn;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/**
 * The nn family's CPU kernels: convolutions, pooling, BiasAdd, batch normalisation, LRN, softmax
 * cross entropy, the fused RNN cells, DataFormatVecPermute and DataFormatDimMap.
 */
public final class NnKernels {
  private NnKernels() {}

  public static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuConv.DEFS)
        .addAll(CpuPool.DEFS)
        .addAll(CpuNnLayers.DEFS)
        .addAll(CpuRnn.DEFS)
        .addAll(CpuDataFormat.DEFS)
        .build();
  }
}
