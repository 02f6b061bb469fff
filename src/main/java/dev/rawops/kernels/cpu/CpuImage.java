package dev.rawops.kernels.cpu;

import com.google.common.collect.ImmutableList;
import dev.rawops.kernels.KernelDef;
import java.util.List;

/** CPU kernels of the Image op family. */
final class CpuImage {
  private CpuImage() {}

  static List<KernelDef> defs() {
    return ImmutableList.<KernelDef>builder()
        .addAll(CpuResize.defs())
        .addAll(CpuColor.defs())
        .addAll(CpuNms.defs())
        .addAll(CpuFakeQuant.defs())
        .build();
  }
}
